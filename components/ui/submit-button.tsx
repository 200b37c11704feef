"use client";

import type { ReactNode } from "react";
import { useFormStatus } from "react-dom";
import { buttonClass, type Variant } from "./button";

interface SubmitButtonProps {
  children: ReactNode;
  pendingText: string;
  variant?: Variant;
  size?: "sm" | "md";
  className?: string;
}

/** A submit button that disables itself and says what is happening while its form's action runs. */
export function SubmitButton({ children, pendingText, variant = "primary", size = "md", className = "" }: SubmitButtonProps) {
  const { pending } = useFormStatus();
  return (
    <button type="submit" disabled={pending} aria-disabled={pending} className={buttonClass(variant, size, className)}>
      {pending ? pendingText : children}
    </button>
  );
}
