// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import { pdfsig } from '#tests/support/pdfsig.ts';
import { createPdfSealer, loadSealCertificate, makeSelfSignedSealP12, readSealCertificate, selfSignedSealFileName } from '.';

// The service's sealing certificate: made self-signed into the data folder on the first start and kept
// there, or read from SEAL_P12_PATH; either way it seals a PDF that pdfsig finds valid.

const dataKey = randomBytes(32);
const folder = () => mkdtempSync(path.join(tmpdir(), 'ein-seal-'));

/** A blank page sealed (with no dates of its own but `signedAt`, so two seals by one key can be compared byte for byte). */
async function sealedBlankPdf(sealer: ReturnType<typeof createPdfSealer>, signedAt = new Date()): Promise<Uint8Array> {
  const document = await PDFDocument.create({ updateMetadata: false });
  document.addPage([612, 792]).drawText('Sealed', { x: 72, y: 700 });
  return sealer.seal(document, { signedAt, reason: 'Test' });
}

describe('the sealing certificate', () => {
  it('is made self-signed into the data folder on the first start (mode 0600) and kept for the next', async () => {
    const dataDir = folder();
    const first = await loadSealCertificate({ DATA_DIR: dataDir }, dataKey);
    const file = path.join(dataDir, selfSignedSealFileName);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.selfSigned).toBe(true);
    expect(first.subject).toBe('EIN Filing Service document seal, EIN Filing Service LLC');
    expect(first.fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(first.validUntil.getTime()).toBeGreaterThan(Date.now() + 9 * 365 * 24 * 60 * 60 * 1000);
    const bytes = readFileSync(file);

    const second = await loadSealCertificate({ DATA_DIR: dataDir }, dataKey);
    expect(second.fingerprint).toBe(first.fingerprint);
    expect(readFileSync(file).equals(bytes)).toBe(true);
    // Its password is derived from the data key: another key cannot open it.
    await expect(loadSealCertificate({ DATA_DIR: dataDir }, randomBytes(32))).rejects.toThrow(/could not be opened/);

    const report = await pdfsig(await sealedBlankPdf(createPdfSealer(first, { name: 'EIN Filing Service', contactInfo: 'support@example.com' })));
    expect(report.validation, report.text).toBe('Signature is Valid.');
    expect(report.wholeDocument).toBe(true);
  });

  it('reads SEAL_P12_PATH with SEAL_P12_PASSWORD instead, and refuses a wrong password or a missing file with a clear message', async () => {
    const dir = folder();
    const p12Path = path.join(dir, 'company.p12');
    writeFileSync(p12Path, await makeSelfSignedSealP12({ commonName: 'Example Seal', organization: 'Example LLC', password: 'right password' }));
    const env = { DATA_DIR: folder(), SEAL_P12_PATH: p12Path, SEAL_P12_PASSWORD: 'right password' };
    const certificate = await loadSealCertificate(env, dataKey);
    expect(certificate.subject).toBe('Example Seal, Example LLC');
    // Nothing is made in the data folder when a certificate is given.
    expect(() => statSync(path.join(env.DATA_DIR, selfSignedSealFileName))).toThrow();
    const report = await pdfsig(await sealedBlankPdf(createPdfSealer(certificate, { name: 'Example', contactInfo: 'a@example.com' })));
    expect(report.signerCommonName).toBe('Example Seal');
    expect(report.validation).toBe('Signature is Valid.');

    await expect(loadSealCertificate({ ...env, SEAL_P12_PASSWORD: 'wrong' }, dataKey)).rejects.toThrow(
      `SEAL_P12_PATH (${p12Path}) could not be opened: it is not a PKCS#12 file, or SEAL_P12_PASSWORD is not its password`,
    );
    await expect(loadSealCertificate({ ...env, SEAL_P12_PATH: path.join(dir, 'missing.p12') }, dataKey)).rejects.toThrow(/^SEAL_P12_PATH \(.*missing\.p12\) could not be read/);
    writeFileSync(path.join(dir, 'not.p12'), 'not a certificate');
    await expect(loadSealCertificate({ ...env, SEAL_P12_PATH: path.join(dir, 'not.p12') }, dataKey)).rejects.toThrow(/could not be opened/);
  });

  it("opens the file's key once: each seal derives its key in one round, and seals byte for byte as the file would, its chain in the file's order", async () => {
    // A company's file: its certificate issued by a CA whose certificate comes first, 2,048 rounds.
    const pair = (bits: number) => forge.pki.rsa.generateKeyPair({ bits, e: 0x10001 });
    const [caKeys, keys] = [pair(1024), pair(1024)];
    const issue = (subject: string, publicKey: forge.pki.PublicKey, serial: string) => {
      const certificate = forge.pki.createCertificate();
      certificate.publicKey = publicKey;
      certificate.serialNumber = serial;
      certificate.validity.notBefore = new Date('2026-01-01T00:00:00Z');
      certificate.validity.notAfter = new Date('2036-01-01T00:00:00Z');
      certificate.setSubject([{ name: 'commonName', value: subject }]);
      certificate.setIssuer([{ name: 'commonName', value: 'Example CA' }]);
      certificate.sign(caKeys.privateKey, forge.md.sha256.create());
      return certificate;
    };
    const chain = [issue('Example CA', caKeys.publicKey, '01'), issue('Example Seal', keys.publicKey, '02')];
    const file = Buffer.from(forge.asn1.toDer(forge.pkcs12.toPkcs12Asn1(keys.privateKey, chain, 'company password', { algorithm: 'aes256' })).getBytes(), 'binary');
    const certificate = readSealCertificate(file, 'company password', 'SEAL_P12_PATH');
    expect(certificate.subject).toBe('Example Seal');
    expect(certificate.selfSigned).toBe(false);

    const seal = (p12: Buffer) => sealedBlankPdf(createPdfSealer({ ...certificate, p12 }, { name: 'Example', contactInfo: 'a@example.com' }), new Date('2026-03-02T10:00:00Z'));
    const rounds = vi.spyOn(forge.pkcs5, 'pbkdf2');
    try {
      const fromFile = await seal(file);
      expect(rounds.mock.calls.map((call) => call[2])).toEqual([2048]);
      rounds.mockClear();
      const fromCopy = await seal(certificate.p12);
      expect(rounds.mock.calls.map((call) => call[2])).toEqual([1]);
      expect(Buffer.from(fromCopy).equals(Buffer.from(fromFile))).toBe(true);
    } finally {
      rounds.mockRestore();
    }
  });
});

