import { onBatch } from '../../../infra/events/events';
import { defineModule } from '../../../module';
import { registerButtonLinksRoutes } from './button-links.routes';
import { createButtonLinksService } from './button-links.service';

/** Button-link integrations (issue #24 §4; decision 084). */
export const buttonLinksModule = defineModule({
  name: 'buttonLinks',
  needs: [],
  create: ({ db, jobs, log, now, outbound, fieldCrypto }) =>
    createButtonLinksService({ db, jobs, log, now, outbound, fieldCrypto }),
  routes: (app, buttonLinks) => registerButtonLinksRoutes(app, { buttonLinks }),
  // a delivery's batch of events in one read and one write (decision 094)
  subscribers: (links) => [
    onBatch('buttonLinks', 'application.submitted', (tx, events) =>
      links.onApplicationEvents(
        tx,
        events.map((e) => ({
          id: e.id,
          type: 'application.submitted',
          applicationId: e.payload.applicationId,
          fields: null,
        })),
      ),
    ),
    onBatch('buttonLinks', 'application.data-changed', (tx, events) =>
      links.onApplicationEvents(
        tx,
        events.map((e) => ({
          id: e.id,
          type: 'application.data-changed',
          applicationId: e.payload.applicationId,
          fields: e.payload.fields ?? null,
        })),
      ),
    ),
  ],
  start: async (links) => {
    await links.register();
    await links.resume();
  },
});
