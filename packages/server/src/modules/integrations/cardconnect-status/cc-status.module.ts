import { defineModule } from '../../../module';
import { registerCcStatusRoutes } from './cc-status.routes';
import { createCcStatusService } from './cc-status.service';

/**
 * CardConnect boarding status (issue #24 §1 Status; decision 087): the durable poll of the merchant the CardConnect
 * sync made, and the application's status answer.
 */
export const ccStatusModule = defineModule({
  name: 'ccStatus',
  needs: ['cardConnect', 'customForms'],
  create: ({ db, jobs, log, now, cardConnect: client }, { cardConnect, customForms }) =>
    createCcStatusService({
      db,
      jobs,
      log,
      now,
      client,
      setupFor: (companyId) => cardConnect.setupFor(companyId),
      mappingFor: (masterFormId) => cardConnect.mappingFor(masterFormId),
      connectionState: (companyId) => cardConnect.connectionState(companyId),
      forms: customForms,
    }),
  routes: (app, ccStatus) => registerCcStatusRoutes(app, { ccStatus }),
  start: async (ccStatus) => {
    await ccStatus.register();
    await ccStatus.resume();
  },
});
