import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { NOTE_MAX, NoteBodySchema } from '@under/core/applications/notes.schema';
import { MESSAGES } from '@under/core/messages';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useNotes } from '../api/applications-api';
import { when } from '../lib/when';

/** Notes between team members on the application (issue 14): newest first; the author or an ADMINISTRATOR deletes. */
export function NotesPanel({ applicationId }: { applicationId: string }) {
  const notes = useNotes(applicationId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const items = notes.list.data?.items ?? [];

  async function add() {
    const parsed = NoteBodySchema.safeParse({ text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.noteEmpty);
      return;
    }
    try {
      await notes.add.mutateAsync(parsed.data.text);
      setText('');
      setError(null);
      notifySuccess(T.noteAdded);
    } catch (e) {
      setError(errorMessage(e));
    }
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="notes-title">
      <Title order={2} size="h3" id="notes-title">
        {T.notesTitle}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {T.notesLead}
      </Text>
      <Stack gap="xs" mb="md">
        <Textarea
          label={T.noteLabel}
          placeholder={T.notePlaceholder}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            if (error) setError(null);
          }}
          maxLength={NOTE_MAX}
          autosize
          minRows={2}
          maxRows={8}
          error={error}
        />
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            {text.length} / {NOTE_MAX}
          </Text>
          <Button onClick={() => void add()} loading={notes.add.isPending}>
            {T.addNote}
          </Button>
        </Group>
      </Stack>
      {notes.list.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(notes.list.error)}
        </Alert>
      ) : null}
      {notes.list.data && items.length === 0 ? <Text c="dimmed">{T.notesNone}</Text> : null}
      <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {items.map((n) => (
          <Paper key={n.noteId} component="li" bg="gray.0" p="sm" radius="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Text size="xs" c="dimmed">
                {T.noteBy(n.authorName, when(n.createdAt))}
              </Text>
              {n.canDelete ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  onClick={() => setDeleting(n.noteId)}
                  aria-label={`${T.deleteNote}: ${n.text.slice(0, 40)}`}
                >
                  {T.delete}
                </Button>
              ) : null}
            </Group>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {n.text}
            </Text>
          </Paper>
        ))}
      </Stack>
      <ConfirmDialog
        opened={deleting !== null}
        title={MESSAGES.deleteConfirmTitle}
        message={MESSAGES.deleteConfirmText}
        confirmLabel={T.deleteNote}
        isDanger
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          const id = deleting;
          setDeleting(null);
          if (!id) return;
          notes.remove
            .mutateAsync(id)
            .then(() => notifySuccess(T.noteDeleted))
            .catch((e) => notifyError(errorMessage(e)));
        }}
      />
    </Paper>
  );
}
