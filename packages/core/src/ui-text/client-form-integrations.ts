import type { CrmMode } from '../integrations/integrations';

/** The forms list's Integrations column (issue #23 §3; decision 078). Connection states: MANAGE_INTEGRATION_TEXT. */
export const FORM_INTEGRATIONS_TEXT = {
  column: 'Integrations',
  switchOf: (integration: string, form: string) => `Use ${integration} for ${form}`,
  on: 'On',
  off: 'Off',
  mapped: 'Mapped',
  notMapped: 'Not mapped',
  modes: { 'auto-sync': 'Auto-sync', 'manual-sync': 'Manual sync' } satisfies Record<CrmMode, string>,
  notPermitted: 'Not allowed for this template',
  turnedOn: (integration: string, form: string) => `${integration} is on for ${form}.`,
  turnedOff: (integration: string, form: string) =>
    `${integration} is off for ${form}: its applications are not synced.`,
  loading: 'Loading integrations…',
  /** A card processor's sync mode (its config's `autoSync`, decision 086): a second switch beside the first. */
  autoSync: 'Auto-sync',
  /**
   * The auto-sync switch's accessible name: its visible label first (WCAG 2.5.3, label in name), then what it
   * switches, so a screen reader in a list of forms hears which form and which integration.
   */
  autoSyncOf: (integration: string, form: string) => `Auto-sync: ${integration} for ${form}`,
  autoSyncOn: (integration: string, form: string) =>
    `${form}'s applications are sent to ${integration} when they are submitted.`,
  /** KYC (decision 089): a form's identity checks of its owners on signature, listed once the company set KYC up. */
  kyc: 'KYC',
  kycOn: (form: string) =>
    `Identity checks (KYC) are on for ${form}: its owners are checked when an application is signed.`,
  kycOff: (form: string) => `Identity checks (KYC) are off for ${form}: no owner is checked.`,
  autoSyncOff: (integration: string, form: string) =>
    `${form}'s applications are sent to ${integration} only from the application's page (Send to ${integration}).`,
} as const;

/** The admin's syncability check on an application (decision 078). */
export const SYNCABILITY_TEXT = {
  title: 'Syncability',
  description: 'Whether this application can sync to each integration, checked the way the sync checks it.',
  check: 'Check syncability',
  syncable: 'Can sync',
  notSyncable: 'Cannot sync',
  checkFailed: 'The check failed. Try again.',
} as const;
