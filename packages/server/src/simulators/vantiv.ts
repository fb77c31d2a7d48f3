import { createServer, type ServerResponse } from 'node:http';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { safeEqual } from '../security/secrets';
import { closeServer, listen, readBody } from './http';

/**
 * A loopback SIMULATOR of Worldpay's eComm PayFac Merchant Provisioner (issue #24 §2; decision 088), for development
 * and tests. It is not Worldpay and says so (an `X-Simulator` header on every answer, and its `/__sim/` pages). What it
 * reproduces: Basic auth (401), the v13 XML content type (415 otherwise), XML validation errors as
 * `<errorResponse><errors><error>`, `POST /legalentity` answering `legalEntityId` and `responseCode` (10 approved; a
 * legal name holding "REVIEW" gets 20, manual review) with `duplicate="true"` when the same legal entity (name and
 * tax id) comes again, and `POST /legalentity/{id}/submerchant` (only for an approved legal entity; `duplicate="true"`
 * for the same `pspMerchantId`; MCC 0000 is not approved; an account number starting 999 is refused, quoted). Faults: `POST /__sim/faults` `{"fail":2,"status":503}`, `{"slowMs":2000}`,
 * `{"malformed":1}`; `GET /__sim/stats`, `GET /__sim/legal-entities`.
 */
export interface VantivSimOptions {
  host?: string;
  port?: number;
  username?: string;
  password?: string;
}

interface SimLegalEntity {
  legalEntityId: string;
  name: string;
  taxId: string | null;
  responseCode: number;
  subMerchants: { subMerchantId: string; pspMerchantId: string; merchantName: string }[];
}

export interface VantivSimulator {
  url: string;
  testHosts: string[];
  username: string;
  password: string;
  stats: { calls: number; refused: number; invalid: number; legalEntities: number; subMerchants: number };
  legalEntities: SimLegalEntity[];
  stop(): Promise<void>;
}

const NOTICE = 'Worldpay/Vantiv PayFac SIMULATOR for development and tests (not Worldpay)';
const CONTENT_TYPE = 'application/com.vantivcnp.payfac-v13+xml';
const NS = 'http://payfac.vantivcnp.com/api/merchant/onboard';
const LEGAL_ENTITY_TYPES = new Set([
  'INDIVIDUAL_SOLE_PROPRIETORSHIP',
  'CORPORATION',
  'LIMITED_LIABILITY_COMPANY',
  'PARTNERSHIP',
  'LIMITED_PARTNERSHIP',
  'GENERAL_PARTNERSHIP',
  'TAX_EXEMPT_ORGANIZATION',
  'GOVERNMENT_AGENCY',
]);

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false });
const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: true,
  suppressBooleanAttributes: false,
});
const xml = (root: string, body: object) =>
  builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8', '@_standalone': 'yes' },
    [root]: { '@_xmlns': NS, ...body },
  }) as string;

type Node = Record<string, unknown>;
const text = (n: Node | undefined, k: string): string | undefined => {
  const v = n?.[k];
  return typeof v === 'string' ? v : undefined;
};

/** The XSD's length rules for the elements the simulator checks: the provider's kind of validation errors. */
function check(problems: string[], n: Node | undefined, el: string, min: number, max: number, required = true) {
  const v = text(n, el);
  if (v === undefined) {
    if (required) problems.push(`${el} is required`);
    return;
  }
  if (v.length < min || v.length > max) problems.push(`${el} must be ${min} to ${max} characters long`);
}

export async function startVantivSimulator(options: VantivSimOptions = {}): Promise<VantivSimulator> {
  const host = options.host ?? '127.0.0.1';
  const username = options.username ?? 'sim-payfac-user';
  const password = options.password ?? 'SIMULATOR-PAYFAC-PASSWORD-NOT-WORLDPAY';
  const stats = { calls: 0, refused: 0, invalid: 0, legalEntities: 0, subMerchants: 0 };
  const faults = { fail: 0, status: 503, slowMs: 0, malformed: 0 };
  const legalEntities: SimLegalEntity[] = [];
  let nextId = 201_000;

  const send = (res: ServerResponse, status: number, body: string, type = CONTENT_TYPE) => {
    res.writeHead(status, { 'content-type': type, 'x-simulator': NOTICE });
    res.end(body);
  };
  const json = (res: ServerResponse, status: number, payload: unknown) =>
    send(res, status, JSON.stringify({ notice: NOTICE, ...(payload as object) }), 'application/json');
  const errors = (res: ServerResponse, status: number, list: string[]) => {
    stats.invalid++;
    send(res, status, xml('errorResponse', { errors: { error: list } }));
  };

  function legalEntityProblems(req: Node | undefined): string[] {
    const p: string[] = [];
    if (!req) return ['Request must be a legalEntityCreateRequest'];
    check(p, req, 'legalEntityName', 1, 60);
    const type = text(req, 'legalEntityType');
    if (!type || !LEGAL_ENTITY_TYPES.has(type)) p.push(`legalEntityType "${type ?? ''}" is not a valid value`);
    if (!['PUBLIC', 'PRIVATE'].includes(text(req, 'legalEntityOwnershipType') ?? '')) {
      p.push('legalEntityOwnershipType must be PUBLIC or PRIVATE');
    }
    check(p, req, 'taxId', 9, 25, false);
    check(p, req, 'contactPhone', 1, 10, false);
    if (!/^\d+$/.test(text(req, 'annualCreditCardSalesVolume') ?? ''))
      p.push('annualCreditCardSalesVolume is required');
    if (!['true', 'false'].includes(text(req, 'hasAcceptedCreditCards') ?? '')) {
      p.push('hasAcceptedCreditCards must be true or false');
    }
    const address = req.address as Node | undefined;
    if (!address) p.push('address is required');
    else {
      check(p, address, 'streetAddress1', 1, 60);
      check(p, address, 'city', 1, 20);
      check(p, address, 'stateProvince', 1, 2);
      check(p, address, 'postalCode', 1, 7);
      check(p, address, 'countryCode', 2, 3);
    }
    const principal = req.principal as Node | undefined;
    if (!principal) p.push('principal is required');
    else {
      check(p, principal, 'firstName', 1, 20);
      check(p, principal, 'lastName', 1, 20);
      check(p, principal, 'ssn', 9, 25, false);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(text(principal, 'dateOfBirth') ?? '')) p.push('principal dateOfBirth is invalid');
      const stake = Number(text(principal, 'stakePercent'));
      if (!Number.isInteger(stake) || stake < 0 || stake > 100) p.push('principal stakePercent must be 0 to 100');
    }
    return p;
  }

  function subMerchantProblems(req: Node | undefined): string[] {
    const p: string[] = [];
    if (!req) return ['Request must be a subMerchantCreateRequest'];
    check(p, req, 'merchantName', 1, 50);
    check(p, req, 'url', 1, 120);
    check(p, req, 'customerServiceNumber', 1, 13);
    check(p, req, 'hardCodedBillingDescriptor', 1, 25);
    if (!/^\d{1,12}$/.test(text(req, 'maxTransactionAmount') ?? '')) p.push('maxTransactionAmount is invalid');
    check(p, req, 'merchantCategoryCode', 1, 4);
    // the PayFac's approved MCC list (GET /mcc at Worldpay): 0000 is never on it
    if (text(req, 'merchantCategoryCode') === '0000')
      p.push('Merchant Category Code 0000 is not approved for this PayFac');
    // a provider that quotes what it refuses: a client must not store or show the quoted bank account number
    const account = text(req, 'bankAccountNumber') ?? '';
    if (account.startsWith('999')) p.push(`bankAccountNumber ${account} failed the bank's check`);
    check(p, req, 'bankRoutingNumber', 1, 50);
    check(p, req, 'bankAccountNumber', 1, 50);
    check(p, req, 'pspMerchantId', 1, 32);
    check(p, req, 'settlementCurrency', 3, 3);
    return p;
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://sim');
      const route = `${req.method} ${url.pathname}`;
      if (route === 'POST /__sim/faults') {
        const f = JSON.parse((await readBody(req, 4096)) || '{}') as Partial<typeof faults>;
        Object.assign(faults, { fail: 0, status: 503, slowMs: 0, malformed: 0 }, f);
        return json(res, 200, { faults });
      }
      if (route === 'GET /__sim/stats') return json(res, 200, stats);
      if (route === 'GET /__sim/legal-entities') return json(res, 200, { legalEntities });
      const sub = /^\/legalentity\/([^/]+)\/submerchant$/.exec(url.pathname);
      if (req.method !== 'POST' || (url.pathname !== '/legalentity' && !sub)) {
        return errors(res, 404, [`No such resource: ${req.method} ${url.pathname}`]);
      }
      stats.calls++;
      if (faults.slowMs) await new Promise((r) => setTimeout(r, faults.slowMs));
      if (faults.fail > 0) {
        faults.fail--;
        return send(res, faults.status, 'Service Unavailable', 'text/plain');
      }
      const auth = req.headers.authorization ?? '';
      const given = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString('utf8') : '';
      if (!safeEqual(given, `${username}:${password}`)) {
        stats.refused++;
        res.writeHead(401, { 'www-authenticate': 'Basic realm="payfac-sim"', 'x-simulator': NOTICE });
        return res.end();
      }
      if (req.headers['content-type'] !== CONTENT_TYPE) {
        return errors(res, 415, [`Content-Type must be ${CONTENT_TYPE}`]);
      }
      const raw = await readBody(req, 256 * 1024);
      if (raw === null) return errors(res, 413, ['The request is too large']);
      let doc: Node;
      try {
        doc = parser.parse(raw, true) as Node;
      } catch {
        return errors(res, 400, ['The request is not well-formed XML']);
      }
      if (faults.malformed > 0) {
        faults.malformed--;
        return send(res, 200, '<legalEntityCreateResponse><legalEntityId>');
      }
      if (!sub) {
        const body = doc.legalEntityCreateRequest as Node | undefined;
        const problems = legalEntityProblems(body);
        if (problems.length > 0 || !body) return errors(res, 400, problems);
        const name = text(body, 'legalEntityName') as string;
        const taxId = text(body, 'taxId') ?? null;
        const found = legalEntities.find((e) => e.name === name && e.taxId === taxId);
        const entity = found ?? {
          legalEntityId: String(nextId++),
          name,
          taxId,
          responseCode: /REVIEW/i.test(name) ? 20 : 10,
          subMerchants: [],
        };
        if (!found) {
          legalEntities.push(entity);
          stats.legalEntities++;
        }
        return send(
          res,
          found ? 200 : 201,
          xml('legalEntityCreateResponse', {
            ...(found ? { '@_duplicate': 'true' } : {}),
            transactionId: String(9_000_000 + stats.calls),
            legalEntityId: entity.legalEntityId,
            responseCode: String(entity.responseCode),
            responseDescription: entity.responseCode === 10 ? 'Approved' : 'Manual Review',
          }),
        );
      }
      const entity = legalEntities.find((e) => e.legalEntityId === decodeURIComponent(sub[1] as string));
      if (!entity) return errors(res, 404, ['Legal Entity not found']);
      if (entity.responseCode !== 10) return errors(res, 400, ['Legal Entity is not approved']);
      const body = doc.subMerchantCreateRequest as Node | undefined;
      const problems = subMerchantProblems(body);
      if (problems.length > 0 || !body) return errors(res, 400, problems);
      const pspMerchantId = text(body, 'pspMerchantId') as string;
      const found = entity.subMerchants.find((s) => s.pspMerchantId === pspMerchantId);
      const made = found ?? {
        subMerchantId: String(nextId++),
        pspMerchantId,
        merchantName: text(body, 'merchantName') as string,
      };
      if (!found) {
        entity.subMerchants.push(made);
        stats.subMerchants++;
      }
      return send(
        res,
        found ? 200 : 201,
        xml('subMerchantCreateResponse', {
          ...(found ? { '@_duplicate': 'true' } : {}),
          transactionId: String(9_000_000 + stats.calls),
          subMerchantId: made.subMerchantId,
          merchantIdentString: `sim${made.subMerchantId}`,
        }),
      );
    })().catch(() => {
      if (!res.headersSent) send(res, 500, 'simulator error', 'text/plain');
    });
  });
  const port = await listen(server, options.port ?? 4060, host);
  return {
    url: `http://${host}:${port}`,
    testHosts: [`${host}:${port}`],
    username,
    password,
    stats,
    legalEntities,
    stop: () => closeServer(server),
  };
}
