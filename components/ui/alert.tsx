import type { ReactNode } from "react";
import type { Tone } from "./badge";

const TONES: Record<Tone, string> = {
  neutral: "border-slate-300 bg-slate-50 text-slate-900",
  success: "border-green-300 bg-green-50 text-green-900",
  warning: "border-amber-300 bg-amber-50 text-amber-950",
  danger: "border-red-300 bg-red-50 text-red-900",
  info: "border-sky-300 bg-sky-50 text-sky-950",
};

interface AlertProps {
  tone?: Tone;
  title?: ReactNode;
  children?: ReactNode;
  /** Errors interrupt (role="alert"); confirmations are polite (role="status"). */
  live?: "alert" | "status" | "none";
  className?: string;
}

export function Alert({ tone = "info", title, children, live = "none", className = "" }: AlertProps) {
  const role = live === "none" ? undefined : live;
  return (
    <div role={role} className={`rounded-lg border px-4 py-3 text-sm ${TONES[tone]} ${className}`}>
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={title ? "mt-1" : ""}>{children}</div>}
    </div>
  );
}
