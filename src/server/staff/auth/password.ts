import { hash, verify } from '@node-rs/argon2';
import { normalizePassword } from '#shared/staff/password-rule.ts';

// Staff passwords are hashed with argon2id at OWASP's first recommended setting: 19 MiB of memory,
// two passes, one lane. Better Auth calls these through its hash and verify hooks. A password is
// hashed in its NFKC form (decision 038), so the same text typed on another keyboard matches; one
// hashed before that is still checked as it was typed.

export const argon2Options = {
  // Algorithm.Argon2id (a const enum, which isolated modules cannot read).
  algorithm: 2,
  memoryCost: 19 * 1024,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(normalizePassword(password), argon2Options);
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    const normalized = normalizePassword(password);
    if (await verify(stored, normalized)) return true;
    return normalized !== password && (await verify(stored, password));
  } catch {
    return false;
  }
}
