import { Alert, Anchor, Container, Loader, Paper, Stack, Text } from '@mantine/core';
import type { FormDefinition } from '@under/core/forms/form.schema';
import { APPLICATIONS_TEXT as T } from '@under/core/ui-text/client-applications';
import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http-error';
import { notifySuccess } from '../../../lib/notify';
import { FormRenderer } from '../../forms/components/form-renderer';
import { useApplication, useApplicationActions } from '../api/applications-api';

/**
 * /edit-application?applicationId=: the institution corrects a pending application's answers in the form it was made
 * on (issue 14). Encrypted values come masked and stay as stored when left alone; the save is revision-checked, and
 * a change to signed answers invalidates those signatures (the server tells each signer).
 */
export function EditApplicationPage() {
  const [params] = useSearchParams();
  const applicationId = params.get('applicationId') ?? '';
  const application = useApplication(applicationId);
  const actions = useApplicationActions(applicationId);
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // one save at a time: a second press while the first is on its way sends nothing
  const saving = useRef(false);

  if (!applicationId) {
    return (
      <Container size="md" py="xl">
        <Alert color="yellow">
          {T.editMissing}{' '}
          <Anchor component={Link} to="/applications">
            {T.back}
          </Anchor>
        </Alert>
      </Container>
    );
  }
  if (application.isPending) return <Loader m="xl" role="status" aria-label={T.listTitle} />;
  if (application.isError || !application.data) {
    return (
      <Container size="md" py="xl">
        <Alert color="red" title={T.detailError}>
          {errorMessage(application.error)}
        </Alert>
      </Container>
    );
  }
  const a = application.data;
  const back = `/applications/${a.applicationId}`;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to={back}>
          {T.colNumber} {a.number}
        </Anchor>
        <PageHeader title={T.editTitle(a.number)} description={T.editLead} />
        {a.status !== 'pending' ? <Alert color="yellow">{T.editNotPending}</Alert> : null}
        {a.signStatus ? <Alert color="orange">{T.editSignedWarning}</Alert> : null}
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Paper withBorder p="md">
          <FormRenderer
            form={a.form as unknown as FormDefinition}
            data={a.data}
            previousData={a.data}
            readOnly={a.status !== 'pending'}
            submitLabel={T.editSave}
            onSubmit={async (data) => {
              if (saving.current) return;
              saving.current = true;
              setError(null);
              try {
                const saved = await actions.update.mutateAsync({ data, revision: a.revision });
                notifySuccess(T.editSaved(saved.changed.length, saved.invalidatedSignatures));
                navigate(back);
              } catch (e) {
                saving.current = false;
                setError(errorMessage(e));
                window.scrollTo({ top: 0 });
              }
            }}
          />
        </Paper>
        <Text size="xs" c="dimmed">
          {a.formName} · v{a.formVersion}
        </Text>
      </Stack>
    </Container>
  );
}
