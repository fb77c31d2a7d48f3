import { onBatch } from '../../../infra/events/events';
import { defineModule } from '../../../module';
import { registerSyncRoutes } from './sync.routes';
import { createIntegrationSyncService } from './sync.service';

/** Durable, idempotent syncs of applications to the integrations (issue #23 §4; decision 074). */
export const integrationSyncsModule = defineModule({
  name: 'integrationSyncs',
  needs: ['customForms', 'notifications', 'applicationDetail'],
  later: ['integrations', 'salesforceMappings', 'cardConnect'],
  create: ({ db, jobs, log, now, salesforce, cardConnect, config }, services) => {
    const { customForms, notifications, applicationDetail } = services;
    return createIntegrationSyncService({
      db,
      jobs,
      log,
      now,
      forms: customForms,
      applications: applicationDetail,
      notifications,
      // made later than this module: read when a sync runs
      salesforce: () => ({
        connections: services.integrations,
        mappings: services.salesforceMappings,
        client: salesforce,
      }),
      cardConnect: () => ({
        client: cardConnect,
        setupFor: (companyId) => services.cardConnect.setupFor(companyId),
        mappingFor: (masterFormId) => services.cardConnect.mappingFor(masterFormId),
      }),
      leaseMs: config.syncLeaseMs,
    });
  },
  routes: (app, syncs) => registerSyncRoutes(app, { syncs }),
  subscribers: (syncs) => [
    // auto-sync: on submit, then on each signature and each change of the data or the status; a delivery's batch
    // of requests in one statement (decision 094)
    ...(
      ['application.submitted', 'application.signed', 'application.data-changed', 'application.status-changed'] as const
    ).map((type) =>
      onBatch('integrationSyncs', type, (tx, events) =>
        syncs.requestMany(
          tx,
          events.map((e) => e.payload.applicationId),
        ),
      ),
    ),
  ],
  start: async (syncs, { app }) => {
    app.addHook('onClose', async () => syncs.stop());
    await syncs.register();
    await syncs.resume();
  },
});
