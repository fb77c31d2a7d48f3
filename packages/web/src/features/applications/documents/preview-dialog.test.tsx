import '../../../test/setup';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { describe, expect, it, vi } from 'vitest';
import { PreviewDialog, type PreviewTarget } from './preview-dialog';

const show = (target: PreviewTarget) =>
  render(
    <MantineProvider>
      <PreviewDialog target={target} onClose={() => {}} />
    </MantineProvider>,
  );

describe('PreviewDialog', () => {
  it('shows an image attachment from its short-lived URL, asked for once', async () => {
    // built on PUBLIC_URL, shown from this page's own origin (the CSP's img-src 'self')
    const url = vi.fn(async () => 'http://public.example/api/files?token=abc');
    show({ name: 'voided-check.png', contentType: 'image/png', url });
    expect(await screen.findByRole('dialog', { name: T.previewOf('voided-check.png') })).toBeTruthy();
    const img = (await screen.findByRole('img', { name: 'voided-check.png' })) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/api/files?token=abc');
    expect(url).toHaveBeenCalledTimes(1);
  });

  it('says to download a file it cannot show, and why an image failed', async () => {
    const first = show({ name: 'notes.docx', contentType: 'application/msword', url: async () => '/x' });
    expect(await screen.findByText(T.previewNone)).toBeTruthy();
    first.unmount();
    show({
      name: 'scan.jpg',
      contentType: 'image/jpeg',
      url: async () => {
        throw new Error('gone');
      },
    });
    expect(await screen.findByText(T.previewFailed)).toBeTruthy();
  });
});
