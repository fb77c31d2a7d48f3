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
} as const;
