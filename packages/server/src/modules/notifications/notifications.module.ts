import { on, onBatch } from '../../infra/events/events';
import { defineModule } from '../../module';
import { registerNotificationRoutes } from './notifications.routes';
import { createNotificationsService } from './notifications.service';

/**
 * The institution kept informed (decision 060): its notices react to the domain events (decision 064), each queued
 * in the delivery's transaction and sent after it.
 */
export const notificationsModule = defineModule({
  name: 'notifications',
  needs: ['mail', 'customForms'],
  create: ({ db, config, now }, { mail, customForms }) =>
    createNotificationsService({ db, mail, forms: customForms, publicUrl: config.publicUrl, now }),
  routes: (app, notifications) => registerNotificationRoutes(app, { notifications }),
  subscribers: (notifications) => [
    // a delivery's batch of submissions in one read (decision 094)
    onBatch('notifications', 'application.submitted', async (tx, events) => {
      const ids = await notifications.applicationsSubmitted(
        tx,
        events.map((e) => e.payload.applicationId),
      );
      return () => notifications.dispatch(ids);
    }),
    on('notifications', 'application.signed', async (tx, { payload }) => {
      if (!payload.allSigned) return;
      const ids = await notifications.applicationSigned(tx, payload.applicationId, payload.signatureId);
      return () => notifications.dispatch(ids);
    }),
    on('notifications', 'documents.ready', async (tx, { payload }) => {
      const ids = await notifications.documentsReady(tx, payload.applicationId, payload.runId);
      return () => notifications.dispatch(ids);
    }),
  ],
});
