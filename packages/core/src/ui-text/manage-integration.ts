import type { IntegrationKind, IntegrationState } from '../integrations/integrations';

/** `/manage-integration` (issue #23 §3; decision 073): labels of the page. Its messages are INTEGRATION_MESSAGES. */
export const MANAGE_INTEGRATION_TEXT = {
  navIntegrations: 'Integrations',
  title: 'Manage integrations',
  description: 'Connect your CRM so submitted applications are synced to it.',
  memberNote: 'Only an administrator of your team can connect, edit or turn off integrations.',
  names: {
    salesforce: 'Salesforce',
    cardconnect: 'CardConnect',
    worldpay: 'WorldPay',
    tsys: 'tsys (ELAPP)',
  } satisfies Record<IntegrationKind, string>,
  states: {
    not_connected: 'Not connected',
    connected: 'Connected',
    expired: 'Connection expired',
    turned_off: 'Turned off',
  } satisfies Record<IntegrationState, string>,
  processorsTitle: 'Card processors',
  comingSoon: 'Card processors come with the next release; nothing to set up here yet.',
  domainLabel: 'Domain',
  instanceLabel: 'Instance',
  consumerKeyLabel: 'Consumer key',
  consumerSecretLabel: 'Consumer secret',
  domainDescription: 'login.salesforce.com, test.salesforce.com, or your My Domain such as acme.my.salesforce.com',
  savedMask: (mask: string) => `Saved: ${mask}. Enter it again to change it.`,
  keyRequired: 'Enter the consumer key.',
  secretRequired: 'Enter the consumer secret.',
  domainRequired: 'Enter the Salesforce domain.',
  connect: 'Connect',
  connectSubmit: 'Connect to Salesforce',
  edit: 'Edit',
  updateToken: 'Update Token',
  turnOff: 'Turn off',
  cancel: 'Cancel',
  turnOffTitle: 'Turn off Salesforce?',
  turnOffMessage:
    'Applications stop syncing to Salesforce and its tokens are revoked. You can turn it back on with Edit or Update Token.',
  turnedOffDone: 'Salesforce is turned off.',
  connectedSince: (when: string) => `Connected on ${when}`,
  turnedOffSince: (when: string) => `Turned off on ${when}`,
  formTitle: 'Salesforce connected app',
  formHelp:
    "Enter your External Client App's consumer key and consumer secret. You are sent to Salesforce to allow access, then back here.",
} as const;
