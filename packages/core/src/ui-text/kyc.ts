import type { KycResult, KycSubmissionState } from '../integrations/kyc.schema';

/** The KYC panel of an application's detail (issue #24 §3; decision 089). */
export const KYC_TEXT = {
  title: 'Identity checks (KYC)',
  lead: "The owners' identity checks, started when the application was signed.",
  states: {
    queued: 'Waiting to be sent',
    pending: 'Waiting for the provider',
    completed: 'Completed',
    failed: 'Stopped',
  } satisfies Record<KycSubmissionState, string>,
  results: { pass: 'Passed', review: 'Needs review', fail: 'Failed' } satisfies Record<KycResult, string>,
  noResult: 'No result yet',
  noReasons: 'No reasons given.',
  reasonsLabel: 'Reasons',
  ownerLabel: (n: number) => `Owner ${n}`,
  decidedAt: (when: string) => `Decided ${when}`,
  submittedAt: (when: string) => `Sent ${when}`,
  problemTitle: 'Problem',
  noOwners: 'No owner has been sent yet.',
  loadError: 'The identity checks could not be loaded.',
  /** The panel stopped asking while the checks stayed unfinished. */
  pollStopped: (minutes: number) =>
    `Still waiting for the provider: this page stopped checking after ${minutes} minutes. Refresh to look again.`,
  refresh: 'Refresh',
} as const;

/**
 * The words of a provider's reason codes (decision 089). The provider's own message is never kept or shown: it may
 * quote what we sent (an SSN, a birth date, an address). An unknown code is shown as the code.
 */
export const KYC_REASON_WORDS: Record<string, string> = {
  address_unverified: 'The address could not be matched to the person.',
  ssn_mismatch: 'The SSN does not match the name and date of birth.',
  id_missing: 'No national identifier was given.',
  dob_mismatch: 'The date of birth does not match the person.',
  name_mismatch: 'The name does not match the identifier.',
  watchlist_hit: 'The person matches a watchlist entry: review it with the provider.',
  deceased: 'The identifier belongs to a person reported deceased.',
};
export const kycReasonWords = (code: string) =>
  KYC_REASON_WORDS[code] ?? `The provider gave reason "${code}": see its console for details.`;

/**
 * KYC on /manage-integration (decision 089): the company's API key at the KYC provider, write-only (the server
 * answers its mask), checked with the provider before it is kept.
 */
export const KYC_SETUP_TEXT = {
  title: 'Identity checks (KYC)',
  description:
    "Your KYC provider's API key. It is checked with the provider, then kept encrypted. Each form turns identity checks on in Forms (Integrations).",
  apiKeyLabel: 'API key',
  apiKeyRequired: 'Enter the API key',
  savedMask: (mask: string) => `Saved: ${mask}. Leave empty to keep it, or enter a new key.`,
  save: 'Save',
  saved: 'KYC is set up. Turn identity checks on for a form in Forms.',
} as const;
