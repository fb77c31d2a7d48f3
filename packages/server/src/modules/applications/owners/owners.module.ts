import { defineModule } from '../../../module';
import { registerApplicationOwnerRoutes } from './owners.routes';
import { createApplicationOwnersService, RETENTION_CRON, RETENTION_QUEUE } from './owners.service';

/** The owners of an application and their links (decisions 037, 056). */
export const applicationOwnersModule = defineModule({
  name: 'applicationOwners',
  needs: ['mail'],
  create: ({ db, throttles, log, config, now }, { mail }) =>
    createApplicationOwnersService({
      db,
      mail,
      throttles,
      codeSecret: config.secrets.codeSecret,
      publicUrl: config.publicUrl,
      log,
      now,
    }),
  routes: (app, owners) => registerApplicationOwnerRoutes(app, { owners }),
  start: async (owners, { app, platform }) => {
    // fresh-link requests are matched after their answer went out (decision 056): finished before anything closes
    app.addHook('preClose', () => owners.settled());
    // unsubmitted applications go DRAFT_RETENTION_DAYS after their last change (decision 037)
    await platform.jobs.schedule(RETENTION_QUEUE, RETENTION_CRON, async () => {
      await owners.removeStaleApplications();
    });
  },
});
