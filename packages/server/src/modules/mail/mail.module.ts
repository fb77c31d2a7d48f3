import { defineModule } from '../../module';
import { registerMailRoutes } from './mail.routes';
import { createMailService } from './mail.service';

/** The mail outbox (decision 023): every other module queues its mails here. */
export const mailModule = defineModule({
  name: 'mail',
  create: ({ db, jobs, mailer, log, config, now }) =>
    createMailService({
      db,
      jobs,
      mailer,
      log,
      secret: config.secrets.codeSecret,
      from: config.mailFrom,
      publicUrl: config.publicUrl,
      now,
    }),
  routes: (app, mail) => registerMailRoutes(app, { mail }),
});
