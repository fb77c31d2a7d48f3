/** The Transax pricing screen (issue #24 §2): retrieve the gateway's stored pricing and pick one for a form. */
export const TRANSAX_TEXT = {
  title: 'TSYS/Transax pricing',
  description:
    'Enter your Transax gateway URL, user and password to read its stored pricing. The password is used for this call only and is not kept.',
  gatewayUrlLabel: 'Gateway URL',
  gatewayUrlPlaceholder: 'https://secure.transaxgateway.com',
  userLabel: 'User',
  passwordLabel: 'Password',
  retrieve: 'Retrieve pricing',
  storedTitle: 'Stored pricing',
  none: 'No pricing retrieved yet.',
  retrievedFrom: (host: string, when: string) => `From ${host} on ${when}`,
  formLabel: 'Form',
  pick: 'Use for this form',
  picked: 'Selected',
  saved: 'The pricing is selected for the form.',
  columns: {
    name: 'Plan',
    description: 'Description',
    discountRate: 'Discount rate',
    perItem: 'Per item',
    monthly: 'Monthly',
  },
  tableName: 'Transax stored pricing',
  back: 'Back to integrations',
  manage: 'Transax pricing',
} as const;
