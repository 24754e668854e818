import { createHash, createHmac } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import forge from 'node-forge';
import type { Env } from '../env';
import { seller } from '#shared/seller.ts';
import { makeSelfSignedSealP12 } from './make-self-signed-seal';

// The service's signing certificate, which seals every signed SS-4 (decision 037): the PKCS#12 file
// SEAL_P12_PATH with its password SEAL_P12_PASSWORD, or else a self-signed one made on the first
// start into DATA_DIR (mode 0600, like the data key), its password derived from the data key.

export const selfSignedSealFileName = 'seal.p12';

/** The certificate as the sealer uses it, and what the certificate page says about it. */
export type SealCertificate = {
  /**
   * The key and certificates as the sealer opens them for each seal: the file's, wrapped again for this
   * process's memory alone with one round of key derivation instead of the file's thousands (which were
   * 20-30 ms of a seal's 45). It is never written anywhere.
   */
  p12: Buffer;
  password: string;
  /** The certificate's subject (its common name, and organisation when it has one). */
  subject: string;
  /** SHA-256 of the certificate (DER), as `AB:CD:…`. */
  fingerprint: string;
  /** Issued by itself rather than by a certification authority. */
  selfSigned: boolean;
  validUntil: Date;
};

/** The password of the self-signed file, derived from the data key so that nothing else must be kept. */
export function selfSignedSealPassword(dataKey: Buffer): string {
  return createHmac('sha256', dataKey).update('document-seal-p12-password').digest('base64url');
}

function attribute(subject: forge.pki.Certificate['subject'], name: string): string | null {
  const value = subject.getField(name)?.value as unknown;
  return typeof value === 'string' && value ? value : null;
}

/**
 * Opens a PKCS#12 file and checks that it holds a private key and the certificate of that key; throws
 * a message naming `source` otherwise (a wrong password included).
 */
export function readSealCertificate(p12: Buffer, password: string, source: string): SealCertificate {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), false, password);
  } catch (error) {
    throw new Error(`${source} could not be opened: it is not a PKCS#12 file, or SEAL_P12_PASSWORD is not its password`, { cause: error });
  }
  const keyBagType = forge.pki.oids.pkcs8ShroudedKeyBag!;
  const certificateBagType = forge.pki.oids.certBag!;
  const keyBags: forge.pkcs12.Bag[] = parsed.getBags({ bagType: keyBagType })[keyBagType] ?? [];
  const certificateBags: forge.pkcs12.Bag[] = parsed.getBags({ bagType: certificateBagType })[certificateBagType] ?? [];
  const key = keyBags[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error(`${source} holds no private key (an RSA key in a shrouded key bag is needed to seal)`);
  const certificate = certificateBags
    .map((bag) => bag.cert)
    .find((cert): cert is forge.pki.Certificate => {
      const publicKey = cert?.publicKey as forge.pki.rsa.PublicKey | undefined;
      return Boolean(publicKey?.n && publicKey.n.compareTo(key.n) === 0 && publicKey.e.compareTo(key.e) === 0);
    });
  if (!certificate) throw new Error(`${source} holds no certificate for its private key`);
  const der = Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(certificate)).getBytes(), 'binary');
  // Every certificate of the file in its order, as the signature carries them (a chain included).
  const certificates = certificateBags.flatMap((bag) => (bag.cert ? [bag.cert] : []));
  const sealersCopy = forge.pkcs12.toPkcs12Asn1(key, certificates, password, { algorithm: 'aes256', count: 1, useMac: false });
  const commonName = attribute(certificate.subject, 'CN');
  const organization = attribute(certificate.subject, 'O');
  return {
    p12: Buffer.from(forge.asn1.toDer(sealersCopy).getBytes(), 'binary'),
    password,
    subject: [commonName, organization].filter(Boolean).join(', ') || 'unnamed certificate',
    fingerprint: (createHash('sha256').update(der).digest('hex').toUpperCase().match(/../g) ?? []).join(':'),
    selfSigned: certificate.isIssuer(certificate),
    validUntil: certificate.validity.notAfter,
  };
}

/**
 * The sealing certificate: SEAL_P12_PATH when set, or else `DATA_DIR/seal.p12`, made (self-signed) on
 * the first start. Two processes starting together keep the file the first one wrote.
 */
export async function loadSealCertificate(
  env: Pick<Env, 'DATA_DIR'> & Partial<Pick<Env, 'SEAL_P12_PATH' | 'SEAL_P12_PASSWORD'>>,
  dataKey: Buffer,
): Promise<SealCertificate> {
  if (env.SEAL_P12_PATH) {
    let p12: Buffer;
    try {
      p12 = await readFile(env.SEAL_P12_PATH);
    } catch (error) {
      throw new Error(`SEAL_P12_PATH (${env.SEAL_P12_PATH}) could not be read: ${(error as Error).message}`, { cause: error });
    }
    return readSealCertificate(p12, env.SEAL_P12_PASSWORD ?? '', `SEAL_P12_PATH (${env.SEAL_P12_PATH})`);
  }
  const file = path.join(env.DATA_DIR, selfSignedSealFileName);
  const password = selfSignedSealPassword(dataKey);
  const source = `The sealing certificate ${file}`;
  try {
    return readSealCertificate(await readFile(file), password, source);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(env.DATA_DIR, { recursive: true });
  const made = await makeSelfSignedSealP12({ commonName: `${seller.name} document seal`, organization: seller.legalName, password });
  try {
    // `wx` fails if the file exists: of two processes starting together, the file written first is kept.
    await writeFile(file, made, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readSealCertificate(await readFile(file), password, source);
}
