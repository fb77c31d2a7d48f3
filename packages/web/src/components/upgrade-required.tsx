import { Alert, Button, Group, Text } from '@mantine/core';
import { MESSAGES } from '@under/core/messages';
import { BILLING_TEXT } from '@under/core/ui-text/billing';
import { Link } from 'react-router';

/** A feature the company's plan lacks (spec 1 §6): the spec's text and the way to the plans. */
export function UpgradeRequired() {
  return (
    <Alert color="yellow" variant="light" c="dark" data-testid="upgrade-required">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{MESSAGES.upgradeRequired}</Text>
        <Button component={Link} to="/membership" size="xs">
          {BILLING_TEXT.upgradeAction}
        </Button>
      </Group>
    </Alert>
  );
}
