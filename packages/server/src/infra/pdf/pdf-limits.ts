import { PDF_TEMPLATE_MAX_PAGES } from '@under/core/constants';

const MIB = 1024 * 1024;

/**
 * Every limit of the PDF work, in one typed object: the pool resolves it once (defaults below, overrides from its
 * options), bounds its child processes with the memory figures and hands the rest to each child when it starts.
 * The worker modules take their limits from it and hold no constants of their own (decision 021).
 */
export interface PdfLimits {
  /** Pages a template may have (spec 1 §9). */
  maxPages: number;
  /** Bytes all filter layers of one stream may decode to, together. */
  maxStreamDecodedBytes: number;
  /** Bytes all layers of all streams of one file may decode to, together. */
  maxTotalDecodedBytes: number;
  /** Filters in one stream's chain (`/Filter [/A /B ...]`). */
  maxFilterLayers: number;
  /** Stream objects in one file. */
  maxStreams: number;
  /** Bytes the stream scanner may read in all (a multiple of the file's size and a margin), against quadratic input. */
  scanWorkFactor: number;
  /** Bytes a page's content streams may decode to, together, for field detection (a form page is under 1 MB). */
  maxDetectPageContentBytes: number;
  /** AcroForm fields offered as a starting mapping. */
  maxAcroFields: number;
  /** Width x height of a PNG drawn into a PDF (its pixels are decoded to be embedded). */
  maxImagePixels: number;
  /** Prepared templates a child keeps between fills. */
  preparedTemplates: number;
  /** V8 heap of a child, MB (--max-old-space-size). */
  heapMb: number;
  /** All memory of a child, MB: heap, array buffers and native allocations (RLIMIT_DATA and an RSS watchdog). */
  memoryMb: number;
  /**
   * A child whose peak memory passes this, MB, exits after its task so that a fresh process serves the next one;
   * half of `memoryMb` unless set (tests set it low to make every task count as heavy).
   */
  retireMb?: number;
}

const DEFAULT_PDF_LIMITS: Readonly<PdfLimits> = Object.freeze({
  maxPages: PDF_TEMPLATE_MAX_PAGES,
  maxStreamDecodedBytes: 64 * MIB,
  maxTotalDecodedBytes: 256 * MIB,
  maxFilterLayers: 4,
  maxStreams: 50_000,
  scanWorkFactor: 4,
  maxDetectPageContentBytes: 8 * MIB,
  maxAcroFields: 2000,
  maxImagePixels: 4096 * 4096,
  preparedTemplates: 16,
  heapMb: 512,
  memoryMb: 1024,
});

export function resolvePdfLimits(overrides: Partial<PdfLimits> = {}): PdfLimits {
  const limits = { ...DEFAULT_PDF_LIMITS };
  for (const [key, value] of Object.entries(overrides) as [keyof PdfLimits, number | undefined][]) {
    if (value === undefined) continue;
    if (!(typeof value === 'number' && value > 0)) throw new TypeError(`PDF limit ${key} must be a positive number`);
    limits[key] = value;
  }
  return limits;
}
