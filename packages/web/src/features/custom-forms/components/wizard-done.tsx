import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { CustomFormDetail } from '@under/core/custom-forms/custom-form.schema';
import { CUSTOM_FORMS_TEXT as T } from '@under/core/ui-text/client-custom-forms';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/http-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { applicantLink, useFormActions } from '../api/custom-forms-api';
import { QrCode } from './qr-code';

export function Done({ form }: { form: CustomFormDetail }) {
  const link = applicantLink(form.customFormId);
  const { setStatus } = useFormActions();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const linkRef = useRef<HTMLInputElement>(null);
  // the clipboard API exists only on https and localhost: elsewhere the selected field is copied the old way, and
  // if that fails too the link is left selected with the keys to press (issue 21 §5: Copy link shows it copied)
  async function copyLink() {
    const selectLink = () => {
      linkRef.current?.focus();
      linkRef.current?.select();
    };
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      selectLink();
      setCopy(typeof document.execCommand === 'function' && document.execCommand('copy') ? 'copied' : 'failed');
    }
  }
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="md">
        <Title order={2} size="h3">
          {T.doneTitle}
        </Title>
        <Text c="dimmed" data-testid="done-lead">
          {form.status === 'active' ? T.doneLeadActive : T.doneLead}
        </Text>
        <Group align="flex-end">
          <TextInput
            ref={linkRef}
            label={T.applicantLink}
            value={link}
            readOnly
            w={480}
            maw="100%"
            data-testid="applicant-link"
          />
          <Button variant="default" onClick={() => void copyLink()}>
            {copy === 'copied' ? T.copied : T.copy}
          </Button>
        </Group>
        <Text size="sm" role="status" c={copy === 'failed' ? 'red.8' : 'teal.9'} mih={20}>
          {copy === 'copied' ? T.linkCopied : copy === 'failed' ? T.copyFailed : ''}
        </Text>
        <QrCode value={link} label={T.qrLabel(form.name)} />
        <Group>
          {form.status === 'inactive' && !form.readOnly ? (
            <Button
              loading={setStatus.isPending}
              onClick={() =>
                setStatus.mutate(
                  { customFormId: form.customFormId, status: 'active' },
                  {
                    onSuccess: () => notifySuccess(T.activated(form.name)),
                    onError: (error) => notifyError(errorMessage(error)),
                  },
                )
              }
            >
              {T.activateOf(form.name)}
            </Button>
          ) : null}
          <Button component={Link} to="/all-form" variant="default">
            {T.toList}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
