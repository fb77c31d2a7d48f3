import { ENGINE_MESSAGES } from './messages-engine';

/**
 * Every user-facing text of the spec, verbatim, in one place (spelling slips such as "sever" fixed).
 * Texts the spec leaves unstated are ours and are marked so; see docs/decisions. The form engine's and the
 * applicant page's texts are kept in messages-engine.ts (the applicant's lean page loads only those) and are part
 * of MESSAGES too.
 */
export const MESSAGES = {
  ...ENGINE_MESSAGES,
  // HTTP statuses (spec 2 §8)
  http400: 'Bad request',
  http401: 'Unauthorized',
  http402: 'Payment Required',
  http403: 'Forbidden',
  http404: 'Your request endpoint was not found!',
  http405: 'Method Not Allowed',
  http500: 'Internal Server Error!',
  http501: 'Not Implemented',
  http502: 'Bad Gateway',
  http503: 'Service Unavailable',
  http504: 'Gateway Timeout',
  // Ours: statuses the spec table does not list.
  http409: 'Conflict',
  http413: 'Payload Too Large',
  http415: 'Unsupported Media Type',
  http429: 'Too many attempts. Please wait a few minutes and try again.',

  // Codes (spec 2 §8)
  invalidCredentials: 'Invalid email or password',
  tokenExpired: 'Token expired',
  noCurrentUser: 'No current user',
  masterFormNotFound: 'The master form is not found.',

  // Login and registration
  accountDoesNotExist: "The Under account doesn't exist. Please enter a different account",
  passwordIncorrect: 'Password is incorrect. Please try again',
  accountAlreadyExists: 'The Under account is already exists',
  emailAlreadyAdded: 'Email already add',
  emailAlreadyRegistered: 'Email already register',
  accountNotFound: 'The Account is not found.',
  somethingWentWrongShort: 'Something went wrong!',
  joinedAnotherTeam: (email: string) => `You can't invite ${email} to your team anymore...`,
  hasJoinedAnotherTeam: 'has joined another team',

  // Validation (spec 1 §5)
  passwordRules: 'Password does not meet requirements',
  passwordsDoNotMatch: 'Passwords do not match',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  companyNameRequired: 'Company name is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  verificationCodeRequired: 'Verification code is required',
  // Ours: the spec names these rules without their texts.
  emailLength: 'Email must be 3 to 100 characters',
  companyNameLength: 'Company name must be 3 to 100 characters',
  nameLength: 'Must be 1 to 100 characters',
  verificationCodeFormat: 'The verification code is 6 digits',
  searchLength: 'Search text must be 3 to 50 characters',

  // Codes sent by e-mail (ours; the spec names the flows only)
  codeInvalid: 'The verification code is incorrect. Please try again.',
  codeExpired: 'The verification code has expired. Please request a new one.',
  codeTooManyAttempts: 'Too many incorrect codes. Please request a new one.',
  userNotConfirmed: 'Your e-mail address is not verified yet. Enter the code we sent you.',
  alreadyConfirmed: 'This account is already verified. Please sign in.',
  userDeactivated: 'Your account has been deactivated. Please contact your administrator.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  wrongPool: 'This account cannot sign in here.',

  // Session (web)
  sessionTimeoutAlertTitle: 'Your session is about to expire',
  sessionTimeoutAlert: 'You will be signed out in 10 minutes because of inactivity.',
  tokenExpiredTitle: 'Oops...',

  // Pages
  notFoundPage: 'oops! nothing was found',
  errorPage: 'Sorry... Something went wrong :(',
  serverUnavailableTitle: 'Error occurred',
  noData: 'No data',

  // Subscription and quotas
  upgradeRequired: 'You need to upgrade subscription to activate this feature',
  formQuotaActivate: "Sorry, you can't activate more forms. Your team has reached form quota...",
  formQuotaCreate: "Sorry, you can't create more forms. Your team has reached form quota...",
  couponExpired: 'This coupon is expired',
  cardValidation:
    'We were unsuccessful when validating your payment method. Please confirm the number, expiration, and/or CID and re-attempt.',
  /** What failed, said after the spec's card text (issue 21 §5; ours, decision 061). "CVC" as on the card form. */
  cardFailure: {
    declined: 'The card was declined by its bank: use another card, or ask the bank why.',
    cvc: 'The security code (CVC) does not match the card.',
    number: 'The card number is not valid.',
    expiry: 'The card has expired, or its expiration date is wrong.',
    invalid: 'The card could not be checked.',
  },

  // Forms and templates
  missingRequiredFieldsTitle: 'Missing Required Fields',
  missingRequiredFields:
    'We cannot submit your form because one of the required fields is incomplete or missing. Please confirm that you have completed all of the required fields.',
  /** Issue 21: the heading of answers in the wrong form, never 'missing' (spec 1 §5: that is for missing fields). */
  answersToCorrectTitle: 'Answers to correct',
  answersToCorrect:
    'We cannot submit your form because some answers are not in the form expected. Correct them as described below.',
  invalidValue: 'Invalid Value',
  sectionKeyUsed: 'Section Key is being used',
  templateNameUsed: 'The template name is already in used. Please try another.',
  mappingEmpty: 'Save unsuccessfully. The mapping is returned empty.',
  invalidDomainList: 'Sorry, there is at least one invalid domain in your list. Please check and try again.',
  emailUsedByUser: 'Sorry, the email is being used by a user',
  deleteConfirmTitle: 'Are you sure to delete',
  deleteConfirmText: "You won't be able to revert this!",
  formNotObject: 'The form definition must be an object',
  keyFormat: 'Keys may contain letters, digits and underscore only',
  unsupportedAttribute: (name: string) => `The attribute '${name}' is not supported and was removed`,
  unsupportedValue: (name: string) => `The value of '${name}' is not supported`,
  /** The sample form's and the examples' processing-mix rule (decision 069). */
  processingMixNot100: 'Card present, keyed and e-commerce must add up to 100 %',
  javascriptRefused:
    'JavaScript is not allowed here and is never run. Write the rule as JSON Logic (an object such as {"==": [{"var": "data.field"}, "yes"]}).',
  unknownAttribute: (name: string) => `The attribute '${name}' is not supported`,
  fieldTypeMissing: 'The field type is missing',
  addressManualModeScript: "Form.io's manual-mode script was removed; the address field switches to manual mode itself",
  componentKeyMissing: (type: string) =>
    `This ${type} component has no key; a field needs a key (letters, digits and underscore) to hold its value`,
  componentKeyGiven: (key: string) => `The component had no key and was given the key '${key}'`,
  componentTypeMissing: 'The component has no type',
  selectSourceUnsupported: (source: string) =>
    `The select option source '${source}' is not supported (options are loaded at run time); list the options as values or static JSON`,
  selectJsonUnsupported: 'The static JSON options of this select could not be read as a list of options',
  dateExpressionRemoved: (name: string, text: string) =>
    `The ${name} '${text.slice(0, 80)}' is a script (moment()), which is never run; it was removed and is not enforced`,
  attributeValueRemoved: (name: string) => `The value of '${name}' is not supported and was removed`,
  logicUnsupported: (what: string) =>
    `This logic is not supported (${what}); only actions that show, hide, require or disable the component or set its value can be imported`,
  conditionOperatorUnsupported: (op: string) => `The condition operator '${op}' is not supported`,
  javascriptTranslated: (slot: string, rule: string) => `Translated ${slot} to JSON Logic: ${rule.slice(0, 300)}`,
  wizardButtonRemoved: 'A wizard has its own Previous, Next and Submit buttons; this top-level button was removed',
  buttonActionUnsupported: (action: string) => `The button action '${action}' is not supported; the button was removed`,
  tagsAsText: (asList: boolean) =>
    asList
      ? "Form.io's tags field was imported as a text field with several values (the same list of texts)"
      : "Form.io's tags field was imported as a text field (the same delimited text)",
  urlAsText: "Form.io's url field was imported as a text field that checks the web address format",
  nestedFormReference:
    'This nested form refers to another form by its id; nested forms can be imported only with their components inline',
  nestedFormAsContainer: (key: string) =>
    `The nested form was imported as a container; its values are kept at ${key}.data, as Form.io keeps them`,
  selectJsonConverted: (n: number) => `The ${n} static JSON options were converted to listed values`,

  // Accounts, teams, invitations, plans and settings (ours: the spec names the rules without their texts)
  phoneRequired: 'Contact number is required',
  roleInvalid: 'The role must be ADMINISTRATOR or STANDARD',
  statusInvalid: 'The status must be active or inactive',
  pageSizeInvalid: 'The page size must be one of 10, 20, 25, 50, 75 or 100',
  pageInvalid: 'The page must be a whole number from 1',
  sortInvalid: 'Unknown sort field',
  orderInvalid: 'The order must be asc or desc',
  domainsTooMany: 'At most 100 domains can be whitelisted',
  userQuotaInvite:
    "Sorry, you can't invite more members. Your team has reached its user quota. Upgrade your plan or deactivate a member first.",
  userQuotaActivate:
    "Sorry, you can't activate more members. Your team has reached its user quota. Upgrade your plan or deactivate a member first.",
  profileEmailMismatch: 'The e-mail address must be the one you signed up with',
  invitationEmailMismatch: (email: string) => `This invitation is for ${email}. Sign up with that e-mail address.`,
  invitationNotFound: 'This invitation link is not valid. Please ask your administrator for a new invitation.',
  invitationExpired: 'This invitation has expired. Please ask your administrator to send a new one.',
  invitationRevoked: 'This invitation was withdrawn. Please ask your administrator if you should join the team.',
  invitationUsed: 'This invitation has already been used. Please sign in.',
  memberNotFound: 'The member is not found.',
  companyRequired: 'Register your company first.',
  cannotChangeOwnStatus: 'You cannot deactivate yourself. Ask another administrator.',
  cannotChangeOwnRole: 'You cannot change your own role. Ask another administrator.',
  fileEmpty: 'The file is empty. Please choose an image.',
  fileMissing: 'The file was not uploaded. Please upload it again.',
  fileUrlInvalid: 'This file does not belong to your company logo upload.',
  invitationSent: (email: string) => `An invitation was sent to ${email}.`,

  // PDF templates, dictionaries and sections (spec 1 §5 names the required fields; the texts are ours, decision 011)
  templateNameRequired: 'Template name is required',
  dictionaryTypeRequired: 'Dictionary type is required',
  dictionaryKeyRequired: 'Dictionary key is required',
  dictionaryLabelRequired: 'Dictionary label is required',
  processorsRequired: 'Processors is required',
  keyPattern: 'Use letters, digits and underscore only.',
  templateNotFound: 'The template is not found.',
  dictionaryNotFound: 'The dictionary is not found.',
  /** Ours (spec silent): deleting an entry still bound would break the forms and mappings that use it. */
  dictionaryInUse: (forms: number, templates: number) =>
    `This dictionary entry is used by ${forms} master form(s) and ${templates} PDF mapping(s). Remove it from them first.`,
  sectionNotFound: 'The section is not found.',
  dictionaryKeyUsed: 'This key already existed.',
  pdfNotPdf: 'File Type not support',
  pdfTooManyPages: 'The PDF has more than 50 pages. PDF templates may have at most 50 pages.',
  pdfEncrypted:
    'The PDF needs a password to open. Save a copy without an open password (editing restrictions may stay) and upload it.',
  /** Ours (issue 10): a dynamic XFA form has no static pages to map. */
  pdfXfa:
    'This PDF is a dynamic XFA form, which has no fixed pages to map. Open it in Adobe Acrobat or Reader, print it to a static PDF (Print > Adobe PDF or Save as PDF), and upload that file.',
  pdfDamaged: 'The PDF is damaged or incomplete and cannot be read. Save it again and upload the new file.',
  pdfTooComplex: 'The PDF could not be read within our limits (it may hold oversized compressed content).',
  pdfNoPages: 'The PDF has no pages.',
  /** A page setting or confirm-page box on a page the template does not have (ours, decision 066 moved it here). */
  pdfNoPage: (page: number | string) => `The PDF has no page ${page}.`,
  boxOutsidePage: (page: number) => `The box lies outside page ${page}.`,
  pdfBusy: 'PDFs are being generated for many requests. Try again in a moment.',
  mappingInvalid: 'Save unsuccessfully. Some fields of the mapping are invalid.',
  templateArchived: 'The template is archived.',
  pdfFileUrlInvalid: 'This file is not a PDF template upload. Upload the PDF again.',

  // Input the database or a reader cannot take (ours; spec silent, issue 9)
  textHasNul: 'Text may not contain NUL characters.',
  requestTooDeep: (max: number) => `The request body is nested too deeply (at most ${max} levels).`,
  nameHasControlCharacters: 'Remove line breaks, tabs and text-direction control characters from this name.',

  // Mail outbox (ours, decision 023)
  mailNotFound: 'The e-mail is not found.',
  mailNotRetryable: 'Only a failed e-mail whose content is still kept can be sent again.',
  /** Ours (decision 022): an uploaded file belongs to one template or logo; reusing it elsewhere is refused. */
  fileInUse: 'This file is already used elsewhere. Upload the file again.',

  // Master forms (ours, decision 030)
  /** Clients build on a master form's published version: one with none cannot be offered to them. */
  masterFormNotPublished: 'Publish the master form before making it active.',
  // Subscriptions and payments (ours where the spec is silent, decision 032; the card text is the spec's)
  membershipNotFound: 'The plan is not found.',
  paymentNotFound: 'The payment is not found.',
  cardRequired: 'Enter a card to pay for this plan.',
  trialUsed: 'Your company has already used its free trial.',
  trialPaidOnly: 'Choose a paid plan to try.',
  trialWhilePaying: 'Your company already pays for a plan.',
  alreadyOnPlan: 'Your company is already on this plan.',
  nothingToCancel: 'Your company has no paid plan to cancel.',
  downgradeOverQuota: (plan: string, members: number, forms: number) =>
    `Your team uses more than ${plan} allows. Deactivate ${[
      members > 0 ? `${members} member${members === 1 ? '' : 's'} (or revoke invitations)` : '',
      forms > 0 ? `${forms} form${forms === 1 ? '' : 's'}` : '',
    ]
      .filter(Boolean)
      .join(' and ')} first, then change the plan.`,
  refundNotPaid: 'Only a paid payment can be refunded.',
  subscriptionPastDue: (date: string) =>
    `Your last payment failed. Update your card on the Billing page before ${date}, or your company moves to the Basic plan.`,
  billingChanged: 'The plan was changed meanwhile. Reload the page and try again.',
  paymentGatewayUnavailable:
    'The payment service did not answer. If the payment went through, your plan changes within minutes; otherwise nothing is charged. Please check your billing history before trying again.',
  // custom forms (issue 11; decision 035)
  /** Issue 11: a form in manual update whose master form published a newer version. */
  newerMasterVersion: (institution: string) => `A newer version of ${institution} is available`,
  /** Ours: an archived form (its company lost access to the master form) cannot change. */
  customFormArchived: 'This form is archived: its financial institution is no longer available to your company.',
  customFormNotFound: 'The form is not found.',
  customFormNoUpdate: 'This form is already on the newest version of its financial institution.',
  // customer invitations (issue 12; decision 041)
  /** Ours: spec 1 §9 "Maximum form applications 10" applied per e-mail and form. */
  applicationOpenLimit: (max: number) =>
    `This e-mail already has ${max} open applications on this form. Wait until one is submitted or removed.`,
  /** Ours: emailPrimary is 'primary' (the invited e-mail) or another e-mail address. */
  invalidPrimaryEmail: "The primary e-mail must be 'primary' or an e-mail address.",
  /** Ours: an invitation's time zone must be one the server knows (IANA name). */
  invalidTimeZone: 'Choose a known time zone',
  // the applicant vault (issue 12 "Fill it in once"; ours, decision 039)
  /** The vault token is missing, unknown, expired, or its vault was deleted. */
  vaultLocked: 'Your saved answers are locked. Ask for a new code to unlock them.',
  // additional owners (issue 12; decision 037; ours)
  ownersPrimaryOnly: 'Only the primary applicant can change the owners or re-send their links.',
  ownersClosed: 'The application has been submitted: its owners can no longer be changed.',
  ownerEmailIsPrimary: 'This is the primary applicant’s e-mail. Each additional owner needs their own e-mail.',
  ownerEmailDuplicate: 'This e-mail is listed twice. Each owner needs their own e-mail.',
  ownershipOver100: (total: string) => `The owners’ ownership adds up to ${total}%, more than 100%.`,
  ownerNotFound: 'This owner is not on the application.',
  // encrypted fields (issue 12; decision 038)
  /** Ours: a reveal names a path that is not a value of an encrypted field of the application's form. */
  revealNotEncrypted: 'This is not an encrypted field of the application.',
  // application lists and status decisions (issue 14; decision 042)
  /** Ours: a list's status filter names one of the spec's four statuses. */
  applicationStatusInvalid: 'Unknown application status',
  applicationDateInvalid: 'Enter a date as YYYY-MM-DD',
  applicationDateRange: 'The end date must not be before the start date',
  applicationMonthsInvalid: 'Months must be 6, 12, 24 or 36',
  applicationNotFound: 'The application is not found.',
  applicationDenyReasonRequired: 'Give a reason to deny the application',
  /** Our words (issue 14 notes). */
  noteEmpty: 'Write the note first',
  noteTooLong: 'A note is at most 2,000 characters',
  noteNotYours: 'Only its author or an administrator can delete a note',
  savedViewName: 'Name the view (1 to 60 characters)',
  savedViewQuery: 'A view keeps the list’s filters and sort only',
  savedViewExists: 'You already have a view with this name',
  savedViewLimit: 'You can keep at most 50 views: delete one first',
  /** Ours: a refused status change (decision 042) says what the application is and what it may become. */
  applicationStatusTransition: (from: string, to: string, allowed: readonly string[]) =>
    `The application is ${from}: it cannot become ${to}.${allowed.length ? ` It can become ${allowed.join(' or ')}.` : ' It must be submitted first.'}`,
  // applicants' applications (issue 12; decision 036)
  /** Spec 1 §4: a blocked application cannot be submitted; the message names the company to contact. */
  applicationBlocked: (company: string) =>
    `This application is blocked and cannot be submitted. Please contact ${company}.`,
  /** Ours: a submitted (or decided) application is read-only to the applicant. */
  applicationNotEditable: 'This application has been submitted and can no longer be changed.',
  /** Ours: the autosave's copy is older than the stored draft (another tab or device saved meanwhile). */
  applicationRevisionConflict: (revision: number) =>
    `This application was changed in another window or device meanwhile (revision ${revision}). Reload to continue with the latest version.`,
  /** Ours: the primary submits before every additional owner completed their part. */
  applicationOwnersMissing: (emails: string[]) =>
    `Waiting for these owners to complete their part: ${emails.join(', ')}.`,
  /** Ours: an attachment value that is not an upload made for this application. */
  applicationFileNotOwned: 'This file was not uploaded for this application.',
  // signatures and documents (issue 13)
  /** Ours: the signature image is narrower than spec 1 §5's 500 px. */
  signatureTooNarrow: 'The signature must be at least 500 px wide.',
  /** Ours: the signature is not a PNG image we can read. */
  signatureInvalid: 'The signature could not be read. Please sign again.',
  /** Ours: the e-mailed signing code is wrong, used or expired. */
  signCodeInvalid: 'The code is incorrect or has expired. Ask for a new code.',
  /** Ours: the application is not waiting for signatures (not submitted yet, or every owner signed). */
  signNotOpen: 'This application is not open for signing.',
  /** Ours: the owner's current signature stands. */
  signAlreadySigned: 'You have already signed this application.',
  /** Ours: the confirm page's e-mail item must be the address the owner's link was sent to. */
  signEmailMismatch: 'Enter the e-mail address this link was sent to.',
  /** Ours: a confirm-page item the master form asks this owner for is missing. */
  signItemRequired: (item: string) => `The ${item} is required to sign.`,
  documentNotFound: 'The document is not found.',
  attachmentNotFound: 'The attachment is not found.',
  /** Ours: the final documents exist only once every owner signed. */
  documentsNotReady: 'The documents are generated once every owner has signed.',
  /** Ours: the institution edits a submitted (pending) application only; a decided one is reopened first. */
  applicationEditPendingOnly: 'Only a pending application can be edited. Reopen a decided application first.',
  /** Ours (decision 053): deleting a form. */
  customFormHasApplications:
    'This form has applications, so it cannot be deleted: they stay with it. Deactivate it instead to stop new applications.',
  /** Ours (decision 052): repopulate moves an undecided application only. */
  repopulateUndecidedOnly: 'A decided application keeps the form version it was decided on. Reopen it first.',
  /** Ours (decision 052). */
  repopulateAlreadyLatest: 'This application is already on the latest version of its form.',
  /** Ours: the verify page and API take a PDF file. */
  verifyNotPdf: 'This file is not a PDF.',
  /** Ours (decision 055): the spec has no text for a file the check refuses. */
  verifyUnreadable:
    'This file could not be checked: it is damaged or incomplete, or too complex to read within our limits. Choose the PDF exactly as you received it.',
} as const;
