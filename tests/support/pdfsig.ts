import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What pdfsig says of one signature in the file. */
export type PdfSignature = {
  fieldName: string | null;
  validation: string | null;
  /** The signature covers every byte of the file but itself ("Total document signed"). */
  wholeDocument: boolean;
  signerCommonName: string | null;
  /** The byte ranges it signs, `[start, end]` each, as pdfsig prints them. */
  signedRanges: [number, number][];
};

export type PdfSignatureReport = {
  /** pdfsig's whole report. */
  text: string;
  /** Every signature, in the file's order (the first one made first). */
  signatures: PdfSignature[];
  /** "Signature is Valid.", "Digest Mismatch.", … */
  validation: string | null;
  /** The signature covers every byte of the file but itself ("Total document signed"). */
  wholeDocument: boolean;
  signerCommonName: string | null;
};

/**
 * What Poppler's `pdfsig` (Debian's `poppler-utils`) says of a PDF's signatures (the first one's
 * findings also on the report itself), the way any PDF reader would check them. The certificate's trust is not asked (`-nocert`): a self-signed seal is valid
 * but its issuer is unknown to the machine.
 */
export async function pdfsig(pdf: Uint8Array): Promise<PdfSignatureReport> {
  const folder = await mkdtemp(path.join(tmpdir(), 'ein-pdfsig-'));
  try {
    const file = path.join(folder, 'document.pdf');
    await writeFile(file, pdf);
    // pdfsig exits non-zero for a file whose signature does not verify: the report is what counts.
    const { stdout } = await run('pdfsig', ['-nocert', file]).catch((error: { stdout?: string; code?: unknown }) => {
      if (typeof error.stdout === 'string' && error.stdout.includes('Signature #1')) return { stdout: error.stdout };
      if (error.code === 'ENOENT') throw new Error('pdfsig is not installed: apt-get install -y poppler-utils', { cause: error });
      throw error;
    });
    const signatures = stdout
      .split(/^Signature #\d+:$/m)
      .slice(1)
      .map((block) => ({
        fieldName: /Signature Field Name: (.+)$/m.exec(block)?.[1]?.trim() ?? null,
        validation: /Signature Validation: (.+)$/m.exec(block)?.[1]?.trim() ?? null,
        wholeDocument: /^\s*- Total document signed/m.test(block),
        signerCommonName: /Signer Certificate Common Name: (.+)$/m.exec(block)?.[1]?.trim() ?? null,
        signedRanges: [...(/Signed Ranges: (.+)$/m.exec(block)?.[1] ?? '').matchAll(/\[(\d+) - (\d+)\]/g)].map((range): [number, number] => [Number(range[1]), Number(range[2])]),
      }));
    return {
      text: stdout,
      signatures,
      validation: signatures[0]?.validation ?? null,
      wholeDocument: signatures[0]?.wholeDocument ?? false,
      signerCommonName: signatures[0]?.signerCommonName ?? null,
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
