import '../../test/setup';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { describe, expect, it, vi } from 'vitest';
import { checkLogoFile } from './components/logo-uploader';
import { parseDomainLines, WhitelistEditor } from './components/whitelist-editor';

function renderEditor(onSave = vi.fn(async (domains: string[]) => domains)) {
  render(
    <MantineProvider env="test">
      <WhitelistEditor domains={[]} canEdit onSave={onSave} />
    </MantineProvider>,
  );
  return { onSave, user: userEvent.setup(), box: screen.getByLabelText(UI_TEXT.whitelistLabel) };
}

describe('WhitelistEditor', () => {
  it('rejects the whole list when one domain is invalid, and sends nothing', async () => {
    const { onSave, user, box } = renderEditor();
    await user.type(box, 'bank.com{enter}https://evil.example/path{enter}mail.bank.co.uk');
    await user.click(screen.getByRole('button', { name: UI_TEXT.whitelistSave }));
    expect(await screen.findByText(MESSAGES.invalidDomainList)).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends a valid list normalized (lower case, no blanks or duplicates) and says it was saved', async () => {
    const { onSave, user, box } = renderEditor();
    await user.type(box, ' Bank.COM {enter}{enter}mail.bank.co.uk{enter}bank.com');
    await user.click(screen.getByRole('button', { name: UI_TEXT.whitelistSave }));
    expect(await screen.findByText(UI_TEXT.whitelistSaved)).toBeTruthy();
    expect(onSave).toHaveBeenCalledWith(['bank.com', 'mail.bank.co.uk']);
  });

  it('shows the server refusal under the list', async () => {
    const { user, box } = renderEditor(vi.fn(async () => Promise.reject(new Error(MESSAGES.domainsTooMany))));
    await user.type(box, 'bank.com');
    await user.click(screen.getByRole('button', { name: UI_TEXT.whitelistSave }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.domainsTooMany);
  });

  it('reads one domain a line (commas too)', () => {
    expect(parseDomainLines('a.com, b.com\n\n  c.org  \n')).toEqual(['a.com', 'b.com', 'c.org']);
  });
});

describe('checkLogoFile', () => {
  it.each([
    [{ name: 'logo.png', type: 'image/png', size: 10 }, null],
    [{ name: 'logo.JPG', type: 'image/jpeg', size: 10 }, null],
    [{ name: 'logo.jpeg', type: '', size: 10 }, null],
    [{ name: 'logo.gif', type: 'image/gif', size: 10 }, MESSAGES.fileTypeNotSupported],
    [{ name: 'logo.png', type: 'text/plain', size: 10 }, MESSAGES.fileTypeNotSupported],
    [{ name: 'logo.png', type: 'image/png', size: 0 }, MESSAGES.fileEmpty],
    [{ name: 'logo.png', type: 'image/png', size: 25_000_000 }, null],
    [{ name: 'logo.png', type: 'image/png', size: 25_000_001 }, MESSAGES.fileTooLarge],
  ])('%o -> %s', (file, expected) => {
    expect(checkLogoFile(file)).toBe(expected);
  });
});
