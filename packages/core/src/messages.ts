/**
 * Every user-facing text of the spec, verbatim, in one place (spelling slips such as "sever" fixed).
 * Texts the spec leaves unstated are ours and are marked so; see docs/decisions.
 */
export const MESSAGES = {
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
  http000: 'Unknown error',
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
  invalidPhone: 'Invalid contact number',
  emailRequired: 'Email is required',
  emailInvalid: 'Email is invalid',
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
  serverUnavailable: 'Sorry, the server is temporarily unavailable. Please try again.',
  generic:
    'Something went wrong. We are working on getting this fixed as soon as we can. You may be able to try again.',
  noData: 'No data',

  // Subscription and quotas
  upgradeRequired: 'You need to upgrade subscription to activate this feature',
  formQuotaActivate: "Sorry, you can't activate more forms. Your team has reached form quota...",
  formQuotaCreate: "Sorry, you can't create more forms. Your team has reached form quota...",
  inactiveForm: 'Cannot create new application because that form is inactive',
  couponExpired: 'This coupon is expired',
  cardValidation:
    'We were unsuccessful when validating your payment method. Please confirm the number, expiration, and/or CID and re-attempt.',

  // Forms and templates
  missingRequiredFieldsTitle: 'Missing Required Fields',
  missingRequiredFields:
    'We cannot submit your form because one of the required fields is incomplete or missing. Please confirm that you have completed all of the required fields.',
  invalidValue: 'Invalid Value',
  keyExists: 'This key already existed.',
  sectionKeyUsed: 'Section Key is being used',
  templateNameUsed: 'The template name is already in used. Please try another.',
  mappingEmpty: 'Save unsuccessfully. The mapping is returned empty.',
  invalidDomainList: 'Sorry, there is at least one invalid domain in your list. Please check and try again.',
  urlExpired: 'The URL is expired',
  versionFormIncorrect: 'Version Form Incorrect',
  emailUsedByUser: 'Sorry, the email is being used by a user',
  fileTypeNotSupported: 'File Type not support',
  fileTooLarge: 'File size allow maximum is 25MB',
  monthRange: 'Month must be from 1 to 12',
  deleteConfirmTitle: 'Are you sure to delete',
  deleteConfirmText: "You won't be able to revert this!",
} as const;
