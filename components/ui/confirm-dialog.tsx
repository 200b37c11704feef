"use client";

import { useActionState, useEffect, useId, useRef, type ReactNode } from "react";
import type { ActionState } from "@/lib/web/action-state";
import { Alert } from "./alert";
import { buttonClass, type Variant } from "./button";
import { SubmitButton } from "./submit-button";

interface ConfirmDialogProps {
  /** The button that opens the dialog. Say what it acts on (visually or in sr-only text). */
  trigger: ReactNode;
  triggerVariant?: Variant;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  confirmVariant?: Variant;
  action: (prev: ActionState, form: FormData) => Promise<ActionState>;
  /** Hidden fields sent with the confirmation (ids). */
  fields: Record<string, string>;
}

const INITIAL: ActionState = { status: "idle", message: null };

/**
 * A destructive or costly action asks first. The native <dialog> traps focus, closes with Escape and returns
 * focus to the trigger; the action's error, if any, is shown inside it.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { trigger, triggerVariant = "secondary", title, description, confirmLabel, pendingLabel, confirmVariant = "danger", action, fields } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [state, formAction] = useActionState(action, INITIAL);

  useEffect(() => {
    if (state.status === "ok") dialog.current?.close();
  }, [state]);

  return (
    <>
      <button type="button" className={buttonClass(triggerVariant, "sm")} onClick={() => dialog.current?.showModal()}>
        {trigger}
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl"
      >
        <form action={formAction} className="p-6">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <div className="mt-2 text-sm text-slate-700">{description}</div>
          {state.status === "error" && state.message && (
            <Alert tone="danger" live="alert" className="mt-4">
              {state.message}
            </Alert>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonClass("secondary", "md")} onClick={() => dialog.current?.close()}>
              Volver
            </button>
            <SubmitButton variant={confirmVariant} pendingText={pendingLabel}>
              {confirmLabel}
            </SubmitButton>
          </div>
        </form>
      </dialog>
    </>
  );
}
