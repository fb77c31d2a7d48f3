/**
 * OwnersSection: the primary applicant's list of additional owners (issue 12 "Invitations and owners"; decision 037).
 *
 * Props:
 * - `link: { applicationId: string; code: string }`: the application and the primary applicant's link code.
 * - `owners: OwnerView[]`: the owners as the application's GET answered (`ApplicantApplication.owners`); the
 *   primary's row gives their e-mail (refused as an additional owner's), the additional owners are listed. A new
 *   array later (the page fetched the application again) updates the statuses; rows being edited are kept.
 * - `call: HttpClient['call']`: the applicant pages' http client call (it sends the x-api-key header); used for
 *   APPLICANT_API.setOwners and APPLICANT_API.resendOwnerLink.
 * - `onSaved?: (owners: OwnerView[]) => void`: the saved list (every current owner, primary first) after a save.
 * - `readOnly?: boolean`: a submitted application: names, shares and statuses only; nothing to change or re-send.
 *
 * Owners are numbered as the form numbers them (decision 059): the primary is owner 1, so the first additional owner
 * is "Owner 2" (their section of the form); a new row shows the next free number until the server gives one.
 * Each saved owner shows "Completed" (their part is done) or "Waiting", with "Re-send link" (asked to confirm:
 * the earlier link stops working). Checked in the browser as the server checks (names, e-mails, not the primary's,
 * not twice, at most 100 % together); the server's refusals are shown on the field they name.
 */
import { Alert, Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { OWNERS_API } from '@under/core/api/applications/owners.contract';
import type { OwnerView } from '@under/core/applications/application.schema';
import { useEffect, useId, useRef, useState } from 'react';
import type { HttpClient } from '../../../lib/http';
import { HttpError } from '../../../lib/http-error';
import { OWNERS_TEXT as T } from './owners-text';

interface OwnersSectionProps {
  link: { applicationId: string; code: string };
  owners: OwnerView[];
  call: HttpClient['call'];
  onSaved?: (owners: OwnerView[]) => void;
  readOnly?: boolean;
}

interface Row {
  key: number;
  name: string;
  email: string;
  percent: string;
  /** The saved owner's section of the form (decision 059); null for a row not saved yet. */
  section: number | null;
}

type Errors = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
let nextKey = 0;

function rowsOf(owners: OwnerView[]): Row[] {
  return owners
    .filter((o) => o.kind === 'additionalOwner')
    .map((o) => ({
      key: nextKey++,
      name: o.name ?? '',
      email: o.email,
      percent: o.ownershipPercent === null ? '' : String(o.ownershipPercent),
      section: o.ownerSection,
    }));
}

/**
 * The number each row's labels carry, as the form numbers owners (decision 059): the primary applicant is owner 1,
 * a saved owner keeps their section, a new row takes the next number no other row holds (the server gives the
 * section on save; the labels follow its answer).
 */
function ownerNumbers(rows: readonly Pick<Row, 'section'>[]): number[] {
  const taken = new Set(rows.flatMap((r) => (r.section === null ? [] : [r.section])));
  let next = 2;
  return rows.map((r) => {
    if (r.section !== null) return r.section;
    while (taken.has(next)) next++;
    taken.add(next);
    return next;
  });
}

const normal = (email: string) => email.trim().toLowerCase();

/** The browser's copy of the server's checks, by the server's paths (`owners.1.email`, `owners`). */
function checkRows(rows: Row[], primaryEmail: string | undefined): Errors {
  const errors: Errors = {};
  const seen = new Set<string>();
  let total = 0;
  rows.forEach((r, i) => {
    if (r.name.trim() === '') errors[`owners.${i}.name`] = T.nameRequired;
    const email = normal(r.email);
    if (!EMAIL.test(email)) errors[`owners.${i}.email`] = T.emailInvalid;
    else if (email === primaryEmail) errors[`owners.${i}.email`] = T.emailIsPrimary;
    else if (seen.has(email)) errors[`owners.${i}.email`] = T.emailDuplicate;
    seen.add(email);
    if (r.percent.trim() !== '') {
      const p = Number(r.percent);
      if (!Number.isFinite(p) || p < 0 || p > 100) errors[`owners.${i}.ownershipPercent`] = T.percentInvalid;
      else total += Math.round(p * 100);
    }
  });
  if (total > 10_000) errors.owners = T.percentTotal((total / 100).toFixed(2).replace(/\.00$/, ''));
  return errors;
}

export function OwnersSection({ link, owners, call, onSaved, readOnly = false }: OwnersSectionProps) {
  const titleId = useId();
  const [saved, setSaved] = useState<OwnerView[]>(owners);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(owners));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<{ title: string; message: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  // keyboard users stay where they were: a new row's name, the confirmation's button, back to the re-send button
  const focusKey = useRef<number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const resendButtons = useRef(new Map<string, HTMLButtonElement>());
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  // a fresher answer from the page (an owner completed meanwhile) shows at once; the rows being edited are kept
  const editing = useRef(false);
  editing.current = dirty;
  useEffect(() => {
    setSaved(owners);
    if (!editing.current) setRows(rowsOf(owners));
  }, [owners]);
  const primaryEmail = saved.find((o) => o.kind === 'primaryApplicant')?.email;
  const savedByEmail = new Map(saved.filter((o) => o.kind === 'additionalOwner').map((o) => [o.email, o]));
  const params = { applicationId: link.applicationId };
  const query = { code: link.code };
  const numbers = ownerNumbers(rows);

  function change(index: number, patch: Partial<Row>) {
    setRows((rs) => rs.map((r, i) => (i === index ? { ...r, ...patch } : r)));
    setDirty(true);
    setNotice(null);
  }

  async function save() {
    const found = checkRows(rows, primaryEmail);
    setErrors(found);
    setFailure(null);
    setNotice(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const body = {
        owners: rows.map((r) => ({
          name: r.name.trim(),
          email: normal(r.email),
          ownershipPercent: r.percent.trim() === '' ? null : Number(r.percent),
        })),
      };
      const res = await call(OWNERS_API.setOwners, { params, query, body, auth: false, quiet: true });
      setSaved(res.owners);
      setRows(rowsOf(res.owners));
      setDirty(false);
      setNotice(T.saved);
      onSaved?.(res.owners);
    } catch (err) {
      const byPath = err instanceof HttpError ? Object.fromEntries(err.errors.map((e) => [e.path, e.message])) : {};
      setErrors(byPath);
      setFailure({ title: T.errorTitle, message: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  }

  async function resend(owner: OwnerView) {
    setConfirming(null);
    setFailure(null);
    setNotice(null);
    try {
      await call(OWNERS_API.resendOwnerLink, {
        params: { ...params, ownerId: owner.ownerId },
        query,
        auth: false,
        quiet: true,
      });
      setNotice(T.resent(owner.email));
    } catch (err) {
      setFailure({ title: T.resendError, message: err instanceof Error ? err.message : String(err) });
    }
  }

  return (
    <Stack component="section" aria-labelledby={titleId} gap="sm">
      <h2 id={titleId}>{T.title}</h2>
      <Text size="sm">{readOnly ? T.leadSubmitted : T.lead}</Text>
      {rows.length === 0 ? <Text c="dimmed">{T.none}</Text> : null}
      {rows.map((r, i) => {
        const n = numbers[i] ?? i + 2;
        const owner = savedByEmail.get(normal(r.email));
        return (
          <Stack key={r.key} gap="xs" data-testid="owner-row">
            <Group align="flex-start" grow wrap="wrap">
              <TextInput
                ref={(el) => {
                  if (el && focusKey.current === r.key) {
                    focusKey.current = null;
                    el.focus();
                  }
                }}
                label={T.nameLabel(n)}
                value={r.name}
                readOnly={readOnly}
                maxLength={100}
                autoComplete="off"
                error={errors[`owners.${i}.name`]}
                onChange={(e) => change(i, { name: e.currentTarget.value })}
              />
              <TextInput
                label={T.emailLabel(n)}
                type="email"
                value={r.email}
                readOnly={readOnly}
                maxLength={100}
                autoComplete="off"
                error={errors[`owners.${i}.email`]}
                onChange={(e) => change(i, { email: e.currentTarget.value })}
              />
              <TextInput
                label={T.percentLabel(n)}
                inputMode="decimal"
                value={r.percent}
                readOnly={readOnly}
                maxLength={6}
                error={errors[`owners.${i}.ownershipPercent`]}
                onChange={(e) => change(i, { percent: e.currentTarget.value })}
              />
            </Group>
            <Group gap="xs" aria-label={T.statusLabel(n)} role="group">
              {owner ? (
                <>
                  <Badge color={owner.completedAt ? 'green' : 'gray'} variant="light">
                    {owner.completedAt ? T.statusCompleted : T.statusWaiting}
                  </Badge>
                  {owner.linkSentAt === null && !owner.completedAt ? (
                    <Badge color="yellow" variant="light">
                      {T.statusLinkNotSent}
                    </Badge>
                  ) : null}
                </>
              ) : (
                <Badge color="yellow" variant="light">
                  {T.statusNotSaved}
                </Badge>
              )}
              {owner && !owner.completedAt && !readOnly ? (
                <Button
                  ref={(el) => {
                    if (el) resendButtons.current.set(owner.ownerId, el);
                    else resendButtons.current.delete(owner.ownerId);
                  }}
                  size="xs"
                  variant="subtle"
                  aria-label={T.resendTo(owner.email)}
                  aria-expanded={confirming === owner.ownerId}
                  onClick={() => setConfirming(owner.ownerId)}
                >
                  {T.resend}
                </Button>
              ) : null}
              {!readOnly ? (
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => {
                    setRows((rs) => rs.filter((_, j) => j !== i));
                    setErrors({});
                    setDirty(true);
                    addButton.current?.focus();
                  }}
                >
                  {T.remove(n)}
                </Button>
              ) : null}
            </Group>
            {owner && confirming === owner.ownerId ? (
              <Group gap="xs" role="group" aria-label={T.resendConfirmLabel}>
                <Text size="sm">{T.resendConfirm(owner.email)}</Text>
                <Button ref={confirmButton} size="xs" onClick={() => resend(owner)}>
                  {T.resendYes}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => {
                    setConfirming(null);
                    resendButtons.current.get(owner.ownerId)?.focus();
                  }}
                >
                  {T.cancel}
                </Button>
              </Group>
            ) : null}
          </Stack>
        );
      })}
      {errors.owners ? (
        <Text c="red" size="sm" role="alert">
          {errors.owners}
        </Text>
      ) : null}
      {failure ? (
        <Alert color="red" title={failure.title} role="alert">
          {failure.message}
        </Alert>
      ) : null}
      {notice ? (
        <Text size="sm" role="status">
          {notice}
        </Text>
      ) : null}
      {dirty && !readOnly ? (
        <Text size="sm" c="dimmed">
          {T.unsaved}
        </Text>
      ) : null}
      {!readOnly ? (
        <Group>
          <Button
            ref={addButton}
            variant="default"
            onClick={() => {
              const key = nextKey++;
              focusKey.current = key;
              setRows((rs) => [...rs, { key, name: '', email: '', percent: '', section: null }]);
              setDirty(true);
            }}
          >
            {T.add}
          </Button>
          <Button onClick={save} loading={busy}>
            {T.save}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
