import { Button, Group, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { CUSTOMERS_TEXT as T } from '@under/core/ui-text/client-customers';
import { type FormEvent, useMemo, useState } from 'react';
import { z } from 'zod';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage, HttpError } from '../../../lib/http-error';
import { useActiveForms, useInviteCustomer } from '../api/invites-api';
import { browserTimeZone, formatOffset, offsetMinutes, timeZones } from './time-zone';

const isEmail = (value: string) => z.email().max(100).safeParse(value.trim()).success;

type Field = 'customFormId' | 'invitedEmail' | 'primaryEmail';

/**
 * Invites a customer to an active form (decision 041): the form, the customer's e-mail, whose e-mail is the primary
 * applicant's ('primary', the spec's default, is the invited one), and the time zone with its offset.
 * With `customFormId` the form is fixed (the form list's action).
 */
export function InviteCustomerForm({
  customFormId: fixedFormId,
  initialFormId,
  onInvited,
}: {
  /** The form, fixed (no choice shown). */
  customFormId?: string;
  /** The form chosen at first (/create-customer?formId=…). */
  initialFormId?: string;
  onInvited?: (result: { applicationId: string; email: string }) => void;
}) {
  const forms = useActiveForms();
  const invite = useInviteCustomer();
  const [customFormId, setCustomFormId] = useState(fixedFormId ?? initialFormId ?? '');
  const [invitedEmail, setInvitedEmail] = useState('');
  const [primary, setPrimary] = useState<'primary' | 'other'>('primary');
  const [primaryEmail, setPrimaryEmail] = useState('');
  const [timeZone, setTimeZone] = useState(browserTimeZone);
  const zones = useMemo(() => timeZones(timeZone), [timeZone]);
  const offset = offsetMinutes(timeZone);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const options = (forms.data?.items ?? []).map((f) => ({ value: f.customFormId, label: f.name }));
  const noForms = forms.isSuccess && options.length === 0;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setSentTo(null);
    const found: Partial<Record<Field, string>> = {};
    if (!customFormId) found.customFormId = T.formRequired;
    if (!isEmail(invitedEmail)) found.invitedEmail = T.emailInvalid;
    if (primary === 'other' && !isEmail(primaryEmail)) found.primaryEmail = T.emailInvalid;
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const email = invitedEmail.trim();
      const result = await invite.mutateAsync({
        customFormId,
        invitedEmail: email,
        emailPrimary: primary === 'primary' ? 'primary' : primaryEmail.trim(),
        timeZone,
        timeZoneOffset: offset,
      });
      setSentTo(email);
      setInvitedEmail('');
      setPrimaryEmail('');
      setPrimary('primary');
      onInvited?.({ applicationId: result.applicationId, email });
    } catch (error) {
      if (error instanceof HttpError && error.code === ERROR_CODES.applicationInvalidPrimaryEmail) {
        setErrors({ primaryEmail: error.message });
      } else if (error instanceof HttpError && error.code === ERROR_CODES.applicationOpenLimit) {
        setErrors({ invitedEmail: error.message });
      } else if (error instanceof HttpError && error.code === ERROR_CODES.customFormInactive) {
        setErrors({ customFormId: error.message });
      } else if (!(error instanceof HttpError && error.isServerUnavailable)) {
        setFormError(errorMessage(error));
      }
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={T.inviteTitle}>
      <Stack gap="md">
        <FormAlert message={formError} />
        {forms.isError ? <FormAlert message={T.formsError} /> : null}
        {noForms ? <FormAlert message={T.noActiveForms} kind="info" /> : null}
        {sentTo ? <FormAlert message={T.inviteSentTo(sentTo)} kind="success" /> : null}
        {fixedFormId ? null : (
          <NativeSelect
            label={T.formLabel}
            withAsterisk
            value={customFormId}
            onChange={(e) => setCustomFormId(e.currentTarget.value)}
            data={[{ value: '', label: T.formPlaceholder, disabled: true }, ...options]}
            error={errors.customFormId}
            disabled={noForms}
          />
        )}
        {fixedFormId && errors.customFormId ? <FormAlert message={errors.customFormId} /> : null}
        <TextInput
          label={T.invitedEmailLabel}
          description={T.invitedEmailHint}
          type="email"
          autoComplete="off"
          withAsterisk
          value={invitedEmail}
          onChange={(e) => setInvitedEmail(e.currentTarget.value)}
          error={errors.invitedEmail}
        />
        <Radio.Group
          label={T.primaryLabel}
          value={primary}
          onChange={(value) => setPrimary(value === 'other' ? 'other' : 'primary')}
        >
          <Group gap="lg" mt={6}>
            <Radio value="primary" label={T.primaryInvited} />
            <Radio value="other" label={T.primaryOther} />
          </Group>
        </Radio.Group>
        {primary === 'other' ? (
          <TextInput
            label={T.primaryOtherLabel}
            description={T.primaryOtherHint}
            type="email"
            autoComplete="off"
            withAsterisk
            value={primaryEmail}
            onChange={(e) => setPrimaryEmail(e.currentTarget.value)}
            error={errors.primaryEmail}
          />
        ) : null}
        <NativeSelect
          label={T.timeZoneLabel}
          description={T.timeZoneHint}
          value={timeZone}
          onChange={(e) => setTimeZone(e.currentTarget.value)}
          data={zones}
        />
        <Text size="sm" c="dimmed" data-testid="time-zone-offset">
          {T.offsetLabel(formatOffset(offset))}
        </Text>
        <Group justify="flex-end">
          <Button type="submit" loading={invite.isPending} disabled={noForms}>
            {T.sendButton}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
