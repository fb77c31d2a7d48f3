import { createHash, sign, verify, X509Certificate } from 'node:crypto';
import {
  Attribute,
  CertificateChoices,
  CertificateSet,
  ContentInfo,
  DigestAlgorithmIdentifiers,
  EncapsulatedContentInfo,
  IssuerAndSerialNumber,
  SignedData,
  SignerIdentifier,
  SignerInfo,
  SignerInfos,
} from '@peculiar/asn1-cms';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { AlgorithmIdentifier, Certificate } from '@peculiar/asn1-x509';
import {
  OctetString as Asn1OctetString,
  Set as Asn1Set,
  Constructed,
  fromBER,
  ObjectIdentifier,
  Sequence,
} from 'asn1js';
import { OID, type SealIdentity } from './certificate';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest();
const der = (value: unknown) => Buffer.from(AsnConvert.serialize(value));
/** An ArrayBuffer of exactly these bytes (a Buffer may be a view of a larger pool). */
const arrayBuffer = (b: Uint8Array): ArrayBuffer => new Uint8Array(b).buffer;

/**
 * ESS signingCertificateV2 (RFC 5035) with one ESSCertIDv2: the certificate's SHA-256 (the default hash, so no
 * algorithm), no issuerSerial. @peculiar ships no ESS schema, so it is built from asn1js' universal types.
 */
const signingCertificateV2 = (certificate: Buffer): ArrayBuffer =>
  new Sequence({
    value: [
      new Sequence({
        value: [new Sequence({ value: [new Asn1OctetString({ valueHex: arrayBuffer(sha256(certificate)) })] })],
      }),
    ],
  }).toBER();

/**
 * A detached CMS SignedData over a digest, as PAdES baseline B-B wants it (ETSI EN 319 142-1): SHA-256, signed
 * attributes contentType, messageDigest and ESS signingCertificateV2 (the certificate's hash), no signingTime (the
 * time is the signature dictionary's /M), the signer's certificate included. The structures are RFC 5652's from
 * `@peculiar/asn1-cms` (decision 063); the RSA signature is Node's.
 */
export function signedData(digest: Buffer, identity: SealIdentity): Buffer {
  const cert = AsnConvert.parse(identity.certificate, Certificate);
  const sha256Alg = new AlgorithmIdentifier({ algorithm: OID.sha256 });
  // DER orders a SET OF by the encodings: the signature covers them in that order, and a verifier re-encodes them
  const attributes = [
    new Attribute({ attrType: OID.contentType, attrValues: [new ObjectIdentifier({ value: OID.data }).toBER()] }),
    new Attribute({
      attrType: OID.messageDigest,
      attrValues: [AsnConvert.serialize(new OctetString(arrayBuffer(digest)))],
    }),
    new Attribute({ attrType: OID.signingCertificateV2, attrValues: [signingCertificateV2(identity.certificate)] }),
  ];
  const signedAttrs = attributes
    .map((a) => ({ a, bytes: der(a) }))
    .sort((x, y) => Buffer.compare(x.bytes, y.bytes))
    .map(({ a }) => a);
  const signerInfo = new SignerInfo({
    version: 1,
    sid: new SignerIdentifier({
      issuerAndSerialNumber: new IssuerAndSerialNumber({
        issuer: cert.tbsCertificate.issuer,
        serialNumber: cert.tbsCertificate.serialNumber,
      }),
    }),
    digestAlgorithm: sha256Alg,
    signedAttrs,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: OID.sha256WithRSA, parameters: null }),
  });
  const toSign = signedAttributesToSign(fromBER(new Uint8Array(der(signerInfo))).result);
  if (!toSign) throw new Error('CMS: signed attributes not written');
  signerInfo.signature = new OctetString(arrayBuffer(sign('sha256', toSign, identity.key)));
  const content = new SignedData({
    version: 1,
    digestAlgorithms: new DigestAlgorithmIdentifiers([sha256Alg]),
    encapContentInfo: new EncapsulatedContentInfo({ eContentType: OID.data }),
    certificates: new CertificateSet(
      [identity.certificate, ...(identity.chain ?? [])].map(
        (c) => new CertificateChoices({ certificate: AsnConvert.parse(c, Certificate) }),
      ),
    ),
    signerInfos: new SignerInfos([signerInfo]),
  });
  return der(new ContentInfo({ contentType: OID.signedData, content: AsnConvert.serialize(content) }));
}

/**
 * What the signer signs (RFC 5652 §5.4): the signed attributes' encoding as a SET (tag 0x31), not under the [0] tag
 * they carry in the SignerInfo, read from the SignerInfo's own bytes (the schema parser keeps no raw copy of a SET).
 */
function signedAttributesToSign(signerInfo: BerElement): Buffer | null {
  const children = signerInfo instanceof Sequence ? signerInfo.valueBlock.value : [];
  const attrs = children.find((c) => c.idBlock.tagClass === 3 && c.idBlock.tagNumber === 0);
  if (!attrs) return null;
  const raw = Buffer.from(attrs.valueBeforeDecodeView);
  return Buffer.concat([Buffer.from([0x31]), raw.subarray(1)]);
}

type BerElement = ReturnType<typeof fromBER>['result'];

/** The first SignerInfo of a ContentInfo's SignedData, as asn1js read it (for its signed attributes' bytes). */
function firstSignerInfo(contentInfo: BerElement): BerElement | undefined {
  const [, wrapped] = contentInfo instanceof Sequence ? contentInfo.valueBlock.value : [];
  const signed = wrapped instanceof Constructed ? wrapped.valueBlock.value[0] : undefined;
  const signerInfos = signed instanceof Sequence ? signed.valueBlock.value.at(-1) : undefined;
  return signerInfos instanceof Asn1Set ? signerInfos.valueBlock.value[0] : undefined;
}

export interface CmsCheck {
  /** The signature over the signed attributes checks out with the included certificate. */
  valid: boolean;
  /** The messageDigest attribute. */
  digest: Buffer | null;
  /** SHA-256 fingerprint of the signer's certificate. */
  fingerprint: string | null;
}

/** Reads a detached SignedData (trailing zero padding ignored) and checks its signer's signature. */
export function checkSignedData(bytes: Buffer): CmsCheck {
  const none = { valid: false, digest: null, fingerprint: null };
  try {
    const info = AsnConvert.parse(bytes, ContentInfo);
    if (info.contentType !== OID.signedData) return none;
    const sd = AsnConvert.parse(info.content, SignedData);
    const certificate = sd.certificates?.[0]?.certificate;
    const signer = sd.signerInfos[0];
    if (!certificate || !signer?.signedAttrs) return none;
    const certDer = der(certificate);
    const x509 = new X509Certificate(certDer);
    const messageDigest = signer.signedAttrs.find((a) => a.attrType === OID.messageDigest)?.attrValues[0];
    const digest = messageDigest ? Buffer.from(AsnConvert.parse(messageDigest, OctetString).buffer) : null;
    const signerBer = firstSignerInfo(fromBER(new Uint8Array(bytes)).result);
    const attrsAsSet = signerBer && signedAttributesToSign(signerBer);
    if (!attrsAsSet) return none;
    const valid = verify('sha256', attrsAsSet, x509.publicKey, Buffer.from(signer.signature.buffer));
    return { valid, digest, fingerprint: createHash('sha256').update(certDer).digest('hex') };
  } catch {
    return none;
  }
}
