import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { WhitelistDomainsBodySchema } from '@under/core/accounts/domain';
import { MESSAGES } from '@under/core/messages';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage, HttpError } from '../../../lib/http-error';

/** One domain a line; blank lines and surrounding spaces do not count. */
export function parseDomainLines(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

interface WhitelistEditorProps {
  domains: string[];
  canEdit: boolean;
  onSave: (domains: string[]) => Promise<string[]>;
}

/**
 * The whitelist as text, one domain a line. The core rule checks the list before it is sent: one invalid
 * domain rejects the whole list (spec 1 §5), with the spec's message; the server applies the same rule.
 */
export function WhitelistEditor({ domains, canEdit, onSave }: WhitelistEditorProps) {
  const [text, setText] = useState(domains.join('\n'));
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [isSaving, setSaving] = useState(false);

  async function save() {
    setSaved(false);
    setFormError(null);
    const parsed = WhitelistDomainsBodySchema.safeParse({ domains: parseDomainLines(text) });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.invalidDomainList);
      return;
    }
    setError(null);
    setSaving(true);
    try {
      const stored = await onSave(parsed.data.domains);
      setText(stored.join('\n'));
      setSaved(true);
    } catch (cause) {
      const fieldProblem = cause instanceof HttpError ? cause.errors[0]?.message : undefined;
      if (fieldProblem) setError(fieldProblem);
      else setFormError(errorMessage(cause));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="md">
      <FormAlert message={formError} />
      {saved ? <FormAlert message={UI_TEXT.whitelistSaved} kind="success" /> : null}
      <Textarea
        label={UI_TEXT.whitelistLabel}
        description={UI_TEXT.whitelistLead}
        rows={5}
        readOnly={!canEdit}
        value={text}
        error={error}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setSaved(false);
        }}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      {canEdit ? (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {parseDomainLines(text).length === 0 ? UI_TEXT.whitelistEmpty : null}
          </Text>
          <Button onClick={() => void save()} loading={isSaving}>
            {UI_TEXT.whitelistSave}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
