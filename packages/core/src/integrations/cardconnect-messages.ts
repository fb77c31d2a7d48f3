/**
 * The texts of the CardConnect (card processor) integration (issue #24 §1; decision 083). The spec's own words where
 * it gives them (spec 1 §5, spec 2 §8); where it gives only a description, ours, marked so.
 */
export const CARDCONNECT_MESSAGES = {
  /** Spec 1 §5, verbatim: "Pricing template ID max 19 characters". */
  pricingTemplateIdMax: 'Pricing template ID max 19 characters',
  /** Ours: spec 1 §5 says the card-processor credentials have required-field messages, without their words. */
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  saleCodeRequired: 'Sale code is required',
  pricingTemplateIdRequired: 'Pricing template ID is required',
  clientSecretKeyRequired: 'Client secret key is required',
  clientIdRequired: 'Client ID is required',
  /** Ours: the token endpoint refused the username or password. */
  invalidCredentials: 'Connection failed. CardConnect did not accept the username or password: enter them again.',
  /** Ours: the token endpoint refused the client id or client secret key. */
  invalidClient: 'Connection failed. CardConnect did not accept the client ID or client secret key: enter them again.',
  /** Ours: the card processor is connected. */
  connected: 'CardConnect is connected.',
  /** Ours: turning off or reading what was never set up. */
  notConnected: 'CardConnect is not set up for your company.',
  /** Ours: turning off what is already off. */
  alreadyTurnedOff: 'CardConnect is already turned off for your company.',
  /** Ours: the confirmation before turning off. */
  turnOffConfirm:
    'Turn off CardConnect? Applications will not be sent to CardConnect until you turn it on again with Edit.',
} as const;
