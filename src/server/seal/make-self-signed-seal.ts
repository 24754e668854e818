import { generateKeyPair, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';

const generateRsaKeyPair = promisify(generateKeyPair);

export type SelfSignedSealOptions = {
  commonName: string;
  organization: string;
  /** The password the PKCS#12 file is encrypted with. */
  password: string;
  /** The certificate is valid from a minute before this, for ten years. */
  now?: Date;
};

const validityYears = 10;

/**
 * A self-signed signing certificate and its RSA-2048 key as one PKCS#12 file (AES-256 encrypted),
 * for sealing PDFs when no certificate from a certification authority is configured. The key pair is
 * Node's own (fast, from the system's random source); node-forge writes the certificate and the file.
 */
export async function makeSelfSignedSealP12({ commonName, organization, password, now = new Date() }: SelfSignedSealOptions): Promise<Buffer> {
  const pair = await generateRsaKeyPair('rsa', { modulusLength: 2048 });
  const privateKey = forge.pki.privateKeyFromPem(pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.publicKeyFromPem(pair.publicKey.export({ type: 'spki', format: 'pem' }).toString());
  // A positive serial number of 16 random bytes (the top bit cleared so it stays positive in DER).
  const serial = randomBytes(16);
  serial[0] = serial[0]! & 0x7f;
  certificate.serialNumber = serial.toString('hex');
  certificate.validity.notBefore = new Date(now.getTime() - 60_000);
  certificate.validity.notAfter = new Date(now.getTime());
  certificate.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + validityYears);
  const name = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: organization },
  ];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  certificate.sign(privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(privateKey, [certificate], password, { algorithm: 'aes256', friendlyName: commonName });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}
