import { on } from '../../../infra/events/events';
import { defineModule } from '../../../module';
import { fileSalesforce } from './sync.file-salesforce';
import { registerSyncRoutes } from './sync.routes';
import { createIntegrationSyncService, type SyncSalesforce } from './sync.service';

/**
 * Tests only: Salesforce parts that replace the real ones (the connections' SalesforceConnections, the mappings'
 * SalesforceMappings and the platform's client) for every sync service of this process; null: the real ones.
 */
let override: SyncSalesforce | null = null;

export function useSalesforce(ports: SyncSalesforce | null) {
  override = ports;
}

/** Durable, idempotent syncs of applications to the integrations (issue #23 §4; decision 074). */
export const integrationSyncsModule = defineModule({
  name: 'integrationSyncs',
  needs: ['customForms', 'notifications', 'applicationDetail'],
  later: ['integrations', 'salesforceMappings'],
  create: ({ db, jobs, log, now, config, salesforce }, services) => {
    const { customForms, notifications, applicationDetail } = services;
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
      // made later than this module: read when a sync runs
      salesforce: () =>
        override ?? {
          connections: services.integrations,
          mappings: services.salesforceMappings,
          client: salesforce,
        },
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
