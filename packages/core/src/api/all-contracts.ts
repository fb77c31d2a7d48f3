// Every contract of the API in one place, for the tests that hold the server and the contracts to each other.
import { ACCOUNTS_API } from './accounts.contract';
import { ADMIN_ACCOUNTS_API } from './admin-accounts.contract';
import { ADMIN_APPLICATIONS_API } from './admin-applications.contract';
import { APPLICANT_API } from './applicant.contract';
import { APPLICATION_CORRECTIONS_API } from './application-corrections.contract';
import { APPLICATION_DETAIL_API } from './application-detail.contract';
import { APPLICATIONS_API } from './applications.contract';
import { AUTH_API } from './auth.contract';
import { AUTH_PASSWORD_API } from './auth-password.contract';
import { BILLING_API } from './billing.contract';
import { COMPANIES_API } from './companies.contract';
import type { Endpoint } from './contract';
import { COUPONS_API } from './coupons.contract';
import { CUSTOM_FORMS_API } from './custom-forms.contract';
import { FILES_API } from './files.contract';
import { HEALTH_API } from './health.contract';
import { LIBRARY_API } from './library.contract';
import { MAIL_API } from './mail.contract';
import { MASTER_FORMS_API } from './master-forms.contract';
import { NOTIFICATIONS_API } from './notifications.contract';
import { PDF_TEMPLATES_API } from './pdf-templates.contract';
import { SIGNING_API } from './signing.contract';
import { TEAM_API } from './team.contract';
import { VAULT_API } from './vault.contract';

/** Every contract of the API, by group. */
export const ALL_CONTRACTS = {
  ACCOUNTS_API,
  ADMIN_ACCOUNTS_API,
  APPLICANT_API,
  APPLICATION_DETAIL_API,
  APPLICATION_CORRECTIONS_API,
  ADMIN_APPLICATIONS_API,
  APPLICATIONS_API,
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
  MASTER_FORMS_API,
  NOTIFICATIONS_API,
  PDF_TEMPLATES_API,
  SIGNING_API,
  TEAM_API,
  VAULT_API,
};

/** Every endpoint of a contract object, however deep (the auth contracts are grouped by pool). */
export function endpointsOf(group: object, prefix = ''): [string, Endpoint][] {
  return Object.entries(group).flatMap(([key, value]): [string, Endpoint][] =>
    typeof value === 'object' && value !== null && 'method' in value && 'path' in value
      ? [[`${prefix}${key}`, value as Endpoint]]
      : endpointsOf(value as object, `${prefix}${key}.`),
  );
}
