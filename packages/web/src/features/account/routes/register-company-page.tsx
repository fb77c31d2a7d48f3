import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { displayRole } from '@under/core/accounts/enums';
import { UpdateProfileBodySchema } from '@under/core/accounts/profile.schema';
import { CompanyNameSchema } from '@under/core/auth/credentials';
import { UI_TEXT } from '@under/core/ui-text';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { CenteredCard } from '../../../components/centered-card';
import { FormAlert } from '../../../components/form-alert';
import { GlobalSpinner } from '../../../components/global-spinner';
import { PersonFields } from '../../../components/person-fields';
import { applyServerErrors } from '../../../lib/form-errors';
import { HttpError } from '../../../lib/http-error';
import { clearPendingInvitation, getPendingInvitation } from '../../../lib/pending-invitation';
import { safeRedirect } from '../../../lib/safe-redirect';
import { useSession } from '../../../lib/session-context';
import { useMe } from '../../../lib/use-me';
import { useCreateProfile } from '../api/account-api';

/** The rules of POST /api/profiles, field by field (core): the company name only when registering a company. */
const CompanyFormSchema = UpdateProfileBodySchema.extend({ companyName: CompanyNameSchema });
const JoinFormSchema = UpdateProfileBodySchema.extend({ companyName: z.string().optional() });

/**
 * /register-company: a signed-in user without a company lands here (client guard). Without an invitation it
 * registers the company (the user becomes its administrator on Basic); with the invitation kept by
 * /register/{invitationCode} it joins that team with the invited role instead.
 */
export function RegisterCompanyPage() {
  const me = useMe();
  const [searchParams] = useSearchParams();
  if (me.isPending) return <GlobalSpinner />;
  if (me.data?.company) return <Navigate to={safeRedirect(searchParams.get('redirect'), '/')} replace />;
  return <RegisterCompanyForm email={me.data?.email ?? ''} />;
}

function RegisterCompanyForm({ email }: { email: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const createProfile = useCreateProfile();
  const [invitation, setInvitation] = useState(() => {
    const pending = getPendingInvitation();
    return pending && pending.email === email ? pending : null;
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [invitationFailed, setInvitationFailed] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(invitation ? JoinFormSchema : CompanyFormSchema),
    mode: 'onTouched',
    defaultValues: { companyName: '', firstName: '', lastName: '', phoneNumber: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await createProfile.mutateAsync({
        email,
        firstName: values.firstName,
        lastName: values.lastName,
        phoneNumber: values.phoneNumber,
        ...(invitation ? { invitationCode: invitation.code } : { companyName: values.companyName }),
      });
      clearPendingInvitation();
      await navigate(safeRedirect(searchParams.get('redirect'), '/'), { replace: true });
    } catch (error) {
      if (invitation && error instanceof HttpError && error.code.startsWith('invitation/')) setInvitationFailed(true);
      setFormError(applyServerErrors(error, setError, ['companyName', 'firstName', 'lastName', 'phoneNumber']));
    }
  });
  const title = invitation ? UI_TEXT.joinTeamTitle(invitation.companyName) : UI_TEXT.registerCompanyTitle;
  const lead = invitation
    ? UI_TEXT.joinTeamLead(invitation.companyName, displayRole(invitation.role))
    : UI_TEXT.registerCompanyLead;
  return (
    <CenteredCard title={title} lead={lead}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <FormAlert message={formError} />
          {invitation ? null : (
            <TextInput
              label={UI_TEXT.companyNameLabel}
              autoComplete="organization"
              withAsterisk
              error={errors.companyName?.message}
              {...register('companyName')}
            />
          )}
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
          <Button type="submit" loading={isSubmitting} fullWidth>
            {invitation ? UI_TEXT.joinTeamButton : UI_TEXT.registerCompanyButton}
          </Button>
          <Group justify="space-between">
            {invitationFailed ? (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => {
                  clearPendingInvitation();
                  setInvitation(null);
                  setFormError(null);
                  setInvitationFailed(false);
                }}
              >
                {UI_TEXT.registerCompanyTitle}
              </Button>
            ) : (
              <span />
            )}
            <Button variant="subtle" color="dark" size="compact-sm" onClick={() => void session.signOut()}>
              {UI_TEXT.logOut}
            </Button>
          </Group>
        </Stack>
      </form>
    </CenteredCard>
  );
}
