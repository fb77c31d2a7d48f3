/**
 * The CardConnect sync's words (issue #24 §1; decision 086): what a person reads on the application when sending it
 * to CardPointe CoPilot did not work, and what to do next. The spec gives two descriptions ("failed to send or sign
 * because of invalid data", "request still processing, try again"); the words are ours.
 */
export const CC_SYNC_WORDS = {
  notConnected: 'CardConnect is not set up for your company: set it up on Manage Integration, then Sync again.',
  turnedOff:
    'CardConnect is turned off for your company: turn it back on (Edit on Manage Integration), then Sync again.',
  formNotUsing:
    "This application's form does not use CardConnect: turn CardConnect on in the form's integrations, then Sync again.",
  noMapping:
    "This application's form template has no CardConnect mapping: the platform's administrators map it, then Sync again.",
  /** Values of the application that cannot be turned into what CardConnect takes: "{label}: {help text}" each. */
  invalidValues: (problems: readonly string[]) =>
    `Failed to send to CardConnect because of invalid data: ${problems.join('; ')}. Correct the application, then Sync again.`,
  /** CardConnect's own field errors, named by the form's labels. */
  refused: (problems: readonly string[]) =>
    `CardConnect refused the application because of invalid data: ${problems.join('; ') || 'a value is not accepted'}. Correct the application or the mapping, then Sync again.`,
  /** A refused field filled from an encrypted answer: the provider's message may quote the value, so it is not shown. */
  encryptedRefused: 'the value of an encrypted answer is not accepted (check it on the application)',
  invalidCredentials:
    "CardConnect refused the API user's credentials: enter them again on Manage Integration, then Sync again.",
  pending: 'CardConnect is still processing the last change (request still processing): we will try again later.',
  notEditable: (status: string) =>
    `CardConnect no longer accepts changes to this merchant (boarding status ${status}): change it in CoPilot if it must change.`,
  unavailable: 'CardConnect did not answer: we will try again later.',
  failed: 'CardConnect answered with an error: we will try again later.',
  notAllowed: "CardConnect's address is not allowed by this server's settings: an administrator must fix the settings.",
  /**
   * A create was sent and its answer lost (a timeout, a crash, a 5xx). CoPilot has no way to look a merchant up by
   * anything of ours, so nothing is created again until a person has checked.
   */
  uncertainCreate:
    'We sent this application to CardConnect but never got the answer, and CoPilot cannot be searched for it: check CoPilot for a merchant of this application (delete a duplicate if there are two) before Sync again, which creates a new merchant.',
  /** A refused field whose provider message is not shown (not a mapped plain answer: it may quote a value). */
  valueRefused: 'the value is not accepted',
  /**
   * The stored merchant id is no longer found at CoPilot (deleted there?): nothing is created by itself; a person's
   * Sync again creates a new merchant.
   */
  merchantGone: (merchantId: string) =>
    `CardConnect no longer finds merchant ${merchantId} of this application: check CoPilot (it may have been deleted) before Sync again, which creates a new merchant.`,
  /** Sending the merchant back out for signature after an update failed. */
  signatureNotRequested: (problems: readonly string[]) =>
    `The merchant was updated, but CardConnect did not send it out for signature again: ${problems.join('; ') || 'it refused'}. Request the signature in CoPilot, or correct the application and Sync again.`,
} as const;
