"use client";

import { useActionState, type ReactNode } from "react";
import type { ActionState } from "@/lib/web/action-state";
import { Alert } from "./alert";
import type { Variant } from "./button";
import { SubmitButton } from "./submit-button";

interface ActionFormProps {
  action: (prev: ActionState, form: FormData) => Promise<ActionState>;
  /** The fields, rendered by the server component that uses this form. */
  children: ReactNode;
  submitLabel: ReactNode;
  pendingLabel: string;
  variant?: Variant;
  className?: string;
}

const INITIAL: ActionState = { status: "idle", message: null };

/** A form bound to a server action, with its pending state and its outcome announced next to it. */
export function ActionForm({ action, children, submitLabel, pendingLabel, variant = "primary", className = "" }: ActionFormProps) {
  const [state, formAction] = useActionState(action, INITIAL);
  return (
    <form action={formAction} className={className}>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        {children}
        <SubmitButton variant={variant} pendingText={pendingLabel}>
          {submitLabel}
        </SubmitButton>
      </div>
      {state.message && (
        <Alert tone={state.status === "error" ? "danger" : "success"} live={state.status === "error" ? "alert" : "status"} className="mt-3">
          {state.message}
        </Alert>
      )}
    </form>
  );
}
