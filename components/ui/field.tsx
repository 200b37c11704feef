import { useId, type ReactElement, type ReactNode } from "react";
import { cloneElement } from "react";

export const inputClass =
  "block w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 " +
  "placeholder:text-slate-500 aria-[invalid=true]:border-red-700";

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  /** One input, select or textarea; the field wires its id, hint and error to it. */
  children: ReactElement<Record<string, unknown>>;
  className?: string;
}

/** A labelled control with its hint and inline error, announced to screen readers through aria-describedby. */
export function Field({ label, hint, error, children, className = "" }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {cloneElement(children, { id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
      {hint && (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
