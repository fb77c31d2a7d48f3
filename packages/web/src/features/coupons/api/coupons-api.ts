import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ACCOUNTS_API } from '@under/core/api/admin-accounts.contract';
import { COUPONS_API } from '@under/core/api/coupons.contract';
import type { CreateCouponBody, UpdateCouponBody } from '@under/core/coupons/coupon.schema';
import { useSession } from '../../../lib/session-context';

interface CouponsParams {
  q: string;
  page: number;
  pageSize: number;
}

const KEYS = {
  all: ['coupons'] as const,
  list: (p: CouponsParams) => ['coupons', 'list', p] as const,
  one: (id: string) => ['coupons', 'one', id] as const,
  companies: (id: string) => ['coupons', 'companies', id] as const,
};

export function useCoupons(p: CouponsParams) {
  const { http } = useSession();
  return useQuery({
    queryKey: KEYS.list(p),
    queryFn: ({ signal }) =>
      http.call(COUPONS_API.listCoupons, {
        query: { q: p.q || undefined, page: p.page, pageSize: p.pageSize, sort: 'createdAt', order: 'desc' },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCoupon(couponId: string | undefined) {
  const { http } = useSession();
  return useQuery({
    queryKey: KEYS.one(couponId ?? ''),
    queryFn: ({ signal }) => http.call(COUPONS_API.getCoupon, { params: { couponId: couponId ?? '' }, signal }),
    enabled: Boolean(couponId),
  });
}

export function useCouponCompanies(couponId: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: KEYS.companies(couponId),
    queryFn: ({ signal }) => http.call(COUPONS_API.listCouponCompanies, { params: { couponId }, signal }),
  });
}

export function useSaveCoupon(couponId: string | undefined) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCouponBody | UpdateCouponBody) =>
      couponId
        ? http.call(COUPONS_API.updateCoupon, { params: { couponId }, body })
        : http.call(COUPONS_API.createCoupon, { body: body as CreateCouponBody }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS.all }),
  });
}

export function useApplyCoupon(couponId: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) => http.call(COUPONS_API.applyCoupon, { params: { companyId, couponId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS.all }),
  });
}

export function useRemoveCoupon(couponId: string) {
  const { http } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: string) => http.call(COUPONS_API.removeCoupon, { params: { companyId, couponId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: KEYS.all }),
  });
}

/** Accounts whose name contains `q` (3 letters or more), for the account picker. */
export function useAccountSearch(q: string) {
  const { http } = useSession();
  return useQuery({
    queryKey: ['coupons', 'account-search', q],
    queryFn: ({ signal }) =>
      http.call(ADMIN_ACCOUNTS_API.listAccounts, { query: { q, pageSize: 20, sort: 'name', order: 'asc' }, signal }),
    enabled: q.length >= 3,
    placeholderData: keepPreviousData,
  });
}
