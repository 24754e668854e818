import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from '../env';
import type { Application } from '#shared/application/application.ts';
import { ssnFields } from '#shared/application/contact.ts';

// Field-level encryption of the SSN at rest (decision 007): AES-256-GCM, a random 12-byte IV per
// value, stored as `v1.<iv>.<tag>.<ciphertext>` in base64url. The version prefix leaves room for a
// later key rotation.

const keyLength = 32;
const ivLength = 12;
const tagLength = 16;
const algorithm = 'aes-256-gcm';
const version = 'v1';

export const encryptionKeyFileName = 'encryption.key';

/** 64 hex digits or base64 of 32 bytes; anything else is refused rather than guessed at. */
function parseKey(text: string, source: string): Buffer {
  const value = text.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(value)) key = Buffer.from(value, 'hex');
  else if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) key = Buffer.from(value, 'base64');
  if (!key || key.length !== keyLength) {
    throw new Error(`${source} must be 32 bytes, written as base64 or as 64 hex digits (generate one with: openssl rand -base64 32)`);
  }
  return key;
}

/**
 * The key that encrypts SSNs: `DATA_ENCRYPTION_KEY`, or else the key file under `DATA_DIR`, created
 * with mode 0600 on first start. Instances sharing one PostgreSQL must share the key, so production
 * with `DATABASE_URL` refuses to fall back to a file only this machine has.
 */
export async function loadDataKey(env: Env): Promise<Buffer> {
  if (env.DATA_ENCRYPTION_KEY) return parseKey(env.DATA_ENCRYPTION_KEY, 'DATA_ENCRYPTION_KEY');
  if (env.NODE_ENV === 'production' && env.DATABASE_URL) {
    throw new Error(
      'DATA_ENCRYPTION_KEY is required in production with DATABASE_URL: every instance sharing the database must use the same key (generate one with: openssl rand -base64 32)',
    );
  }

  const file = path.join(env.DATA_DIR, encryptionKeyFileName);
  await mkdir(env.DATA_DIR, { recursive: true });
  try {
    // `wx` fails if the file exists, so two processes starting together cannot overwrite each other's key.
    await writeFile(file, `${randomBytes(keyLength).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseKey(await readFile(file, 'utf8'), `The key file ${file}`);
}

export type FieldCipher = {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  /**
   * The keyed hash of a taxpayer number (an SSN, later an ITIN): the same number always gives the same
   * hash under one data key, so rows can be matched by it without the number ever being stored or
   * compared in the clear.
   */
  hashTaxpayerNumber(value: string): string;
};

/** What the taxpayer-number hash's key is derived for: another key than the one that encrypts. */
const taxpayerHashKeyInfo = 'ein-filing/taxpayer-number-hash/v1';

/** A taxpayer number's nine digits, whatever the dashes and spaces it was written with. */
export function normalizeTaxpayerNumber(value: string): string {
  const digits = value.replace(/[\s\-\u2010-\u2015\u2212]/g, '');
  if (!/^\d{9}$/.test(digits)) throw new Error('A taxpayer number is nine digits');
  return digits;
}

export function createFieldCipher(key: Buffer): FieldCipher {
  if (key.length !== keyLength) throw new Error('The data encryption key must be 32 bytes');
  // HKDF keeps the hash's key apart from the encryption key: knowing one gives nothing of the other.
  const hashKey = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), taxpayerHashKeyInfo, keyLength));
  return {
    hashTaxpayerNumber(value) {
      return createHmac('sha256', hashKey).update(normalizeTaxpayerNumber(value), 'utf8').digest('base64url');
    },
    encrypt(plain) {
      const iv = randomBytes(ivLength);
      const cipher = createCipheriv(algorithm, key, iv, { authTagLength: tagLength });
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [version, iv.toString('base64url'), tag.toString('base64url'), ciphertext.toString('base64url')].join('.');
    },
    decrypt(sealed) {
      const parts = sealed.split('.');
      const [prefix, ivText, tagText, ciphertextText] = parts;
      if (parts.length !== 4 || prefix !== version || ivText === undefined || tagText === undefined || ciphertextText === undefined) {
        throw new Error('Not an encrypted value of a known version');
      }
      const iv = Buffer.from(ivText, 'base64url');
      const tag = Buffer.from(tagText, 'base64url');
      if (iv.length !== ivLength || tag.length !== tagLength) throw new Error('Not an encrypted value of a known version');
      const decipher = createDecipheriv(algorithm, key, iv, { authTagLength: tagLength });
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        // The tag did not match: a changed value or another key. Say so without echoing anything.
        throw new Error('An encrypted value could not be decrypted: it was changed or sealed with another key');
      }
    },
  };
}

/**
 * The application as `checkouts.form_data` and `orders.form_data` hold it: exactly the parsed
 * application, except that each SSN of step 3 (`ssnFields`: the responsible party's, and the
 * decedent's or grantor's when given) is its ciphertext.
 */
export type StoredApplication = Application;

/** Each SSN field of the contact section that holds a value, run through `transform`; the rest as they are. */
function mapSsns(contact: Application['contact'], transform: (value: string) => string): Application['contact'] {
  const result = { ...contact };
  for (const field of ssnFields) {
    const value = contact[field];
    if (typeof value === 'string' && value !== '') result[field] = transform(value);
  }
  return result;
}

export function sealApplication(application: Application, cipher: FieldCipher): StoredApplication {
  return { ...application, contact: mapSsns(application.contact, (plain) => cipher.encrypt(plain)) };
}

export function openApplication(stored: StoredApplication, cipher: FieldCipher): Application {
  return { ...stored, contact: mapSsns(stored.contact, (sealed) => cipher.decrypt(sealed)) };
}
