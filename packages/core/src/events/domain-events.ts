import { z } from 'zod';

/**
 * Every domain event (decision 064): a change other modules react to, written in the transaction of the change and
 * delivered to each subscriber after the commit, once. Payloads are strict, like the audit catalogue's details: ids
 * and what a subscriber needs to act, never the value of an encrypted field.
 */
const id = z.string().min(1);

export const DOMAIN_EVENTS = {
  /** The primary submitted: the application is `pending` and signing starts. */
  'application.submitted': z.strictObject({ applicationId: id }),
  /** One owner signed (the e-mailed code proved their mailbox); `allSigned` when it was the last signature. */
  'application.signed': z.strictObject({
    applicationId: id,
    signatureId: id,
    ownerId: id,
    ownerKind: z.enum(['primaryApplicant', 'additionalOwner']),
    email: z.string(),
    /** What the signature was given on (SHA-256 of the data as stored, keys sorted). */
    dataHash: z.string(),
    allSigned: z.boolean(),
  }),
  /**
   * A submitted application's data changed (an owner's correction, the institution's edit or attachment delete, a
   * move to the form's latest version); never a draft's autosave. `revision` is the application's new revision;
   * `fields` the keys of the changed fields when the change knows them (never their values).
   */
  'application.data-changed': z.strictObject({
    applicationId: id,
    revision: z.number().int(),
    fields: z.array(z.string()).optional(),
  }),
  /** The institution changed a submitted application's status (approve, deny, reopen). */
  'application.status-changed': z.strictObject({ applicationId: id, from: z.string(), to: z.string() }),
  /** A documents run of a signed application finished: its documents can be read. */
  'documents.ready': z.strictObject({ applicationId: id, runId: id }),
} as const;

export type DomainEventType = keyof typeof DOMAIN_EVENTS;
export type DomainEventPayload<T extends DomainEventType> = z.infer<(typeof DOMAIN_EVENTS)[T]>;
/** One event as a subscriber receives it. */
export type DomainEvent<T extends DomainEventType = DomainEventType> = {
  [K in T]: { id: string; type: K; payload: DomainEventPayload<K>; createdAt: Date };
}[T];
