import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { ERROR_CODES } from '@under/core/api/error.schema';
import { type Coupon, CreateCouponBodySchema, UpdateCouponBodySchema } from '@under/core/coupons/coupon.schema';
import { ADMIN_COUPONS_TEXT as T } from '@under/core/ui-text/admin-coupons';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { GlobalSpinner } from '../../../components/global-spinner';
import { PageHeader } from '../../../components/page-header';
import { errorMessage, HttpError } from '../../../lib/http-error';
import { notifySuccess } from '../../../lib/notify';
import { useCoupon, useSaveCoupon } from '../api/coupons-api';
import { CouponCompanies } from '../components/coupon-companies';

type Kind = 'percentage' | 'amount';
type Field = 'code' | 'name' | 'value' | 'durationInMonths' | 'redemptionLimit' | 'expiresAt';
type Errors = Partial<Record<Field, string>>;

interface Values {
  code: string;
  name: string;
  kind: Kind;
  value: number | string;
  durationInMonths: number | string;
  redemptionLimit: number | string;
  /** yyyy-mm-dd, or '' for none. */
  expiresOn: string;
}

const fieldOf = (path: string): Field | undefined => {
  const key = path.split('.')[0];
  if (key === 'percentage' || key === 'amount') return 'value';
  return (['code', 'name', 'durationInMonths', 'redemptionLimit', 'expiresAt'] as const).find((f) => f === key);
};

const toNumber = (v: number | string) => (v === '' ? undefined : Number(v));

function initialValues(c: Coupon | undefined): Values {
  if (!c)
    return {
      code: '',
      name: '',
      kind: 'percentage',
      value: '',
      durationInMonths: 1,
      redemptionLimit: '',
      expiresOn: '',
    };
  return {
    code: c.code,
    name: c.name,
    kind: c.percentage !== null ? 'percentage' : 'amount',
    value: c.percentage ?? (c.amount ?? 0) / 100,
    durationInMonths: c.durationInMonths,
    redemptionLimit: c.redemptionLimit ?? '',
    expiresOn: c.expiresAt ? c.expiresAt.slice(0, 10) : '',
  };
}

/** The body the API takes: dollars to cents, the day to its end (UTC). */
function toBody(v: Values) {
  const value = toNumber(v.value);
  return {
    code: v.code,
    name: v.name,
    percentage: v.kind === 'percentage' ? (value ?? null) : null,
    amount: v.kind === 'amount' ? (value === undefined ? null : Math.round(value * 100)) : null,
    durationInMonths: toNumber(v.durationInMonths) ?? Number.NaN,
    redemptionLimit: toNumber(v.redemptionLimit) ?? null,
    expiresAt: v.expiresOn ? `${v.expiresOn}T23:59:59.999Z` : null,
  };
}

function CouponForm({ coupon }: { coupon?: Coupon }) {
  const navigate = useNavigate();
  const save = useSaveCoupon(coupon?.id);
  const [values, setValues] = useState<Values>(() => initialValues(coupon));
  const [errors, setErrors] = useState<Errors>({});
  const isLocked = (coupon?.redemptionCount ?? 0) > 0;
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    const field = key === 'kind' || key === 'value' ? 'value' : key === 'expiresOn' ? 'expiresAt' : (key as Field);
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const showIssues = (issues: { path: string; message: string }[]) => {
    const next: Errors = {};
    for (const issue of issues) {
      const field = fieldOf(issue.path);
      if (field && !next[field]) next[field] = issue.message;
    }
    setErrors(next);
    return Object.keys(next).length > 0;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = toBody(values);
    const parsed = (coupon ? UpdateCouponBodySchema : CreateCouponBodySchema).safeParse(body);
    if (!parsed.success) {
      showIssues(parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })));
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (saved) => {
        notifySuccess(coupon ? T.saved : T.created);
        if (!coupon) navigate(`/edit-coupon/${saved.id}`, { replace: true });
      },
      onError: (error) => {
        if (error instanceof HttpError && error.code === ERROR_CODES.validation) showIssues(error.errors);
      },
    });
  };

  const serverError =
    save.isError &&
    !(save.error instanceof HttpError && save.error.code === ERROR_CODES.validation && save.error.errors.length)
      ? errorMessage(save.error)
      : null;

  return (
    <Card withBorder padding="lg" component="form" onSubmit={submit} noValidate>
      <Stack gap="md">
        {isLocked ? (
          <Alert color="blue" variant="light">
            {T.lockedNote}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={T.codeLabel}
            description={T.codeDescription}
            required
            value={values.code}
            disabled={isLocked}
            onChange={(e) => set('code', e.currentTarget.value)}
            error={errors.code}
          />
          <TextInput
            label={T.nameLabel}
            required
            value={values.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={errors.name}
          />
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="coupon-kind-label">
            {T.kindLabel}
          </Text>
          <SegmentedControl
            aria-labelledby="coupon-kind-label"
            value={values.kind}
            disabled={isLocked}
            onChange={(v) => set('kind', v as Kind)}
            data={[
              { value: 'percentage', label: T.kindPercentage },
              { value: 'amount', label: T.kindAmount },
            ]}
            w={{ base: '100%', sm: 360 }}
          />
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={values.kind === 'percentage' ? T.percentageLabel : T.amountLabel}
            required
            value={values.value}
            disabled={isLocked}
            onChange={(v) => set('value', v)}
            decimalScale={values.kind === 'percentage' ? 0 : 2}
            prefix={values.kind === 'amount' ? '$' : undefined}
            suffix={values.kind === 'percentage' ? '%' : undefined}
            thousandSeparator={values.kind === 'amount' ? ',' : undefined}
            error={errors.value}
          />
          <NumberInput
            label={T.durationLabel}
            description={T.durationDescription}
            required
            value={values.durationInMonths}
            disabled={isLocked}
            onChange={(v) => set('durationInMonths', v)}
            allowDecimal={false}
            error={errors.durationInMonths}
          />
          <NumberInput
            label={T.limitLabel}
            description={T.limitDescription}
            value={values.redemptionLimit}
            onChange={(v) => set('redemptionLimit', v)}
            allowDecimal={false}
            error={errors.redemptionLimit}
          />
          <TextInput
            type="date"
            label={T.expiresLabel}
            description={T.expiresDescription}
            value={values.expiresOn}
            onChange={(e) => set('expiresOn', e.currentTarget.value)}
            error={errors.expiresAt}
          />
        </SimpleGrid>
        {serverError ? (
          <Alert color="red" role="alert">
            {serverError}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {T.save}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** /create-coupon and /edit-coupon/{id}: one screen (spec 1 §2); editing also manages the accounts using it. */
export function CouponEditPage() {
  const { id } = useParams();
  const coupon = useCoupon(id);
  if (id && coupon.isPending) return <GlobalSpinner />;
  if (id && coupon.isError) {
    return (
      <Container size="md" py="xl">
        <Alert color="red" role="alert">
          {errorMessage(coupon.error)}
        </Alert>
      </Container>
    );
  }
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Anchor component={Link} to="/view-coupon" size="sm">
          {T.backToList}
        </Anchor>
        <PageHeader title={coupon.data ? T.editTitle(coupon.data.code) : T.createTitle} />
        <CouponForm key={coupon.data?.id ?? 'new'} coupon={coupon.data} />
        {coupon.data ? <CouponCompanies couponId={coupon.data.id} /> : null}
      </Stack>
    </Container>
  );
}
