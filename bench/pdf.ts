// Review-PDF time for a 10-page, 300-field mapping (target: median <= 150 ms), beside a naive pdf-lib fill of the
// same template that looks each AcroForm field up by name, in the same run; then the API's p99 (GET /api/health)
// while review PDFs are being generated, beside the same figure on an idle server.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PdfFieldSchema } from '@under/core/templates/pdf-field.schema';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createPdfPool } from '../packages/server/src/infra/pdf/pdf-pool';
import { load, printTable, startBenchServer } from './_server';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const duration = Number(process.env.BENCH_SECONDS ?? 8);
const PAGES = 10;
const PER_PAGE = 30;

async function makeTemplate(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  const form = doc.getForm();
  for (let p = 0; p < PAGES; p++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Merchant application, page ${p + 1}`, { x: 40, y: 760, size: 12, font: helvetica });
    for (let i = 0; i < PER_PAGE; i++) {
      const col = i % 2;
      const row = Math.floor(i / 2);
      page.drawText(`Question ${p * PER_PAGE + i + 1}`, {
        x: 40 + col * 280,
        y: 720 - row * 45,
        size: 8,
        font: helvetica,
      });
      form
        .createTextField(`field_${p}_${i}`)
        .addToPage(page, { x: 40 + col * 280, y: 700 - row * 45, width: 240, height: 18, borderWidth: 0 });
    }
  }
  return doc.save();
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  return { median: at(0.5), p95: at(0.95), min: s[0] ?? 0 };
};
const fmt = (n: number) => n.toFixed(1).padStart(9);

const template = await makeTemplate();
const values: Record<string, string> = {};
for (let p = 0; p < PAGES; p++) for (let i = 0; i < PER_PAGE; i++) values[`field_${p}_${i}`] = `Value ${p}-${i} Ünder`;

// ours: the worker pool with the mapping offered from the AcroForm
const pool = createPdfPool({ size: 2 });
const { acroFields } = await pool.inspect(template);
const fields = acroFields.map((f) => PdfFieldSchema.parse(f));
if (fields.length !== PAGES * PER_PAGE) throw new Error(`expected 300 fields, got ${fields.length}`);
const oursMs: number[] = [];
for (let i = 0; i < RUNS + 3; i++) {
  const t0 = performance.now();
  await pool.fill({ bytes: template, fields, values, useSamples: false, cacheKey: 'bench' });
  if (i >= 3) oursMs.push(performance.now() - t0);
}

// naive: pdf-lib on the main thread, every field looked up by name, appearances with the same Unicode font
const fontBytes = readFileSync(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
const naiveMs: number[] = [];
const naiveRuns = Math.max(5, Math.floor(RUNS / 3));
for (let i = 0; i < naiveRuns + 1; i++) {
  const t0 = performance.now();
  const doc = await PDFDocument.load(template);
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(fontBytes, { subset: true });
  const form = doc.getForm();
  for (const [name, value] of Object.entries(values)) form.getTextField(name).setText(value);
  form.updateFieldAppearances(font);
  form.flatten();
  await doc.save();
  if (i >= 1) naiveMs.push(performance.now() - t0);
}

const ours = stats(oursMs);
const naive = stats(naiveMs);
console.log(`\nreview PDF: ${PAGES} pages, ${PAGES * PER_PAGE} text fields, ${process.platform} ${process.arch}`);
console.log(`${'fill'.padEnd(44)}${'median'.padStart(9)}${'p95'.padStart(9)}${'min'.padStart(9)}   runs`);
console.log(
  `${'ours: worker pool, mapped boxes (ms)'.padEnd(44)}${fmt(ours.median)}${fmt(ours.p95)}${fmt(ours.min)}   ${oursMs.length}`,
);
console.log(
  `${'naive: pdf-lib fields by name, main thread'.padEnd(44)}${fmt(naive.median)}${fmt(naive.p95)}${fmt(naive.min)}   ${naiveMs.length}`,
);
console.log(`target: median <= 150 ms -> ${ours.median <= 150 ? 'met' : 'NOT met'}`);
await pool.close();

// the API while PDFs are generated
const server = await startBenchServer();
try {
  await server.services.auth.ensureAdmin({ email: 'bench-admin@under.test', password: 'Admin12345' });
  const signIn = await fetch(`${server.url}/api/auth/admin/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench-admin@under.test', password: 'Admin12345' }),
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' };
  const up = (await (
    await fetch(`${server.url}/api/pdf_templates/gen_presigned_url`, { method: 'POST', headers, body: '{}' })
  ).json()) as { uploadUrl: string; fileUrl: string };
  await fetch(up.uploadUrl.replace(/^https?:\/\/[^/]+/, server.url), { method: 'PUT', body: template });
  const created = (await (
    await fetch(`${server.url}/api/pdf_templates`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Bench template', fileUrl: up.fileUrl }),
    })
  ).json()) as { templateId: string; acroFields: unknown[] };
  await fetch(`${server.url}/api/pdf_templates/${created.templateId}/mapping_fields`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ data: created.acroFields }),
  });
  const rows = [await load('GET /api/health, idle', { url: `${server.url}/api/health`, duration, connections: 10 })];
  let generating = true;
  const httpMs: number[] = [];
  const generators = Array.from({ length: 2 }, async () => {
    while (generating) {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/pdf_templates/${created.templateId}/review`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ values }),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`review failed: ${res.status}`);
      httpMs.push(performance.now() - t0);
    }
  });
  rows.push(
    await load('GET /api/health, 2 reviews running', { url: `${server.url}/api/health`, duration, connections: 10 }),
  );
  generating = false;
  await Promise.all(generators);
  printTable(`API latency while review PDFs are generated (10 connections, ${duration}s each)`, rows);
  const http = stats(httpMs);
  console.log(
    `\nPOST /api/pdf_templates/{id}/review over HTTP, 2 at a time: median ${http.median.toFixed(1)} ms, p95 ${http.p95.toFixed(1)} ms, ${httpMs.length} PDFs`,
  );
} finally {
  await server.close();
}
