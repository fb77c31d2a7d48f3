/** Worldpay/Vantiv on the application page (issue #24 §2; decision 088). Outcomes' words: VANTIV_MESSAGES. */
export const VANTIV_TEXT = {
  title: 'Worldpay/Vantiv',
  stage: 'Stage with Worldpay',
  stageAgain: 'Stage again',
  notStaged: 'Not staged with Worldpay yet.',
  outcomes: {
    staged: 'Staged',
    already_staged: 'Already staged',
    for_review: 'For review',
    errors: 'Errors',
  },
  legalEntityId: 'Legal entity ID',
  subMerchantId: 'Sub-merchant ID',
  responseCode: (code: number, description: string | null) =>
    `Worldpay's answer: ${code}${description ? ` (${description})` : ''}`,
  lastStaged: 'Last staged',
  problemsTitle: 'What to correct',
} as const;

/** Worldpay/Vantiv's row on /manage-integration: the PayFac API user and password (decision 088). */
export const VANTIV_SETUP_TEXT = {
  title: 'Worldpay/Vantiv',
  description:
    'Your Worldpay PayFac Merchant Provisioner API user and password. They are kept encrypted and checked by the first staging.',
  usernameLabel: 'API user name',
  passwordLabel: 'API password',
  savedMask: (mask: string) => `Saved: ${mask}. Leave empty to keep it, or enter a new value.`,
  save: 'Save',
  saved: 'Worldpay/Vantiv is set up.',
} as const;
