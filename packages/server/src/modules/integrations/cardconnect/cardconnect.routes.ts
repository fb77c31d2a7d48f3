import { CARDCONNECT_API } from '@under/core/api/integrations/cardconnect.contract';
import { CC_ATTRIBUTES } from '@under/core/integrations/cardconnect-attributes';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../../plugins/access';
import { defineRoute } from '../../../plugins/route';
import type { CardConnectService } from './cardconnect.service';

/**
 * CardConnect (issue #24 §1; decision 083). Only a client ADMINISTRATOR sets it up or turns it off (clientAdmin);
 * members read its state and masks (client). Each call is scoped to the caller's own company.
 */
export function registerCardConnectRoutes(app: FastifyInstance, deps: { cardConnect: CardConnectService }) {
  const { cardConnect } = deps;
  defineRoute(app, CARDCONNECT_API.get, { access: 'client' }, ({ req }) => cardConnect.get({ auth: requireAuth(req) }));
  // each attempt calls the provider's token endpoint with what was typed: throttled against credential guessing
  defineRoute(
    app,
    CARDCONNECT_API.integrate,
    { access: 'clientAdmin', throttle: { max: 20, windowMs: 60_000 } },
    ({ req, body }) => cardConnect.integrate({ auth: requireAuth(req), body }),
  );
  // the same list for everyone: the platform's admin maps master forms, institutions read it for their forms
  defineRoute(app, CARDCONNECT_API.attributes, { access: 'authenticated' }, () => [...CC_ATTRIBUTES]);
  // the master forms' mapping is the platform admin's (spec 2 §6: master forms are admin-only)
  defineRoute(app, CARDCONNECT_API.mapperGet, { access: 'admin' }, ({ params }) =>
    cardConnect.getMapper({ masterFormId: params.masterFormId }),
  );
  defineRoute(app, CARDCONNECT_API.mapperSave, { access: 'admin' }, ({ req, params, body }) =>
    cardConnect.saveMapper({ auth: requireAuth(req), masterFormId: params.masterFormId, body }),
  );
  defineRoute(app, CARDCONNECT_API.status, { access: 'clientAdmin' }, ({ req }) =>
    cardConnect.turnOff({ auth: requireAuth(req) }),
  );
}
