import '../../../test/setup';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIGNING_TEXT as T } from '@under/core/ui-text/applicant-signing';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithMantine } from '../../../test/form-test-utils';
import type { ApplicantHttp } from '../lib/applicant-http';
import { SIGNING_ROUTES, type SignStatusView } from './signing-api';
import { SigningPanel } from './signing-panel';

// pdf.js drawn in jsdom: a one-page document whose page draws nothing (the canvas is what the page lays out)
vi.mock('pdfjs-dist', () => ({
  GlobalWorkerOptions: {},
  getDocument: () => ({
    promise: Promise.resolve({
      numPages: 1,
      getPage: async () => ({
        getViewport: ({ scale }: { scale: number }) => ({ width: 612 * scale, height: 792 * scale }),
        render: () => ({ promise: Promise.resolve() }),
      }),
    }),
    destroy: async () => {},
  }),
}));
vi.mock('pdfjs-dist/build/pdf.worker.min.mjs?url', () => ({ default: '/worker.js' }));

beforeEach(() => {
  const context = new Proxy(
    {},
    { get: (_t, prop) => (prop === 'measureText' ? () => ({ width: 100 }) : () => undefined), set: () => true },
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(() => 'data:image/png;base64,AAAA');
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => {};
});

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
    ],
    items: ['signature'],
    canSign: true,
    signedAt: null,
    documentsReady: false,
    ...overrides,
  };
}

function fakeHttp(handlers: Record<string, () => unknown>): ApplicantHttp {
  const nameOf = (route: { method: string; path: string }) =>
    Object.entries(SIGNING_ROUTES).find(([, r]) => r.path === route.path && r.method === route.method)?.[0] ?? '';
  return {
    contractCall: (() => Promise.reject(new Error('unused'))) as never,
    async call(route: { method: string; path: string }) {
      const handler = handlers[nameOf(route)];
      if (!handler) throw new Error(`unexpected call ${route.path}`);
      return handler();
    },
    async raw(route: { method: string; path: string }) {
      return (handlers[nameOf(route)] ?? (() => new Response('')))() as Response;
    },
  } as unknown as ApplicantHttp;
}

describe('the signing page on a phone (issue 21 §5)', () => {
  it('the filled document fits the width and zooms in and out by labelled buttons, read out', async () => {
    const user = userEvent.setup();
    renderWithMantine(
      <SigningPanel
        http={fakeHttp({ signStatus: () => status(), preview: () => new Response(new Uint8Array([37, 80, 68, 70])) })}
        link={LINK}
        isPrimary
      />,
    );
    const zoomIn = await screen.findByRole('button', { name: T.zoomIn });
    const zoomOut = screen.getByRole('button', { name: T.zoomOut });
    const region = screen.getByRole('region', { name: T.previewRegion });
    const zoomOf = () => region.style.getPropertyValue('--pdf-zoom');
    // fitted to the width: 100 %, nothing smaller
    expect(zoomOf()).toBe('1');
    expect(screen.getByText(T.zoomLevel(100))).toBeTruthy();
    expect(zoomOut.getAttribute('aria-disabled')).toBe('true');
    // by keyboard: Tab reaches the button, Enter zooms
    zoomIn.focus();
    await user.keyboard('{Enter}');
    expect(zoomOf()).toBe('1.5');
    expect(screen.getByText(T.zoomLevel(150)).getAttribute('aria-live')).toBe('polite');
    await user.click(zoomIn);
    await user.click(zoomIn);
    expect(zoomOf()).toBe('3');
    expect(zoomIn.getAttribute('aria-disabled')).toBe('true');
    // at the end the button stays focusable and a further press changes nothing (the keyboard's place is kept)
    await user.click(zoomIn);
    expect(zoomOf()).toBe('3');
    expect(document.activeElement).toBe(zoomIn);
    await user.click(zoomOut);
    expect(zoomOf()).toBe('2');
    expect(screen.getByText(T.zoomLevel(200))).toBeTruthy();
  });

  it('after Sign, focus moves to the heading that replaced the form', async () => {
    const user = userEvent.setup();
    let signed = false;
    const http = fakeHttp({
      signStatus: () => (signed ? status({ signedAt: new Date().toISOString() }) : status()),
      preview: () => new Response(new Uint8Array([37, 80, 68, 70])),
      sign: () => {
        signed = true;
        return { signedAt: new Date().toISOString(), signStatus: 'PROGRESSING' };
      },
    });
    renderWithMantine(<SigningPanel http={http} link={LINK} isPrimary />);
    await screen.findByRole('button', { name: T.zoomIn });
    await user.click(screen.getByRole('button', { name: T.typeTab }));
    await user.type(screen.getByLabelText(T.typedLabel), 'Ada Lovelace');
    await user.type(screen.getByLabelText(T.codeLabel), '123456');
    await waitFor(() => expect((screen.getByRole('checkbox') as HTMLInputElement).disabled).toBe(false));
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: T.signButton }));
    const heading = await screen.findByRole('heading', { name: T.doneTitle });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });
});
