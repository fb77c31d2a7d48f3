import { Select, Stack, Table, Text } from '@mantine/core';
import type { CcMapperView } from '@under/core/integrations/cardconnect.schema';
import type { CcAttribute } from '@under/core/integrations/cardconnect-attributes';
import { ccFit, ccFormTypeWords, ccGroupOf } from '@under/core/integrations/cardconnect-compat';
import { CC_MAPPER_TEXT as T } from '@under/core/ui-text/admin-cardconnect-mapper';
import { useMemo } from 'react';
import { ScrollTable } from '../../../../components/scroll-table';

type FormField = CcMapperView['formFields'][number];

/**
 * Each of the master form's fields (pseudo-fields first) beside a searchable choice of boarding attribute, grouped
 * by its object path. An attribute that can never take the field's answers, or that another field already fills,
 * is listed disabled; the chosen attribute's type and help text show under the choice, with a warning when only
 * some answers convert (decision 090).
 */
export function CcMapperTable(props: {
  formFields: FormField[];
  attributes: readonly CcAttribute[];
  /** form key -> attribute name */
  pairs: Record<string, string>;
  errors: Record<string, string>;
  onChange: (formKey: string, attribute: string | null) => void;
}) {
  const { formFields, attributes, pairs, errors, onChange } = props;
  const targets = useMemo(() => attributes.filter((a) => !a.pseudo), [attributes]);
  const byName = useMemo(() => new Map(targets.map((a) => [a.name, a])), [targets]);
  const usedBy = useMemo(() => {
    const labels = new Map(formFields.map((f) => [f.key, f.label]));
    const out = new Map<string, string>();
    for (const [key, attribute] of Object.entries(pairs)) out.set(attribute, labels.get(key) ?? key);
    return out;
  }, [pairs, formFields]);

  return (
    <ScrollTable minWidth={820} label={T.tableLabel}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{T.columnField}</Table.Th>
            <Table.Th scope="col">{T.columnType}</Table.Th>
            <Table.Th scope="col">{T.columnAttribute}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {formFields.map((field) => {
            const chosen = pairs[field.key] ?? null;
            const attribute = chosen ? byName.get(chosen) : undefined;
            const fit = attribute ? ccFit(field, attribute) : null;
            const groups = new Map<string, { value: string; label: string; disabled?: boolean }[]>();
            for (const a of targets) {
              const f = ccFit(field, a);
              const user = a.name === chosen ? undefined : usedBy.get(a.name);
              const items = groups.get(ccGroupOf(a)) ?? [];
              items.push({
                value: a.name,
                label: user ? `${a.label} (${a.type}): ${T.usedBy(user)}` : `${a.label} (${a.type})`,
                disabled: Boolean(user) || (f.fit === 'no' && a.name !== chosen),
              });
              groups.set(ccGroupOf(a), items);
            }
            const error = errors[field.key] ?? (fit?.fit === 'no' ? fit.reason : undefined);
            return (
              <Table.Tr key={field.key} data-testid="cc-field-row" data-form-key={field.key}>
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="sm" fw={600}>
                      {field.label}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {field.key}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{ccFormTypeWords(field.type)}</Text>
                </Table.Td>
                <Table.Td miw={360}>
                  <Select
                    aria-label={T.selectLabelOf(field.label)}
                    placeholder={T.placeholder}
                    data={[...groups].map(([group, items]) => ({ group, items }))}
                    value={chosen}
                    searchable
                    clearable
                    nothingFoundMessage={T.nothingFound}
                    maxDropdownHeight={320}
                    comboboxProps={{ withinPortal: true }}
                    error={error}
                    description={attribute ? `${T.attributeType(attribute.type)} · ${attribute.helpText}` : undefined}
                    onChange={(value) => onChange(field.key, value)}
                  />
                  {fit?.fit === 'warn' && !errors[field.key] ? (
                    <Text size="xs" c="#9a3412" mt={4} data-testid="cc-warning">
                      {fit.reason}
                    </Text>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
