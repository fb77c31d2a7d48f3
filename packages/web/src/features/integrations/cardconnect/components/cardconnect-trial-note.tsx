import { Alert, Anchor, Text } from '@mantine/core';
import { formatDate } from '@under/core/forms/format';
import type { CardConnectView } from '@under/core/integrations/cardconnect.schema';
import { CARDCONNECT_TEXT as T } from '@under/core/ui-text/cardconnect';
import { Link } from 'react-router';

/**
 * The 30-day CardConnect trial in the client's words (decision 090): what starts it, the days left and what happens
 * at its end (no charge; nothing sent to CardConnect until a paid plan). Nothing once the company pays.
 */
export function CardConnectTrialNote({ view }: { view: CardConnectView | undefined }) {
  if (!view) return null;
  const { trial } = view;
  if (!trial) {
    return (
      <Text size="sm" c="dimmed" data-testid="cardconnect-trial">
        {T.trialBefore}
      </Text>
    );
  }
  if (trial.phase === 'trial') {
    return (
      <Alert color="blue" c="dark" title={T.trialTitle} data-testid="cardconnect-trial">
        {T.trialDaysLeft(trial.daysLeft, formatDate(trial.endsAt))}
      </Alert>
    );
  }
  if (trial.phase === 'ended') {
    return (
      <Alert color="orange" c="dark" title={T.trialEndedTitle} data-testid="cardconnect-trial">
        {T.trialEnded(formatDate(trial.endsAt))}{' '}
        <Anchor component={Link} to="/membership" size="sm">
          {T.trialPlans}
        </Anchor>
      </Alert>
    );
  }
  return null;
}
