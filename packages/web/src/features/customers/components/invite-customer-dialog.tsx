import { Modal, Text } from '@mantine/core';
import { CUSTOMERS_TEXT as T } from '@under/core/ui-text/client-customers';
import { InviteCustomerForm } from './invite-customer-form';

/** The invitation in a dialog, on one form (the form list's "Invite customer"). */
export function InviteCustomerDialog({
  form,
  onClose,
}: {
  form: { customFormId: string; name: string } | undefined;
  onClose: () => void;
}) {
  return (
    <Modal opened={Boolean(form)} onClose={onClose} title={T.inviteActionOf(form?.name ?? '')} size="lg">
      {form ? (
        <>
          <Text size="sm" c="dimmed" mb="md">
            {T.inviteLead}
          </Text>
          <InviteCustomerForm key={form.customFormId} customFormId={form.customFormId} />
        </>
      ) : null}
    </Modal>
  );
}
