import { timingSafeEqual } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { closeServer, listen, readBody } from './http';

/**
 * A loopback SIMULATOR of a Transax gateway's pricing list (issue #24 §2), for development and tests. It is not
 * Transax and says so in every answer. Transax publishes no test environment: the path and shape are the ones our
 * client assumes (transax.client.ts). `GET /api/boarding/pricing` with Basic auth answers the list (401 otherwise,
 * with `WWW-Authenticate`); faults under `/__sim/`: `POST /__sim/faults` `{"fail":2,"status":503}`, `{"slowMs":2000}`,
 * `{"malformed":1}`, `{"redirectTo":"http://…"}` (a 302); `GET /__sim/stats` counts the calls and the refused ones.
 */
export interface TransaxSimOptions {
  host?: string;
  port?: number;
  user?: string;
  password?: string;
}

export interface TransaxSimulator {
  url: string;
  testHosts: string[];
  user: string;
  password: string;
  stats: { calls: number; refused: number };
  stop(): Promise<void>;
}

const NOTICE = 'Transax SIMULATOR for development and tests (not Transax)';
export const SIM_PRICING = [
  {
    id: 'TX-RETAIL-IC',
    name: 'Retail interchange plus',
    description: 'Interchange + 0.25% + $0.10 per item',
    discountRate: 0.25,
    perItemFee: 0.1,
    monthlyFee: 9.95,
    // an unknown field a client must tolerate
    tier: 'standard',
  },
  {
    id: 'TX-ECOM-FLAT',
    name: 'E-commerce flat rate',
    description: '2.9% + $0.30 per item',
    discountRate: '2.90',
    perItemFee: 0.3,
    monthlyFee: null,
  },
  { id: 4411, name: 'Restaurant tiered', description: null, discountRate: 1.79, perItemFee: 0.15, monthlyFee: 14.5 },
];

function same(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export async function startTransaxSimulator(options: TransaxSimOptions = {}): Promise<TransaxSimulator> {
  const host = options.host ?? '127.0.0.1';
  const user = options.user ?? 'sim-transax-user';
  const password = options.password ?? 'SIMULATOR-TRANSAX-PASSWORD-NOT-TRANSAX';
  const stats = { calls: 0, refused: 0 };
  const faults = { fail: 0, status: 503, slowMs: 0, malformed: 0, redirectTo: '' };

  const send = (res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', 'x-simulator': NOTICE, ...headers });
    res.end(JSON.stringify(payload));
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://sim');
      const route = `${req.method} ${url.pathname}`;
      if (route === 'POST /__sim/faults') {
        const f = JSON.parse((await readBody(req, 4096)) || '{}') as Partial<typeof faults>;
        Object.assign(faults, { fail: 0, status: 503, slowMs: 0, malformed: 0, redirectTo: '' }, f);
        return send(res, 200, { notice: NOTICE, faults });
      }
      if (route === 'GET /__sim/stats') return send(res, 200, { notice: NOTICE, ...stats });
      if (route !== 'GET /api/boarding/pricing') return send(res, 404, { notice: NOTICE, error: 'not_found' });
      stats.calls++;
      if (faults.slowMs) await new Promise((r) => setTimeout(r, faults.slowMs));
      if (faults.fail > 0) {
        faults.fail--;
        return send(res, faults.status, { notice: NOTICE, error: 'unavailable' });
      }
      // a gateway that sends the caller elsewhere (with its Basic auth, were the redirect followed)
      if (faults.redirectTo) return send(res, 302, { notice: NOTICE }, { location: faults.redirectTo });
      const auth = req.headers.authorization ?? '';
      const given = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString('utf8') : '';
      if (!same(given, `${user}:${password}`)) {
        stats.refused++;
        return send(
          res,
          401,
          { notice: NOTICE, error: 'unauthorized' },
          { 'www-authenticate': 'Basic realm="transax-sim"' },
        );
      }
      if (faults.malformed > 0) {
        faults.malformed--;
        res.writeHead(200, { 'content-type': 'application/json', 'x-simulator': NOTICE });
        return res.end('{"pricing": [');
      }
      return send(res, 200, { notice: NOTICE, pricing: SIM_PRICING });
    })().catch(() => {
      if (!res.headersSent) send(res, 500, { notice: NOTICE, error: 'simulator_error' });
    });
  });
  const port = await listen(server, options.port ?? 4040, host);
  return {
    url: `http://${host}:${port}`,
    testHosts: [`${host}:${port}`],
    user,
    password,
    stats,
    stop: () => closeServer(server),
  };
}
