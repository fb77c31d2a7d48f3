import { createPrivateKey, createPublicKey, X509Certificate } from 'node:crypto';
import forge from 'node-forge';
import { fingerprintOf, type SealIdentity } from './certificate';

export class SealConfigError extends Error {}

/**
 * The sealing identity from a PKCS#12 file (SEAL_PKCS12_FILE, decision 047): the RSA private key, the certificate
 * whose public key matches it, and the rest of the file's certificates as its chain (carried in every seal so a
 * reader can build the path to the institution's trusted root). node-forge reads the container (PBES2/AES and the
 * legacy 3DES/RC2 encryptions, the MAC); the key and certificates are then Node's own objects. `also` are the
 * fingerprints of earlier identities (documents sealed before stay ours).
 */
export function identityFromPkcs12(bytes: Buffer, password: string, also: string[] = []): SealIdentity {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(bytes.toString('binary')));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (err) {
    throw new SealConfigError(
      `SEAL_PKCS12_FILE: cannot open it (${(err as Error).message}); check the file and SEAL_PKCS12_PASSWORD`,
    );
  }
  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const certBags = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
  const forgeKey = keyBags.find((b) => b.key)?.key;
  if (!forgeKey) throw new SealConfigError('SEAL_PKCS12_FILE: no private key in the file (RSA keys only)');
  const key = createPrivateKey(forge.pki.privateKeyToPem(forgeKey));
  if (key.asymmetricKeyType !== 'rsa') throw new SealConfigError('SEAL_PKCS12_FILE: the seal needs an RSA key');
  const publicDer = createPublicKey(key).export({ type: 'spki', format: 'der' });
  const certificates = certBags
    .filter((b) => b.cert || b.asn1)
    .map((b) => {
      const asn1 = b.cert ? forge.pki.certificateToAsn1(b.cert) : (b.asn1 as forge.asn1.Asn1);
      return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
    });
  const leaf = certificates.find((der) =>
    new X509Certificate(der).publicKey.export({ type: 'spki', format: 'der' }).equals(publicDer),
  );
  if (!leaf) throw new SealConfigError('SEAL_PKCS12_FILE: no certificate for its private key');
  const x509 = new X509Certificate(leaf);
  if (new Date(x509.validTo).getTime() < Date.now()) {
    throw new SealConfigError(`SEAL_PKCS12_FILE: the certificate expired on ${x509.validTo}`);
  }
  const fingerprint = fingerprintOf(leaf);
  return {
    key,
    certificate: leaf,
    chain: certificates.filter((der) => !der.equals(leaf)),
    fingerprints: [fingerprint, ...also.filter((f) => f !== fingerprint)],
  };
}
