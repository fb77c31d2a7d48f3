import { ActionIcon, Button, Group, Stack, TextInput } from '@mantine/core';
import { UI_TEXT } from '@under/core/ui-text';
import { useEffect, useState } from 'react';
import type { EditPanelProps } from './edit-panel';
import { keyProblem } from './edit-rules';
import { newOption, relabelOption } from './key-from-label';

export function KeyInput({
  component,
  keys,
  scoped,
  onRename,
  keyFollowsLabel,
  keyError,
}: Pick<EditPanelProps, 'component' | 'keys' | 'scoped' | 'onRename' | 'keyFollowsLabel' | 'keyError'>) {
  const [draft, setDraft] = useState(component.key);
  useEffect(() => setDraft(component.key), [component.key]);
  const problem = keyProblem(draft, component.key, keys) ?? (draft === component.key ? keyError : undefined);
  return (
    <TextInput
      label={UI_TEXT.builderEditKey}
      description={
        keyFollowsLabel ? UI_TEXT.builderKeyFollows : scoped ? UI_TEXT.builderKeyHelpScoped : UI_TEXT.builderKeyHelp
      }
      value={draft}
      error={problem}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setDraft(next);
        if (!keyProblem(next, component.key, keys) && next !== component.key) onRename({ ...component, key: next });
      }}
    />
  );
}

export function OptionsEditor({ component, onChange }: Pick<EditPanelProps, 'component' | 'onChange'>) {
  const values =
    component.type === 'select'
      ? (component.data.values ?? [])
      : component.type === 'radio' || component.type === 'selectboxes'
        ? component.values
        : [];
  const write = (next: typeof values) => {
    if (component.type === 'select')
      onChange({ ...component, data: { ...component.data, values: [...next] } }, 'options');
    else if (component.type === 'radio' || component.type === 'selectboxes')
      onChange({ ...component, values: [...next] }, 'options');
  };
  return (
    <Stack gap="xs">
      {values.map((option, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place; their value may be typed over
        <Group key={i} gap="xs" wrap="nowrap" align="flex-end">
          <TextInput
            label={`Option ${i + 1} label`}
            value={option.label}
            onChange={(e) => write(relabelOption(values, i, e.currentTarget.value))}
          />
          <TextInput
            label={`Option ${i + 1} value`}
            value={String(option.value)}
            onChange={(e) => write(values.map((o, j) => (j === i ? { ...o, value: e.currentTarget.value } : o)))}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mb={4}
            aria-label={`Remove option ${i + 1}`}
            onClick={() => write(values.filter((_, j) => j !== i))}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      <Button variant="light" size="xs" w="fit-content" onClick={() => write([...values, newOption(values)])}>
        {UI_TEXT.builderEditAddOption}
      </Button>
    </Stack>
  );
}
