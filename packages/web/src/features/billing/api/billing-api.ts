import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Membership } from '@under/core/accounts/membership.schema';
import { BILLING_API } from '@under/core/api/billing.contract';
import { COMPANIES_API } from '@under/core/api/companies.contract';
import { COUPONS_API } from '@under/core/api/coupons.contract';
import type { BillingConfig, BillingList, Quote, SubscriptionDetail } from '@under/core/billing/billing.schema';
import type { CompanyDiscount } from '@under/core/coupons/coupon.schema';
import { useSession } from '../../../lib/session-context';
import { ME_QUERY_KEY } from '../../../lib/use-me';

const BILLING_KEYS = {
  config: ['billing-config'] as const,
  subscription: ['subscription'] as const,
  billings: (scope: string, page: number, pageSize: number) => ['billings', scope, page, pageSize] as const,
};

/** The six plans (the same query key as the account pages, so the list is shared). */
export function usePlans() {
  const { http } = useSession();
  return useQuery<Membership[]>({
    queryKey: ['memberships'],
    queryFn: ({ signal }) => http.call(COMPANIES_API.listMemberships, { signal }),
    staleTime: 10 * 60_000,
  });
}

export function useBillingConfig() {
  const { http } = useSession();
  return useQuery<BillingConfig>({
    queryKey: BILLING_KEYS.config,
    queryFn: ({ signal }) => http.call(BILLING_API.getConfig, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSubscription() {
  const { http } = useSession();
  return useQuery<SubscriptionDetail>({
    queryKey: BILLING_KEYS.subscription,
    queryFn: ({ signal }) => http.call(BILLING_API.getSubscription, { signal }),
  });
}

/** After any plan change: the plan, the quotas shown everywhere and the history. */
function useRefreshPlan() {
  const queryClient = useQueryClient();
  return async (detail?: SubscriptionDetail) => {
    if (detail) queryClient.setQueryData(BILLING_KEYS.subscription, detail);
    await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    await queryClient.invalidateQueries({ queryKey: ['company-summary'] });
    await queryClient.invalidateQueries({ queryKey: ['billings'] });
    await queryClient.invalidateQueries({ queryKey: BILLING_KEYS.subscription });
    await queryClient.invalidateQueries({ queryKey: ['subscription-quote'] });
  };
}

export function useSubscribe() {
  const { http } = useSession();
  const refresh = useRefreshPlan();
  return useMutation({
    mutationFn: (body: { membershipId: string; cardToken?: string }) => http.call(BILLING_API.subscribe, { body }),
    onSuccess: refresh,
  });
}

export function useStartTrial() {
  const { http } = useSession();
  const refresh = useRefreshPlan();
  return useMutation({
    mutationFn: (membershipId: string) => http.call(BILLING_API.startTrial, { body: { membershipId } }),
    onSuccess: refresh,
  });
}

export function useCancelPlan() {
  const { http } = useSession();
  const refresh = useRefreshPlan();
  return useMutation({ mutationFn: () => http.call(BILLING_API.cancel), onSuccess: refresh });
}

export function useUpdateCard(companyId: string | undefined) {
  const { http } = useSession();
  const refresh = useRefreshPlan();
  return useMutation({
    mutationFn: (token: string) =>
      http.call(BILLING_API.updateCard, { params: { companyId: companyId ?? '' }, body: { token } }),
    onSuccess: () => refresh(),
  });
}

/** The caller's own history (`companyId` undefined), or one company's (admins, and its own administrator). */
export function useBillings(companyId: string | undefined, page: number, pageSize: number) {
  const { http } = useSession();
  return useQuery<BillingList>({
    queryKey: BILLING_KEYS.billings(companyId ?? 'own', page, pageSize),
    queryFn: ({ signal }) =>
      companyId
        ? http.call(BILLING_API.listCompanyBillings, { params: { companyId }, query: { page, pageSize }, signal })
        : http.call(BILLING_API.listBillings, { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useRefund() {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentId: string) => http.call(BILLING_API.refund, { params: { paymentId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['billings'] }),
  });
}

/** Downloads a payment's PDF invoice through the signed-in client (the call needs the Bearer token). */
export function useDownloadInvoice() {
  const { http } = useSession();
  return async (paymentId: string) => {
    const blob = (await http.call(BILLING_API.getInvoice, { params: { paymentId }, responseType: 'blob' })) as Blob;
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `invoice-${paymentId.slice(0, 8)}.pdf`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
}

/** What paying for `membershipId` charges today (the server's own rule: proration and coupon). */
export function useQuote(membershipId: string) {
  const { http } = useSession();
  return useQuery<Quote>({
    queryKey: ['subscription-quote', membershipId],
    queryFn: ({ signal }) => http.call(BILLING_API.getQuote, { query: { membershipId }, signal }),
    enabled: Boolean(membershipId),
  });
}

/** The company's coupon and until when it takes its discount off (shown on Plans and Home). */
export function useCouponDiscount(companyId: string | undefined) {
  const { http } = useSession();
  return useQuery<CompanyDiscount>({
    queryKey: ['company-discount', companyId],
    queryFn: ({ signal }) =>
      http.call(COUPONS_API.getCompanyDiscount, { params: { companyId: companyId as string }, signal }),
    enabled: Boolean(companyId),
    staleTime: 60_000,
  });
}
