import {
  ActionIcon,
  ColorInput,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { CustomFormDocument } from '@under/core/custom-forms/custom-form.schema';
import type { FormComponent, FormDefinition } from '@under/core/forms/form.schema';
import { walkComponents } from '@under/core/forms/form-walk';
import { CUSTOM_FORMS_TEXT as T } from '@under/core/ui-text/client-custom-forms';

export function LayoutEditor(props: {
  master: FormDefinition;
  doc: CustomFormDocument;
  readOnly: boolean;
  onChange: (patch: Partial<CustomFormDocument>) => void;
}) {
  const { master, doc, readOnly, onChange } = props;
  const editable: FormComponent[] = [];
  const emails: FormComponent[] = [];
  const collect = (list: readonly FormComponent[], isMaster: boolean) =>
    walkComponents(list, ({ component }) => {
      if (isMaster && component.editableByUc === true) editable.push(component);
      if (component.type === 'email') emails.push(component);
    });
  collect(master.components, true);
  collect(doc.additions as FormComponent[], false);
  const pages = (doc.additions as FormComponent[]).map((c) => c.key);
  const order = [...doc.pageOrder.filter((k) => pages.includes(k)), ...pages.filter((k) => !doc.pageOrder.includes(k))];
  const move = (i: number, by: -1 | 1) => {
    const next = [...order];
    const [item] = next.splice(i, 1);
    if (item === undefined) return;
    next.splice(i + by, 0, item);
    onChange({ pageOrder: next });
  };
  const labelOf = (key: string) => {
    const c = (doc.additions as FormComponent[]).find((x) => x.key === key) as FormComponent & { title?: string };
    return c?.title || c?.label || key;
  };
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h4">
          {T.defaultsTitle}
        </Title>
        <Text c="dimmed" size="sm" mb="sm">
          {T.defaultsLead}
        </Text>
        {editable.length === 0 ? <Text size="sm">{T.noDefaults}</Text> : null}
        <Stack gap="xs" maw={480}>
          {editable.map((field) => (
            <TextInput
              key={field.key}
              label={field.label ?? field.key}
              disabled={readOnly}
              value={String(doc.defaultValues[field.key] ?? '')}
              onChange={(event) => {
                const text = event.currentTarget.value;
                const defaultValues = { ...doc.defaultValues };
                if (text === '') delete defaultValues[field.key];
                else
                  defaultValues[field.key] =
                    field.type === 'number' && text.trim() !== '' && !Number.isNaN(Number(text)) ? Number(text) : text;
                onChange({ defaultValues });
              }}
            />
          ))}
          <NativeSelect
            label={T.ownerEmailLabel}
            disabled={readOnly}
            value={doc.ownersEmailField ?? ''}
            onChange={(event) => onChange({ ownersEmailField: event.currentTarget.value || null })}
            data={[
              { value: '', label: T.ownerEmailNone },
              ...emails.map((f) => ({ value: f.key, label: f.label ?? f.key })),
            ]}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h4" mb="sm">
          {T.pageOrderTitle}
        </Title>
        {order.length === 0 ? <Text size="sm">{T.noOwnPages}</Text> : null}
        <Stack gap={4}>
          {order.map((key, i) => (
            <Group key={key} gap="xs">
              <Text size="sm" w={240}>
                {labelOf(key)}
              </Text>
              <ActionIcon
                variant="default"
                aria-label={T.moveUp(labelOf(key))}
                disabled={readOnly || i === 0}
                onClick={() => move(i, -1)}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="default"
                aria-label={T.moveDown(labelOf(key))}
                disabled={readOnly || i === order.length - 1}
                onClick={() => move(i, 1)}
              >
                ↓
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end">
          <ColorInput
            label={T.headerColorLabel}
            value={doc.headerColor}
            disabled={readOnly}
            format="hex"
            withEyeDropper={false}
            onChange={(headerColor) => /^#[0-9a-fA-F]{6}$/.test(headerColor) && onChange({ headerColor })}
          />
          <ColorInput
            label={T.progressColorLabel}
            value={doc.progressColor}
            disabled={readOnly}
            format="hex"
            withEyeDropper={false}
            onChange={(progressColor) => /^#[0-9a-fA-F]{6}$/.test(progressColor) && onChange({ progressColor })}
          />
          <Switch
            label={T.showLogoLabel}
            checked={doc.showLogo}
            disabled={readOnly}
            onChange={(event) => onChange({ showLogo: event.currentTarget.checked })}
          />
        </Group>
      </Paper>
    </Stack>
  );
}
