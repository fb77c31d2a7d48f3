import { Badge, Group, NativeSelect, Stack, Table, Text } from '@mantine/core';
import type { MappableFormField, SfAttribute } from '@under/core/integrations/salesforce-mapping.schema';
import { MAPPING_TEXT as T } from '@under/core/ui-text/client-integrations-mapping';
import { ScrollTable } from '../../../../components/scroll-table';

/** Words for a form field type in the choices. */
export const typeWords = (t: string) => T.typeWords[t] ?? t;

/**
 * The Salesforce fields an application may fill, each with a choice of form field. Form fields of a type the field
 * cannot take are shown disabled with the reason; the server checks the rest (picklist values) on save.
 */
export function MappingFieldsTable(props: {
  attributes: SfAttribute[];
  formFields: MappableFormField[];
  pairs: Record<string, string>;
  errors: Record<string, string>;
  disabled: boolean;
  onChange: (sfField: string, formKey: string) => void;
}) {
  const { attributes, formFields, pairs, errors, disabled, onChange } = props;
  return (
    <ScrollTable minWidth={760} label={T.fieldsTitle}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{T.columnField}</Table.Th>
            <Table.Th scope="col">{T.columnType}</Table.Th>
            <Table.Th scope="col">{T.columnFormField}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {attributes.map((a) => {
            const chosen = pairs[a.name] ?? '';
            const allowed = a.formTypes.map(typeWords).join(', ');
            const error = errors[a.name];
            return (
              <Table.Tr key={a.name} data-testid="sf-field-row" data-sf-field={a.name}>
                <Table.Td>
                  <Stack gap={2}>
                    <Group gap={6}>
                      <Text size="sm" fw={600}>
                        {a.label}
                      </Text>
                      {a.required && !chosen ? (
                        <Badge color="red" variant="light" size="sm" tt="none">
                          {T.required}
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="xs" c="dimmed" ff="monospace">
                      {a.name}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{T.typeWithLength(a.type, a.length)}</Text>
                </Table.Td>
                <Table.Td>
                  <NativeSelect
                    aria-label={T.selectLabelOf(a.label)}
                    value={chosen}
                    disabled={disabled}
                    error={error}
                    onChange={(event) => onChange(a.name, event.currentTarget.value)}
                    data={[
                      { value: '', label: T.notMapped },
                      ...formFields.map((f) => {
                        const compatible = a.formTypes.includes(f.type);
                        return {
                          value: f.key,
                          label: compatible
                            ? `${f.label} (${f.key})`
                            : `${f.label} (${f.key}): ${T.incompatible(allowed)}`,
                          disabled: !compatible,
                        };
                      }),
                    ]}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
