import os from "node:os";
import { hash, verify } from "@node-rs/argon2";

/** `Algorithm.Argon2id`, a const enum that isolated modules cannot import. */
const ARGON2ID = 2;

/**
 * The hash a sign-in checks when the email has no user: same algorithm and cost as `hashPassword` (the library's
 * defaults, m=19456 t=2 p=1), so that an unknown email takes as long to refuse as a wrong password. Nobody knows
 * its password; it was made from random bytes and thrown away.
 */
const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$a+McHn4BpjRbLwnPW7ghbQ$7jEYwSGUFvFS4A+cGKQv7Ix83y19T2/g8rExyE1ZLzw";

/**
 * At most this many hashes run at once, on half the cores: a burst of sign-ins or sign-ups from many addresses
 * (each within its own rate limit) waits its turn instead of taking every core from the rest of the app.
 */
const MAX_CONCURRENT_HASHES = Math.max(1, Math.floor(os.availableParallelism() / 2));
let running = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running += 1;
  try {
    return await work();
  } finally {
    // The slot goes straight to the next in line, so a newcomer cannot slip in between.
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

/** argon2id with the library's defaults (19 MiB, 2 passes), the OWASP baseline. */
export const hashPassword = (password: string): Promise<string> => inTurn(() => hash(password, { algorithm: ARGON2ID }));

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await inTurn(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

/** Verifies against the user's hash, or against the dummy when there is no user: the same work either way. */
export async function verifyPasswordOf(user: { passwordHash: string } | undefined, password: string): Promise<boolean> {
  const ok = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password);
  return ok && user !== undefined;
}
