import { Text } from '@mantine/core';
import { formatUsd } from '@under/core/billing/money';
import { formatDate } from '@under/core/forms/format';
import { BILLING_TEXT as T } from '@under/core/ui-text/billing';
import { useCouponDiscount } from '../api/billing-api';

/**
 * The company's active coupon: its discount and the day it ends (Plans and Home, issue 21 §5). Nothing when there
 * is none, or its duration is over.
 */
export function CouponNote({ companyId, now = Date.now() }: { companyId: string | undefined; now?: number }) {
  const discount = useCouponDiscount(companyId);
  const coupon = discount.data?.coupon;
  const endsAt = discount.data?.endsAt;
  if (!coupon || !endsAt || Date.parse(endsAt) <= now) return null;
  const off =
    coupon.percentage !== null
      ? T.couponPercentOff(coupon.percentage)
      : T.couponAmountOff(formatUsd(coupon.amount ?? 0));
  return (
    <Text size="sm" c="teal.9" data-testid="coupon-note">
      {T.couponActive(coupon.name, off, formatDate(endsAt))}
    </Text>
  );
}
