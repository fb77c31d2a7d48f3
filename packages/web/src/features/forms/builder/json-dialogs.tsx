import { Alert, Button, Code, Group, List, Modal, Stack, Textarea } from '@mantine/core';
import type { FormDefinition } from '@under/core/forms/form.schema';
import type { FormIssue } from '@under/core/forms/form-checks';
import { importFormio } from '@under/core/forms/import-formio';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { readableAlert } from '../lib/alert-styles';

export function IssueList({ issues }: { issues: readonly FormIssue[] }) {
  return (
    <List size="sm" spacing={2}>
      {issues.map((issue) => (
        <List.Item key={`${issue.path}:${issue.message}`}>
          <Code>{issue.path || '(form)'}</Code> {issue.message}
        </List.Item>
      ))}
    </List>
  );
}

/** Paste Form.io (or Under) JSON; errors and removed attributes are listed by path. */
export function ImportDialog({
  opened,
  onClose,
  onImport,
}: {
  opened: boolean;
  onClose: () => void;
  onImport: (form: FormDefinition, warnings: FormIssue[]) => void;
}) {
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<FormIssue[]>([]);
  const [syntax, setSyntax] = useState<string>();
  const run = () => {
    setSyntax(undefined);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      setSyntax(error instanceof Error ? error.message : String(error));
      return;
    }
    const result = importFormio(json);
    setErrors(result.errors);
    if (result.ok && result.form) {
      onImport(result.form, result.warnings);
      setText('');
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={UI_TEXT.builderJsonImportJson} size="lg">
      <Stack>
        <Textarea
          label={UI_TEXT.builderJsonFormIoOrUnderForm}
          rows={14}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        />
        {syntax ? (
          <Alert styles={readableAlert} color="red" title={UI_TEXT.builderJsonNotValidJson}>
            {syntax}
          </Alert>
        ) : null}
        {errors.length > 0 ? (
          <Alert styles={readableAlert} color="red" title={UI_TEXT.builderJsonTheFormCannotBeImported}>
            <IssueList issues={errors} />
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {UI_TEXT.builderJsonCancel}
          </Button>
          <Button onClick={run}>{UI_TEXT.builderJsonImport}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function ExportDialog({
  opened,
  onClose,
  form,
}: {
  opened: boolean;
  onClose: () => void;
  form: FormDefinition;
}) {
  const json = JSON.stringify(form, null, 2);
  const download = () => {
    const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `${form.name || 'form'}.json`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={UI_TEXT.builderJsonExportJson} size="lg">
      <Stack>
        <Code block style={{ maxHeight: 420, overflow: 'auto' }} data-testid="export-json">
          {json}
        </Code>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => void navigator.clipboard?.writeText(json)}>
            {UI_TEXT.builderJsonCopy}
          </Button>
          <Button onClick={download}>{UI_TEXT.builderJsonDownload}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
