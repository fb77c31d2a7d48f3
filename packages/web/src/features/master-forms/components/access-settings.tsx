import { Alert, Button, Checkbox, Group, Radio, SimpleGrid, Stack } from '@mantine/core';
import { DEFAULT_MEMBERSHIPS } from '@under/core/accounts/membership.schema';
import type { MasterFormSummary } from '@under/core/templates/master-form.schema';
import { MASTER_FORMS_TEXT as T } from '@under/core/ui-text/admin-master-forms';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessage } from '../../../lib/http-error';
import { notifySuccess } from '../../../lib/notify';
import { useArchiveImpact, useSetAccessibility } from '../api/master-forms-api';
import { AccountPicker } from './account-picker';

type Access = 'global' | 'limited';

/**
 * Form Extended Access (PATCH …/accessibility): global (by plan) or limited, and the extended lists that grant or
 * exclude client accounts regardless of their subscription. Going from global to limited archives the client forms
 * inherited from the template, so it is confirmed first, naming how many forms of how many companies (spec 1 §4).
 */
export function AccessSettings({ form }: { form: MasterFormSummary }) {
  const save = useSetAccessibility(form.formId);
  const [access, setAccess] = useState<Access>(form.access);
  const [membershipIds, setMembershipIds] = useState<string[]>(form.membershipIds);
  const [companyIds, setCompanyIds] = useState<string[]>(form.companyIds);
  const [excludedCompanyIds, setExcludedCompanyIds] = useState<string[]>(form.excludedCompanyIds);
  const [isConfirming, setConfirming] = useState(false);
  const impact = useArchiveImpact(form.formId, isConfirming);
  const impactText = impact.data
    ? T.limitedImpact(impact.data.forms, impact.data.companies)
    : impact.isError
      ? T.limitedImpactError
      : T.limitedImpactLoading;

  const send = () =>
    save.mutate(
      { access, membershipIds, companyIds, excludedCompanyIds },
      {
        onSuccess: () => {
          setConfirming(false);
          notifySuccess(T.accessSaved);
        },
        onError: () => setConfirming(false),
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.access === 'global' && access === 'limited') setConfirming(true);
    else send();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Radio.Group label={T.accessLabel} value={access} onChange={(value) => setAccess(value as Access)}>
          <Stack gap="sm" mt="xs">
            <Radio value="global" label={T.accessGlobal} description={T.accessGlobalHelp} />
            <Radio value="limited" label={T.accessLimited} description={T.accessLimitedHelp} />
          </Stack>
        </Radio.Group>
        {access === 'global' ? (
          <Checkbox.Group
            label={T.membershipsLabel}
            description={T.membershipsDescription}
            value={membershipIds}
            onChange={setMembershipIds}
          >
            <SimpleGrid cols={{ base: 2, sm: 3 }} mt="xs" spacing="xs">
              {DEFAULT_MEMBERSHIPS.map((m) => (
                <Checkbox key={m.id} value={m.id} label={m.name} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        ) : null}
        <AccountPicker
          label={T.grantedLabel}
          description={T.grantedDescription}
          value={companyIds}
          onChange={setCompanyIds}
        />
        <AccountPicker
          label={T.excludedLabel}
          description={T.excludedDescription}
          value={excludedCompanyIds}
          onChange={setExcludedCompanyIds}
        />
        {save.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(save.error)}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending && !isConfirming}>
            {T.saveAccess}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={isConfirming}
        title={T.limitedTitle}
        message={`${T.limitedWarning} ${impactText}`}
        confirmLabel={T.limitedConfirm}
        isDanger
        isBusy={save.isPending}
        onConfirm={send}
        onCancel={() => setConfirming(false)}
      />
    </form>
  );
}
