import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ALL_CONTRACTS, endpointsOf } from '@under/core/api/all-contracts';

/**
 * The table in ARCHITECTURE.md from every endpoint to the file that serves it, computed from the contracts and the
 * route files (a route file names the endpoint as `X_API.key`, or `api.key` after `const api = X_API`).
 * `endpoint-table.test.ts` keeps the document true; `node --import tsx packages/server/src/endpoint-table.ts` prints it.
 */
const HERE = fileURLToPath(import.meta.url);

export function endpointTable(serverSrc = path.dirname(HERE)): string {
  const servedBy = new Map<string, string[]>();
  for (const file of routeFiles(path.join(serverSrc, 'modules'))) {
    const text = readFileSync(file, 'utf8');
    const aliases = new Map<string, string[]>();
    for (const m of text.matchAll(/const (\w+) = ([A-Z_]+_API);/g)) aliases.set(m[1], [m[2]]);
    // a pool's calls: `const api = { ...AUTH_API[pool], ...AUTH_PASSWORD_API[pool] }` serves every pool's key
    for (const m of text.matchAll(/const (\w+) = \{([^}]*)\};/g)) {
      const groups = [...m[2].matchAll(/\.\.\.([A-Z_]+_API)\[\w+\]/g)].map((g) => `${g[1]}.*`);
      if (groups.length) aliases.set(m[1], groups);
    }
    const rel = path.relative(serverSrc, file);
    for (const m of text.matchAll(/\b(\w+)\.(\w+)\b/g)) {
      for (const group of aliases.get(m[1]) ?? [m[1]]) {
        if (!/^[A-Z_]+_API(\.\*)?$/.test(group)) continue;
        const key = `${group}.${m[2]}`;
        const list = servedBy.get(key) ?? [];
        if (!list.includes(rel)) servedBy.set(key, [...list, rel]);
      }
    }
  }
  const rows = Object.entries(ALL_CONTRACTS).flatMap(([group, api]) =>
    endpointsOf(api).map(([key, e]) => {
      const files =
        servedBy.get(`${group}.${key}`) ??
        servedBy.get(`${group}.*.${key.split('.').pop()}`) ??
        servedBy.get(`${group}.${key.split('.')[0]}`) ??
        [];
      return `| ${e.method} | \`${e.path}\` | \`${group}.${key}\` | ${files.map((f) => `\`${f}\``).join(', ') || '-'} |`;
    }),
  );
  const head = ['| Method | Path | Contract | Served by (packages/server/src/) |', '| --- | --- | --- | --- |'];
  return [...head, ...rows].join('\n');
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return routeFiles(p);
    return name.endsWith('.routes.ts') ? [p] : [];
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === HERE) console.log(endpointTable());
