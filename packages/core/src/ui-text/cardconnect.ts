/** CardConnect's setup page and its row on `/manage-integration` (issue #24 §1; decision 083). Messages: CARDCONNECT_MESSAGES. */
export const CARDCONNECT_TEXT = {
  pageTitle: 'CardConnect integration',
  pageDescription:
    'Enter your CardPointe CoPilot API user and partner credentials. They are checked with CardConnect before they are saved, and applications are then sent to CardConnect for boarding.',
  usernameLabel: 'Username',
  passwordLabel: 'Password',
  saleCodeLabel: 'Sale code',
  pricingTemplateIdLabel: 'Pricing template ID',
  clientSecretKeyLabel: 'Client secret key',
  clientIdLabel: 'Client ID',
  savedMask: (mask: string) => `Saved: ${mask}. Leave empty to keep it, or enter a new value.`,
  dedicatedUser:
    'Use a CoPilot user kept for the API only: signing in to CoPilot with it turns on two-factor sign-in, which stops the API.',
  save: 'Check and save',
  setUp: 'Set up',
  edit: 'Edit',
  turnOff: 'Turn off',
  turnOffTitle: 'Turn off CardConnect?',
  turnedOffDone: 'CardConnect is turned off.',
  back: 'Back to integrations',
  connectedSince: (when: string) => `Connected on ${when}`,
  turnedOffSince: (when: string) => `Turned off on ${when}`,
  /** The 30-day trial (decision 090). */
  trialTitle: 'Free 30-day trial',
  trialBefore:
    'Setting up CardConnect starts a free 30-day trial. Nothing is charged when it ends: no card is asked for and nothing renews on its own.',
  trialDaysLeft: (days: number, until: string) =>
    `${days === 1 ? '1 day' : `${days} days`} left, until ${until}. Nothing is charged when it ends; from then on, applications are no longer sent to CardConnect until your company subscribes to a paid plan.`,
  trialEndedTitle: 'CardConnect trial ended',
  trialEnded: (on: string) =>
    `Your free 30-day trial ended on ${on}. Nothing was charged. Applications are not sent to CardConnect until your company subscribes to a paid plan; your setup and the mappings are kept.`,
  trialPlans: 'See the plans',
} as const;
