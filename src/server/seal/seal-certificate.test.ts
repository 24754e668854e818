// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { pdfsig } from '#tests/support/pdfsig.ts';
import { createPdfSealer, loadSealCertificate, makeSelfSignedSealP12, selfSignedSealFileName } from '.';

// The service's sealing certificate: made self-signed into the data folder on the first start and kept
// there, or read from SEAL_P12_PATH; either way it seals a PDF that pdfsig finds valid.

const dataKey = randomBytes(32);
const folder = () => mkdtempSync(path.join(tmpdir(), 'ein-seal-'));

async function sealedBlankPdf(sealer: ReturnType<typeof createPdfSealer>): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.addPage([612, 792]).drawText('Sealed', { x: 72, y: 700 });
  return sealer.seal(document, { signedAt: new Date(), reason: 'Test' });
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
});
