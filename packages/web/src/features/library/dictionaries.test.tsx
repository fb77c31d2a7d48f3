import '../../test/setup';
import { screen, waitFor, within } from '@testing-library/react';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { MESSAGES } from '@under/core/messages';
import { ADMIN_LIBRARY_TEXT as T } from '@under/core/ui-text/admin-library';
import { describe, expect, it } from 'vitest';
import { apiError } from '../../test/fake-api';
import { field, renderApp } from '../../test/render-app';

const ENTRY = {
  id: '00000000-0000-4000-8000-0000000000d1',
  type: 'text',
  name: 'businessPhone',
  label: 'Business phone',
  dataType: 'text',
  require: true,
  encrypted: false,
  maxLength: 12,
  data: { pattern: '[2-9]\\d{2}-\\d{3}-\\d{4}', note: 'kept' },
  alternativeKeys: ['phone'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};
const list = (items: unknown[]) => ({ status: 200, body: { items, total: items.length, page: 1, pageSize: 10 } });
const push = (status: string, done: number, total: number, error: string | null = null) => ({
  status: 200,
  body: {
    pushId: '00000000-0000-4000-8000-0000000000f1',
    kind: 'dictionary',
    targetId: ENTRY.id,
    status,
    total,
    done,
    error,
    createdAt: '2026-01-03T00:00:00.000Z',
    finishedAt: status === 'done' || status === 'failed' ? '2026-01-03T00:00:05.000Z' : null,
  },
});
const slow = { timeout: 8000 };
const bodyOf = (call: unknown[] | undefined) => JSON.parse(String((call?.[1] as RequestInit | undefined)?.body));

function render(api: Parameters<typeof renderApp>[0]['api'] = {}) {
  return renderApp({ app: 'admin', path: '/dictionaries', api: { 'GET /api/dictionaries': list([ENTRY]), ...api } });
}

async function openActions(user: ReturnType<typeof render>['user'], item: string) {
  await user.click(await screen.findByRole('button', { name: T.rowActions(ENTRY.name) }, slow));
  await user.click(await screen.findByRole('menuitem', { name: item }, slow));
  return screen.findByRole('dialog', {}, slow);
}

describe('/admin/dictionaries', { timeout: 90_000 }, () => {
  it('lists the entries with their type and flags, and says so when a search finds none', async () => {
    const { user, api } = render();
    const row = (await screen.findAllByTestId('dictionary-row', {}, slow))[0] as HTMLElement;
    expect(within(row).getByText('businessPhone')).toBeTruthy();
    expect(within(row).getByText(T.typeNames.text)).toBeTruthy();
    expect(within(row).getByText(T.requiredFlag)).toBeTruthy();
    api.on('GET /api/dictionaries', list([]));
    await user.type(screen.getByLabelText(T.searchDictionariesLabel), 'zzz');
    expect(await screen.findByText(T.noDictionariesFound, {}, slow)).toBeTruthy();
    const asked = api.calls('GET /api/dictionaries').map(([u]) => new URL(String(u), 'http://x').searchParams.get('q'));
    expect(asked).toContain('zzz');
  });

  it('refuses to create an entry without type, key and label, with the spec messages, and sends nothing', async () => {
    const { user, api } = render();
    await user.click(await screen.findByRole('button', { name: T.newDictionary }, slow));
    const drawer = await screen.findByRole('dialog', {}, slow);
    await user.click(within(drawer).getByRole('button', { name: T.createEntry }));
    expect(await within(drawer).findByText(MESSAGES.dictionaryTypeRequired)).toBeTruthy();
    expect(within(drawer).getByText(MESSAGES.dictionaryKeyRequired)).toBeTruthy();
    expect(within(drawer).getByText(MESSAGES.dictionaryLabelRequired)).toBeTruthy();
    await user.type(field(T.nameLabel), 'bad key');
    expect(await within(drawer).findByText(MESSAGES.keyPattern)).toBeTruthy();
    expect(api.calls('POST /api/dictionaries')).toHaveLength(0);
  });

  it('creates a radio entry with its options, default and rules, sending only what applies to it', async () => {
    const { user, api } = render({
      'POST /api/dictionaries': { status: 201, body: { ...ENTRY, type: 'radio', name: 'ownership' } },
    });
    await user.click(await screen.findByRole('button', { name: T.newDictionary }, slow));
    const drawer = await screen.findByRole('dialog', {}, slow);
    await user.selectOptions(field(T.typeLabel), 'radio');
    await user.type(field(T.nameLabel), 'ownership');
    await user.type(field(T.labelLabel), 'Ownership');
    // a choice type needs options
    await user.click(within(drawer).getByRole('button', { name: T.createEntry }));
    expect(await within(drawer).findByText(T.optionsRequired)).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: T.addOption }));
    await user.click(within(drawer).getByRole('button', { name: T.addOption }));
    await user.type(field(T.optionLabel(1)), 'Sole proprietor');
    await user.type(field(T.optionValue(1)), 'sole');
    await user.type(field(T.optionLabel(2)), 'Partnership');
    await user.type(field(T.optionValue(2)), 'partnership');
    await user.selectOptions(field(T.defaultValueLabel), 'partnership');
    await user.click(within(drawer).getByRole('switch', { name: new RegExp(`^${T.requireLabel}`) }));
    await user.click(field(T.conditionsLabel));
    await user.paste('{"==": [{"var": "country"}, "US"]}');
    await user.type(field(T.customScriptsLabel), 'value = 1');
    await user.type(screen.getByPlaceholderText(T.alternativeKeysPlaceholder), 'owner_type{Enter}');
    await user.click(within(drawer).getByRole('button', { name: T.createEntry }));
    await waitFor(() => expect(api.calls('POST /api/dictionaries')).toHaveLength(1), slow);
    expect(bodyOf(api.calls('POST /api/dictionaries')[0])).toEqual({
      type: 'radio',
      name: 'ownership',
      label: 'Ownership',
      dataType: 'radio',
      require: true,
      encrypted: false,
      options: [
        { label: 'Sole proprietor', value: 'sole' },
        { label: 'Partnership', value: 'partnership' },
      ],
      defaultValue: 'partnership',
      conditions: { '==': [{ var: 'country' }, 'US'] },
      customScripts: 'value = 1',
      alternativeKeys: ['owner_type'],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
  });

  it('edits an entry, inserting a regex sample and keeping its other data, and shows a used key on the key', async () => {
    const { user, api } = render({
      [`PATCH /api/dictionaries/${ENTRY.id}`]: apiError(409, ERROR_CODES.dictionaryKeyUsed, MESSAGES.dictionaryKeyUsed),
    });
    const drawer = await openActions(user, T.editAction);
    expect((field(T.patternLabel) as HTMLInputElement).value).toBe(ENTRY.data.pattern);
    await user.selectOptions(field(T.patternSampleLabel), 'ssn');
    await user.clear(field(T.maxLengthLabel));
    await user.type(field(T.maxLengthLabel), '11');
    await user.click(within(drawer).getByRole('button', { name: T.saveEntry }));
    expect(await within(drawer).findByText(MESSAGES.dictionaryKeyUsed, {}, slow)).toBeTruthy();
    expect(field(T.nameLabel).getAttribute('aria-invalid')).toBe('true');
    const body = bodyOf(api.calls(`PATCH /api/dictionaries/${ENTRY.id}`)[0]);
    expect(body.data).toEqual({ note: 'kept', pattern: '(?!000|666|9\\d{2})\\d{3}-(?!00)\\d{2}-(?!0000)\\d{4}' });
    expect(body.maxLength).toBe(11);
    expect(body.require).toBe(true);
    expect(body.minValue).toBeUndefined();
  });

  it('asks before deleting, and shows the refusal of the server in the dialog', async () => {
    const refusal = 'The entry is used by 2 master forms.';
    const { user, api } = render({
      [`DELETE /api/dictionaries/${ENTRY.id}`]: [
        apiError(409, 'dictionary/in-use', refusal),
        { status: 200, body: { ok: true } },
      ],
    });
    const dialog = await openActions(user, T.deleteAction);
    expect(within(dialog).getByText(T.deleteMessage(ENTRY.name))).toBeTruthy();
    expect(api.calls(`DELETE /api/dictionaries/${ENTRY.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: T.deleteConfirm }));
    expect(await within(dialog).findByText(refusal, {}, slow)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: T.deleteConfirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
    expect(api.calls(`DELETE /api/dictionaries/${ENTRY.id}`)).toHaveLength(2);
  });

  it('pushes an update and follows the job from queued through running to done', async () => {
    const { user, api } = render({
      'POST /api/push-update-by-dictionaries': { ...push('queued', 0, 0), status: 202 },
      'GET /api/push-updates/00000000-0000-4000-8000-0000000000f1': [push('running', 1, 2), push('done', 2, 2)],
    });
    const dialog = await openActions(user, T.pushAction);
    expect(api.calls('POST /api/push-update-by-dictionaries')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: T.pushStart }));
    expect(bodyOf(api.calls('POST /api/push-update-by-dictionaries')[0])).toEqual({ id: ENTRY.id });
    const progress = await within(dialog).findByTestId('push-progress', {}, slow);
    await waitFor(() => expect(progress.dataset.status).toBe('running'), slow);
    expect(within(dialog).getByText(T.pushRunning(1, 2))).toBeTruthy();
    expect(within(dialog).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(await within(dialog).findByText(T.pushDone(2), {}, slow)).toBeTruthy();
    const polls = api.calls('GET /api/push-updates/00000000-0000-4000-8000-0000000000f1').length;
    // finished: no more polling
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(api.calls('GET /api/push-updates/00000000-0000-4000-8000-0000000000f1')).toHaveLength(polls);
  });

  it('shows a failed push with its error', async () => {
    const { user } = render({
      'POST /api/push-update-by-dictionaries': { ...push('queued', 0, 0), status: 202 },
      'GET /api/push-updates/00000000-0000-4000-8000-0000000000f1': push(
        'failed',
        1,
        3,
        'The update failed; it is retried.',
      ),
    });
    const dialog = await openActions(user, T.pushAction);
    await user.click(within(dialog).getByRole('button', { name: T.pushStart }));
    expect(await within(dialog).findByText('The update failed; it is retried.', {}, slow)).toBeTruthy();
    expect(within(dialog).getByText(T.pushFailed)).toBeTruthy();
  });
});
