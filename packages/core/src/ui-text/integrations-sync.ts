/** The application page's Integrations panel and the list's sync filter (issue #23 §4; decision 074). */
export const SYNC_TEXT = {
  title: 'Integrations',
  lead: "Where this application is sent: each integration's sync, its record and what went wrong, in words.",
  none: 'Not sent to any integration yet.',
  syncNow: 'Sync now',
  /** "Sync now" names its integration when the form uses one that is not Salesforce, or several. */
  syncNowTo: (integration: string) => `Sync now: ${integration}`,
  /** CardConnect's first sync of an application (POST …/sync-to-cc, decision 086). */
  sendToCardConnect: 'Send to CardConnect',
  /** The company's CardConnect is connected, but the application's form does not use it. */
  ccFormOff:
    "CardConnect is connected, but this application's form does not use it: a client administrator turns it on for the form in Forms (Integrations).",
  /** No integration the form uses is connected: nothing to send to. */
  noTarget:
    "This application's form uses no connected integration. An administrator connects one on Manage Integration and turns it on for the form in Forms.",
  syncAgain: 'Sync again',
  /** A CardConnect sync asked for before the application (and so its form) is read. */
  formNotKnownYet: "The application's form is not known yet: try again.",
  syncing: 'Syncing…',
  resultSynced: (integration: string) => `Synced to ${integration}.`,
  resultProblem: (integration: string) => `${integration}: the sync needs attention (see the panel).`,
  openRecord: (integration: string) => `Open the record in ${integration}`,
  /** The record's host is not the provider's (the simulator, a test org behind another name): the host is named. */
  openRecordAt: (host: string) => `Open the record at ${host}`,
  /** "Sync now" answered, yet the application has no sync: nothing took it. */
  nothingToSync:
    'Nothing to sync: no integration took this application. An administrator connects one on Manage Integration, and maps the form.',
  /** The panel stopped asking while a sync stayed queued or running. */
  pollStopped: (minutes: number) =>
    `Still waiting for the sync: this page stopped checking after ${minutes} minutes. Refresh to look again.`,
  refresh: 'Refresh',
  recordLabel: 'Record',
  /** A provider record without a link (CardConnect's merchant id, decision 086). */
  recordIdLabel: (integration: string) => (integration === 'CardConnect' ? 'Merchant ID' : `${integration} record`),
  attemptsLabel: 'Attempts',
  nextAttempt: 'Next attempt',
  lastSynced: 'Last synced',
  lastError: 'What went wrong',
  historyTitle: (integration: string) => `${integration}: attempts`,
  colAttempt: 'Attempt',
  colStarted: 'Started',
  colOutcome: 'Outcome',
  colMessage: 'Details',
  colHttp: 'HTTP',
  outcomes: {
    synced: 'Synced',
    retry: 'Will retry',
    needs_attention: 'Needs attention',
    failed: 'Failed',
    interrupted: 'Interrupted',
    running: 'Running',
  } as Record<string, string>,
  loadError: 'The integrations could not be loaded.',
  filterLabel: 'Sync',
  filterAll: 'Any sync state',
} as const;
