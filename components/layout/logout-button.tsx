"use client";

import { signOut } from "next-auth/react";
import { useState } from "react";
import { buttonClass } from "@/components/ui/button";

/** Ends the session through next-auth (its own CSRF token protects the sign-out POST). */
export function LogoutButton({ className = "" }: { className?: string }) {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => {
        setPending(true);
        void signOut({ callbackUrl: "/" });
      }}
      className={buttonClass("secondary", "sm", className)}
    >
      {pending ? "Saliendo…" : "Salir"}
    </button>
  );
}
