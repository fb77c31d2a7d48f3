import { defineModule } from '../../module';
import { registerMailRoutes } from './mail.routes';
import { createMailService } from './mail.service';

/**
 * NODE_ENV=test only: UNDER_TEST_MAIL_SWEEP_MS runs the outbox sweep that often, so a test of a stopped instance's
 * mails being sent by another need not wait a minute for the sweep. Ignored in any other environment.
 */
function testSweepInterval(env: string): number | undefined {
  const ms = Number(process.env.UNDER_TEST_MAIL_SWEEP_MS);
  return env === 'test' && Number.isFinite(ms) && ms > 0 ? ms : undefined;
}

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
      sweepIntervalMs: testSweepInterval(config.env),
    }),
  routes: (app, mail) => registerMailRoutes(app, { mail }),
});
