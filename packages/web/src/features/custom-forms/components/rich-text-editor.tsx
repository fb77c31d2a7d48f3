import { Button, Group, Input, Stack } from '@mantine/core';
import { sanitizeRichText } from '@under/core/custom-forms/rich-text';
import { CUSTOM_FORMS_TEXT as T } from '@under/core/ui-text/client-custom-forms';
import { useEffect, useId, useRef } from 'react';

/**
 * A small rich-text box for terms and conditions: bold, italic and bulleted lists. What it holds is passed through
 * core's allowlist (the server applies the same one), so only formatting reaches the page.
 */
export function RichTextEditor(props: { value: string; onChange: (html: string) => void; disabled?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const initial = useRef(props.value);
  useEffect(() => {
    // the box owns its content while typing; only the first value is written into it
    if (ref.current) ref.current.innerHTML = sanitizeRichText(initial.current);
  }, []);
  const command = (name: 'bold' | 'italic' | 'insertUnorderedList') => {
    ref.current?.focus();
    document.execCommand(name);
    props.onChange(ref.current?.innerHTML ?? '');
  };
  return (
    <Stack gap={4}>
      <Input.Label id={labelId}>{T.termsLabel}</Input.Label>
      <Group gap={4}>
        <Button size="compact-xs" variant="default" onClick={() => command('bold')} disabled={props.disabled}>
          {T.bold}
        </Button>
        <Button size="compact-xs" variant="default" onClick={() => command('italic')} disabled={props.disabled}>
          {T.italic}
        </Button>
        <Button
          size="compact-xs"
          variant="default"
          onClick={() => command('insertUnorderedList')}
          disabled={props.disabled}
        >
          {T.bulletList}
        </Button>
      </Group>
      {/* biome-ignore lint/a11y/useSemanticElements: a contenteditable box is the rich-text field */}
      <div
        ref={ref}
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        tabIndex={0}
        contentEditable={!props.disabled}
        suppressContentEditableWarning
        data-testid="terms-editor"
        onInput={() => props.onChange(ref.current?.innerHTML ?? '')}
        style={{ minHeight: 160, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4, padding: 12 }}
      />
    </Stack>
  );
}
