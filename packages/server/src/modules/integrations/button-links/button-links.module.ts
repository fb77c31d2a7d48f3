import { on } from '../../../infra/events/events';
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
  subscribers: (links) => [
    on('buttonLinks', 'application.submitted', (tx, e) =>
      links.onApplicationEvent(tx, {
        id: e.id,
        type: 'application.submitted',
        applicationId: e.payload.applicationId,
        fields: null,
      }),
    ),
    on('buttonLinks', 'application.data-changed', (tx, e) =>
      links.onApplicationEvent(tx, {
        id: e.id,
        type: 'application.data-changed',
        applicationId: e.payload.applicationId,
        fields: e.payload.fields ?? null,
      }),
    ),
  ],
  start: async (links) => {
    await links.register();
    await links.resume();
  },
});
