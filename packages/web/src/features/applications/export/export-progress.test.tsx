import '../../../test/setup';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { describe, expect, it } from 'vitest';
import { ExportProgressBar } from './export-progress';

const show = (progress: Parameters<typeof ExportProgressBar>[0]['progress']) =>
  render(
    <MantineProvider>
      <ExportProgressBar progress={progress} />
    </MantineProvider>,
  );

describe('ExportProgressBar', () => {
  it('shows CSV rows received of the rows announced, as a share', () => {
    show({ format: 'csv', rows: 10_000, done: 2_500, bytes: 400_000 });
    expect(screen.getByRole('status').textContent).toBe(T.exportProgressRows(2_500, 10_000));
    expect(screen.getByRole('progressbar', { name: T.exportProgressLabel }).getAttribute('aria-valuenow')).toBe('25');
  });

  it("shows an Excel file's megabytes with a moving bar (a zip is not read row by row)", () => {
    show({ format: 'xlsx', rows: 10_000, done: null, bytes: 1_250_000 });
    expect(screen.getByRole('status').textContent).toBe(T.exportProgressBytes(10_000, '1.3'));
    expect(screen.getByRole('status').textContent).toContain('10,000 applications');
  });
});
