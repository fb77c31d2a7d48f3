import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const PDFTOPPM = '/usr/bin/pdftoppm';
export const canRender = existsSync(PDFTOPPM);

interface GrayPage {
  width: number;
  height: number;
  /** Dark pixels (below 128) inside a rectangle given in PDF points of the displayed page (72 dpi: 1 px = 1 pt). */
  darkIn(box: { x: number; y: number; width: number; height: number }): number;
}

/** Renders one page with poppler at 72 dpi in grey, as a real viewer would, to look at where ink landed. */
export async function renderPage(pdf: Uint8Array, page: number): Promise<GrayPage> {
  const dir = await mkdtemp(path.join(tmpdir(), 'under-render-'));
  try {
    await writeFile(path.join(dir, 'in.pdf'), pdf);
    await promisify(execFile)(
      PDFTOPPM,
      ['-r', '72', '-gray', '-f', String(page), '-l', String(page), 'in.pdf', 'out'],
      {
        cwd: dir,
        timeout: 20_000,
      },
    );
    const name = (await readdir(dir)).find((f) => f.endsWith('.pgm'));
    if (!name) throw new Error('pdftoppm wrote nothing');
    const data = await readFile(path.join(dir, name));
    // P5 header: magic, width, height, maxval, each followed by whitespace
    const header = data
      .subarray(0, 64)
      .toString('latin1')
      .match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/);
    if (!header) throw new Error('not a PGM');
    const width = Number(header[1]);
    const height = Number(header[2]);
    const pixels = data.subarray(header[0].length);
    return {
      width,
      height,
      darkIn(box) {
        let n = 0;
        for (let y = Math.max(0, Math.floor(box.y)); y < Math.min(height, Math.ceil(box.y + box.height)); y++) {
          for (let x = Math.max(0, Math.floor(box.x)); x < Math.min(width, Math.ceil(box.x + box.width)); x++) {
            if ((pixels[y * width + x] ?? 255) < 128) n++;
          }
        }
        return n;
      },
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
