import { z } from 'zod';
import { CompanyParamsSchema } from '../accounts/company.schema';
import {
  CompanyCouponParamsSchema,
  CompanyCouponSchema,
  CompanyDiscountSchema,
  CouponListQuerySchema,
  CouponParamsSchema,
  CouponSchema,
  CreateCouponBodySchema,
  UpdateCouponBodySchema,
} from '../coupons/coupon.schema';
import { endpoint } from './contract';
import { pagedSchema } from './pagination.schema';

const tag = 'coupons';

/** Coupons (spec 2 §7 "Membership, billing, coupons"; decision 033). */
export const COUPONS_API = {
  listCoupons: endpoint({
    method: 'GET',
    path: '/api/coupons',
    query: CouponListQuerySchema,
    response: pagedSchema(CouponSchema),
    tag,
  }),
  createCoupon: endpoint({
    method: 'POST',
    path: '/api/coupon',
    body: CreateCouponBodySchema,
    status: 201,
    response: CouponSchema,
    tag,
  }),
  getCoupon: endpoint({
    method: 'GET',
    path: '/api/coupon/:couponId',
    params: CouponParamsSchema,
    response: CouponSchema,
    tag,
  }),
  updateCoupon: endpoint({
    method: 'PATCH',
    path: '/api/coupon/:couponId',
    params: CouponParamsSchema,
    body: UpdateCouponBodySchema,
    response: CouponSchema,
    tag,
  }),
  listCouponCompanies: endpoint({
    method: 'GET',
    path: '/api/coupon/:couponId/companies',
    params: CouponParamsSchema,
    response: z.object({ items: z.array(CompanyCouponSchema) }),
    tag,
    summary: 'Companies the coupon was applied to, removed ones included',
  }),
  /** The spec names GET for this path; a change is a POST here (decision 033). */
  applyCoupon: endpoint({
    method: 'POST',
    path: '/api/company/:companyId/coupon/:couponId',
    params: CompanyCouponParamsSchema,
    response: CompanyCouponSchema,
    tag,
  }),
  removeCoupon: endpoint({
    method: 'DELETE',
    path: '/api/company/:companyId/coupon/:couponId',
    params: CompanyCouponParamsSchema,
    response: CompanyCouponSchema,
    tag,
  }),
  getCompanyDiscount: endpoint({
    method: 'GET',
    path: '/api/companies/:companyId/discount',
    params: CompanyParamsSchema,
    response: CompanyDiscountSchema,
    tag,
  }),
} as const;
