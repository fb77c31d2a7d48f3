import { Anchor, Button, Group } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ADMIN_APPLICATIONS_TEXT as T } from '../admin-applications-text';
import { useAccountApplicationForms } from '../api/admin-applications-api';

type FormScreen = 'applications' | 'members';

/** The route's account and form: `/accounts/:companyName/:companyId/:formId/...`. */
export function useFormRoute() {
  const { companyName = '', companyId = '', formId = '' } = useParams();
  const base = `/accounts/${encodeURIComponent(companyName)}/${companyId}/${formId}`;
  return { companyName, companyId, formId, pathOf: (screen: FormScreen) => `${base}/${screen}` };
}

/**
 * The top of a form's admin screens: the way back to the account's forms, the heading naming the account (and the
 * form, once known), and the switch between the form's applications and its members.
 */
export function FormScreenHeader({ screen }: { screen: FormScreen }) {
  const { companyName, companyId, formId, pathOf } = useFormRoute();
  const forms = useAccountApplicationForms(companyId);
  const formName = forms.data?.items.find((f) => f.customFormId === formId)?.name;
  const tab = (to: FormScreen, label: string) => (
    <Button
      component={Link}
      to={pathOf(to)}
      variant={screen === to ? 'filled' : 'default'}
      aria-current={screen === to ? 'page' : undefined}
    >
      {label}
    </Button>
  );
  return (
    <>
      <Anchor component={Link} to={`/forms?companyId=${encodeURIComponent(companyId)}`} size="sm">
        {T.backToForms(companyName)}
      </Anchor>
      <PageHeader
        title={screen === 'applications' ? T.applicationsTitle(companyName) : T.membersTitle(companyName)}
        description={formName ? T.formLine(formName) : undefined}
        actions={
          <Group gap="xs" component="nav" aria-label={T.screensLabel}>
            {tab('applications', T.navApplications)}
            {tab('members', T.navMembers)}
          </Group>
        }
      />
    </>
  );
}
