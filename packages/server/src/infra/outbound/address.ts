/**
 * Which IP addresses an outbound call may connect to (decision 071). Only globally routable unicast addresses are
 * `public`; everything else (private, loopback, link-local with the cloud metadata address, shared CGNAT space,
 * multicast, reserved, documentation and benchmark ranges, IPv6 unique-local and site-local) is named by its kind
 * and refused. IPv6 forms that carry an IPv4 address (IPv4-mapped `::ffff:a.b.c.d`, IPv4-compatible `::a.b.c.d`,
 * NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are judged by the IPv4 address inside them.
 *
 * IPv4 is read as `inet_aton` reads it (what the resolver and the socket layer accept): one to four parts, each
 * decimal, octal (`0177`) or hex (`0x7f`), the last part filling the remaining bytes, so `2130706433`, `0177.0.0.1`,
 * `0x7f.1` and `127.1` are all 127.0.0.1.
 */

export type AddressKind =
  | 'public'
  | 'unspecified'
  | 'this-network'
  | 'private'
  | 'loopback'
  | 'link-local'
  | 'shared'
  | 'multicast'
  | 'reserved'
  | 'broadcast'
  | 'documentation'
  | 'benchmark'
  | 'unique-local'
  | 'site-local';

/** One part of an inet_aton address: decimal, 0-prefixed octal or 0x-prefixed hex. */
function ipv4Part(text: string): number | null {
  let value: number;
  if (/^0x[0-9a-f]*$/i.test(text)) value = text.length === 2 ? 0 : Number.parseInt(text.slice(2), 16);
  else if (/^0[0-7]*$/.test(text)) value = text.length === 1 ? 0 : Number.parseInt(text.slice(1), 8);
  else if (/^[1-9][0-9]*$/.test(text)) value = Number.parseInt(text, 10);
  else return null;
  return Number.isSafeInteger(value) ? value : null;
}

/** The address as an unsigned 32-bit number, or null when the text is not an IPv4 address in any spelling. */
export function parseIPv4(text: string): number | null {
  // a trailing dot is the root label (WHATWG drops it too)
  const parts = (text.endsWith('.') ? text.slice(0, -1) : text).split('.');
  if (parts.length < 1 || parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    const value = ipv4Part(part);
    if (value === null) return null;
    values.push(value);
  }
  const last = values.pop() as number;
  if (values.some((v) => v > 255)) return null;
  // the last part fills the bytes the others left: 127.1 is 127.0.0.1, 2130706433 is 127.0.0.1
  if (last >= 2 ** (8 * (4 - values.length))) return null;
  let n = 0;
  for (const v of values) n = n * 256 + v;
  return n * 2 ** (8 * (4 - values.length)) + last;
}

/** The eight 16-bit groups of an IPv6 address (brackets and a zone id allowed), or null. */
export function parseIPv6(text: string): number[] | null {
  let s = text;
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const zone = s.indexOf('%');
  if (zone !== -1) s = s.slice(0, zone);
  if (!/^[0-9a-f:.]+$/i.test(s)) return null;
  // a dotted IPv4 tail (::ffff:127.0.0.1) is two groups
  let tail: number[] = [];
  const lastColon = s.lastIndexOf(':');
  if (s.includes('.')) {
    const v4 = s.slice(lastColon + 1);
    if (!/^\d{1,3}(\.\d{1,3}){3}$/.test(v4)) return null;
    const bytes = v4.split('.').map(Number);
    if (bytes.some((b) => b > 255)) return null;
    tail = [((bytes[0] as number) << 8) | (bytes[1] as number), ((bytes[2] as number) << 8) | (bytes[3] as number)];
    s = s.slice(0, lastColon + 1);
    // '::ffff:' -> '::ffff', but keep the '::' of '::1.2.3.4'
    if (s.endsWith(':') && !s.endsWith('::')) s = s.slice(0, -1);
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (half: string): number[] | null => {
    if (half === '') return [];
    const out: number[] = [];
    for (const g of half.split(':')) {
      if (!/^[0-9a-f]{1,4}$/i.test(g)) return null;
      out.push(Number.parseInt(g, 16));
    }
    return out;
  };
  const head = groups(halves[0] as string);
  if (head === null) return null;
  if (halves.length === 1) {
    const all = [...head, ...tail];
    return all.length === 8 ? all : null;
  }
  const rest = groups(halves[1] as string);
  if (rest === null) return null;
  const known = head.length + rest.length + tail.length;
  if (known > 7) return null;
  return [...head, ...new Array<number>(8 - known).fill(0), ...rest, ...tail];
}

/** IPv4 special-purpose ranges (IANA registry, RFC 6890 and successors) that are not globally reachable. */
const IPV4_RANGES: readonly [string, number, AddressKind][] = [
  ['0.0.0.0', 8, 'this-network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'],
  ['127.0.0.0', 8, 'loopback'],
  // 169.254.169.254 is the cloud metadata service
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmark'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['255.255.255.255', 32, 'broadcast'],
  ['240.0.0.0', 4, 'reserved'],
];
const IPV4_TABLE = IPV4_RANGES.map(([base, bits, kind]) => ({
  base: parseIPv4(base) as number,
  size: 2 ** (32 - bits),
  kind,
}));

export function classifyIPv4(n: number): AddressKind {
  for (const range of IPV4_TABLE) {
    if (n >= range.base && n < range.base + range.size) return range.kind;
  }
  return 'public';
}

/** The kind of an address carried in an IPv6 form: its own kind when not public, `reserved` when it is. */
const carried = (kind: AddressKind): AddressKind => (kind === 'public' ? 'reserved' : kind);

export function classifyIPv6(g: readonly number[]): AddressKind {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const v4 = g6 * 65536 + g7;
  const zeroTo4 = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroTo4 && g5 === 0 && g6 === 0 && g7 === 0) return 'unspecified';
  if (zeroTo4 && g5 === 0 && g6 === 0 && g7 === 1) return 'loopback';
  // IPv4-mapped ::ffff:a.b.c.d: the socket connects to the IPv4 address
  if (zeroTo4 && g5 === 0xffff) return classifyIPv4(v4);
  // IPv4-compatible ::a.b.c.d (deprecated): never public
  if (zeroTo4 && g5 === 0) return carried(classifyIPv4(v4));
  // NAT64 well-known prefix: the translator connects to the IPv4 address
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return classifyIPv4(v4);
  // 6to4 (deprecated): the IPv4 address is in groups 1-2; never public
  if (g0 === 0x2002) return carried(classifyIPv4(g1 * 65536 + g2));
  if ((g0 & 0xfe00) === 0xfc00) return 'unique-local';
  if ((g0 & 0xffc0) === 0xfe80) return 'link-local';
  if ((g0 & 0xffc0) === 0xfec0) return 'site-local';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  // only 2000::/3 is global unicast; the rest (::/8, 64:ff9b:1::/48, 100::/64, ...) is reserved
  if ((g0 & 0xe000) !== 0x2000) return 'reserved';
  if (g0 === 0x2001 && g1 === 0x0db8) return 'documentation';
  if (g0 === 0x2001 && g1 === 0x0002 && g2 === 0) return 'benchmark';
  // 2001::/23, IETF protocol assignments (Teredo 2001::/32 among them)
  if (g0 === 0x2001 && g1 < 0x0200) return 'reserved';
  // 3fff::/20, documentation (RFC 9637)
  if (g0 === 0x3fff && (g1 & 0xf000) === 0) return 'documentation';
  return 'public';
}

/**
 * The kind of an address written in any spelling (IPv4 as inet_aton reads it, IPv6 with or without brackets and
 * zone), or null when the text is not an IP address (a host name).
 */
export function classifyAddress(text: string): AddressKind | null {
  if (text.includes(':')) {
    const groups = parseIPv6(text);
    return groups === null ? null : classifyIPv6(groups);
  }
  const n = parseIPv4(text);
  return n === null ? null : classifyIPv4(n);
}
