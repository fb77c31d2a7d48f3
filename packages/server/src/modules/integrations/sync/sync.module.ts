import { on } from '../../../infra/events/events';
import { defineModule } from '../../../module';
import { fileSalesforce } from './sync.file-salesforce';
import { NOT_WIRED_SALESFORCE } from './sync.ports';
import { registerSyncRoutes } from './sync.routes';
import { createIntegrationSyncService, type SalesforcePorts } from './sync.service';

/**
 * The Salesforce parts the syncs use. Until the merge wires the real ones (`later: ['integrations',
 * 'salesforceMappings']` and the client), the parts that report "not connected" / "no mapping"; tests put
 * in-memory ones here (`useSalesforce`).
 */
let salesforce: SalesforcePorts = NOT_WIRED_SALESFORCE;

/** Tests (and the wiring until the merge): the Salesforce parts every sync service of this process uses. */
export function useSalesforce(ports: SalesforcePorts | null) {
  salesforce = ports ?? NOT_WIRED_SALESFORCE;
}

/** Durable, idempotent syncs of applications to the integrations (issue #23 §4; decision 074). */
export const integrationSyncsModule = defineModule({
  name: 'integrationSyncs',
  needs: ['customForms', 'notifications', 'applicationDetail'],
  create: ({ db, jobs, log, now, config }, { customForms, notifications, applicationDetail }) => {
    // NODE_ENV=test only: the kill -9 soak's Salesforce in a file that outlives the server (sync.kill.test.ts)
    const file = process.env.UNDER_TEST_SALESFORCE_FILE;
    if (config.env === 'test' && file) {
      useSalesforce(
        fileSalesforce({
          file,
          upsertFormId: process.env.UNDER_TEST_SALESFORCE_UPSERT_FORM ?? '',
          delayMs: Number(process.env.UNDER_TEST_SALESFORCE_DELAY_MS) || 0,
        }),
      );
    }
    return createIntegrationSyncService({
      db,
      jobs,
      log,
      now,
      forms: customForms,
      applications: applicationDetail,
      notifications,
      salesforce: () => salesforce,
    });
  },
  routes: (app, syncs) => registerSyncRoutes(app, { syncs }),
  subscribers: (syncs) => [
    // auto-sync: on submit, then on each signature and each change of the data or the status
    on('integrationSyncs', 'application.submitted', (tx, { payload }) => syncs.request(tx, payload.applicationId)),
    on('integrationSyncs', 'application.signed', (tx, { payload }) => syncs.request(tx, payload.applicationId)),
    on('integrationSyncs', 'application.data-changed', (tx, { payload }) => syncs.request(tx, payload.applicationId)),
    on('integrationSyncs', 'application.status-changed', (tx, { payload }) => syncs.request(tx, payload.applicationId)),
  ],
  start: async (syncs) => {
    await syncs.register();
    await syncs.resume();
  },
});
