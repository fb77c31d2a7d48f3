// Every contract of the API in one place, for the tests that hold the server and the contracts to each other.
import { ACCOUNTS_API } from './accounts.contract';
import { ADMIN_ACCOUNTS_API } from './admin-accounts.contract';
import { ADMIN_APPLICATIONS_API } from './applications/admin.contract';
import { APPLICANT_API } from './applications/applicant.contract';
import { DOCUMENTS_API } from './applications/documents.contract';
import { EXPORT_API } from './applications/export.contract';
import { HISTORY_API } from './applications/history.contract';
import { INVITES_API } from './applications/invites.contract';
import { OWNERS_API } from './applications/owners.contract';
import { REVIEW_API } from './applications/review.contract';
import { SIGNING_API } from './applications/signing.contract';
import { VAULT_API } from './applications/vault.contract';
import { AUTH_API } from './auth.contract';
import { AUTH_PASSWORD_API } from './auth-password.contract';
import { BILLING_API } from './billing.contract';
import { COMPANIES_API } from './companies.contract';
import type { Endpoint } from './contract';
import { COUPONS_API } from './coupons.contract';
import { CUSTOM_FORMS_API } from './custom-forms.contract';
import { FILES_API } from './files.contract';
import { HEALTH_API } from './health.contract';
import { BUTTON_LINKS_API } from './integrations/button-links.contract';
import { CARDCONNECT_API } from './integrations/cardconnect.contract';
import { CC_STATUS_API } from './integrations/cardconnect-status.contract';
import { CONNECTIONS_API } from './integrations/connections.contract';
import { FORM_INTEGRATIONS_API } from './integrations/forms.contract';
import { KYC_API } from './integrations/kyc.contract';
import { MAPPING_API } from './integrations/mapping.contract';
import { SYNC_API } from './integrations/sync.contract';
import { TRANSAX_API } from './integrations/transax.contract';
import { VANTIV_API } from './integrations/vantiv.contract';
import { LIBRARY_API } from './library.contract';
import { MAIL_API } from './mail.contract';
import { MASTER_FORMS_API } from './master-forms.contract';
import { NOTIFICATIONS_API } from './notifications.contract';
import { PDF_TEMPLATES_API } from './pdf-templates.contract';
import { TEAM_API } from './team.contract';
import { VERIFY_API } from './verify.contract';

/** Every contract of the API, by group. */
export const ALL_CONTRACTS = {
  ACCOUNTS_API,
  ADMIN_ACCOUNTS_API,
  APPLICANT_API,
  OWNERS_API,
  SIGNING_API,
  DOCUMENTS_API,
  REVIEW_API,
  HISTORY_API,

  ADMIN_APPLICATIONS_API,
  INVITES_API,
  EXPORT_API,
  AUTH_API,
  AUTH_PASSWORD_API,
  BILLING_API,
  COMPANIES_API,
  CUSTOM_FORMS_API,
  COUPONS_API,
  FILES_API,
  HEALTH_API,
  LIBRARY_API,
  MAIL_API,
  MAPPING_API,
  MASTER_FORMS_API,
  NOTIFICATIONS_API,
  PDF_TEMPLATES_API,
  VERIFY_API,
  TEAM_API,
  VAULT_API,
  CONNECTIONS_API,
  FORM_INTEGRATIONS_API,
  CARDCONNECT_API,
  CC_STATUS_API,
  SYNC_API,
  BUTTON_LINKS_API,
  TRANSAX_API,
  KYC_API,
  VANTIV_API,
};

/** Every endpoint of a contract object, however deep (the auth contracts are grouped by pool). */
export function endpointsOf(group: object, prefix = ''): [string, Endpoint][] {
  return Object.entries(group).flatMap(([key, value]): [string, Endpoint][] =>
    typeof value === 'object' && value !== null && 'method' in value && 'path' in value
      ? [[`${prefix}${key}`, value as Endpoint]]
      : endpointsOf(value as object, `${prefix}${key}.`),
  );
}
