import { Alert, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import type { BillingConfig } from '@under/core/billing/billing.schema';
import { type CardFieldFailure, checkTestCard } from '@under/core/billing/test-cards';
import { MESSAGES } from '@under/core/messages';
import { BILLING_TEXT as T } from '@under/core/ui-text/billing';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { loadStripeCard, type StripeCard } from './stripe-card';

interface CardFormProps {
  config: BillingConfig;
  submitLabel: string;
  isBusy: boolean;
  /** The server's refusal (the spec's card validation text, or another message). */
  error: string | null;
  /** Called with the gateway's token; the card number itself never leaves this component. */
  onToken: (token: string) => void;
}

/**
 * The card entry: Stripe's own fields when Stripe is configured (the number never touches our page's code), or,
 * with the built-in test gateway, plain fields whose test numbers are turned into tokens here in the browser
 * (README "Payments"). Only the token is sent to the server.
 */
export function CardForm(props: CardFormProps) {
  return props.config.gateway === 'stripe' && props.config.publishableKey ? (
    <StripeCardForm {...props} publishableKey={props.config.publishableKey} />
  ) : (
    <TestCardForm {...props} />
  );
}

function TestCardForm({ submitLabel, isBusy, error, onToken }: CardFormProps) {
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState<CardFieldFailure | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = T.nameOnCardRequired;
    if (!number.trim()) next.number = T.cardNumberRequired;
    if (!expiry.trim()) next.expiry = T.expirationRequired;
    if (!cvc.trim()) next.cvc = T.cvcRequired;
    setInvalid(null);
    if (Object.keys(next).length) {
      setErrors(next);
      return;
    }
    const [month, year] = expiry.split('/').map((part) => Number(part.trim()));
    const checked = checkTestCard({ number, expMonth: month ?? 0, expYear: year ?? 0, cvc: cvc.trim() }, new Date());
    if ('failure' in checked) {
      // the field that failed is marked too, named as on this form
      setErrors({ [checked.failure]: MESSAGES.cardFailure[checked.failure] });
      setInvalid(checked.failure);
      return;
    }
    setErrors({});
    onToken(checked.token);
  };

  const shown = invalid ? T.cardFailed(invalid) : error;
  return (
    <form onSubmit={submit} noValidate aria-label={T.cardTitle}>
      <Stack gap="sm">
        {shown ? (
          <Alert color="red" role="alert" data-testid="card-error">
            {shown}
          </Alert>
        ) : null}
        <TextInput
          label={T.nameOnCard}
          autoComplete="cc-name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
          required
        />
        <TextInput
          label={T.cardNumber}
          autoComplete="cc-number"
          inputMode="numeric"
          value={number}
          onChange={(e) => setNumber(e.currentTarget.value)}
          error={errors.number}
          required
        />
        <Group grow align="flex-start">
          <TextInput
            label={T.expiration}
            autoComplete="cc-exp"
            placeholder="MM/YY"
            value={expiry}
            onChange={(e) => setExpiry(e.currentTarget.value)}
            error={errors.expiry}
            required
          />
          <TextInput
            label={T.cvc}
            autoComplete="cc-csc"
            inputMode="numeric"
            value={cvc}
            onChange={(e) => setCvc(e.currentTarget.value)}
            error={errors.cvc}
            required
          />
        </Group>
        <Text size="xs" c="dimmed">
          {T.testCardsHint}
        </Text>
        <Button type="submit" loading={isBusy}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

function StripeCardForm({
  submitLabel,
  isBusy,
  error,
  onToken,
  publishableKey,
}: CardFormProps & { publishableKey: string }) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [card, setCard] = useState<StripeCard | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [invalid, setInvalid] = useState(false);
  const [creating, setCreating] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let mounted: StripeCard | null = null;
    if (!mountRef.current) return;
    loadStripeCard(publishableKey, mountRef.current)
      .then((c) => {
        mounted = c;
        if (cancelled) c.destroy();
        else {
          setCard(c);
          setState('ready');
        }
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      mounted?.destroy();
    };
  }, [publishableKey]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!card) return;
    setInvalid(false);
    setCreating(true);
    try {
      const id = await card.createPaymentMethod();
      if (id) onToken(id);
      else setInvalid(true);
    } finally {
      setCreating(false);
    }
  };

  const shown = invalid ? T.cardValidation : error;
  return (
    <form onSubmit={submit} noValidate aria-label={T.cardTitle}>
      <Stack gap="sm">
        {shown ? (
          <Alert color="red" role="alert" data-testid="card-error">
            {shown}
          </Alert>
        ) : null}
        {state === 'failed' ? (
          <Alert color="red" role="alert">
            {T.stripeFailed}
          </Alert>
        ) : null}
        {state === 'loading' ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{T.stripeLoading}</Text>
          </Group>
        ) : null}
        <div ref={mountRef} style={{ padding: 12, border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }} />
        <Button type="submit" loading={isBusy || creating} disabled={state !== 'ready'}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
