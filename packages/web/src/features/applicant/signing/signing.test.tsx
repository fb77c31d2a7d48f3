import '../../../test/setup';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DOCUMENTS_API } from '@under/core/api/applications/documents.contract';
import { SIGNING_API } from '@under/core/api/applications/signing.contract';
import { VERIFY_API } from '@under/core/api/verify.contract';
import { SIGN_STATUS_LABELS, SIGNATURE_MIN_WIDTH } from '@under/core/applications/signing.schema';
import { SIGNING_TEXT as T } from '@under/core/ui-text/applicant-signing';
import { createRef } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../test/form-test-utils';
import type { ApplicantHttp } from '../lib/applicant-http';
import { parseApplicantPath } from '../lib/applicant-routes';
import { VerifyPage } from '../verify/verify-page';
import { SignatureField, type SignatureFieldHandle, typedSignature } from './signature-field';
import { SIGNING_ROUTES, type SignStatusView } from './signing-api';
import { SIGNATURE_MIN_WIDTH_PX } from './signing-constants';
import { SigningPanel } from './signing-panel';

// pdf.js is not loaded in jsdom: the preview reports that it could not draw, the rest of the page works
vi.mock('pdfjs-dist', () => ({
  GlobalWorkerOptions: {},
  getDocument: () => ({ promise: Promise.reject(new Error('no canvas')), destroy: async () => {} }),
}));
vi.mock('pdfjs-dist/build/pdf.worker.min.mjs?url', () => ({ default: '/worker.js' }));

// jsdom draws nothing: a 2D context whose every method does nothing, and a PNG header of the canvas's own size
beforeEach(() => {
  const context = new Proxy(
    {},
    { get: (_t, prop) => (prop === 'measureText' ? () => ({ width: 100 }) : () => undefined), set: () => true },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (this: HTMLCanvasElement) {
    return `data:image/png;base64,${pngHeader(this.width, this.height)}`;
  });
});
const widthOf = (dataUrl: string) => Buffer.from(dataUrl.split(',')[1] ?? '', 'base64').readUInt32BE(16);

const LINK = { applicationId: '22222222-2222-4222-8222-222222222222', code: 'c'.repeat(43) };

function status(overrides: Partial<SignStatusView> = {}): SignStatusView {
  return {
    applicationId: LINK.applicationId,
    signStatus: 'PROGRESSING',
    owners: [
      {
        ownerId: 'o1',
        kind: 'primaryApplicant',
        name: null,
        email: 'ada@example.com',
        signedAt: null,
        invalidatedAt: null,
        invalidatedReason: null,
      },
      {
        ownerId: 'o2',
        kind: 'additionalOwner',
        name: 'Bob',
        email: 'bob@example.com',
        signedAt: null,
        invalidatedAt: null,
        invalidatedReason: null,
      },
    ],
    items: ['signature'],
    canSign: false,
    signedAt: null,
    documentsReady: false,
    ...overrides,
  };
}

function fakeHttp(
  handlers: Record<string, (input?: { body?: unknown }) => unknown>,
): ApplicantHttp & { calls: string[] } {
  const calls: string[] = [];
  const http = {
    calls,
    contractCall: (() => Promise.reject(new Error('unused'))) as never,
    async call(route: { method: string; path: string }, input?: { body?: unknown }) {
      const name =
        Object.entries(SIGNING_ROUTES).find(([, r]) => r.path === route.path && r.method === route.method)?.[0] ??
        route.path;
      calls.push(name);
      const handler = handlers[name];
      if (!handler) throw new Error(`unexpected call ${name}`);
      return handler(input);
    },
    async raw(route: { method: string; path: string }) {
      const name = Object.entries(SIGNING_ROUTES).find(([, r]) => r.path === route.path)?.[0] ?? route.path;
      calls.push(name);
      const handler = handlers[name];
      if (!handler) throw new Error(`unexpected call ${name}`);
      return handler() as Response;
    },
  };
  return http as unknown as ApplicantHttp & { calls: string[] };
}

describe('the signing page', () => {
  it('calls the contracts’ methods and paths, and shares core’s labels and width', () => {
    const contract = {
      ...SIGNING_API,
      preview: DOCUMENTS_API.preview,
      documents: DOCUMENTS_API.applicantDocuments,
      verify: VERIFY_API.verify,
    };
    for (const [name, route] of Object.entries(SIGNING_ROUTES)) {
      const endpoint = contract[name as keyof typeof contract];
      expect(route).toEqual({ method: endpoint.method, path: endpoint.path });
    }
    expect(T.statusLabels).toEqual(SIGN_STATUS_LABELS);
    expect(SIGNATURE_MIN_WIDTH_PX).toBe(SIGNATURE_MIN_WIDTH);
    expect(parseApplicantPath('/verify')).toEqual({ kind: 'verify' });
  });

  it('awaiting: the owners and their state, a code e-mailed, and the checks before signing', async () => {
    const user = userEvent.setup();
    const http = fakeHttp({
      signStatus: () => status(),
      preview: () => new Response(new Uint8Array([37, 80, 68, 70])),
      signCode: () => ({ sentTo: 'a***@example.com', expiresAt: new Date().toISOString() }),
      remind: () => ({ sent: 1 }),
    });
    renderWithMantine(<SigningPanel http={http} link={LINK} isPrimary />);
    expect(await screen.findByText(/Awaiting Signatures/)).toBeTruthy();
    expect(screen.getAllByText(new RegExp(T.awaited)).length).toBe(2);
    await user.click(screen.getByRole('button', { name: T.remind }));
    expect(await screen.findByText(T.reminded(1))).toBeTruthy();
    await user.click(screen.getByRole('button', { name: T.sendCode }));
    expect(await screen.findByText(T.codeSent('a***@example.com'))).toBeTruthy();
    // nothing is sent without a code, a signature and the confirmation
    await user.click(screen.getByRole('button', { name: T.signButton }));
    expect(await screen.findByText(T.codeMissing)).toBeTruthy();
    await user.type(screen.getByLabelText(T.codeLabel), '123456');
    await user.click(screen.getByRole('button', { name: T.signButton }));
    expect(await screen.findByText(T.signatureMissing)).toBeTruthy();
    expect(http.calls).not.toContain('sign');
  });

  it('a signature is at least 500 px wide whatever the screen: typed, and the pad on a narrow phone', () => {
    expect(widthOf(typedSignature('Ada Lovelace'))).toBeGreaterThanOrEqual(SIGNATURE_MIN_WIDTH);
    const handle = createRef<SignatureFieldHandle>();
    const { container } = render(<SignatureField label="Signature" handle={handle} />);
    const canvas = container.querySelector('canvas') as HTMLCanvasElement;
    // jsdom lays nothing out: the pad takes 320 css px, a phone's width
    expect(canvas.width).toBeGreaterThanOrEqual(SIGNATURE_MIN_WIDTH);
  });

  it('the confirmation waits for the document to be shown (the preview failed here), and the server’s refusal shows', async () => {
    const user = userEvent.setup();
    const http = fakeHttp({
      signStatus: () => status(),
      preview: () => new Response(new Uint8Array([37, 80, 68, 70])),
    });
    renderWithMantine(<SigningPanel http={http} link={LINK} isPrimary={false} />);
    await user.click(await screen.findByRole('button', { name: T.typeTab }));
    await user.type(screen.getByLabelText(T.typedLabel), 'Ada Lovelace');
    await user.type(screen.getByLabelText(T.codeLabel), '123456');
    expect(await screen.findByText(T.previewFailed)).toBeTruthy();
    expect((screen.getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: T.signButton }));
    expect(await screen.findByText(T.confirmMissing)).toBeTruthy();
    expect(http.calls).not.toContain('sign');
    // no remind button for an additional owner
    expect(screen.queryByRole('button', { name: T.remind })).toBeNull();
  });
});

/** A PNG's signature and IHDR with a width and height, base64 (enough to read its width back). */
function pngHeader(width: number, height: number): string {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b.toString('base64');
}

describe('the verify page', () => {
  it.each([
    [
      { issued: true, intact: true, applicationNumber: 42, sealedAt: '2026-11-23T12:00:00Z', reason: null },
      /Issued by Under for application #42/,
    ],
    [
      {
        issued: true,
        intact: false,
        applicationNumber: 42,
        sealedAt: '2026-11-23T12:00:00Z',
        reason: 'The document was changed after it was sealed.',
      },
      new RegExp(T.verifyChanged),
    ],
    [
      { issued: false, intact: false, applicationNumber: null, sealedAt: null, reason: 'The PDF carries no seal.' },
      new RegExp(T.verifyNotOurs),
    ],
  ])('says what the server found', async (answer, text) => {
    const user = userEvent.setup();
    const http = fakeHttp({ verify: () => new Response(JSON.stringify(answer)) });
    renderWithMantine(<VerifyPage http={http} />);
    await user.upload(
      screen.getByLabelText(T.verifyFile),
      new File(['%PDF-1.7'], 'doc.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: T.verifyButton }));
    expect(await screen.findByText(text)).toBeTruthy();
  });
});
