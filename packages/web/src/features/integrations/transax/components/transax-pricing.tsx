import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatCurrency, formatDateTime } from '@under/core/forms/format';
import { RetrieveTransaxPricingBodySchema, type StoredTransaxPricing } from '@under/core/integrations/transax.schema';
import { TRANSAX_TEXT as T } from '@under/core/ui-text/transax';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../../components/form-alert';
import { PasswordField } from '../../../../components/password-field';
import { ScrollTable } from '../../../../components/scroll-table';
import { errorMessage } from '../../../../lib/http-error';

type Body = { gatewayUrl: string; user: string; password: string };
type Field = keyof Body;

/**
 * The gateway URL, user and password the pricing is read with (issue #24 §2). Checked as the server checks them;
 * the server's refusal (a gateway not on the allowlist, a wrong password) is shown in its words. The password
 * field is emptied after each try: it is never kept.
 */
export function TransaxRetrieveForm({ onRetrieve }: { onRetrieve: (body: Body) => Promise<void> }) {
  const [values, setValues] = useState<Body>({ gatewayUrl: '', user: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const parsed = RetrieveTransaxPricingBodySchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await onRetrieve(parsed.data);
    } catch (cause) {
      setFormError(errorMessage(cause));
    } finally {
      setBusy(false);
      setValues((v) => ({ ...v, password: '' }));
    }
  }

  const set = (field: Field) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };
  return (
    <form onSubmit={submit} noValidate aria-label={T.title}>
      <Stack gap="sm">
        <FormAlert message={formError} />
        <TextInput
          label={T.gatewayUrlLabel}
          placeholder={T.gatewayUrlPlaceholder}
          value={values.gatewayUrl}
          onChange={set('gatewayUrl')}
          error={errors.gatewayUrl}
          required
          autoComplete="url"
        />
        <TextInput
          label={T.userLabel}
          value={values.user}
          onChange={set('user')}
          error={errors.user}
          required
          // a third party's credentials: never the user's Under login filled in by the browser
          autoComplete="off"
        />
        <PasswordField
          label={T.passwordLabel}
          value={values.password}
          onChange={set('password')}
          error={errors.password}
          required
          autoComplete="new-password"
        />
        <Group>
          <Button type="submit" loading={busy}>
            {T.retrieve}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const num = (n: number | null, suffix = '') => (n === null ? '—' : `${n}${suffix}`);

/** The stored pricing; with `onPick`, each plan can be selected for the chosen form (the selected one is marked). */
export function TransaxPricingTable(props: {
  stored: StoredTransaxPricing;
  selectedId: string | null;
  onPick: ((id: string) => void) | null;
  picking: boolean;
}) {
  const { stored, selectedId, onPick, picking } = props;
  if (stored.pricing.length === 0) return <Text size="sm">{T.none}</Text>;
  return (
    <Stack gap="xs">
      {stored.gatewayHost && stored.retrievedAt ? (
        <Text size="sm" c="dimmed">
          {T.retrievedFrom(stored.gatewayHost, formatDateTime(stored.retrievedAt))}
        </Text>
      ) : null}
      <ScrollTable minWidth={640} label={T.tableName}>
        <Table fz="sm" aria-label={T.tableName}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{T.columns.name}</Table.Th>
              <Table.Th>{T.columns.description}</Table.Th>
              <Table.Th>{T.columns.discountRate}</Table.Th>
              <Table.Th>{T.columns.perItem}</Table.Th>
              <Table.Th>{T.columns.monthly}</Table.Th>
              {onPick ? <Table.Th>{T.pick}</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {stored.pricing.map((p) => (
              <Table.Tr key={p.id} data-testid="transax-plan">
                <Table.Td>{p.name}</Table.Td>
                <Table.Td>{p.description ?? '—'}</Table.Td>
                <Table.Td>{num(p.discountRatePct, ' %')}</Table.Td>
                <Table.Td>{p.perItemFee === null ? '—' : formatCurrency(p.perItemFee)}</Table.Td>
                <Table.Td>{p.monthlyFee === null ? '—' : formatCurrency(p.monthlyFee)}</Table.Td>
                {onPick ? (
                  <Table.Td>
                    {selectedId === p.id ? (
                      <Text size="sm" fw={600} data-testid="transax-selected">
                        {T.picked}
                      </Text>
                    ) : (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => onPick(p.id)}
                        disabled={picking}
                        aria-label={`${T.pick}: ${p.name}`}
                      >
                        {T.pick}
                      </Button>
                    )}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
    </Stack>
  );
}
