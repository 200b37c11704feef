/** What every server action of the web app returns to its form: an outcome and a sentence for the person. */
export interface ActionState {
  status: "idle" | "ok" | "error";
  message: string | null;
}

export const IDLE: ActionState = { status: "idle", message: null };

export const done = (message: string): ActionState => ({ status: "ok", message });
