import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { type Profile, UpdateProfileBodySchema } from '@under/core/accounts/profile.schema';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormAlert } from '../../../components/form-alert';
import { PersonFields } from '../../../components/person-fields';
import { displayPhone } from '../../../components/phone-field';
import { applyServerErrors } from '../../../lib/form-errors';
import { useUpdateProfile } from '../api/account-api';

/** Names and contact number of the signed-in user (PUT /api/profile); the e-mail and company do not change here. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(UpdateProfileBodySchema),
    mode: 'onTouched',
    defaultValues: {
      firstName: profile.firstName ?? '',
      lastName: profile.lastName ?? '',
      phoneNumber: displayPhone(profile.phoneNumber) ?? '',
    },
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSaved(false);
    try {
      await update.mutateAsync(values);
      setSaved(true);
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['firstName', 'lastName', 'phoneNumber']));
    }
  });
  return (
    <Paper withBorder p="lg" radius="md">
      <form onSubmit={onSubmit} noValidate aria-labelledby="profile-details-title">
        <Stack gap="md">
          <Title order={2} fz="lg" id="profile-details-title">
            {UI_TEXT.profileDetailsTitle}
          </Title>
          <FormAlert message={formError} />
          {saved ? <FormAlert message={UI_TEXT.profileSaved} kind="success" /> : null}
          <TextInput label={UI_TEXT.emailLabel} value={profile.email} readOnly variant="filled" />
          <PersonFields
            isOwnDetails
            firstName={register('firstName')}
            lastName={register('lastName')}
            phoneNumber={register('phoneNumber')}
            errors={{
              firstName: errors.firstName?.message,
              lastName: errors.lastName?.message,
              phoneNumber: errors.phoneNumber?.message,
            }}
            onPhoneFormatted={(value) => setValue('phoneNumber', value, { shouldValidate: true })}
          />
          <Group>
            <Button type="submit" loading={isSubmitting}>
              {UI_TEXT.saveButton}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
