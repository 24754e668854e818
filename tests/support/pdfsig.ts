import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type PdfSignatureReport = {
  /** pdfsig's whole report. */
  text: string;
  /** "Signature is Valid.", "Digest Mismatch.", … */
  validation: string | null;
  /** The signature covers every byte of the file but itself ("Total document signed"). */
  wholeDocument: boolean;
  signerCommonName: string | null;
};

/**
 * What Poppler's `pdfsig` (Debian's `poppler-utils`) says of a PDF's first signature, the way any PDF
 * reader would check it. The certificate's trust is not asked (`-nocert`): a self-signed seal is valid
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
    return {
      text: stdout,
      validation: /Signature Validation: (.+)$/m.exec(stdout)?.[1]?.trim() ?? null,
      wholeDocument: /Total document signed/.test(stdout),
      signerCommonName: /Signer Certificate Common Name: (.+)$/m.exec(stdout)?.[1]?.trim() ?? null,
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
