import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { sampleApplication } from '#shared/application/sample-application.ts';
import { createFieldCipher, encryptionKeyFileName, loadDataKey, normalizeTaxpayerNumber, openApplication, sealApplication } from './encryption';
import { designeeEnv } from '#tests/support/designee-env.ts';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'ein-key-'));

describe('field cipher', () => {
  const cipher = createFieldCipher(randomBytes(32));

  it('round-trips a value, with a new IV each time', () => {
    const first = cipher.encrypt('123456789');
    const second = cipher.encrypt('123456789');
    expect(first).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('123456789');
    expect(cipher.decrypt(first)).toBe('123456789');
    expect(cipher.decrypt(second)).toBe('123456789');
  });

  it('detects a changed ciphertext, tag or IV', () => {
    const sealed = cipher.encrypt('123456789');
    const [prefix, iv, tag, ciphertext] = sealed.split('.') as [string, string, string, string];
    const flip = (text: string) => {
      const bytes = Buffer.from(text, 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return bytes.toString('base64url');
    };
    for (const tampered of [
      [prefix, iv, tag, flip(ciphertext)],
      [prefix, iv, flip(tag), ciphertext],
      [prefix, flip(iv), tag, ciphertext],
    ]) {
      expect(() => cipher.decrypt(tampered.join('.'))).toThrow(/could not be decrypted/);
    }
    expect(() => cipher.decrypt('v2.abc.def.ghi')).toThrow(/known version/);
    expect(() => cipher.decrypt('123456789')).toThrow(/known version/);
  });

  it('does not open a value sealed with another key', () => {
    const other = createFieldCipher(randomBytes(32));
    expect(() => other.decrypt(cipher.encrypt('123456789'))).toThrow(/another key/);
  });

  it('seals only the SSN of an application and opens it back', () => {
    const application = sampleApplication();
    const stored = sealApplication(application, cipher);
    expect(stored.contact.rpSSN).toMatch(/^v1\./);
    expect(JSON.stringify(stored)).not.toContain(application.contact.rpSSN);
    expect({ ...stored, contact: { ...stored.contact, rpSSN: application.contact.rpSSN } }).toEqual(application);
    expect(openApplication(stored, cipher)).toEqual(application);
  });

  it("seals an estate's decedent SSN and a trust's grantor SSN as well, and leaves an empty one empty", () => {
    for (const [entityType, field] of [['Estate', 'decedentSSN'], ['Trust', 'grantorSSN']] as const) {
      const application = sampleApplication({ company: { entityType } });
      const plain = application.contact[field] as string;
      const stored = sealApplication(application, cipher);
      expect(stored.contact[field]).toMatch(/^v1\./);
      expect(JSON.stringify(stored)).not.toContain(plain);
      expect(openApplication(stored, cipher)).toEqual(application);
    }
    const unasked = sampleApplication({ contact: { decedentSSN: '', grantorSSN: '' } });
    const stored = sealApplication(unasked, cipher);
    expect(stored.contact).toMatchObject({ decedentSSN: '', grantorSSN: '' });
    expect(openApplication(stored, cipher)).toEqual(unasked);
  });
});

describe('taxpayer number hash', () => {
  const key = randomBytes(32);
  const cipher = createFieldCipher(key);

  it('hashes the nine digits alone, however the number is written, so an SSN and an ITIN hash alike', () => {
    const hash = cipher.hashTaxpayerNumber('123-45-6789');
    expect(hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const written of ['123456789', '123 45 6789', ' 123\u201345\u20136789 ']) expect(cipher.hashTaxpayerNumber(written)).toBe(hash);
    expect(cipher.hashTaxpayerNumber('923-70-6789')).not.toBe(hash);
    expect(normalizeTaxpayerNumber('923-70-6789')).toBe('923706789');
  });

  it('is keyed: another data key gives another hash, and the hash is no plain digest of the digits or an HMAC under the data key itself', () => {
    const hash = cipher.hashTaxpayerNumber('123456789');
    expect(createFieldCipher(randomBytes(32)).hashTaxpayerNumber('123456789')).not.toBe(hash);
    expect(createFieldCipher(key).hashTaxpayerNumber('123456789')).toBe(hash);
    expect(createHmac('sha256', key).update('123456789').digest('base64url')).not.toBe(hash);
    expect(hash).not.toContain('123456789');
  });

  it('refuses anything that is not nine digits', () => {
    for (const value of ['', '12345678', '1234567890', '12345678a', '***-**-6789']) expect(() => cipher.hashTaxpayerNumber(value)).toThrow('A taxpayer number is nine digits');
  });
});

describe('loadDataKey', () => {
  it('creates a key file with mode 0600 and reuses it', async () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const first = await loadDataKey(env);
    const file = path.join(dataDir, encryptionKeyFileName);
    expect(first).toHaveLength(32);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toEqual(first);
    expect(await loadDataKey(env)).toEqual(first);
  });

  it('takes DATA_ENCRYPTION_KEY as base64 or hex, before any key file', async () => {
    const key = randomBytes(32);
    const dataDir = tempDir();
    expect(await loadDataKey(loadEnv({ DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: key.toString('base64') }))).toEqual(key);
    expect(await loadDataKey(loadEnv({ DATA_DIR: dataDir, DATA_ENCRYPTION_KEY: key.toString('hex') }))).toEqual(key);
    expect(() => statSync(path.join(dataDir, encryptionKeyFileName))).toThrow();
  });

  it('rejects a key of the wrong size or form', async () => {
    for (const bad of [randomBytes(16).toString('base64'), 'a'.repeat(63), 'not a key!']) {
      await expect(loadDataKey(loadEnv({ DATA_DIR: tempDir(), DATA_ENCRYPTION_KEY: bad }))).rejects.toThrow(/DATA_ENCRYPTION_KEY must be 32 bytes/);
    }
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, encryptionKeyFileName), randomBytes(16).toString('base64'));
    await expect(loadDataKey(loadEnv({ DATA_DIR: dataDir }))).rejects.toThrow(/key file .* must be 32 bytes/);
  });

  it('refuses to make up a key in production with a shared database', async () => {
    const env = loadEnv({ NODE_ENV: 'production', DATA_DIR: tempDir(), DATABASE_URL: 'postgres://db.example.com/ein', ...designeeEnv });
    await expect(loadDataKey(env)).rejects.toThrow(/DATA_ENCRYPTION_KEY is required in production/);
  });
});
