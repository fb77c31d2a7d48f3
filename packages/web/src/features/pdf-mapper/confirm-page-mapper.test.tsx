import '../../test/setup';
import { screen, waitFor } from '@testing-library/react';
import { MAPPER_TEXT as T } from '@under/core/ui-text/admin-mapper';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';

vi.mock('./lib/pdf-document', () => ({
  openPdf: () => ({ promise: new Promise(() => undefined), destroy: async () => undefined }),
}));

const ID = '00000000-0000-4000-8000-00000000000b';
const TEMPLATE = {
  templateId: ID,
  name: 'Bank application',
  status: 'active',
  pageCount: 1,
  fieldCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  fileUrl: 'pdf-templates/b.pdf',
  downloadUrl: 'http://localhost/api/files?token=y',
  fileSize: 1000,
  pages: [{ page: 1, width: 612, height: 792, rotation: 0 }],
  mappingFieldsVersion: 0,
  acroFields: [],
};
const SAVED = { id: 's1', item: 'email', owner: 'primaryApplicant', page: 1, x: 50, y: 60, width: 200, height: 18 };

describe('/mapper-confirm-page/{templateId}', () => {
  it('shows the saved boxes, places one for an additional owner and saves them all', async () => {
    const { user, api } = renderApp({
      app: 'admin',
      path: `/mapper-confirm-page/${ID}`,
      api: {
        [`GET /api/pdf_templates/${ID}`]: { status: 200, body: TEMPLATE },
        [`GET /api/pdf_templates/${ID}/confirm-page-mapper`]: { status: 200, body: { items: [SAVED] } },
        [`POST /api/pdf_templates/${ID}/confirm-page-mapper`]: (_url, init) =>
          new Response(String(init?.body), { status: 200, headers: { 'content-type': 'application/json' } }),
      },
    });
    expect(
      await screen.findByRole('button', { name: T.confirmBoxLabel(T.confirmItems.email ?? '', T.ownerPrimary) }),
    ).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: T.confirmItems.initials }));
    await user.click(screen.getAllByRole('combobox', { name: T.ownerLabel })[0] as HTMLElement);
    await user.click(await screen.findByRole('option', { name: T.ownerAdditional(2) }));
    await user.click(screen.getByRole('button', { name: T.placeOnPageButton(1) }));
    expect(
      await screen.findByRole('button', {
        name: T.confirmBoxLabel(T.confirmItems.initials ?? '', T.ownerAdditional(2)),
      }),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: T.confirmSave }));
    await waitFor(() => expect(api.calls(`POST /api/pdf_templates/${ID}/confirm-page-mapper`)).toHaveLength(1));
    const [, init] = api.calls(`POST /api/pdf_templates/${ID}/confirm-page-mapper`)[0] ?? [];
    expect(JSON.parse(String(init?.body)).items).toEqual([
      SAVED,
      expect.objectContaining({ item: 'initials', owner: 2, page: 1, x: 36, y: 86, width: 60, height: 25 }),
    ]);
    expect(await screen.findByText(T.confirmSaved)).toBeTruthy();
  });
});
