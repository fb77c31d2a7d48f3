import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { createEvents } from './infra/events/events';
import { createFieldCrypto, type FieldCrypto } from './infra/field-crypto/field-crypto';
import { createJobs } from './infra/jobs/jobs';
import { type LogStream, loggerOptions } from './infra/log/logger';
import { createMailer, type Mailer } from './infra/mail/mailer';
import { createOutbound, DEFAULT_OUTBOUND_ALLOW, type Outbound } from './infra/outbound/outbound';
import { createGateway } from './infra/payments/create-gateway';
import type { PaymentGateway } from './infra/payments/gateway';
import { createPdfPool, type PdfPool } from './infra/pdf/pdf-pool';
import { createPadesSealer } from './infra/pdf-seal/pades';
import { createStorage } from './infra/storage/create-storage';
import { createUrlSigner } from './infra/storage/signed-url';
import type { Storage } from './infra/storage/storage';
import { type AppModule, composeModules, type Platform } from './module';
import { accountsModule } from './modules/accounts/accounts.module';
import { adminAccountsModule } from './modules/admin-accounts/admin-accounts.module';
import { adminApplicationsModule } from './modules/applications/admin/admin.module';
import { applicationsModule } from './modules/applications/applicant/applicant.module';
import { documentsModule } from './modules/applications/documents/documents.module';
import { exportModule } from './modules/applications/export/export.module';
import { historyModule } from './modules/applications/history/history.module';
import { applicationInvitesModule } from './modules/applications/invites/invites.module';
import { applicationOwnersModule } from './modules/applications/owners/owners.module';
import { correctionsModule } from './modules/applications/review/corrections.module';
import { applicationDetailModule } from './modules/applications/review/detail.module';
import { applicationListsModule } from './modules/applications/review/lists.module';
import { notesModule } from './modules/applications/review/notes.module';
import { revealModule } from './modules/applications/review/reveal.module';
import { savedViewsModule } from './modules/applications/review/saved-views.module';
import { applicationStatusModule } from './modules/applications/review/status.module';
import { signingModule } from './modules/applications/signing/signing.module';
import { vaultModule } from './modules/applications/vault/vault.module';
import type { VaultCrypto } from './modules/applications/vault/vault.service';
import { authModule } from './modules/auth/auth.module';
import { billingModule, ledgerModule, renewalsModule } from './modules/billing/billing.module';
import { companiesModule } from './modules/companies/companies.module';
import { couponsModule } from './modules/coupons/coupons.module';
import { customFormsModule } from './modules/custom-forms/custom-forms.module';
import { verifyModule } from './modules/document-verify/verify.module';
import { filesModule } from './modules/files/files.module';
import { registerHealthRoutes } from './modules/health/health.routes';
import { buttonLinksModule } from './modules/integrations/button-links/button-links.module';
import { createCardConnectClient } from './modules/integrations/cardconnect/cardconnect.client';
import { cardConnectModule } from './modules/integrations/cardconnect/cardconnect.module';
import type { CardConnectClient } from './modules/integrations/cardconnect/cardconnect.port';
import { ccStatusModule } from './modules/integrations/cardconnect-status/cc-status.module';
import { integrationsModule } from './modules/integrations/connections/connections.module';
import { formIntegrationsModule } from './modules/integrations/forms/forms.module';
import { createKycClient } from './modules/integrations/kyc/kyc.client';
import { kycAllowlist } from './modules/integrations/kyc/kyc.endpoints';
import { kycModule } from './modules/integrations/kyc/kyc.module';
import type { KycProvider } from './modules/integrations/kyc/kyc.port';
import { salesforceMappingsModule } from './modules/integrations/mapping/mapping.module';
import { createSalesforceClient } from './modules/integrations/salesforce/salesforce.client';
import type { SalesforceClient } from './modules/integrations/salesforce/salesforce.port';
import { integrationSyncsModule } from './modules/integrations/sync/sync.module';
import { transaxModule } from './modules/integrations/transax/transax.module';
import { vantivModule } from './modules/integrations/vantiv/vantiv.module';
import { libraryModule, pushUpdatesModule } from './modules/library/library.module';
import { mailModule } from './modules/mail/mail.module';
import { masterFormsModule } from './modules/master-forms/master-forms.module';
import { notificationsModule } from './modules/notifications/notifications.module';
import { templatesModule } from './modules/pdf-templates/pdf-templates.module';
import { profilesModule } from './modules/profiles/profiles.module';
import { teamJoiningModule, teamModule } from './modules/team/team.module';
import { type DeclaredRoute, registerAccess } from './plugins/access';
import { registerErrorHandler } from './plugins/error-handler';
import { registerInputGuard } from './plugins/input-guard';
import { registerOpenApi } from './plugins/openapi';
import { registerRequestContext } from './plugins/request-context';
import { registerSecurityHeaders } from './plugins/security';
import { registerSpa } from './plugins/spa';
import { createThrottles } from './security/throttles';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** File storage; by default the driver the configuration names. */
  storage?: Storage;
  /** PDF worker pool; by default one of two workers, closed with the app. */
  pdfPool?: PdfPool;
  /** false: silent; a level (and a stream): redacted logs there (decision 022); default the configured level. */
  logger?: boolean | { level: string; stream?: LogStream };
  webDist?: string;
  now?: Clock;
  /** The card payment gateway; by default the one the configuration names (decision 032). */
  gateway?: PaymentGateway;
  /** The applicant vault's encryption (tests); by default the field encryption of infra/field-crypto. */
  vaultCrypto?: VaultCrypto;
  /** Encrypted fields' sealing; by default made from the configured key ring (decision 038). */
  fieldCrypto?: FieldCrypto;
  /** Calls to providers; by default the guarded client of infra/outbound with the configured test hosts. */
  outbound?: Outbound;
  /** The Salesforce client; by default one whose calls fail as unavailable until the real client is wired. */
  salesforce?: SalesforceClient;
  /** The CardConnect client; by default the real one on `outbound` and the configured endpoints. */
  cardConnect?: CardConnectClient;
  /** The KYC provider; by default the client of decision 089 on `outbound` and KYC_API_URL. */
  kyc?: KycProvider;
  /** Tests only: called after each generated document is written (a crash between two documents). */
  afterDocument?: (slot: string) => Promise<void>;
  /** Registers further routes before the app is sealed (tests use it for failure cases). */
  extend?: (app: FastifyInstance) => void;
}

/**
 * Every module of the app (decision 064). Each says what it provides and needs (`*.module.ts` beside its service);
 * they are made in the order their needs ask, and their routes are registered in this order.
 */
const MODULES: readonly AppModule[] = [
  authModule,
  accountsModule,
  teamJoiningModule,
  profilesModule,
  teamModule,
  companiesModule,
  filesModule,
  templatesModule,
  libraryModule,
  pushUpdatesModule,
  masterFormsModule,
  customFormsModule,
  applicationInvitesModule,
  applicationListsModule,
  applicationStatusModule,
  signingModule,
  documentsModule,
  applicationDetailModule,
  correctionsModule,
  savedViewsModule,
  notesModule,
  verifyModule,
  historyModule,
  exportModule,
  mailModule,
  notificationsModule,
  ledgerModule,
  billingModule,
  renewalsModule,
  couponsModule,
  adminAccountsModule,
  adminApplicationsModule,
  vaultModule,
  applicationOwnersModule,
  revealModule,
  applicationsModule,
  integrationsModule,
  salesforceMappingsModule,
  // issue #24 §1: CardConnect (decision 083)
  cardConnectModule,
  // issue #24 §3: KYC (decision 089)
  kycModule,
  integrationSyncsModule,
  ccStatusModule,
  formIntegrationsModule,
  buttonLinksModule,
  transaxModule,
  // issue #24 §2: Worldpay/Vantiv (decision 088)
  vantivModule,
];

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the whole API and web server around a database; tests build one per database. */
export async function buildApp(options: BuildAppOptions) {
  const { config, database } = options;
  const app = Fastify({
    // every log line goes through the redacting serializers: URLs without their tokens and codes, errors without
    // their query values
    logger:
      options.logger === false
        ? false
        : loggerOptions(typeof options.logger === 'object' ? options.logger : { level: config.logLevel }),
    genReqId: () => randomUUID(),
    bodyLimit: 1_048_576,
    // a number of hops: believe that many proxies in front, whatever their addresses
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, hop: number) =>
              hop < hops
          )(config.trustProxy)
        : config.trustProxy,
    // Requests and bodies that drag on are cut: a slow client must not hold a worker forever.
    requestTimeout: 120_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);

  const mailer =
    options.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, log: app.log });
  const db = database.db;
  const now = options.now ?? Date.now;
  const jobs = createJobs({ database, log: app.log });
  // created once: modules that read or write encrypted fields take it as `fieldCrypto` (decision 038)
  const fieldCrypto = options.fieldCrypto ?? createFieldCrypto(config.encryption);
  const pdfPool = options.pdfPool ?? createPdfPool();
  const outbound =
    options.outbound ??
    createOutbound({
      // the KYC provider's host is the operator's KYC_API_URL (decision 089)
      allow: { ...DEFAULT_OUTBOUND_ALLOW, kyc: kycAllowlist(config.kyc) },
      ...config.outbound,
    });
  const platform: Platform = {
    config,
    database,
    db,
    log: app.log,
    now,
    mailer,
    jobs,
    events: createEvents({ db, log: app.log, now }),
    throttles: createThrottles({ db, now }),
    storage: options.storage ?? createStorage(config),
    signer: createUrlSigner({ secret: config.secrets.storageSecret, publicUrl: config.publicUrl, now }),
    pdfPool,
    // the platform's seal of the PDFs we issue: its key is made into DATA_DIR/seal on first use (decision 047)
    // (its pdf-lib part in the PDF workers: the signing itself is a hash and an RSA signature, here)
    sealer: createPadesSealer({
      dataDir: config.dataDir,
      pkcs12: config.seal,
      prepare: (pdf, info) => pdfPool.prepareSeal(pdf, info),
      // the verify API's check reads files anyone sends: only in the workers, with a time limit (decision 055)
      read: (pdf) => pdfPool.readSeal(pdf),
    }),
    fieldCrypto,
    vaultCrypto: options.vaultCrypto ?? fieldCrypto,
    gateway: options.gateway ?? createGateway(config),
    // every call to a provider (issue #23): allowlisted hosts, https only except the configured test hosts
    outbound,
    // Salesforce's REST and OAuth API on the outbound client (decision 072)
    salesforce: options.salesforce ?? createSalesforceClient(outbound),
    // CardPointe CoPilot's boarding API on the outbound client (issue #24 §1, decision 083)
    cardConnect: options.cardConnect ?? createCardConnectClient(outbound, config.cardConnect, now),
    // the identity checks' provider (issue #24 §3, decision 089)
    kyc: options.kyc ?? createKycClient(outbound, config.kyc),
    afterDocument: options.afterDocument ?? slowDocumentsForTests(config) ?? (async () => undefined),
  };
  const { events } = platform;

  // every module's service, each made after those it needs; their domain events' subscribers; their jobs
  const services = await composeModules(platform, MODULES);
  for (const m of MODULES) events.subscribe(...m.subscribers(services));
  // the sweeps stop before the job queue, so they queue nothing into a stopping pg-boss
  app.addHook('onClose', async () => {
    services.mail.stop();
    await events.stop();
    await jobs.stop();
  });
  if (!options.pdfPool) app.addHook('onClose', () => pdfPool.close());
  for (const m of MODULES) await m.start(services, { app, platform });

  const routes: DeclaredRoute[] = [];
  let stopping = false;
  // first: every later hook and handler runs with the request's IP and user agent (audit events, decision 044)
  registerRequestContext(app);
  await app.register(cookie);
  await registerSecurityHeaders(app, { stripe: config.payments.gateway === 'stripe' });
  await registerOpenApi(app);
  registerAccess(app, {
    auth: services.auth,
    throttles: platform.throttles,
    publicApiKey: config.secrets.publicApiKey,
    routes,
  });
  registerHealthRoutes(app, {
    ping: database.ping,
    isMigrated: database.isMigrated,
    isStopping: () => stopping,
  });
  for (const m of MODULES) m.routes(app, services, platform);
  options.extend?.(app);

  await registerSpa(app, options.webDist ?? DEFAULT_WEB_DIST, {
    publicApiKey: config.secrets.publicApiKey,
    publicForm: (customFormId) => services.customForms.getPublic({ customFormId }),
  });
  await app.ready();
  return {
    app,
    routes,
    services,
    events,
    gateway: platform.gateway,
    fieldCrypto,
    jobs,
    mailer,
    storage: platform.storage,
    signer: platform.signer,
    pdfPool,
    /**
     * Graceful stop (SIGTERM): readiness answers 503 at once so a load balancer stops sending; new connections
     * are refused; requests in flight and running jobs finish; then the app closes. The database stays open for
     * the caller to close.
     */
    async drain() {
      stopping = true;
      // Fastify stops listening, lets the requests in flight finish (answering 503 to new ones on kept-alive
      // connections), then runs the onClose hooks: the job queue finishes its running jobs, the PDF pool closes.
      await app.close();
    },
  };
}

/**
 * NODE_ENV=test only: UNDER_TEST_DOCUMENT_DELAY_MS makes every generated document wait, so a test can kill the
 * process between two documents (issue 13: kill -9 during generation). Ignored in any other environment.
 */
function slowDocumentsForTests(config: Config): ((slot: string) => Promise<void>) | undefined {
  const ms = Number(process.env.UNDER_TEST_DOCUMENT_DELAY_MS);
  if (config.env !== 'test' || !Number.isFinite(ms) || ms <= 0) return undefined;
  return () => new Promise((resolve) => setTimeout(resolve, ms));
}
