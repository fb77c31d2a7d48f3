import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
  X509Certificate,
} from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  BasicConstraints,
  Certificate,
  Extension,
  Extensions,
  KeyUsage,
  KeyUsageFlags,
  Name,
  RelativeDistinguishedName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Time,
  Validity,
  Version,
} from '@peculiar/asn1-x509';

export const OID = {
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRSA: '1.2.840.113549.1.1.11',
  sha256: '2.16.840.1.101.3.4.2.1',
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  keyUsage: '2.5.29.15',
  basicConstraints: '2.5.29.19',
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
} as const;

/** The platform's sealing identity: its key, its certificate (DER) and the certificates it had before. */
export interface SealIdentity {
  key: KeyObject;
  certificate: Buffer;
  /** Further certificates carried in each seal (a configured PKCS#12's chain), the issuer's first. */
  chain?: Buffer[];
  /** SHA-256 fingerprints (hex, lower case) of every certificate of ours, the current one first. */
  fingerprints: string[];
}

export const fingerprintOf = (der: Buffer) => createHash('sha256').update(der).digest('hex');

/** The issuer and subject: CN=Under document seal, O=Under. */
function sealName(): Name {
  const rdn = (type: string, value: string) =>
    new RelativeDistinguishedName([
      new AttributeTypeAndValue({ type, value: new AttributeValue({ utf8String: value }) }),
    ]);
  return new Name([rdn(OID.organization, 'Under'), rdn(OID.commonName, 'Under document seal')]);
}

/**
 * A self-signed X.509 v3 certificate for an RSA key: ten years, keyUsage digitalSignature and nonRepudiation
 * (critical), not a CA. RFC 5280's structures from `@peculiar/asn1-x509` (decision 063), signed with SHA-256.
 */
export function selfSignedCertificate(privateKey: KeyObject, publicKeyDer: Buffer, now = new Date()): Buffer {
  const alg = new AlgorithmIdentifier({ algorithm: OID.sha256WithRSA, parameters: null });
  // a positive INTEGER in its shortest DER form: the first byte's top bit clear (not negative) and the next bit set
  // (never 0x00, which DER forbids before a byte under 0x80: OpenSSL then refused one certificate in 256)
  const serial = randomBytes(16);
  serial[0] = ((serial[0] as number) & 0x7f) | 0x40;
  // whole seconds: RFC 5280 allows no fraction in a GeneralizedTime
  const from = new Date(Math.floor(now.getTime() / 1000) * 1000);
  // GeneralizedTime as before (Validity's own constructor would pick UTCTime)
  const validity = new Validity();
  validity.notBefore = new Time({ generalTime: from });
  validity.notAfter = new Time({ generalTime: new Date(from.getTime() + 10 * 365.25 * 86_400_000) });
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: new Uint8Array(serial).buffer,
    signature: alg,
    issuer: sealName(),
    validity,
    subject: sealName(),
    subjectPublicKeyInfo: AsnConvert.parse(publicKeyDer, SubjectPublicKeyInfo),
    extensions: new Extensions([
      new Extension({
        extnID: OID.keyUsage,
        critical: true,
        extnValue: new OctetString(
          AsnConvert.serialize(new KeyUsage(KeyUsageFlags.digitalSignature | KeyUsageFlags.nonRepudiation)),
        ),
      }),
      new Extension({
        extnID: OID.basicConstraints,
        extnValue: new OctetString(AsnConvert.serialize(new BasicConstraints())),
      }),
    ]),
  });
  const signature = sign('sha256', Buffer.from(AsnConvert.serialize(tbs)), privateKey);
  const certificate = new Certificate({
    tbsCertificate: tbs,
    signatureAlgorithm: alg,
    signatureValue: new Uint8Array(signature).buffer,
  });
  return Buffer.from(AsnConvert.serialize(certificate));
}

/**
 * The sealing identity of a data dir: made on first use into DATA_DIR/seal (key 0600), kept; earlier certificates
 * stay there (`*.cert.der`) so documents sealed before a change of key still verify as ours.
 */
export function loadOrCreateIdentity(dataDir: string): SealIdentity {
  const dir = path.join(dataDir, 'seal');
  const keyFile = path.join(dir, 'seal-key.pem');
  const certFile = path.join(dir, 'current.cert.der');
  if (!existsSync(keyFile) || !existsSync(certFile)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const cert = selfSignedCertificate(privateKey, publicKey.export({ type: 'spki', format: 'der' }));
    writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    chmodSync(keyFile, 0o600);
    writeFileSync(certFile, cert, { mode: 0o600 });
  }
  const certificate = readFileSync(certFile);
  // the certificate must parse as X.509 (a damaged file is an error at start, not a bad seal later)
  new X509Certificate(certificate);
  const older = readdirSync(dir)
    .filter((f) => f.endsWith('.cert.der') && f !== 'current.cert.der')
    .map((f) => fingerprintOf(readFileSync(path.join(dir, f))));
  return {
    key: createPrivateKey(readFileSync(keyFile)),
    certificate,
    fingerprints: [fingerprintOf(certificate), ...older],
  };
}

/** Fingerprints of every certificate kept in DATA_DIR/seal (the self-signed one and older ones), if any. */
export function keptFingerprints(dataDir: string): string[] {
  const dir = path.join(dataDir, 'seal');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.cert.der'))
    .sort((a, b) => (a === 'current.cert.der' ? -1 : b === 'current.cert.der' ? 1 : a.localeCompare(b)))
    .map((f) => fingerprintOf(readFileSync(path.join(dir, f))));
}
