import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { Events, Subscription } from './infra/events/events';
import type { FieldCrypto } from './infra/field-crypto/field-crypto';
import type { Jobs } from './infra/jobs/jobs';
import type { Mailer } from './infra/mail/mailer';
import type { Outbound } from './infra/outbound/outbound';
import type { PaymentGateway } from './infra/payments/gateway';
import type { PdfPool } from './infra/pdf/pdf-pool';
import type { Sealer } from './infra/pdf-seal/sealer';
import type { UrlSigner } from './infra/storage/signed-url';
import type { Storage } from './infra/storage/storage';
import type { AccountsService } from './modules/accounts/accounts.service';
import type { AdminAccountsService } from './modules/admin-accounts/admin-accounts.service';
import type { AdminApplicationsService } from './modules/applications/admin/admin.service';
import type { ApplicationsService } from './modules/applications/applicant/applicant.service';
import type { DocumentsService } from './modules/applications/documents/documents.service';
import type { ApplicationExportService } from './modules/applications/export/export.service';
import type { ApplicationHistoryService } from './modules/applications/history/history.service';
import type { ApplicationInvitesService } from './modules/applications/invites/invites.service';
import type { ApplicationOwnersService } from './modules/applications/owners/owners.service';
import type { ApplicationCorrectionsService } from './modules/applications/review/corrections.service';
import type { ApplicationDetailService } from './modules/applications/review/detail.service';
import type { ApplicationListsService } from './modules/applications/review/lists.service';
import type { NotesService } from './modules/applications/review/notes.service';
import type { RevealService } from './modules/applications/review/reveal.service';
import type { SavedViewsService } from './modules/applications/review/saved-views.service';
import type { ApplicationStatusService } from './modules/applications/review/status.service';
import type { SigningService } from './modules/applications/signing/signing.service';
import type { VaultCrypto, VaultService } from './modules/applications/vault/vault.service';
import type { AuthService } from './modules/auth/auth.service';
import type { BillingService } from './modules/billing/billing.service';
import type { Ledger } from './modules/billing/billing-ledger';
import type { RenewalService } from './modules/billing/renewal.service';
import type { CompaniesService } from './modules/companies/companies.service';
import type { CouponsService } from './modules/coupons/coupons.service';
import type { CustomFormsService } from './modules/custom-forms/custom-forms.service';
import type { VerifyService } from './modules/document-verify/verify.service';
import type { FilesService } from './modules/files/files.service';
import type { ButtonLinksService } from './modules/integrations/button-links/button-links.service';
import type { CardConnectClient } from './modules/integrations/cardconnect/cardconnect.port';
import type { CardConnectService } from './modules/integrations/cardconnect/cardconnect.service';
import type { CcStatusService } from './modules/integrations/cardconnect-status/cc-status.service';
import type { IntegrationsService } from './modules/integrations/connections/connections.service';
import type { FormIntegrationsService } from './modules/integrations/forms/forms.service';
import type { KycProvider } from './modules/integrations/kyc/kyc.port';
import type { KycService } from './modules/integrations/kyc/kyc.service';
import type { SalesforceMappingsService } from './modules/integrations/mapping/mapping.service';
import type { SalesforceClient } from './modules/integrations/salesforce/salesforce.port';
import type { IntegrationSyncService } from './modules/integrations/sync/sync.service';
import type { TransaxService } from './modules/integrations/transax/transax.service';
import type { VantivService } from './modules/integrations/vantiv/vantiv.service';
import type { LibraryService } from './modules/library/library.service';
import type { PushUpdatesService } from './modules/library/push-updates.service';
import type { MailService } from './modules/mail/mail.service';
import type { MasterFormsService } from './modules/master-forms/master-forms.service';
import type { NotificationsService } from './modules/notifications/notifications.service';
import type { PdfTemplatesService } from './modules/pdf-templates/pdf-templates.service';
import type { ProfilesService } from './modules/profiles/profiles.service';
import type { TeamService } from './modules/team/team.service';
import type { TeamJoiningService } from './modules/team/team-joining.service';
import type { Throttles } from './security/throttles';

/**
 * What every module is made with (decision 064): the configuration and the infrastructure `buildApp` creates once.
 * Nothing here is optional: a test that wants none of something passes a no-op.
 */
export interface Platform {
  config: Config;
  database: Database;
  db: Db;
  log: FastifyBaseLogger;
  now: () => number;
  mailer: Mailer;
  jobs: Jobs;
  events: Events;
  throttles: Throttles;
  storage: Storage;
  signer: UrlSigner;
  pdfPool: PdfPool;
  sealer: Sealer;
  fieldCrypto: FieldCrypto;
  vaultCrypto: VaultCrypto;
  gateway: PaymentGateway;
  /** Every call to a provider (issue #23 §1): never Node's fetch or another HTTP client. */
  outbound: Outbound;
  /** The Salesforce client on `outbound` (issue #23 §5); by default `createSalesforceClient(outbound)`. */
  salesforce: SalesforceClient;
  /** The CardPointe CoPilot client on `outbound` (issue #24 §1, decision 083). */
  cardConnect: CardConnectClient;
  /** The KYC provider (issue #24 §3, decision 089), on `outbound`. */
  kyc: KycProvider;
  /** Tests: called after each generated document is written (a crash between two documents); else a no-op. */
  afterDocument: (slot: string) => Promise<void>;
}

/** Every module's service by the name other modules ask for it (and `buildApp` answers it in `services`). */
export interface Services {
  mail: MailService;
  auth: AuthService;
  accounts: AccountsService;
  teamJoining: TeamJoiningService;
  profiles: ProfilesService;
  team: TeamService;
  files: FilesService;
  companies: CompaniesService;
  coupons: CouponsService;
  templates: PdfTemplatesService;
  library: LibraryService;
  masterForms: MasterFormsService;
  pushUpdates: PushUpdatesService;
  customForms: CustomFormsService;
  adminAccounts: AdminAccountsService;
  ledger: Ledger;
  billing: BillingService;
  renewals: RenewalService;
  notifications: NotificationsService;
  applicationInvites: ApplicationInvitesService;
  applicationLists: ApplicationListsService;
  applicationStatus: ApplicationStatusService;
  applicationOwners: ApplicationOwnersService;
  vault: VaultService;
  signing: SigningService;
  documents: DocumentsService;
  applications: ApplicationsService;
  applicationDetail: ApplicationDetailService;
  corrections: ApplicationCorrectionsService;
  savedViews: SavedViewsService;
  notes: NotesService;
  verify: VerifyService;
  history: ApplicationHistoryService;
  exports: ApplicationExportService;
  adminApplications: AdminApplicationsService;
  reveal: RevealService;
  integrations: IntegrationsService;
  salesforceMappings: SalesforceMappingsService;
  /** issue #24 §1 (decision 083). */
  cardConnect: CardConnectService;
  integrationSyncs: IntegrationSyncService;
  /** issue #24 §1 Status (decision 087). */
  ccStatus: CcStatusService;
  formIntegrations: FormIntegrationsService;
  buttonLinks: ButtonLinksService;
  transax: TransaxService;
  /** issue #24 §3 (decision 089). */
  kyc: KycService;
  /** issue #24 §2: Worldpay/Vantiv staging (decision 088). */
  vantiv: VantivService;
}
export type ServiceName = keyof Services;

/** A module as `app.ts` lists it (made by `defineModule`). */
export interface AppModule {
  name: ServiceName;
  needs: readonly ServiceName[];
  later: readonly ServiceName[];
  create(platform: Platform, services: Services): unknown;
  routes(app: FastifyInstance, services: Services, platform: Platform): void;
  subscribers(services: Services): Subscription[];
  start(services: Services, ctx: { app: FastifyInstance; platform: Platform }): Promise<void>;
}

/**
 * One module: the service it provides (`name`), the services of other modules it is made with (`needs`, made
 * first), those it calls only later, inside requests or jobs (`later`: two modules that use each other), its routes,
 * the domain events it reacts to, and what it starts with the app (job workers, schedules, close hooks). `create`
 * and `routes` see exactly the services they declared.
 */
export function defineModule<
  const N extends ServiceName,
  const D extends ServiceName = never,
  const L extends ServiceName = never,
>(m: {
  name: N;
  needs?: readonly D[];
  later?: readonly L[];
  create(platform: Platform, services: Pick<Services, D | L>): Services[N] | Promise<Services[N]>;
  routes?(app: FastifyInstance, self: Services[N], services: Pick<Services, D | L>, platform: Platform): void;
  subscribers?(self: Services[N]): Subscription[];
  start?(self: Services[N], ctx: { app: FastifyInstance; platform: Platform }): Promise<void> | void;
}): AppModule {
  return {
    name: m.name,
    needs: m.needs ?? [],
    later: m.later ?? [],
    create: (platform, services) => m.create(platform, services),
    routes: (app, services, platform) => m.routes?.(app, services[m.name], services, platform),
    subscribers: (services) => m.subscribers?.(services[m.name]) ?? [],
    start: async (services, ctx) => {
      await m.start?.(services[m.name], ctx);
    },
  };
}

/**
 * Makes every module's service, each after the ones it needs (whatever the list's order), and checks that what
 * they need later exists. A module needing a service no module provides, or two modules needing each other at
 * creation, stop the app at start with a message naming them.
 */
export async function composeModules(platform: Platform, modules: readonly AppModule[]): Promise<Services> {
  const byName = new Map(modules.map((m) => [m.name, m]));
  if (byName.size !== modules.length) throw new Error('two modules provide the same service');
  const services: Partial<Record<ServiceName, unknown>> = {};
  const making: ServiceName[] = [];
  async function make(name: ServiceName, by: ServiceName | undefined) {
    if (name in services) return;
    const m = byName.get(name);
    if (!m) throw new Error(`module ${by} needs ${name}, which no module provides`);
    if (making.includes(name)) {
      throw new Error(`modules need each other to be made: ${[...making, name].join(' -> ')} (make one a later need)`);
    }
    making.push(name);
    for (const need of m.needs) await make(need, name);
    services[name] = await m.create(platform, services as Services);
    making.pop();
  }
  for (const m of modules) await make(m.name, undefined);
  for (const m of modules) {
    for (const need of m.later)
      if (!(need in services)) throw new Error(`module ${m.name} needs ${need}, which no module provides`);
  }
  return services as Services;
}
