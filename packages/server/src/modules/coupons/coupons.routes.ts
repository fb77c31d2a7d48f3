import { COUPONS_API } from '@under/core/api/coupons.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../plugins/access';
import { defineRoute } from '../../plugins/route';
import type { CouponsService } from './coupons.service';

/** Coupons (spec 2 §7 "Membership, billing, coupons"): admin only, except a company's own discount. */
export function registerCouponRoutes(app: FastifyInstance, deps: { coupons: CouponsService }) {
  const { coupons } = deps;
  const api = COUPONS_API;

  defineRoute(app, api.listCoupons, { access: 'admin' }, ({ query }) => coupons.list(query));
  defineRoute(app, api.createCoupon, { access: 'admin' }, ({ req, body }) =>
    coupons.create({ auth: requireAuth(req), body }),
  );
  defineRoute(app, api.getCoupon, { access: 'admin' }, ({ params }) => coupons.get(params));
  defineRoute(app, api.updateCoupon, { access: 'admin' }, ({ req, params, body }) =>
    coupons.update({ auth: requireAuth(req), couponId: params.couponId, body }),
  );
  defineRoute(app, api.listCouponCompanies, { access: 'admin' }, ({ params }) => coupons.listCompanies(params));
  defineRoute(app, api.applyCoupon, { access: 'admin' }, ({ req, params }) =>
    coupons.apply({ auth: requireAuth(req), ...params }),
  );
  defineRoute(app, api.removeCoupon, { access: 'admin' }, ({ req, params }) =>
    coupons.remove({ auth: requireAuth(req), ...params }),
  );
  // admins for any company; a client user for their own
  defineRoute(app, api.getCompanyDiscount, { access: 'authenticated' }, ({ req, params }) =>
    coupons.getCompanyDiscount({ auth: requireAuth(req), companyId: params.companyId }),
  );
}
