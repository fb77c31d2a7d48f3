/**
 * The CMS of a sealed PDF and the bytes it covers (its /ByteRange). The /Contents hex is zero-padded; the CMS is one
 * DER SEQUENCE whose own length says where it ends (a signature may end in 00 bytes, so trimming zeros would cut it).
 */
export function sealedCms(sealed: Buffer): { der: Buffer; covered: Buffer } {
  const text = sealed.toString('latin1');
  const [, a, b, c, d] = (/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/.exec(text) ?? []).map(Number) as number[];
  const covered = Buffer.concat([sealed.subarray(a, b), sealed.subarray(c, (c as number) + (d as number))]);
  const padded = Buffer.from(sealed.subarray((b as number) + 1, (c as number) - 1).toString('latin1'), 'hex');
  const first = padded[1] as number;
  const lengthBytes = first & 0x80 ? first & 0x7f : 0;
  const length = lengthBytes ? padded.readUIntBE(2, lengthBytes) : first;
  return { der: padded.subarray(0, 2 + lengthBytes + length), covered };
}
