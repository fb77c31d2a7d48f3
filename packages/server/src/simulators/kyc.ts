import { createHash, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { safeEqual } from '../security/secrets';
import { closeServer, listen, readBody } from './http';

/**
 * A loopback SIMULATOR of the KYC API of decision 089 (issue #24 §3, §5), for development and tests. It is not a
 * KYC provider and says so in every answer (`X-Simulator`). It speaks the documented-style API the client is
 * written for:
 * - `Authorization: Bearer <key>` (401 `invalid_api_key` otherwise); `GET /v1/account`;
 * - `POST /v1/checks` with `Idempotency-Key` (400 without): the same key and body answer the same check (200), the
 *   same key with another body 409; persons are validated (422 with `fields`);
 * - the check stays `pending` for `pendingPolls` reads (default 1), then `completed`;
 * - outcomes are scripted: a last name holding `Review` or `Fail` (any case) gives that outcome, a person without a
 *   national id is `review`; `POST /__sim/script {"outcomes":["fail","pass"]}` sets the next persons' outcomes first.
 * Faults under `/__sim/`: `POST /__sim/faults {"fail":2,"status":503}`, `{"slowMs":2000}`, `{"malformed":1}`;
 * `POST /__sim/settings {"pendingPolls":3}`; `GET /__sim/checks` (what was received) and `GET /__sim/stats`.
 */
export interface KycSimOptions {
  host?: string;
  port?: number;
  apiKey?: string;
  pendingPolls?: number;
}

export interface KycSimCheck {
  id: string;
  idempotencyKey: string;
  bodyHash: string;
  /** The persons as received (in memory only: a test reads them to see what the portal sent). */
  received: Record<string, unknown>[];
  outcomes: { reference: string; outcome: 'pass' | 'review' | 'fail'; reasons: { code: string; message: string }[] }[];
  reads: number;
  decidedAt: string | null;
}

export interface KycSimulator {
  apiUrl: string;
  testHosts: string[];
  apiKey: string;
  stats: { calls: number; submits: number; created: number; refused: number };
  checks: Map<string, KycSimCheck>;
  stop(): Promise<void>;
}

const NOTICE = 'KYC SIMULATOR for development and tests (not a KYC provider)';
const MAX_BODY = 256 * 1024;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const REASONS = {
  review: { code: 'address_unverified', message: 'The address could not be matched to the person.' },
  fail: { code: 'ssn_mismatch', message: 'The SSN does not match the name and date of birth.' },
  noId: { code: 'id_missing', message: 'No national identifier was given.' },
};

export async function startKycSimulator(options: KycSimOptions = {}): Promise<KycSimulator> {
  const host = options.host ?? '127.0.0.1';
  const apiKey = options.apiKey ?? 'SIMULATOR-KYC-API-KEY-NOT-A-PROVIDER';
  const stats = { calls: 0, submits: 0, created: 0, refused: 0 };
  const faults = { fail: 0, status: 503, slowMs: 0, malformed: 0 };
  const settings = { pendingPolls: options.pendingPolls ?? 1 };
  const script: ('pass' | 'review' | 'fail')[] = [];
  const checks = new Map<string, KycSimCheck>();
  const byKey = new Map<string, string>();

  const send = (res: ServerResponse, status: number, payload: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'x-simulator': NOTICE });
    res.end(JSON.stringify(payload));
  };
  const error = (res: ServerResponse, status: number, code: string, message: string, fields?: string[]) =>
    send(res, status, { error: { code, message, ...(fields ? { fields } : {}) } });

  const view = (c: KycSimCheck) => {
    const done = c.reads >= settings.pendingPolls;
    return {
      id: c.id,
      status: done ? 'completed' : 'pending',
      simulator: NOTICE,
      persons: c.outcomes.map((o) => ({
        reference: o.reference,
        outcome: done ? o.outcome : null,
        reasons: done ? o.reasons : [],
        decidedAt: done ? c.decidedAt : null,
      })),
    };
  };

  function outcomeOf(person: Record<string, unknown>): KycSimCheck['outcomes'][number] {
    const reference = String(person.reference);
    const scripted = script.shift();
    const last = String(person.lastName ?? '').toLowerCase();
    const outcome =
      scripted ?? (last.includes('fail') ? 'fail' : last.includes('review') || !person.nationalId ? 'review' : 'pass');
    const reasons =
      outcome === 'pass' ? [] : [outcome === 'fail' ? REASONS.fail : person.nationalId ? REASONS.review : REASONS.noId];
    return { reference, outcome, reasons };
  }

  /** The fields a person lacks or has malformed (names only). */
  function problems(persons: unknown): string[] {
    if (!Array.isArray(persons) || persons.length === 0 || persons.length > 20) return ['persons'];
    return persons.flatMap((p, i) => {
      const x = (p ?? {}) as Record<string, unknown>;
      const out: string[] = [];
      if (typeof x.reference !== 'string' || !x.reference) out.push(`persons[${i}].reference`);
      if (typeof x.lastName !== 'string' && typeof x.firstName !== 'string') out.push(`persons[${i}].lastName`);
      if (x.dateOfBirth !== null && x.dateOfBirth !== undefined && !DATE.test(String(x.dateOfBirth))) {
        out.push(`persons[${i}].dateOfBirth`);
      }
      return out;
    });
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://sim');
      const route = `${req.method} ${url.pathname}`;
      // the body is read first: a slow answer is a request taken and answered late (the client may give up)
      const text = req.method === 'POST' ? await readBody(req, MAX_BODY) : '';
      if (text === null) return error(res, 413, 'too_large', 'The request is too large.');
      if (route === 'POST /__sim/faults') {
        const f = JSON.parse(text || '{}') as Partial<typeof faults>;
        Object.assign(faults, { fail: 0, status: 503, slowMs: 0, malformed: 0 }, f);
        return send(res, 200, { notice: NOTICE, faults });
      }
      if (route === 'POST /__sim/settings') {
        Object.assign(settings, JSON.parse(text || '{}'));
        return send(res, 200, { notice: NOTICE, settings });
      }
      if (route === 'POST /__sim/script') {
        const s = JSON.parse(text || '{}') as { outcomes?: ('pass' | 'review' | 'fail')[] };
        script.splice(0, script.length, ...(s.outcomes ?? []));
        return send(res, 200, { notice: NOTICE, script });
      }
      if (route === 'GET /__sim/checks') return send(res, 200, { notice: NOTICE, checks: [...checks.values()] });
      if (route === 'GET /__sim/stats') return send(res, 200, { notice: NOTICE, ...stats });
      stats.calls++;
      if (faults.slowMs) await new Promise((r) => setTimeout(r, faults.slowMs));
      if (faults.fail > 0) {
        faults.fail--;
        return error(res, faults.status, 'unavailable', 'The simulator was told to fail.');
      }
      const auth = req.headers.authorization ?? '';
      if (!auth.startsWith('Bearer ') || !safeEqual(auth.slice(7), apiKey)) {
        stats.refused++;
        return error(res, 401, 'invalid_api_key', 'The API key is not valid.');
      }
      if (faults.malformed > 0) {
        faults.malformed--;
        res.writeHead(200, { 'content-type': 'application/json', 'x-simulator': NOTICE });
        return res.end('{"id": "chk_');
      }
      if (route === 'GET /v1/account') return send(res, 200, { id: 'acct_sim', name: NOTICE });
      if (route === 'POST /v1/checks') {
        stats.submits++;
        const key = String(req.headers['idempotency-key'] ?? '');
        if (!key || key.length > 100) return error(res, 400, 'invalid_request', 'Idempotency-Key is required.');
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(text) as Record<string, unknown>;
        } catch {
          return error(res, 400, 'invalid_request', 'The body is not JSON.');
        }
        const bodyHash = createHash('sha256').update(text).digest('hex');
        const earlier = byKey.get(key);
        if (earlier) {
          const c = checks.get(earlier) as KycSimCheck;
          if (c.bodyHash !== bodyHash) {
            return error(res, 409, 'idempotency_conflict', 'This Idempotency-Key was used with another body.');
          }
          return send(res, 200, view(c));
        }
        const bad = problems(body.persons);
        if (bad.length > 0) {
          // like real providers, its words echo what was sent (a date of birth), which the client must not keep
          const sent = (Array.isArray(body.persons) ? body.persons : []).map((x: { dateOfBirth?: unknown } | null) =>
            String(x?.dateOfBirth ?? ''),
          );
          return error(res, 422, 'invalid_request', `Some persons are incomplete (dates of birth: ${sent}).`, bad);
        }
        const persons = body.persons as Record<string, unknown>[];
        const check: KycSimCheck = {
          id: `chk_${randomBytes(8).toString('hex')}`,
          idempotencyKey: key,
          bodyHash,
          received: persons,
          outcomes: persons.map(outcomeOf),
          reads: 0,
          decidedAt: new Date().toISOString(),
        };
        checks.set(check.id, check);
        byKey.set(key, check.id);
        stats.created++;
        return send(res, 202, view(check));
      }
      const m = /^\/v1\/checks\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        const c = checks.get(m[1] as string);
        if (!c) return error(res, 404, 'not_found', 'No such check.');
        c.reads++;
        return send(res, 200, view(c));
      }
      return error(res, 404, 'not_found', 'No such endpoint.');
    })().catch(() => {
      if (!res.headersSent) error(res, 500, 'simulator_error', 'The simulator failed.');
    });
  });
  const port = await listen(server, options.port ?? 4050, host);
  return {
    apiUrl: `http://${host}:${port}`,
    testHosts: [`${host}:${port}`],
    apiKey,
    stats,
    checks,
    stop: () => closeServer(server),
  };
}
