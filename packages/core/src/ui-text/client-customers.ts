/**
 * Labels of the client's customer invitation (/create-customer and the form list's "Invite customer"; decision 041):
 * our own words (decision 012). 'Invite sent' is the spec's display of invite_sent (spec 1 §4).
 */
export const CUSTOMERS_TEXT = {
  inviteTitle: 'Invite customer',
  inviteLead:
    'Send a customer the link to one of your active forms. They fill it in without an account; the application shows as "Invite sent" until they submit it.',
  inviteAction: 'Invite customer',
  inviteActionOf: (form: string) => `Invite customer to ${form}`,
  formLabel: 'Form',
  formPlaceholder: 'Choose an active form',
  noActiveForms: 'You have no active form yet. Activate a form on the Forms page first.',
  formsError: 'Your forms could not be loaded.',
  invitedEmailLabel: 'Customer e-mail',
  invitedEmailHint: 'The invitation with the link to the form is sent here.',
  primaryLabel: "Primary applicant's e-mail",
  primaryInvited: 'The invited e-mail',
  primaryOther: 'Another e-mail',
  primaryOtherLabel: "Primary applicant's e-mail address",
  primaryOtherHint:
    'The application belongs to this address: it is told about the invitation and receives later links and reminders.',
  timeZoneLabel: 'Time zone',
  timeZoneHint: 'Dates in the application and its e-mails use this time zone.',
  offsetLabel: (offset: string) => `UTC offset: ${offset}`,
  sendButton: 'Send invite',
  /** The spec's display of invite_sent. */
  inviteSent: 'Invite sent',
  inviteSentTo: (email: string) => `Invite sent to ${email}.`,
  formRequired: 'Choose a form',
  emailInvalid: 'Enter a valid e-mail address',
  close: 'Close',
  // the Customers screen (/customers, issue 14)
  listTitle: 'Customers',
  listLead: 'Everyone who applied or was invited to your forms, with their applications.',
  listSearchLabel: 'Search',
  listSearchPlaceholder: 'Name, e-mail or company',
  colEmail: 'Applicant e-mail',
  colCompany: 'Applicant company',
  colApplications: 'Applications',
  colStatuses: 'Statuses',
  colLastActivity: 'Last activity',
  openLatest: 'Latest application',
  listEmpty: 'No customers yet. Invite one to a form to start.',
  listNoMatch: 'No customer matches',
  listError: 'The customers could not be loaded',
  retry: 'Try again',
  range: (from: number, to: number, total: number) => `${from}–${to} of ${total} customers`,
  inviteButton: 'Invite a customer',
  statusSummary: (c: Record<string, number>) =>
    [
      c.pending ? `${c.pending} pending` : '',
      c.approved ? `${c.approved} approved` : '',
      c.denied ? `${c.denied} denied` : '',
      c.invite_sent ? `${c.invite_sent} invited` : '',
    ]
      .filter(Boolean)
      .join(', ') || '—',
} as const;
