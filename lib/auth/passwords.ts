import { hash, verify } from "@node-rs/argon2";

/** `Algorithm.Argon2id`, a const enum that isolated modules cannot import. */
const ARGON2ID = 2;

/** argon2id with the library's defaults (19 MiB, 2 passes), the OWASP baseline. */
export const hashPassword = (password: string): Promise<string> => hash(password, { algorithm: ARGON2ID });

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
