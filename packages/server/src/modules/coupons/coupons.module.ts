import { defineModule } from '../../module';
import { registerCouponRoutes } from './coupons.routes';
import { createCouponsService } from './coupons.service';

/** Coupons of the platform's plans. */
export const couponsModule = defineModule({
  name: 'coupons',
  create: ({ db, now }) => createCouponsService({ db, now }),
  routes: (app, coupons) => registerCouponRoutes(app, { coupons }),
});
