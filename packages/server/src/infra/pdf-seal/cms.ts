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

/** What every seal of an identity repeats, read from its certificates once. */
const signers = new WeakMap<
  SealIdentity,
  { sid: SignerIdentifier; certificates: CertificateSet; essCertificate: ArrayBuffer }
>();
function signerOf(identity: SealIdentity) {
  let signer = signers.get(identity);
  if (!signer) {
    const cert = AsnConvert.parse(identity.certificate, Certificate);
    signer = {
      sid: new SignerIdentifier({
        issuerAndSerialNumber: new IssuerAndSerialNumber({
          issuer: cert.tbsCertificate.issuer,
          serialNumber: cert.tbsCertificate.serialNumber,
        }),
      }),
      certificates: new CertificateSet([
        new CertificateChoices({ certificate: cert }),
        ...(identity.chain ?? []).map((c) => new CertificateChoices({ certificate: AsnConvert.parse(c, Certificate) })),
      ]),
      essCertificate: signingCertificateV2(identity.certificate),
    };
    signers.set(identity, signer);
  }
  return signer;
}

/**
 * A detached CMS SignedData over a digest, as PAdES baseline B-B wants it (ETSI EN 319 142-1): SHA-256, signed
 * attributes contentType, messageDigest and ESS signingCertificateV2 (the certificate's hash), no signingTime (the
 * time is the signature dictionary's /M), the signer's certificate included. The structures are RFC 5652's from
 * `@peculiar/asn1-cms` (decision 063); the RSA signature is Node's.
 */
export function signedData(digest: Buffer, identity: SealIdentity): Buffer {
  const signer = signerOf(identity);
  const sha256Alg = new AlgorithmIdentifier({ algorithm: OID.sha256 });
  // DER orders a SET OF by the encodings: the signature covers them in that order, and a verifier re-encodes them
  const attributes = [
    new Attribute({ attrType: OID.contentType, attrValues: [new ObjectIdentifier({ value: OID.data }).toBER()] }),
    new Attribute({
      attrType: OID.messageDigest,
      attrValues: [AsnConvert.serialize(new OctetString(arrayBuffer(digest)))],
    }),
    new Attribute({ attrType: OID.signingCertificateV2, attrValues: [signer.essCertificate] }),
  ];
  const signedAttrs = attributes
    .map((a) => ({ a, bytes: der(a) }))
    .sort((x, y) => Buffer.compare(x.bytes, y.bytes))
    .map(({ a }) => a);
  const signerInfo = new SignerInfo({
    version: 1,
    sid: signer.sid,
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
    certificates: signer.certificates,
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

/**
 * The encodings a check needs as they were sent, from asn1js' reading of a ContentInfo: the first certificate (its
 * fingerprint is of these bytes) and the first SignerInfo (its signed attributes' bytes).
 */
function rawParts(contentInfo: BerElement): { certificate?: BerElement; signerInfo?: BerElement } {
  const [, wrapped] = contentInfo instanceof Sequence ? contentInfo.valueBlock.value : [];
  const signed = wrapped instanceof Constructed ? wrapped.valueBlock.value[0] : undefined;
  const fields = signed instanceof Sequence ? signed.valueBlock.value : [];
  const certificates = fields.find((f) => f.idBlock.tagClass === 3 && f.idBlock.tagNumber === 0);
  const signerInfos = fields.at(-1);
  return {
    certificate: certificates instanceof Constructed ? certificates.valueBlock.value[0] : undefined,
    signerInfo: signerInfos instanceof Asn1Set ? signerInfos.valueBlock.value[0] : undefined,
  };
}

interface CmsCheck {
  /** The signature over the signed attributes checks out with the included certificate. */
  valid: boolean;
  /** The messageDigest attribute. */
  digest: Buffer | null;
  /** SHA-256 fingerprint of the signer's certificate. */
  fingerprint: string | null;
}

/**
 * Reads a detached SignedData (trailing zero padding ignored) and checks its signer's signature. Read with asn1js'
 * BER reader and walked by RFC 5652's layout (the schema parser is ten times slower here, decision 063): the
 * certificate and the signed attributes are taken as sent.
 */
export function checkSignedData(bytes: Buffer): CmsCheck {
  const none = { valid: false, digest: null, fingerprint: null };
  try {
    const info = fromBER(new Uint8Array(bytes)).result;
    const [type] = info instanceof Sequence ? info.valueBlock.value : [];
    if (!(type instanceof ObjectIdentifier) || type.valueBlock.toString() !== OID.signedData) return none;
    const raw = rawParts(info);
    if (!raw.certificate || !(raw.signerInfo instanceof Sequence)) return none;
    const signerFields = raw.signerInfo.valueBlock.value;
    const attrs = signerFields.find((f) => f.idBlock.tagClass === 3 && f.idBlock.tagNumber === 0);
    const signature = signerFields.at(-1);
    const attrsAsSet = signedAttributesToSign(raw.signerInfo);
    if (!(attrs instanceof Constructed) || !(signature instanceof Asn1OctetString) || !attrsAsSet) return none;
    let digest: Buffer | null = null;
    for (const attr of attrs.valueBlock.value) {
      const [attrType, values] = attr instanceof Sequence ? attr.valueBlock.value : [];
      if (!(attrType instanceof ObjectIdentifier) || attrType.valueBlock.toString() !== OID.messageDigest) continue;
      const value = values instanceof Asn1Set ? values.valueBlock.value[0] : undefined;
      if (value instanceof Asn1OctetString) digest = Buffer.from(value.valueBlock.valueHexView);
    }
    const certDer = Buffer.from(raw.certificate.valueBeforeDecodeView);
    const x509 = new X509Certificate(certDer);
    const valid = verify('sha256', attrsAsSet, x509.publicKey, signature.valueBlock.valueHexView);
    return { valid, digest, fingerprint: createHash('sha256').update(certDer).digest('hex') };
  } catch {
    return none;
  }
}
