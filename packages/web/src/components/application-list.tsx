import { Badge, NativeSelect, Table, TextInput } from '@mantine/core';
import { LISTED_STATUSES } from '@under/core/applications/application-list.schema';
import { formatDate } from '@under/core/forms/format';
import { MESSAGES } from '@under/core/messages';

/**
 * The parts an application list is made of, shared by the client's list and the admin's list of one form: the status
 * and submission-day filters and the row's cells from the status on.
 */

/** A day as spec 1 §9 writes it (`Nov 28, 2026`, UTC); '—' when there is none. */
export const day = (iso: string | null) => (iso ? formatDate(iso, 'MMM dd, yyyy') : '—');

type Width = number | { base: string; xs: number };

/** An application list's status filter: every listed status, or all. */
export function StatusFilter({
  value,
  onChange,
  texts,
  w,
}: {
  value: string;
  onChange: (status: string) => void;
  texts: { statusFilterLabel: string; statusAll: string; statusLabels: Readonly<Record<string, string>> };
  w: Width;
}) {
  return (
    <NativeSelect
      label={texts.statusFilterLabel}
      w={w}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      data={[
        { value: '', label: texts.statusAll },
        ...LISTED_STATUSES.map((s) => ({ value: s, label: texts.statusLabels[s] ?? s })),
      ]}
    />
  );
}

/** The submission days of an application list, from and to (both included); a reversed range says so. */
export function SubmittedDaysFilter({
  from,
  to,
  onChange,
  badRange,
  texts,
  w,
}: {
  from: string;
  to: string;
  onChange: (changes: { from?: string; to?: string }) => void;
  badRange: boolean;
  texts: { fromLabel: string; toLabel: string };
  w: Width;
}) {
  return (
    <>
      <TextInput
        type="date"
        label={texts.fromLabel}
        w={w}
        value={from}
        onChange={(e) => onChange({ from: e.currentTarget.value })}
      />
      <TextInput
        type="date"
        label={texts.toLabel}
        w={w}
        value={to}
        onChange={(e) => onChange({ to: e.currentTarget.value })}
        error={badRange ? MESSAGES.applicationDateRange : undefined}
      />
    </>
  );
}

/** A row's last four cells: the status (a badge), the signatures, the submission day and the last change's day. */
export function ApplicationStateCells({
  application: a,
  texts,
}: {
  application: { status: string; signStatus: string | null; submittedAt: string | null; updatedAt: string };
  texts: { statusLabels: Readonly<Record<string, string>>; signLabels: Readonly<Record<string, string>> };
}) {
  return (
    <>
      <Table.Td>
        <Badge variant="light">{texts.statusLabels[a.status] ?? a.status}</Badge>
      </Table.Td>
      <Table.Td>{a.signStatus ? (texts.signLabels[a.signStatus] ?? a.signStatus) : '—'}</Table.Td>
      <Table.Td>{day(a.submittedAt)}</Table.Td>
      <Table.Td>{day(a.updatedAt)}</Table.Td>
    </>
  );
}
