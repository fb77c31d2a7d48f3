/**
 * The texts of the integrations' connections (issue #23 §2, §3, §5; decision 073). The spec's own words where it
 * gives them (spec 2 §8 "User messages"); where it gives only a description, ours, marked so.
 */
export const INTEGRATION_MESSAGES = {
  /** Ours (decision 078): an integration turned on for a form of a template the platform's admins withheld. */
  notPermitted:
    "Integrations are not allowed for your forms built on this template. Ask the platform's administrators to allow them.",
  /** Spec 2 §8, verbatim: the authorization code came back expired or already used. */
  expiredCode: 'Expired authorization code',
  /** Ours, for the spec's "connection failed (re-enter consumer key and secret)": Salesforce refused the app. */
  invalidClient: 'Connection failed. Salesforce did not accept the consumer key or consumer secret: enter them again.',
  /** Ours, for the spec's "connection expired": the refresh token is expired, revoked or was reused. */
  connectionExpired: 'The Salesforce connection has expired. Use Update Token to connect again.',
  /** Spec 2 §8, verbatim: any other failure of the connection. */
  connectionFailed: 'Connection Failed !',
  /** Ours, for the spec's "integration turned off before" (Salesforce). */
  salesforceTurnedOff:
    'Salesforce was turned off for your company: applications are not synced. Use Edit or Update Token to turn it back on.',
  /** Ours, for the spec's "integration turned off before" (the card processor; used by the next issue). */
  processorTurnedOff:
    'The card processor integration was turned off: applications are not sent to it. Use Edit to turn it back on.',
  /** Ours: the callback's result when everything went well. */
  connected: 'Salesforce is connected.',
  /** Ours: the person refused access on Salesforce's page (`?error=access_denied`). */
  accessDenied: 'Salesforce access was not allowed, so the connection was not made. Connect again to retry.',
  /** Ours: the domain is not a Salesforce login domain. */
  domainNotAllowed:
    'Enter a Salesforce login domain: login.salesforce.com, test.salesforce.com, or your My Domain such as acme.my.salesforce.com.',
  /** Ours: a `state` that is unknown, used, expired, or another person's. */
  stateInvalid: 'This connection attempt has expired or was already used. Please connect again.',
  /** Ours: an action on a connection that does not exist or is not on. */
  notConnected: 'Salesforce is not connected for your company.',
  /** Ours: turning off what is already off. */
  alreadyTurnedOff: 'Salesforce is already turned off for your company.',
  /** Ours: the integration kind has no connection here yet (the card processors come with the next issue). */
  notAvailable: 'This integration is not available yet.',
  /** Ours: an integration config or permission names a form or template that is not the company's. */
  formNotFound: 'The form is not found.',
} as const;
