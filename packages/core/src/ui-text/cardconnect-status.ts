/**
 * The words of an application's CardConnect boarding status (issue #24 §1 Status; decision 087): the provider's
 * codes (`boardingProcessStatusCd`, `signatureStatusCd`) in words, the answer's messages and the application page's
 * panel. Spec 2 §8 gives "request still processing, try again" as a description only: the words are ours.
 */
export const CC_BOARDING_WORDS: Readonly<Record<string, string>> = {
  INPROG: 'In progress',
  OFS: 'Out for signature',
  QUALIFY: 'Qualifying',
  UNDER: 'Underwriting',
  BOARDING: 'Boarding',
  BOARDED: 'Boarded',
  LIVE: 'Live',
  DECLINED: 'Declined',
  CANCELLED: 'Cancelled',
};

export const CC_SIGNATURE_WORDS: Readonly<Record<string, string>> = {
  NOT_SENT: 'Not sent',
  PENDING: 'Pending',
  SIGNED: 'Signed',
};

/** A code the provider added later is shown as it came, never dropped. */
export const ccBoardingWords = (code: string) => CC_BOARDING_WORDS[code] ?? code;
export const ccSignatureWords = (code: string) => CC_SIGNATURE_WORDS[code] ?? code;

export const CC_STATUS_TEXT = {
  title: 'CardConnect boarding',
  lead: 'The merchant account at CardConnect: its boarding and the owner’s signature, checked until it is final.',
  /** No merchant id for the application. */
  notSent: 'Not sent to CardConnect yet.',
  /** Spec 2 §8 "request still processing, try again" (the provider's pending flag), in our words. */
  stillProcessing: 'CardConnect is still processing a request for this merchant. Try again in a few minutes.',
  /** The provider did not answer (down, slow, refused): the portal asks again later. */
  unavailable: 'CardConnect did not answer. The status is checked again later.',
  /** The company's CardConnect is turned off or its credentials stopped working. */
  notConnected: 'CardConnect is not connected for your company: the status is not checked. Turn it on with Edit.',
  /** The provider does not know the merchant id. */
  unknownMerchant: 'CardConnect does not know this merchant any more.',
  /** The provider refused the data: the fields follow by their form labels. */
  invalidData: 'CardConnect refused the application because of invalid data:',
  merchantId: 'Merchant ID',
  boardingStatus: 'Boarding status',
  signatureStatus: 'Signature status',
  lastChecked: 'Last checked',
  nextCheck: 'Next check',
  never: 'Not checked yet',
  final: 'Final: no further changes are expected.',
  refresh: 'Refresh',
  refreshed: 'Status checked with CardConnect.',
  historyTitle: 'Status changes',
  colAt: 'When',
  colBoarding: 'Boarding',
  colSignature: 'Signature',
  loadError: 'The CardConnect status could not be loaded.',
  /** The panel stopped asking the portal while the status was not final. */
  pollStopped: (minutes: number) =>
    `This page stopped checking after ${minutes} minutes; the portal keeps checking. Refresh to look again.`,
  /** The application's history line of a change. */
  historyLine: (from: string, to: string) => `CardConnect boarding: ${from} → ${to}`,
} as const;
