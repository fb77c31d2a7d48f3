import { Anchor, Container, Paper, Skeleton, Stack } from '@mantine/core';
import type { CardConnectCredentialsBody } from '@under/core/integrations/cardconnect.schema';
import { CARDCONNECT_MESSAGES } from '@under/core/integrations/cardconnect-messages';
import { CARDCONNECT_TEXT as T } from '@under/core/ui-text/cardconnect';
import { Link } from 'react-router';
import { FormAlert } from '../../../../components/form-alert';
import { PageHeader } from '../../../../components/page-header';
import { errorMessage } from '../../../../lib/http-error';
import { notifySuccess } from '../../../../lib/notify';
import { useCardConnect, useIntegrateCardConnect } from '../api/cardconnect-api';
import { CardConnectForm } from '../components/cardconnect-form';
import { CardConnectTrialNote } from '../components/cardconnect-trial-note';

/**
 * /integrate-card-connect/{formId} (spec 1 §2; issue #24 §1): the company's CardConnect credentials, checked with
 * CardConnect before they are saved. The credentials are the company's (one setup for all its forms): the form id
 * only says where the person came from. Only a client ADMINISTRATOR saves (the server refuses others).
 */
export function IntegrateCardConnectPage() {
  const setup = useCardConnect();
  const integrate = useIntegrateCardConnect();

  async function save(body: CardConnectCredentialsBody) {
    await integrate.mutateAsync(body);
    notifySuccess(CARDCONNECT_MESSAGES.connected);
  }

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <PageHeader title={T.pageTitle} description={T.pageDescription} />
        <CardConnectTrialNote view={setup.data} />
        <Anchor component={Link} to="/manage-integration" size="sm">
          {T.back}
        </Anchor>
        {setup.isError ? <FormAlert message={errorMessage(setup.error)} /> : null}
        {setup.data ? (
          <Paper withBorder radius="md" p="lg">
            <CardConnectForm view={setup.data} onSubmit={save} />
          </Paper>
        ) : setup.isError ? null : (
          <Skeleton height={360} radius="md" />
        )}
      </Stack>
    </Container>
  );
}
