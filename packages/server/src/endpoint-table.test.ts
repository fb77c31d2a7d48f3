import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { endpointTable } from './endpoint-table';

const ARCHITECTURE = path.resolve(__dirname, '../../../ARCHITECTURE.md');

describe('the endpoint table of ARCHITECTURE.md', () => {
  const table = endpointTable();

  it('names, for every endpoint of the contracts, the one route file that serves it', () => {
    const rows = table.split('\n').slice(2);
    expect(rows.length).toBeGreaterThan(150);
    expect(rows.filter((r) => r.endsWith('| - |'))).toEqual([]);
    expect(rows.filter((r) => r.includes('`, `'))).toEqual([]);
  });

  it('is the one in the document (regenerate: node --import tsx packages/server/src/endpoint-table.ts)', () => {
    const doc = readFileSync(ARCHITECTURE, 'utf8');
    const block = doc.split('<!-- endpoints:start -->')[1]?.split('<!-- endpoints:end -->')[0]?.trim();
    expect(block).toBe(table);
  });
});
