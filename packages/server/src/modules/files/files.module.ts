import { defineModule } from '../../module';
import { registerFileRoutes } from './files.routes';
import { createFilesService, SWEEP_CRON, SWEEP_QUEUE } from './files.service';

/** Uploads and their signed URLs. */
export const filesModule = defineModule({
  name: 'files',
  create: ({ db, storage, signer, log, now }) => createFilesService({ db, storage, signer, log, now }),
  routes: (app, files) => registerFileRoutes(app, { files }),
  // uploads never attached to anything go after a day (decision 022); scheduled once the queue starts
  start: (files, { platform }) =>
    platform.jobs.schedule(SWEEP_QUEUE, SWEEP_CRON, async () => {
      await files.sweep();
    }),
});
