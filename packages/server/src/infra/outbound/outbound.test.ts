import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { type AddressInfo, createServer as createNetServer, type Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  Certificate,
  Extension,
  Extensions,
  GeneralName,
  id_ce_subjectAltName,
  Name,
  RelativeDistinguishedName,
  SubjectAlternativeName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Time,
  Validity,
  Version,
} from '@peculiar/asn1-x509';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress, classifyIPv4, parseIPv4 } from './address';
import {
  createOutbound,
  DEFAULT_OUTBOUND_ALLOW,
  hostPatternOf,
  MAX_DETAIL_CHARS,
  type OutboundConnector,
  OutboundFailed,
  type OutboundLookup,
  type OutboundPolicy,
  OutboundRefused,
  redact,
} from './outbound';

const BASE: OutboundPolicy = {
  allow: { salesforce: ['login.salesforce.com', '*.my.salesforce.com'] },
  testHosts: [],
  timeoutMs: 5_000,
  maxBodyBytes: 1024 * 1024,
};

/** A connector that records every connect it is asked for and opens nothing (there is no internet here). */
function watchingConnector() {
  const calls: { hostname: string; servername?: string; port: string; protocol: string }[] = [];
  const connector: OutboundConnector = (target, callback) => {
    calls.push({
      hostname: target.hostname,
      servername: target.servername,
      port: target.port,
      protocol: target.protocol,
    });
    callback(Object.assign(new Error('connect ECONNREFUSED (test)'), { code: 'ECONNREFUSED' }), null);
  };
  return { calls, connector };
}

/** A resolver answering from a table; records every question. */
function tableLookup(table: Record<string, string[] | Error | 'hang'>) {
  const asked: string[] = [];
  const lookup: OutboundLookup = async (hostname) => {
    asked.push(hostname);
    const answer = table[hostname];
    if (answer === undefined)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    if (answer === 'hang') return new Promise(() => undefined);
    if (answer instanceof Error) throw answer;
    return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { asked, lookup };
}

/** Runs a request and returns what it threw (or 'answered'). */
async function outcome(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
    return 'answered';
  } catch (err) {
    return err;
  }
}

/** Any IPv4 address as a number, half of them drawn inside the ranges that must be refused. */
const anyIPv4 = fc.oneof(
  fc.integer({ min: 0, max: 2 ** 32 - 1 }),
  ...(
    [
      ['0.0.0.0', 8],
      ['10.0.0.0', 8],
      ['100.64.0.0', 10],
      ['127.0.0.0', 8],
      ['169.254.0.0', 16],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
      ['198.18.0.0', 15],
      ['224.0.0.0', 4],
      ['240.0.0.0', 4],
    ] as const
  ).map(([base, bits]) => {
    const from = parseIPv4(base) as number;
    return fc.integer({ min: from, max: from + 2 ** (32 - bits) - 1 });
  }),
);

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['2130706433', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['127.1', 'loopback'],
    ['017700000001', 'loopback'],
    ['0251.0376.0251.0376', 'link-local'],
    ['169.254.169.254', 'link-local'],
    ['10.255.0.1', 'private'],
    ['172.20.1.1', 'private'],
    ['192.168.0.1', 'private'],
    ['100.100.100.200', 'shared'],
    ['0.1.2.3', 'this-network'],
    ['224.0.0.251', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['250.1.1.1', 'reserved'],
    ['192.0.2.9', 'documentation'],
    ['198.19.255.1', 'benchmark'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', 'link-local'],
    ['::127.0.0.1', 'loopback'],
    ['::8.8.8.8', 'reserved'],
    ['64:ff9b::10.0.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'link-local'],
    ['64:ff9b:1::1', 'reserved'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['2002:808:808::1', 'reserved'],
    ['fe80::1%eth0', 'link-local'],
    ['fd00:ec2::254', 'unique-local'],
    ['fec0::1', 'site-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::808:808', 'public'],
    ['2606:4700:4700::1111', 'public'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it('gives every spelling of an IPv4 address, and the IPv6 forms carrying it, one answer', () => {
    fc.assert(
      fc.property(anyIPv4, (n) => {
        const b = [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255] as const;
        const dotted = b.join('.');
        const kind = classifyIPv4(n);
        const spellings = [
          dotted,
          String(n),
          `0x${n.toString(16)}`,
          `0${n.toString(8)}`,
          b.map((x) => `0${x.toString(8)}`).join('.'),
          b.map((x) => `0x${x.toString(16)}`).join('.'),
          `${b[0]}.${b[1]}.${b[2] * 256 + b[3]}`,
          `${b[0]}.${(b[1] << 16) | (b[2] << 8) | b[3]}`,
          `${dotted}.`,
        ];
        for (const spelling of spellings) {
          expect(parseIPv4(spelling), spelling).toBe(n);
          expect(classifyAddress(spelling), spelling).toBe(kind);
          // what new URL() makes of it is the dotted form, judged the same
          expect(new URL(`https://${spelling}/`).hostname, spelling).toBe(dotted);
        }
        const hex = `${((b[0] << 8) | b[1]).toString(16)}:${((b[2] << 8) | b[3]).toString(16)}`;
        expect(classifyAddress(`::ffff:${dotted}`)).toBe(kind);
        expect(classifyAddress(`[::ffff:${hex}]`)).toBe(kind);
        expect(classifyAddress(`64:ff9b::${dotted}`)).toBe(kind);
        // ::0.0.0.0 and ::0.0.0.1 are :: and ::1 (unspecified, loopback): refused as well
        if (n > 1) expect(classifyAddress(`::${dotted}`)).toBe(kind === 'public' ? 'reserved' : kind);
        const sixToFour = classifyAddress(`2002:${hex}::1`);
        expect(sixToFour).toBe(kind === 'public' ? 'reserved' : kind);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads host names and malformed text as no address', () => {
    for (const text of ['login.salesforce.com', '1.2.3.4.5', '08.0.0.1', '4294967296', '256.1.1.1', '1::2::3', ':::'])
      expect(classifyAddress(text), text).toBeNull();
  });
});

describe('what new URL() hands the check', () => {
  // WHATWG already rewrites these IPv4 spellings in http(s) URLs; the classifier reads the raw forms too (above)
  it.each([
    ['https://2130706433/', '127.0.0.1'],
    ['https://0177.0.0.1/', '127.0.0.1'],
    ['https://0x7f.1/', '127.0.0.1'],
    ['https://127.1/', '127.0.0.1'],
    ['https://%31%32%37.0.0.1/', '127.0.0.1'],
    ['https://169.254.169.254./', '169.254.169.254'],
    ['https://[::ffff:127.0.0.1]/', '[::ffff:7f00:1]'],
    ['https://[0:0:0:0:0:ffff:7f00:1]/', '[::ffff:7f00:1]'],
    ['https://LOGIN.Salesforce.COM/', 'login.salesforce.com'],
  ])('%s -> %s', (raw, hostname) => {
    expect(new URL(raw).hostname).toBe(hostname);
  });
});

describe('the default allowlists', () => {
  const outbound = createOutbound({ ...BASE, allow: DEFAULT_OUTBOUND_ALLOW });
  it.each([
    ['https://login.salesforce.com/services/oauth2/token', true],
    ['https://test.salesforce.com/services/oauth2/authorize', true],
    ['https://acme.my.salesforce.com/services/data/v61.0/', true],
    ['https://acme--dev.sandbox.my.salesforce.com/', true],
    ['https://salesforce.com/', false],
    ['https://login.salesforce.com.attacker.example/', false],
    ['https://attacker.example/login.salesforce.com', false],
    ['https://acme.my.salesforce.com:444/', false],
    ['https://acme.my.salesforce.com./', false],
  ])('salesforce: %s -> %s', (url, allowed) => {
    expect(outbound.allows('salesforce', url)).toBe(allowed);
  });
  it('keeps each provider to its own hosts', () => {
    expect(outbound.allows('cardconnect', 'https://login.salesforce.com/')).toBe(false);
    expect(outbound.allows('kyc', 'https://login.salesforce.com/')).toBe(false);
  });
});

/**
 * Hostile URLs: each one's host is put on the provider's allowlist, so only the address check can refuse it. None
 * may reach the resolver or the connector.
 */
const HOSTILE_URLS = [
  'https://169.254.169.254/latest/meta-data/iam/security-credentials/',
  'https://169.254.169.254./latest/meta-data/',
  'https://[fd00:ec2::254]/latest/meta-data/',
  'https://100.100.100.200/latest/meta-data/',
  'https://10.0.0.1/',
  'https://172.16.0.1/',
  'https://172.31.255.255/',
  'https://192.168.1.1/',
  'https://100.64.0.1/',
  'https://127.0.0.1/',
  'https://127.255.255.254/',
  'https://0.0.0.0/',
  'https://224.0.0.1/',
  'https://255.255.255.255/',
  'https://240.0.0.1/',
  'https://192.0.2.1/',
  'https://198.51.100.1/',
  'https://203.0.113.1/',
  'https://198.18.0.1/',
  'https://192.0.0.1/',
  'https://[::1]/',
  'https://[::]/',
  'https://[::ffff:7f00:1]/',
  'https://[::ffff:127.0.0.1]/',
  'https://[0:0:0:0:0:ffff:7f00:1]/',
  'https://[::ffff:169.254.169.254]/',
  'https://[::127.0.0.1]/',
  'https://[64:ff9b::a9fe:a9fe]/',
  'https://[64:ff9b::10.0.0.1]/',
  'https://[2002:7f00:1::]/',
  'https://[2002:c0a8:101::1]/',
  'https://[fe80::1]/',
  'https://[fc00::1]/',
  'https://[fec0::1]/',
  'https://[ff02::1]/',
  'https://[2001:db8::1]/',
  'https://[2001::1]/',
  'https://2130706433/',
  'https://0177.0.0.1/',
  'https://0x7f.1/',
  'https://0x7f000001/',
  'https://127.1/',
  'https://127.0.1/',
  'https://017700000001/',
  'https://%31%32%37.0.0.1/',
  'https://0251.0376.0251.0376/',
  'https://0xa9fea9fe/',
];

describe('a URL whose host is a non-public address', () => {
  it.each(HOSTILE_URLS)('%s is refused before any lookup or connect', async (raw) => {
    const hostname = new URL(raw).hostname;
    const watch = watchingConnector();
    const dns = tableLookup({});
    // the host itself is on the list: only the address check stands in the way
    const outbound = createOutbound({
      ...BASE,
      allow: { salesforce: [hostname.replace(/^\[|\]$/g, '')] },
      lookup: dns.lookup,
      connector: watch.connector,
    });
    const err = await outcome(outbound.request({ provider: 'salesforce', method: 'GET', url: raw }));
    expect(err).toBeInstanceOf(OutboundRefused);
    expect((err as OutboundRefused).reason).toMatch(/is an? [a-z-]+ address/);
    expect(outbound.allows('salesforce', raw)).toBe(false);
    expect(dns.asked).toEqual([]);
    expect(watch.calls).toEqual([]);
  });
});

describe('a URL the allowlist or its form refuses', () => {
  it.each([
    ['http://login.salesforce.com/services/oauth2/token', 'plain http'],
    ['https://user:pass@login.salesforce.com/', 'credentials in the URL'],
    ['https://login.salesforce.com@evil.example/', 'credentials in the URL'],
    ['https://login.salesforce.com:8443/', 'host not allowed'],
    ['https://evil.example/?next=login.salesforce.com', 'host not allowed'],
    ['https://login.salesforce.com.evil.example/', 'host not allowed'],
    ['https://evilmy.salesforce.com/', 'host not allowed'],
    ['https://my.salesforce.com/', 'host not allowed'],
    ['https://localhost/', 'host not allowed'],
    ['https://acme..my.salesforce.com/', 'not a host name'],
    ['file:///etc/passwd', 'scheme file:'],
    ['ftp://login.salesforce.com/', 'scheme ftp:'],
    ['gopher://login.salesforce.com:70/_GET', 'scheme gopher:'],
    ['ws://login.salesforce.com/', 'scheme ws:'],
    ['wss://login.salesforce.com/', 'scheme wss:'],
    ['data:text/plain,hello', 'scheme data:'],
    ['javascript:alert(1)', 'scheme javascript:'],
    ['//login.salesforce.com/', 'not a URL'],
  ])('%s (%s)', async (raw, reason) => {
    const watch = watchingConnector();
    const dns = tableLookup({});
    const outbound = createOutbound({ ...BASE, lookup: dns.lookup, connector: watch.connector });
    const err = await outcome(outbound.request({ provider: 'salesforce', method: 'GET', url: raw }));
    expect(err).toBeInstanceOf(OutboundRefused);
    expect((err as OutboundRefused).reason).toBe(reason);
    expect(dns.asked).toEqual([]);
    expect(watch.calls).toEqual([]);
  });
});

/**
 * Button links (issue #24 §4; decision 084): the platform admin's URL is the only allowlist, handed with each call as
 * `allowHosts` (its host pattern). Hostile URLs an admin could type (or be tricked into typing) are refused before any
 * lookup or connect, with their own host on the list.
 */
describe('button links: the admin-set host is the allowlist', () => {
  const HOSTILE_BUTTON_LINKS: [string, RegExp][] = [
    ['https://169.254.169.254/latest/meta-data/iam/security-credentials/', /is a link-local address/],
    ['https://[fd00:ec2::254]/latest/meta-data/', /is a unique-local address|is a private address/],
    ['https://metadata.google.internal./computeMetadata/v1/', /^not a host name$/],
    ['https://[::ffff:a9fe:a9fe]/hook', /is a link-local address/],
    ['https://0xa9fea9fe/hook', /is a link-local address/],
    ['https://10.0.0.1:8443/hook', /is a private address/],
    ['https://127.1/hook', /is a loopback address/],
    ['https://[::1]:8443/hook', /is a loopback address/],
    ['https://[64:ff9b::7f00:1]/hook', /is a loopback address/],
    ['http://hooks.example.com/under', /^plain http$/],
    ['https://user:secret@hooks.example.com/under', /^credentials in the URL$/],
    ['https://hooks.example.com@169.254.169.254/', /^credentials in the URL$/],
    ['gopher://hooks.example.com:70/_POST', /^scheme gopher:$/],
    ['file:///etc/passwd', /^scheme file:$/],
  ];
  it.each(HOSTILE_BUTTON_LINKS)('%s is refused before any lookup or connect', async (raw, reason) => {
    const watch = watchingConnector();
    const dns = tableLookup({});
    const outbound = createOutbound({
      ...BASE,
      allow: DEFAULT_OUTBOUND_ALLOW,
      lookup: dns.lookup,
      connector: watch.connector,
    });
    const allowHosts = [hostPatternOf(raw) ?? ''];
    const err = await outcome(outbound.request({ provider: 'buttonlink', method: 'POST', url: raw, allowHosts }));
    expect(err).toBeInstanceOf(OutboundRefused);
    expect((err as OutboundRefused).reason).toMatch(reason);
    expect(outbound.allows('buttonlink', raw, allowHosts)).toBe(false);
    expect(dns.asked).toEqual([]);
    expect(watch.calls).toEqual([]);
  });

  it.each([
    ['loopback', ['127.0.0.1']],
    ['metadata', ['169.254.169.254']],
    ['private', ['192.168.1.20']],
    ['one public and one private answer', ['34.120.0.1', '10.1.2.3']],
    ['IPv4-mapped metadata', ['::ffff:169.254.169.254']],
  ])('a button-link host resolving to %s is refused and never connected (pinned resolution)', async (_, answers) => {
    const watch = watchingConnector();
    const dns = tableLookup({ 'hooks.example.com': answers });
    const outbound = createOutbound({ ...BASE, lookup: dns.lookup, connector: watch.connector });
    const url = 'https://hooks.example.com/under';
    const err = await outcome(
      outbound.request({ provider: 'buttonlink', method: 'POST', url, allowHosts: ['hooks.example.com'] }),
    );
    expect(err).toBeInstanceOf(OutboundRefused);
    expect((err as OutboundRefused).reason).toMatch(/^hooks\.example\.com resolves to /);
    expect(watch.calls).toEqual([]);
  });

  it("allows exactly the admin's host and port, for button links only", () => {
    const outbound = createOutbound({ ...BASE, allow: DEFAULT_OUTBOUND_ALLOW });
    const url = 'https://hooks.example.com/under';
    expect(hostPatternOf(url)).toBe('hooks.example.com');
    expect(hostPatternOf('https://hooks.example.com:8443/x')).toBe('hooks.example.com:8443');
    expect(outbound.allows('buttonlink', url, ['hooks.example.com'])).toBe(true);
    // no host of its own: nothing is allowed
    expect(outbound.allows('buttonlink', url)).toBe(false);
    // another integration's host, another port, a look-alike
    expect(outbound.allows('buttonlink', 'https://other.example.com/under', ['hooks.example.com'])).toBe(false);
    expect(outbound.allows('buttonlink', 'https://hooks.example.com:8443/under', ['hooks.example.com'])).toBe(false);
    expect(outbound.allows('buttonlink', 'https://hooks.example.com.evil.example/', ['hooks.example.com'])).toBe(false);
    // a fixed-host provider never takes a host from the call
    expect(outbound.allows('salesforce', url, ['hooks.example.com'])).toBe(false);
    expect(outbound.allows('transax', url, ['hooks.example.com'])).toBe(false);
  });
});

/**
 * Transax's gatewayUrl (issue #24 §2): a URL the client types and the server sends a password to. Only the transax
 * allowlist's hosts, over https on 443; everything else is refused before any lookup or connect.
 */
describe('transax gatewayUrl: a typed URL the server sends a password to', () => {
  it.each([
    ['https://secure.transaxgateway.com/api/boarding/pricing', true],
    ['https://SECURE.transaxgateway.com/', true],
    ['http://secure.transaxgateway.com/', false],
    ['https://secure.transaxgateway.com:8443/', false],
    ['https://transaxgateway.com/', false],
    ['https://evil.transaxgateway.com/', false],
    ['https://secure.transaxgateway.com.evil.example/', false],
    ['https://evil.example/?u=secure.transaxgateway.com', false],
    ['https://user:pw@secure.transaxgateway.com/', false],
    ['https://secure.transaxgateway.com@169.254.169.254/', false],
    ['https://169.254.169.254/latest/meta-data/', false],
    ['https://[::ffff:7f00:1]/', false],
    ['https://2130706433/', false],
    ['https://localhost/', false],
    ['gopher://secure.transaxgateway.com:70/', false],
  ])('%s -> %s', async (url, allowed) => {
    const watch = watchingConnector();
    const dns = tableLookup({});
    const outbound = createOutbound({
      ...BASE,
      allow: DEFAULT_OUTBOUND_ALLOW,
      lookup: dns.lookup,
      connector: watch.connector,
    });
    expect(outbound.allows('transax', url)).toBe(allowed);
    // a per-call host is never taken for transax
    expect(outbound.allows('transax', url, [hostPatternOf(url) ?? ''])).toBe(allowed);
    if (!allowed) {
      const err = await outcome(outbound.request({ provider: 'transax', method: 'GET', url }));
      expect(err).toBeInstanceOf(OutboundRefused);
      expect(dns.asked).toEqual([]);
      expect(watch.calls).toEqual([]);
    }
  });
});

describe('an allowed name that resolves to a non-public address', () => {
  const URL_ = 'https://acme.my.salesforce.com/services/data/v61.0/sobjects';
  it.each([
    ['loopback', ['127.0.0.1']],
    ['metadata', ['169.254.169.254']],
    ['private', ['10.1.2.3']],
    ['CGNAT metadata', ['100.100.100.200']],
    ['unspecified', ['0.0.0.0']],
    ['IPv6 loopback', ['::1']],
    ['IPv4-mapped loopback', ['::ffff:127.0.0.1']],
    ['NAT64 loopback', ['64:ff9b::7f00:1']],
    ['link-local with zone', ['fe80::1%eth0']],
    ['one public and one private answer', ['34.120.0.1', '192.168.0.10']],
    ['one private and one public answer', ['192.168.0.10', '34.120.0.1']],
    ['public IPv6 and unique-local', ['2606:4700::1111', 'fd00::1']],
    ['an unreadable answer', ['34.120.0.1', 'not-an-address']],
  ])('%s is refused and never connected', async (_, answers) => {
    const watch = watchingConnector();
    const dns = tableLookup({ 'acme.my.salesforce.com': answers });
    const outbound = createOutbound({ ...BASE, lookup: dns.lookup, connector: watch.connector });
    expect(outbound.allows('salesforce', URL_)).toBe(true);
    const err = await outcome(outbound.request({ provider: 'salesforce', method: 'GET', url: URL_ }));
    expect(err).toBeInstanceOf(OutboundRefused);
    expect((err as OutboundRefused).reason).toMatch(/^acme\.my\.salesforce\.com resolves to /);
    expect(dns.asked).toEqual(['acme.my.salesforce.com']);
    expect(watch.calls).toEqual([]);
  });

  it.each([
    ['the resolver fails', Object.assign(new Error('queryA ESERVFAIL'), { code: 'ESERVFAIL' }), 'network'],
    ['the name does not exist', undefined, 'network'],
    ['the resolver answers nothing', [], 'network'],
    ['the resolver never answers', 'hang', 'timeout'],
  ] as const)('fails closed when %s', async (_, answer, kind) => {
    const watch = watchingConnector();
    const dns = tableLookup(answer === undefined ? {} : { 'acme.my.salesforce.com': answer as never });
    const outbound = createOutbound({
      ...BASE,
      connectTimeoutMs: 200,
      lookup: dns.lookup,
      connector: watch.connector,
    });
    const err = await outcome(outbound.request({ provider: 'salesforce', method: 'GET', url: URL_ }));
    expect(err).toBeInstanceOf(OutboundFailed);
    expect((err as OutboundFailed).kind).toBe(kind);
    expect(watch.calls).toEqual([]);
  });
});

describe('an allowed name that resolves to public addresses', () => {
  it('connects to the checked address itself, with the host name as the TLS server name', async () => {
    const watch = watchingConnector();
    const dns = tableLookup({ 'acme.my.salesforce.com': ['34.120.0.1'] });
    const outbound = createOutbound({ ...BASE, lookup: dns.lookup, connector: watch.connector });
    const err = await outcome(
      outbound.request({ provider: 'salesforce', method: 'GET', url: 'https://acme.my.salesforce.com/x' }),
    );
    // the test connector refuses every connect: the call fails as a network error, after reaching the connect step
    expect(err).toBeInstanceOf(OutboundFailed);
    expect((err as OutboundFailed).kind).toBe('network');
    expect(dns.asked).toEqual(['acme.my.salesforce.com']);
    expect(watch.calls).toEqual([
      { hostname: '34.120.0.1', servername: 'acme.my.salesforce.com', port: '', protocol: 'https:' },
    ]);
  });

  it('tries the next checked address when one cannot be reached, never an unchecked one', async () => {
    const watch = watchingConnector();
    const dns = tableLookup({ 'login.salesforce.com': ['2606:4700::1111', '34.120.0.1'] });
    const outbound = createOutbound({ ...BASE, lookup: dns.lookup, connector: watch.connector });
    await outcome(outbound.request({ provider: 'salesforce', method: 'GET', url: 'https://login.salesforce.com/' }));
    expect(watch.calls.map((c) => c.hostname)).toEqual(['2606:4700::1111', '34.120.0.1']);
    expect(new Set(watch.calls.map((c) => c.servername))).toEqual(new Set(['login.salesforce.com']));
    expect(dns.asked).toEqual(['login.salesforce.com']);
  });
});

/** A loopback server that counts the connections it accepts. */
async function countingServer(handler: Parameters<typeof createHttpServer>[1]) {
  const server = createHttpServer(handler);
  let connections = 0;
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    connections++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('against loopback servers', () => {
  type Counting = Awaited<ReturnType<typeof countingServer>>;
  let target: Counting;
  let redirecting: Counting;
  let dribbling: Counting;
  let dribblingHeaders: Counting;
  let huge: Counting;
  let hugeDeclared: Counting;
  const timers = new Set<NodeJS.Timeout>();

  beforeAll(async () => {
    target = await countingServer((_req, res) => res.end('secret internal answer'));
    redirecting = await countingServer((req, res) => {
      const to = req.url === '/metadata' ? 'http://169.254.169.254/latest/meta-data/' : `${target.url}/admin`;
      res.writeHead(302, { location: to });
      res.end();
    });
    // headers at once, then one byte every 50 ms, for ever
    dribbling = await countingServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const t = setInterval(() => res.write('x'), 50);
      timers.add(t);
      res.on('close', () => clearInterval(t));
    });
    // the status line and headers one byte every 50 ms
    dribblingHeaders = await countingServer((req) => {
      const socket = req.socket;
      const bytes = Buffer.from(`HTTP/1.1 200 OK\r\nX-Slow: ${'y'.repeat(10_000)}`);
      let i = 0;
      const t = setInterval(() => {
        if (socket.destroyed || i >= bytes.length) return clearInterval(t);
        socket.write(bytes.subarray(i, i + 1));
        i++;
      }, 50);
      timers.add(t);
    });
    huge = await countingServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 64; i++) res.write(Buffer.alloc(1024, 97));
      res.end();
    });
    hugeDeclared = await countingServer((_req, res) => {
      res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
      res.write('a');
    });
  });
  afterAll(async () => {
    for (const t of timers) clearInterval(t);
    await Promise.all([target, redirecting, dribbling, dribblingHeaders, huge, hugeDeclared].map((s) => s.close()));
  });

  const policy = (testHosts: string[], extra: Partial<OutboundPolicy> = {}) =>
    createOutbound({ ...BASE, testHosts, ...extra });

  it('calls a test host over plain http (the simulators)', async () => {
    const before = target.connections;
    const outbound = policy([`127.0.0.1:${target.port}`]);
    const res = await outbound.request({ provider: 'salesforce', method: 'GET', url: `${target.url}/x` });
    expect(res.status).toBe(200);
    expect(res.text).toBe('secret internal answer');
    expect(target.connections).toBe(before + 1);
  });

  it('returns a redirect to loopback as the answer and never follows it', async () => {
    const before = target.connections;
    const outbound = policy([`127.0.0.1:${redirecting.port}`]);
    const res = await outbound.request({ provider: 'salesforce', method: 'GET', url: `${redirecting.url}/go` });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`${target.url}/admin`);
    expect(res.text).toBe('');
    expect(target.connections).toBe(before);
    const meta = await outbound.request({ provider: 'salesforce', method: 'POST', url: `${redirecting.url}/metadata` });
    expect(meta.status).toBe(302);
    expect(target.connections).toBe(before);
  });

  it('refuses a test host on another port than the one listed, without connecting', async () => {
    const before = target.connections;
    const outbound = policy([`127.0.0.1:${redirecting.port}`]);
    const err = await outcome(outbound.request({ provider: 'salesforce', method: 'GET', url: `${target.url}/` }));
    expect(err).toBeInstanceOf(OutboundRefused);
    expect(target.connections).toBe(before);
  });

  it('refuses a name resolving to 127.0.0.1 that is not a test host, without connecting', async () => {
    const before = target.connections;
    const dns = tableLookup({ 'evil.example': ['127.0.0.1'] });
    // the name and the server's port are even on the allowlist: the address check refuses it
    const outbound = createOutbound({
      ...BASE,
      allow: { salesforce: [`evil.example:${target.port}`] },
      lookup: dns.lookup,
    });
    const err = await outcome(
      outbound.request({ provider: 'salesforce', method: 'GET', url: `https://evil.example:${target.port}/` }),
    );
    expect(err).toBeInstanceOf(OutboundRefused);
    expect((err as OutboundRefused).reason).toBe('evil.example resolves to a loopback address (127.0.0.1)');
    expect(dns.asked).toEqual(['evil.example']);
    expect(target.connections).toBe(before);
  });

  it('lets a test host name reach loopback, but not a private address, nor its name on another port', async () => {
    const before = target.connections;
    const good = tableLookup({ 'sim.test': ['127.0.0.1'] });
    const outbound = createOutbound({ ...BASE, testHosts: [`sim.test:${target.port}`], lookup: good.lookup });
    const res = await outbound.request({
      provider: 'salesforce',
      method: 'GET',
      url: `http://sim.test:${target.port}/`,
    });
    expect(res.status).toBe(200);
    expect(target.connections).toBe(before + 1);
    const other = await outcome(
      outbound.request({ provider: 'salesforce', method: 'GET', url: `http://sim.test:${redirecting.port}/` }),
    );
    expect(other).toBeInstanceOf(OutboundRefused);

    const watch = watchingConnector();
    const privateDns = tableLookup({ 'sim.test': ['10.0.0.7'] });
    const privateOutbound = createOutbound({
      ...BASE,
      testHosts: ['sim.test:4010'],
      lookup: privateDns.lookup,
      connector: watch.connector,
    });
    const err = await outcome(
      privateOutbound.request({ provider: 'salesforce', method: 'GET', url: 'http://sim.test:4010/' }),
    );
    expect(err).toBeInstanceOf(OutboundRefused);
    expect(watch.calls).toEqual([]);
    // a test host written as a private address is refused as well
    const literal = createOutbound({ ...BASE, testHosts: ['10.0.0.7:4010'], connector: watch.connector });
    expect(
      await outcome(literal.request({ provider: 'salesforce', method: 'GET', url: 'http://10.0.0.7:4010/' })),
    ).toBeInstanceOf(OutboundRefused);
    expect(watch.calls).toEqual([]);
  });

  it('cuts a server that dribbles its body at the total time, not per byte', async () => {
    const outbound = policy([`127.0.0.1:${dribbling.port}`], { timeoutMs: 600 });
    const started = Date.now();
    const err = await outcome(outbound.request({ provider: 'salesforce', method: 'GET', url: dribbling.url }));
    const elapsed = Date.now() - started;
    expect(err).toBeInstanceOf(OutboundFailed);
    expect((err as OutboundFailed).kind).toBe('timeout');
    expect(elapsed).toBeGreaterThanOrEqual(550);
    expect(elapsed).toBeLessThan(3_000);
  });

  it('cuts a server that dribbles its headers at the total time, and honours a shorter time per request', async () => {
    const outbound = policy([`127.0.0.1:${dribblingHeaders.port}`], { timeoutMs: 10_000 });
    const started = Date.now();
    const err = await outcome(
      outbound.request({ provider: 'salesforce', method: 'GET', url: dribblingHeaders.url, timeoutMs: 600 }),
    );
    const elapsed = Date.now() - started;
    expect(err).toBeInstanceOf(OutboundFailed);
    expect((err as OutboundFailed).kind).toBe('timeout');
    expect(elapsed).toBeLessThan(3_000);
  });

  it('refuses an answer larger than the bound, streamed or declared', async () => {
    const small = { maxBodyBytes: 16 * 1024 };
    const streamed = await outcome(
      policy([`127.0.0.1:${huge.port}`], small).request({ provider: 'salesforce', method: 'GET', url: huge.url }),
    );
    expect(streamed).toBeInstanceOf(OutboundFailed);
    expect((streamed as OutboundFailed).kind).toBe('too_large');
    const declared = await outcome(
      policy([`127.0.0.1:${hugeDeclared.port}`], small).request({
        provider: 'salesforce',
        method: 'GET',
        url: hugeDeclared.url,
      }),
    );
    expect(declared).toBeInstanceOf(OutboundFailed);
    expect((declared as OutboundFailed).kind).toBe('too_large');
    // within the bound it reads the whole answer
    const fits = await policy([`127.0.0.1:${huge.port}`], { maxBodyBytes: 64 * 1024 }).request({
      provider: 'salesforce',
      method: 'GET',
      url: huge.url,
    });
    expect(fits.text.length).toBe(64 * 1024);
  });
});

/** A self-signed certificate (EC P-256) for the given DNS names, for a loopback TLS server. */
function certificateFor(names: string[]) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const alg = new AlgorithmIdentifier({ algorithm: '1.2.840.10045.4.3.2' });
  const name = new Name([
    new RelativeDistinguishedName([
      new AttributeTypeAndValue({ type: '2.5.4.3', value: new AttributeValue({ utf8String: names[0] as string }) }),
    ]),
  ]);
  const serial = randomBytes(12);
  serial[0] = (serial[0] as number) & 0x7f;
  const now = Math.floor(Date.now() / 1000) * 1000;
  const validity = new Validity();
  validity.notBefore = new Time({ utcTime: new Date(now - 3_600_000) });
  validity.notAfter = new Time({ utcTime: new Date(now + 86_400_000) });
  const tbs = new TBSCertificate({
    version: Version.v3,
    serialNumber: new Uint8Array(serial).buffer,
    signature: alg,
    issuer: name,
    validity,
    subject: name,
    subjectPublicKeyInfo: AsnConvert.parse(publicKey.export({ type: 'spki', format: 'der' }), SubjectPublicKeyInfo),
    extensions: new Extensions([
      new Extension({
        extnID: id_ce_subjectAltName,
        extnValue: new OctetString(
          AsnConvert.serialize(new SubjectAlternativeName(names.map((dNSName) => new GeneralName({ dNSName })))),
        ),
      }),
    ]),
  });
  const signature = sign('sha256', Buffer.from(AsnConvert.serialize(tbs)), privateKey);
  const der = Buffer.from(
    AsnConvert.serialize(
      new Certificate({
        tbsCertificate: tbs,
        signatureAlgorithm: alg,
        signatureValue: new Uint8Array(signature).buffer,
      }),
    ),
  );
  const cert = `-----BEGIN CERTIFICATE-----\n${der
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trim()}\n-----END CERTIFICATE-----\n`;
  return { cert, key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string };
}

describe('over TLS to a pinned address', () => {
  const good = certificateFor(['sf.test']);
  const wrong = certificateFor(['other.test']);
  let server: Server;
  let wrongServer: Server;
  let port = 0;
  let wrongPort = 0;
  const seen: { servername: string | false | null; host: string | undefined }[] = [];
  let connections = 0;

  beforeAll(async () => {
    server = createHttpsServer({ cert: good.cert, key: good.key }, (req, res) => {
      seen.push({ servername: (req.socket as TLSSocket).servername, host: req.headers.host });
      res.end('{"ok":true}');
    });
    server.on('secureConnection', () => connections++);
    wrongServer = createHttpsServer({ cert: wrong.cert, key: wrong.key }, (_req, res) => res.end('no'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => wrongServer.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    wrongPort = (wrongServer.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    wrongServer.closeAllConnections();
    await new Promise((r) => server.close(r));
    await new Promise((r) => wrongServer.close(r));
  });

  it('connects to the address resolved once per connection and verifies the certificate for the host name', async () => {
    const dns = tableLookup({ 'sf.test': ['127.0.0.1'] });
    const outbound = createOutbound({ ...BASE, testHosts: [`sf.test:${port}`], lookup: dns.lookup, ca: good.cert });
    for (let i = 0; i < 3; i++) {
      const res = await outbound.request({ provider: 'salesforce', method: 'GET', url: `https://sf.test:${port}/x` });
      expect(res.json()).toEqual({ ok: true });
    }
    expect(seen.at(-1)).toEqual({ servername: 'sf.test', host: `sf.test:${port}` });
    // one lookup per connection (kept alive between the calls), none per request
    expect(connections).toBeGreaterThanOrEqual(1);
    expect(dns.asked.length).toBe(connections);
  });

  it('cuts a TLS handshake that never completes at the connect time, well before the total', async () => {
    const accepted = new Set<Socket>();
    const silent = createNetServer((socket) => void accepted.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    try {
      const outbound = createOutbound({
        ...BASE,
        testHosts: [`127.0.0.1:${silentPort}`],
        timeoutMs: 20_000,
        connectTimeoutMs: 300,
      });
      const started = Date.now();
      const err = await outcome(
        outbound.request({ provider: 'salesforce', method: 'GET', url: `https://127.0.0.1:${silentPort}/` }),
      );
      expect(err).toBeInstanceOf(OutboundFailed);
      expect((err as OutboundFailed).kind).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(5_000);
      expect((err as OutboundFailed).message).toBe('could not connect within 300 ms');
      expect(accepted.size).toBe(1);
    } finally {
      for (const socket of accepted) socket.destroy();
      await new Promise((r) => silent.close(r));
    }
  });

  it('refuses a certificate for another name, and one no trusted authority signed', async () => {
    const dns = tableLookup({ 'sf.test': ['127.0.0.1'] });
    const wrongName = createOutbound({
      ...BASE,
      testHosts: [`sf.test:${wrongPort}`],
      lookup: dns.lookup,
      ca: `${good.cert}${wrong.cert}`,
    });
    const err = await outcome(
      wrongName.request({ provider: 'salesforce', method: 'GET', url: `https://sf.test:${wrongPort}/` }),
    );
    expect(err).toBeInstanceOf(OutboundFailed);
    expect((err as OutboundFailed).message).toMatch(/altnames|Hostname\/IP does not match/i);

    const untrusted = createOutbound({ ...BASE, testHosts: [`sf.test:${port}`], lookup: dns.lookup });
    const err2 = await outcome(
      untrusted.request({ provider: 'salesforce', method: 'GET', url: `https://sf.test:${port}/` }),
    );
    expect(err2).toBeInstanceOf(OutboundFailed);
    expect((err2 as OutboundFailed).message).toMatch(/self.signed|unable to verify/i);
  });
});

describe('redact', () => {
  it('hides tokens, secrets, codes and passwords in a provider detail, keeping the words', () => {
    const detail = [
      'POST /services/oauth2/token grant_type=authorization_code&code=aPrx1234&client_id=3MVG9abc',
      '&client_secret=C1ientS3cret&code_verifier=v3rifierv3rifier&redirect_uri=https://x.test/cb',
      'Authorization: Bearer 00D5e000000abcd!AQ4AQFw5b0TfVS8Oh1JdsessionSECRET',
      '{"access_token":"AT-secret-1","refresh_token":"RT-secret-2","instance_url":"https://acme.my.salesforce.com"}',
      "{'password': 'hunter2hunter2'} <password>xmlPassw0rd</password> consumerSecret=CS-secret-3",
      '[{"message":"Annual_Revenue__c: value not of required type: about 40k","errorCode":"INVALID_FIELD"}]',
    ].join('\n');
    const out = redact(detail);
    for (const secret of [
      'aPrx1234',
      'C1ientS3cret',
      'v3rifierv3rifier',
      'AQ4AQFw5b0TfVS8Oh1JdsessionSECRET',
      'AT-secret-1',
      'RT-secret-2',
      'hunter2hunter2',
      'xmlPassw0rd',
      'CS-secret-3',
    ])
      expect(out.includes(secret), secret).toBe(false);
    expect(out).toContain('Annual_Revenue__c: value not of required type: about 40k');
    expect(out).toContain('INVALID_FIELD');
    expect(out).toContain('"instance_url":"https://acme.my.salesforce.com"');
    expect(out).toContain('Bearer [redacted]');
  });

  it('bounds the detail', () => {
    const out = redact('x'.repeat(10_000));
    expect(out.length).toBe(MAX_DETAIL_CHARS + 1);
    expect(redact('short')).toBe('short');
  });
});
