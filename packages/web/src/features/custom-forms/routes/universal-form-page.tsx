import { Alert, Button, Container, Stack, Text } from '@mantine/core';
import { CUSTOM_FORMS_TEXT as T } from '@under/core/ui-text/client-custom-forms';
import { Link, Navigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/http-error';
import { useInstitution } from '../api/custom-forms-api';
import { FormPreview } from '../components/form-dialogs';

/**
 * /universal-form/{formId}: a financial institution's universal (master) form as the company's applicants would see
 * it, read-only, with the way to build a form on it. /universal-form alone lists them: the wizard's first step.
 */
export function UniversalFormPage() {
  const { formId } = useParams();
  const institution = useInstitution(formId);
  if (!formId) return <Navigate replace to="/create-form" />;
  const data = institution.data;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <PageHeader
          title={data?.name ?? T.universalFormTitle}
          description={data ? `${T.processorLabel}: ${data.processorName ?? T.noProcessor}` : undefined}
          actions={
            <Button component={Link} to="/create-form">
              {T.createButton}
            </Button>
          }
        />
        {institution.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(institution.error)}
          </Alert>
        ) : null}
        {institution.isPending ? <Text c="dimmed">…</Text> : null}
        {data ? (
          <FormPreview
            form={data.form}
            headerColor={data.layout.headerLayout.backgroundColor}
            progressColor={data.layout.progressLayout.activeStepColor}
          />
        ) : null}
      </Stack>
    </Container>
  );
}
