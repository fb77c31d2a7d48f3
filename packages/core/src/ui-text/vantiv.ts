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
