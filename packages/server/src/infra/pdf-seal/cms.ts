import { createHash, sign, verify, X509Certificate } from 'node:crypto';
import { OID, type SealIdentity } from './certificate';
import { children, explicit, implicit, int, type Node, nul, octets, oid, oidText, read, seq, set, tlv } from './der';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest();

/**
 * A detached CMS SignedData over a digest, as PAdES baseline B-B wants it (ETSI EN 319 142-1): SHA-256, signed
 * attributes contentType, messageDigest and ESS signingCertificateV2 (the certificate's hash), no signingTime (the
 * time is the signature dictionary's /M), the signer's certificate included.
 */
export function signedData(digest: Buffer, identity: SealIdentity): Buffer {
  const cert = read(identity.certificate);
  const [tbs] = children(cert);
  const tbsFields = children(tbs as Node);
  // tbs: [0] version, serial, signature alg, issuer, …
  const serial = tbsFields[1] as Node;
  const issuer = tbsFields[3] as Node;
  const sha256Alg = seq(oid(OID.sha256));
  const attributes = [
    seq(oid(OID.contentType), set(oid(OID.data))),
    seq(oid(OID.messageDigest), set(octets(digest))),
    seq(oid(OID.signingCertificateV2), set(seq(seq(seq(octets(sha256(identity.certificate))))))),
  ];
  const signedAttrs = set(...attributes);
  const signature = sign('sha256', signedAttrs, identity.key);
  const signerInfo = seq(
    int(1),
    seq(issuer.der, serial.der),
    sha256Alg,
    implicit(0, signedAttrs),
    seq(oid(OID.sha256WithRSA), nul()),
    octets(signature),
  );
  const content = seq(
    int(1),
    set(sha256Alg),
    seq(oid(OID.data)),
    tlv(0xa0, Buffer.concat([identity.certificate, ...(identity.chain ?? [])])),
    set(signerInfo),
  );
  return seq(oid(OID.signedData), explicit(0, content));
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
export function checkSignedData(der: Buffer): CmsCheck {
  const none = { valid: false, digest: null, fingerprint: null };
  try {
    const info = read(der);
    const [type, wrapped] = children(info);
    if (!type || oidText(type) !== OID.signedData || !wrapped) return none;
    const sd = children(children(wrapped)[0] as Node);
    const certs = sd.find((n) => n.tag === 0xa0);
    const signerInfos = sd.at(-1);
    if (!certs || !signerInfos) return none;
    const certDer = Buffer.from(children(certs)[0]?.der ?? Buffer.alloc(0));
    const x509 = new X509Certificate(certDer);
    const si = children(children(signerInfos)[0] as Node);
    const attrsNode = si.find((n) => n.tag === 0xa0);
    const signature = si.at(-1);
    if (!attrsNode || !signature) return none;
    // the signature covers the attributes as a SET (tag 0x31), not under their [0] tag
    const attrsAsSet = Buffer.concat([Buffer.from([0x31]), attrsNode.der.subarray(1)]);
    let digest: Buffer | null = null;
    for (const attr of children(attrsNode)) {
      const [t, values] = children(attr);
      if (t && values && oidText(t) === OID.messageDigest) digest = Buffer.from(children(values)[0]?.content ?? []);
    }
    const valid = verify('sha256', attrsAsSet, x509.publicKey, signature.content);
    return { valid, digest, fingerprint: createHash('sha256').update(certDer).digest('hex') };
  } catch {
    return none;
  }
}
