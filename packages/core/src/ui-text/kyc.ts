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
} as const;
