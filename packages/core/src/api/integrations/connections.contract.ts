import { z } from 'zod';
import {
  ApplicationIntegrationsSchema,
  AuthorizeUrlSchema,
  IntegrationConfigBodySchema,
  IntegrationConfigSchema,
  IntegrationCredentialsBodySchema,
  IntegrationPermissionsBodySchema,
  IntegrationPermissionsGetBodySchema,
  IntegrationPermissionsSchema,
  IntegrationsOverviewSchema,
  IntegrationsQuerySchema,
  IntegrationViewSchema,
  SalesforceAddInfoBodySchema,
  SalesforceCallbackQuerySchema,
  SalesforceCheckInfoSchema,
  SalesforceGetTokenBodySchema,
} from '../../integrations/connections.schema';
import { endpoint } from '../contract';

const tag = 'integrations';
const CompanyParamsSchema = z.strictObject({ companyId: z.uuid() });

/**
 * The integrations' connections, configs and permissions (issue #23 §2, §3, §5; decision 073). The spec leaves the
 * Salesforce paths open; these are the issue's.
 */
export const CONNECTIONS_API = {
  salesforceAddInfo: endpoint({
    method: 'POST',
    path: '/api/salesforce/add-info',
    body: SalesforceAddInfoBodySchema,
    response: AuthorizeUrlSchema,
    tag,
    summary: "Keeps the consumer key, secret and domain for the connection and answers Salesforce's authorize URL",
  }),
  salesforceCallback: endpoint({
    method: 'GET',
    path: '/api/salesforce/callback',
    query: SalesforceCallbackQuerySchema,
    tag,
    summary: 'The browser back from Salesforce: exchanges the code, then redirects to /manage-integration',
  }),
  salesforceGetToken: endpoint({
    method: 'POST',
    path: '/api/salesforce/get-token',
    body: SalesforceGetTokenBodySchema,
    response: SalesforceCheckInfoSchema,
    tag,
    summary: 'Exchanges an authorization code with its state (the callback posted by a client)',
  }),
  salesforceCheckInfo: endpoint({
    method: 'POST',
    path: '/api/salesforce/check-info',
    response: SalesforceCheckInfoSchema,
    tag,
    summary: "The caller's company's Salesforce connection: connected, expired, instance URL",
  }),
  salesforceTurnOff: endpoint({
    method: 'PATCH',
    path: '/api/salesforce/:companyId/turn-off',
    params: CompanyParamsSchema,
    response: IntegrationViewSchema,
    tag,
    summary: 'Turns Salesforce off for the company: tokens revoked at Salesforce, syncing stops, admins told',
  }),
  salesforceIntegrations: endpoint({
    method: 'GET',
    path: '/api/salesforce/integrations/:companyId',
    params: CompanyParamsSchema,
    response: IntegrationViewSchema,
    tag,
    summary: "The company's Salesforce integration (masks only)",
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/integrations',
    query: IntegrationsQuerySchema,
    response: IntegrationsOverviewSchema,
    tag,
    summary: "The caller's company's integrations (a platform admin names the company)",
  }),
  companyIntegrations: endpoint({
    method: 'GET',
    path: '/api/companies/:companyId/integrations',
    params: CompanyParamsSchema,
    response: IntegrationsOverviewSchema,
    tag,
    summary: "A company's integrations and its forms' integration configs",
  }),
  saveConfig: endpoint({
    method: 'POST',
    path: '/api/integrations/config',
    body: IntegrationConfigBodySchema,
    response: IntegrationConfigSchema,
    tag,
    summary: "Saves a form's integration config (credentials sealed, answered masked)",
  }),
  credentials: endpoint({
    method: 'POST',
    path: '/api/integrations/credentials',
    body: IntegrationCredentialsBodySchema,
    response: ApplicationIntegrationsSchema,
    tag,
    summary: "The integrations an application's form is configured for (credentials masked)",
  }),
  getPermissions: endpoint({
    method: 'POST',
    path: '/api/integrations/config/permissions/get',
    body: IntegrationPermissionsGetBodySchema,
    response: IntegrationPermissionsSchema,
    tag,
    summary: "A company's integration permissions per template (platform admin)",
  }),
  setPermissions: endpoint({
    method: 'POST',
    path: '/api/integrations/config/permissions',
    body: IntegrationPermissionsBodySchema,
    response: IntegrationPermissionsSchema,
    tag,
    summary: "Sets a company's integration permissions (platform admin; the spec's payload list)",
  }),
  ucPermissions: endpoint({
    method: 'POST',
    path: '/api/integrations/uc/getUcPermissions',
    response: IntegrationPermissionsSchema,
    tag,
    summary: "The caller's company's integration permissions",
  }),
} as const;
