import { createHmac, randomInt } from 'node:crypto';

// Recovery codes are stored hashed (decision 024). Better Auth's two-factor plugin keeps a member's
// codes as one text value that it "encrypts" and "decrypts" through hooks, and a code is accepted when
// the decrypted list includes it. Here "encrypting" replaces each code by its keyed hash and
// "decrypting" leaves the hashes as they are, and the panel hashes what the member types before asking
// the plugin: so the list holds only hashes, a code still matches exactly once, and the plugin removes
// the used one as it always does.

const hashPrefix = 'hmac-sha256:';

export type RecoveryCodeHasher = {
  /** The stored form of one code as typed (spaces around it ignored). */
  hash: (code: string) => string;
  /** Better Auth's `backupCodeOptions.storeBackupCodes` hooks. */
  storage: { encrypt: (codesJson: string) => Promise<string>; decrypt: (stored: string) => Promise<string> };
};

export function createRecoveryCodeHasher(secret: string): RecoveryCodeHasher {
  const key = createHmac('sha256', secret).update('staff-recovery-codes').digest();
  const hash = (code: string) => `${hashPrefix}${createHmac('sha256', key).update(code.trim()).digest('base64url')}`;
  return {
    hash,
    storage: {
      encrypt: async (codesJson) => {
        const codes = JSON.parse(codesJson) as string[];
        return JSON.stringify(codes.map((code) => (code.startsWith(hashPrefix) ? code : hash(code))));
      },
      decrypt: async (stored) => stored,
    },
  };
}

/** How many unused codes a stored list holds. */
export function countStoredRecoveryCodes(stored: string): number {
  try {
    const codes: unknown = JSON.parse(stored);
    return Array.isArray(codes) ? codes.length : 0;
  } catch {
    return 0;
  }
}

/**
 * Recovery codes are drawn from letters and digits that cannot be taken for one another (no 0/O/o,
 * 1/l/I/i): 10 characters of 54 (about 57 bits), shown as `xxxxx-xxxxx`. Codes made before keep
 * working: a code is checked by its hash, whatever its characters.
 */
export const recoveryCodeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

export function generateRecoveryCodes(amount = 10): string[] {
  return Array.from({ length: amount }, () => {
    const code = Array.from({ length: 10 }, () => recoveryCodeAlphabet[randomInt(recoveryCodeAlphabet.length)]).join('');
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}
