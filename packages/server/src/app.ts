import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import { createFieldCrypto, type FieldCrypto } from './infra/field-crypto/field-crypto';
import { createJobs } from './infra/jobs/jobs';
import { type LogStream, loggerOptions } from './infra/log/logger';
import { createMailer, type Mailer } from './infra/mail/mailer';
import { createGateway } from './infra/payments/create-gateway';
import type { PaymentGateway } from './infra/payments/gateway';
import { createPdfPool, type PdfPool } from './infra/pdf/pdf-pool';
import { createPadesSealer } from './infra/pdf-seal/pades';
import { createStorage } from './infra/storage/create-storage';
import { createUrlSigner } from './infra/storage/signed-url';
import type { Storage } from './infra/storage/storage';
import { createAccountsService } from './modules/accounts/accounts.service';
import { registerMeRoutes } from './modules/accounts/me.routes';
import { registerAdminAccountRoutes } from './modules/admin-accounts/admin-accounts.routes';
import { createAdminAccountsService } from './modules/admin-accounts/admin-accounts.service';
import { registerAdminApplicationRoutes } from './modules/admin-applications/admin-applications.routes';
import { createAdminApplicationsService } from './modules/admin-applications/admin-applications.service';
import { registerVaultRoutes } from './modules/applicant-vault/vault.routes';
import { createVaultService, type VaultCrypto } from './modules/applicant-vault/vault.service';
import { registerApplicationCorrectionsRoutes } from './modules/application-corrections/application-corrections.routes';
import { createApplicationCorrectionsService } from './modules/application-corrections/application-corrections.service';
import { registerApplicationDetailRoutes } from './modules/application-detail/application-detail.routes';
import { createApplicationDetailService } from './modules/application-detail/application-detail.service';
import { registerDocumentRoutes } from './modules/application-documents/documents.routes';
import { createDocumentsService } from './modules/application-documents/documents.service';
import { registerApplicationExportRoutes } from './modules/application-export/application-export.routes';
import { createApplicationExportService } from './modules/application-export/application-export.service';
import { registerApplicationHistoryRoutes } from './modules/application-history/application-history.routes';
import { createApplicationHistoryService } from './modules/application-history/application-history.service';
import { registerApplicationInviteRoutes } from './modules/application-invites/application-invites.routes';
import { createApplicationInvitesService } from './modules/application-invites/application-invites.service';
import { registerApplicationListRoutes } from './modules/application-lists/application-lists.routes';
import { createApplicationListsService } from './modules/application-lists/application-lists.service';
import { registerNotesRoutes } from './modules/application-notes/notes.routes';
import { createNotesService } from './modules/application-notes/notes.service';
import { registerApplicationOwnerRoutes } from './modules/application-owners/application-owners.routes';
import {
  createApplicationOwnersService,
  RETENTION_CRON,
  RETENTION_QUEUE,
} from './modules/application-owners/application-owners.service';
import { registerRevealRoutes } from './modules/application-reveal/reveal.routes';
import { createRevealService } from './modules/application-reveal/reveal.service';
import { registerSigningRoutes } from './modules/application-signing/signing.routes';
import { createSigningService } from './modules/application-signing/signing.service';
import { registerApplicationRoutes } from './modules/applications/applications.routes';
import { createApplicationsService } from './modules/applications/applications.service';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { registerBillingRoutes } from './modules/billing/billing.routes';
import { createBillingService } from './modules/billing/billing.service';
import { createLedger } from './modules/billing/billing-ledger';
import { createRenewalService, RENEWAL_CRON, RENEWAL_QUEUE } from './modules/billing/renewal.service';
import { registerCompanyRoutes } from './modules/companies/companies.routes';
import { createCompaniesService } from './modules/companies/companies.service';
import { registerCouponRoutes } from './modules/coupons/coupons.routes';
import { createCouponsService } from './modules/coupons/coupons.service';
import { registerCustomFormRoutes } from './modules/custom-forms/custom-forms.routes';
import { createCustomFormsService } from './modules/custom-forms/custom-forms.service';
import { registerVerifyRoutes } from './modules/document-verify/verify.routes';
import { createVerifyService } from './modules/document-verify/verify.service';
import { registerFileRoutes } from './modules/files/files.routes';
import { createFilesService, SWEEP_CRON, SWEEP_QUEUE } from './modules/files/files.service';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerLibraryRoutes } from './modules/library/library.routes';
import { createLibraryService } from './modules/library/library.service';
import { createPushUpdatesService } from './modules/library/push-updates.service';
import { registerMailRoutes } from './modules/mail/mail.routes';
import { createMailService } from './modules/mail/mail.service';
import { registerMasterFormRoutes } from './modules/master-forms/master-forms.routes';
import { createMasterFormsService } from './modules/master-forms/master-forms.service';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes';
import { createNotificationsService } from './modules/notifications/notifications.service';
import { registerPdfTemplateRoutes } from './modules/pdf-templates/pdf-templates.routes';
import { createPdfTemplatesService } from './modules/pdf-templates/pdf-templates.service';
import { registerProfileRoutes } from './modules/profiles/profiles.routes';
import { createProfilesService } from './modules/profiles/profiles.service';
import { registerSavedViewRoutes } from './modules/saved-views/saved-views.routes';
import { createSavedViewsService } from './modules/saved-views/saved-views.service';
import { registerTeamRoutes } from './modules/team/team.routes';
import { createTeamService } from './modules/team/team.service';
import { createTeamJoiningService } from './modules/team/team-joining.service';
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
  /** Tests only: called after each generated document is written (a crash between two documents). */
  afterDocument?: (slot: string) => Promise<void>;
  /** Registers further routes before the app is sealed (tests use it for failure cases). */
  extend?: (app: FastifyInstance) => void;
}

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
  const jobs = createJobs({ database, log: app.log });
  // created once: services that read or write encrypted fields take it as `fieldCrypto` (decision 038)
  const fieldCrypto = options.fieldCrypto ?? createFieldCrypto(config.encryption);
  const mail = createMailService({
    db: database.db,
    jobs,
    mailer,
    log: app.log,
    secret: config.secrets.codeSecret,
    from: config.mailFrom,
    publicUrl: config.publicUrl,
    now: options.now,
  });
  // the sweep stops before the job queue, so it queues nothing into a stopping pg-boss
  app.addHook('onClose', async () => {
    mail.stop();
    await jobs.stop();
  });
  const throttles = createThrottles({ db: database.db, now: options.now });
  const auth = createAuthService({
    db: database.db,
    throttles,
    mail,
    log: app.log,
    codeSecret: config.secrets.codeSecret,
    publicUrl: config.publicUrl,
    now: options.now,
  });
  const accounts = createAccountsService();
  const storage = options.storage ?? createStorage(config);
  const signer = createUrlSigner({
    secret: config.secrets.storageSecret,
    publicUrl: config.publicUrl,
    now: options.now,
  });
  const joining = createTeamJoiningService({ db: database.db, now: options.now });
  const profiles = createProfilesService({ db: database.db, joining });
  const team = createTeamService({
    db: database.db,
    throttles,
    mail,
    auth,
    publicUrl: config.publicUrl,
    now: options.now,
  });
  const files = createFilesService({ db: database.db, storage, signer, log: app.log, now: options.now });
  const companies = createCompaniesService({ db: database.db, files, log: app.log, now: options.now });
  const coupons = createCouponsService({ db: database.db, now: options.now });
  const pdfPool = options.pdfPool ?? createPdfPool();
  if (!options.pdfPool) app.addHook('onClose', () => pdfPool.close());
  const templates = createPdfTemplatesService({ db: database.db, storage, files, pdf: pdfPool, log: app.log });
  // uploads never attached to anything go after a day (decision 022); scheduled once the queue starts
  await jobs.schedule(SWEEP_QUEUE, SWEEP_CRON, async () => {
    await files.sweep();
  });
  const library = createLibraryService({
    db: database.db,
    // master forms are made of library entries, so the library learns where an entry is used through a late call
    usage: {
      countUses: async (dictionaryId) => ({
        forms: (await masterForms.formsUsing({ kind: 'dictionary', id: dictionaryId })).length,
        templates: await templates.countBindingDictionary({ dictionaryId }),
      }),
    },
  });
  const customForms = createCustomFormsService({ db: database.db, files, log: app.log });
  const applicationInvites = createApplicationInvitesService({
    db: database.db,
    mail,
    forms: customForms,
    codeSecret: config.secrets.codeSecret,
    publicUrl: config.publicUrl,
    now: options.now,
    throttles,
  });
  // the institution's notices (decision 060): submit, signing and documents each make one call in their transaction
  const notifications = createNotificationsService({
    db: database.db,
    mail,
    forms: customForms,
    publicUrl: config.publicUrl,
    now: options.now,
  });
  const applicationLists = createApplicationListsService({
    db: database.db,
    mail,
    forms: customForms,
    now: options.now,
  });
  const masterForms = createMasterFormsService({
    db: database.db,
    library,
    templates,
    clientForms: {
      published: (opts) => customForms.masterPublished(opts),
      accessChanged: (opts) => customForms.masterAccessChanged(opts),
      countByMaster: () => customForms.countByMaster(),
    },
  });
  const adminAccounts = createAdminAccountsService({
    db: database.db,
    auth,
    mail,
    masterForms,
    publicUrl: config.publicUrl,
    now: options.now,
  });
  const pushUpdates = createPushUpdatesService({ db: database.db, jobs, log: app.log, library, masterForms });
  const gateway = options.gateway ?? createGateway(config);
  const billingNow = options.now ?? Date.now;
  const ledger = createLedger({
    db: database.db,
    gateway,
    mail,
    auth,
    log: app.log,
    publicUrl: config.publicUrl,
    now: billingNow,
  });
  const billing = createBillingService({
    db: database.db,
    gateway,
    ledger,
    log: app.log,
    now: billingNow,
    config: {
      gateway: config.payments.gateway,
      publishableKey: config.payments.gateway === 'stripe' ? config.payments.publishableKey : null,
    },
  });
  const renewals = createRenewalService({ db: database.db, ledger, log: app.log, now: billingNow });
  // renewals, trial ends and retries of failed payments (decision 032)
  await jobs.schedule(RENEWAL_QUEUE, RENEWAL_CRON, async () => {
    await renewals.run();
  });
  const vault = createVaultService({
    db: database.db,
    mail,
    throttles,
    secret: config.secrets.codeSecret,
    // remembered answers of encrypted fields stay sealed with the field encryption (decisions 038, 039)
    crypto: options.vaultCrypto ?? fieldCrypto,
    publicForm: (opts) => customForms.getPublic(opts),
    now: options.now,
  });
  const applicationOwners = createApplicationOwnersService({
    db: database.db,
    mail,
    throttles,
    codeSecret: config.secrets.codeSecret,
    publicUrl: config.publicUrl,
    log: app.log,
    now: options.now,
  });
  // fresh-link requests are matched after their answer went out (decision 056): finished before anything closes
  app.addHook('preClose', () => applicationOwners.settled());
  // unsubmitted applications go DRAFT_RETENTION_DAYS after their last change (decision 037)
  await jobs.schedule(RETENTION_QUEUE, RETENTION_CRON, async () => {
    await applicationOwners.removeStaleApplications();
  });
  const signing = createSigningService({
    db: database.db,
    mail,
    storage,
    jobs,
    forms: customForms,
    codeSecret: config.secrets.codeSecret,
    publicUrl: config.publicUrl,
    throttles,
    now: options.now,
    notices: notifications,
    // "Remember my answers": the vault takes them once the primary's signing code proved the mailbox (decision 050)
    onPrimarySigned: async (tx, { application, ownerId, email }) => {
      await vault.rememberApplication(tx, { application, ownerId, email });
    },
  });
  // the platform's seal of the PDFs we issue: its key is made into DATA_DIR/seal on first use (decision 047)
  // (its pdf-lib part in the PDF workers: the signing itself is a hash and an RSA signature, here)
  const sealer = createPadesSealer({
    dataDir: config.dataDir,
    pkcs12: config.seal,
    prepare: (pdf, info) => pdfPool.prepareSeal(pdf, info),
    // the verify API's check reads files anyone sends: only in the workers, with a time limit (decision 055)
    read: (pdf) => pdfPool.readSeal(pdf),
  });
  // the documents of signed applications: a job per run and a sweep of lost runs (issue 13; decision 046)
  const documents = createDocumentsService({
    db: database.db,
    storage,
    pdf: pdfPool,
    templates,
    fieldCrypto,
    sealer,
    jobs,
    forms: customForms,
    signer,
    codeSecret: config.secrets.codeSecret,
    publicUrl: config.publicUrl,
    log: app.log,
    now: options.now,
    afterDocument: options.afterDocument ?? slowDocumentsForTests(config),
    notices: notifications,
  });
  await documents.register();
  const applications = createApplicationsService({
    signing,
    db: database.db,
    mail,
    files,
    throttles,
    fieldCrypto,
    log: app.log,
    codeSecret: config.secrets.codeSecret,
    publicUrl: config.publicUrl,
    now: options.now,
    fromVault: (opts) => vault.takeFromVault(opts),
    notices: notifications,
  });
  const routes: DeclaredRoute[] = [];
  let stopping = false;

  // first: every later hook and handler runs with the request's IP and user agent (audit events, decision 044)
  registerRequestContext(app);
  await app.register(cookie);
  await registerSecurityHeaders(app, { stripe: config.payments.gateway === 'stripe' });
  await registerOpenApi(app);
  registerAccess(app, { auth, throttles, publicApiKey: config.secrets.publicApiKey, routes });

  registerHealthRoutes(app, {
    ping: database.ping,
    isMigrated: database.isMigrated,
    isStopping: () => stopping,
  });
  for (const pool of ['client', 'admin'] as const) {
    registerAuthRoutes(app, { auth, pool, secureCookies: config.secureCookies });
  }
  registerMeRoutes(app, { accounts });
  registerProfileRoutes(app, { profiles });
  registerTeamRoutes(app, { team });
  registerCompanyRoutes(app, { companies });
  registerFileRoutes(app, { files });
  registerPdfTemplateRoutes(app, { templates });
  registerLibraryRoutes(app, { library, pushUpdates });
  registerMasterFormRoutes(app, { masterForms, clientBrief: (opts) => customForms.briefMasterForms(opts) });
  registerCustomFormRoutes(app, { customForms });
  registerApplicationInviteRoutes(app, { invites: applicationInvites });
  registerApplicationListRoutes(app, { lists: applicationLists });
  registerSigningRoutes(app, { signing });
  registerDocumentRoutes(app, { documents });
  const applicationDetail = createApplicationDetailService({
    db: database.db,
    fieldCrypto,
    forms: customForms,
    files,
    now: options.now,
  });
  registerApplicationDetailRoutes(app, {
    detail: applicationDetail,
    // a removed attachment changes signed data: the signatures go, the owners are asked again (decision 045)
    onDataChanged: (tx, application, path) =>
      signing.invalidateSignatures(tx, { application, fields: [path], actorUserId: null }).then((r) => r.outbox),
    // an edit of signed data: the same (decision 045)
    onEdited: (tx, application, fields) => signing.invalidateSignatures(tx, { application, fields, actorUserId: null }),
    dispatch: (id) => mail.dispatch(id),
  });
  registerApplicationCorrectionsRoutes(app, {
    corrections: createApplicationCorrectionsService({
      db: database.db,
      mail,
      fieldCrypto,
      codeSecret: config.secrets.codeSecret,
      publicUrl: config.publicUrl,
      visible: (tx, auth, id, lock) => applicationDetail.visible(tx, auth, id, lock),
      invalidateSignatures: (tx, opts) => signing.invalidateSignatures(tx, opts),
      now: options.now,
    }),
  });
  registerSavedViewRoutes(app, { views: createSavedViewsService({ db: database.db }) });
  registerNotesRoutes(app, {
    notes: createNotesService({ db: database.db, visible: (tx, auth, id) => applicationDetail.visible(tx, auth, id) }),
  });
  registerVerifyRoutes(app, { verify: createVerifyService({ db: database.db, sealer }) });
  registerApplicationHistoryRoutes(app, {
    history: createApplicationHistoryService({ db: database.db, forms: customForms }),
  });
  registerApplicationExportRoutes(app, {
    exports: createApplicationExportService({ db: database.db, fieldCrypto, forms: customForms, now: options.now }),
  });
  registerMailRoutes(app, { mail });
  registerNotificationRoutes(app, { notifications });
  registerBillingRoutes(app, { billing, renewals });
  registerCouponRoutes(app, { coupons });
  registerAdminAccountRoutes(app, { adminAccounts });
  registerAdminApplicationRoutes(app, {
    adminApplications: createAdminApplicationsService({ db: database.db, now: options.now }),
  });
  registerVaultRoutes(app, { vault });
  registerApplicationOwnerRoutes(app, { owners: applicationOwners });
  registerRevealRoutes(app, { reveal: createRevealService({ db: database.db, fieldCrypto }) });
  registerApplicationRoutes(app, { applications });
  options.extend?.(app);

  await registerSpa(app, options.webDist ?? DEFAULT_WEB_DIST, {
    publicApiKey: config.secrets.publicApiKey,
    publicForm: (customFormId) => customForms.getPublic({ customFormId }),
  });
  await app.ready();
  return {
    app,
    routes,
    services: {
      auth,
      accounts,
      profiles,
      team,
      companies,
      templates,
      library,
      masterForms,
      pushUpdates,
      mail,
      files,
      billing,
      renewals,
      customForms,
      coupons,
      applicationInvites,
      vault,
      applicationOwners,
      applicationLists,
      applications,
      signing,
      documents,
      notifications,
    },
    gateway,
    fieldCrypto,
    jobs,
    mailer,
    storage,
    signer,
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
