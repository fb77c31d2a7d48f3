import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The repository's packages folder, found from the working directory (the repo root or a package of it). */
function findPackages(): string {
  for (let dir = process.cwd(); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'packages/web/src/app/applicant/main.tsx'))) return path.join(dir, 'packages');
  }
  throw new Error(`no packages folder above ${process.cwd()}`);
}
const packages = findPackages();

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@under/core/')) base = path.join(packages, 'core/src', spec.slice('@under/core/'.length));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** The packages the applicant entry loads with its first page: its static imports (not `import()`, not types). */
function staticGraph(entry: string): { packages: Map<string, string>; files: Set<string> } {
  const seen = new Set<string>();
  const packagesUsed = new Map<string, string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    // `import x from 'y'`, `export … from 'y'` and a bare `import 'y'` (its side effects load it too)
    const imports = source.matchAll(/^(?:(?:import|export)\s+(?!type\b)[^'"]*?from\s+|import\s+)['"]([^'"]+)['"]/gm);
    for (const match of imports) {
      const spec = match[1] as string;
      const resolved = resolveImport(file, spec);
      if (resolved) queue.push(resolved);
      else if (spec.startsWith('.') || spec.startsWith('@under/')) {
        // a CSS module or asset is fine; anything else of ours that does not resolve would escape the check
        if (!/\.(css|svg|png|woff2?)(\?.*)?$/.test(spec)) throw new Error(`${file}: cannot follow ${spec}`);
      } else packagesUsed.set(spec, path.relative(packages, file));
    }
  }
  return { packages: packagesUsed, files: seen };
}

describe("the applicant's lean entry (issue 12: <= 120 KB gzip for the first page)", () => {
  it('does not load zod with its first page (one constant imported from a schema module brought in 15 KB)', () => {
    const used = staticGraph(path.join(packages, 'web/src/app/applicant/main.tsx')).packages;
    const zod = [...used].filter(([spec]) => spec === 'zod' || spec.startsWith('zod/'));
    expect(zod).toEqual([]);
    // the check walks the real graph: React and Mantine are found
    expect(used.has('react-dom/client')).toBe(true);
    expect(used.has('@mantine/core')).toBe(true);
  });

  it("takes the form engine's texts only, not every text of the product (core/messages.ts is 18 KB)", () => {
    const { files } = staticGraph(path.join(packages, 'web/src/app/applicant/main.tsx'));
    const relative = [...files].map((f) => path.relative(packages, f));
    expect(relative).not.toContain('core/src/messages.ts');
    expect(relative).toContain('core/src/messages-engine.ts');
  });
});
