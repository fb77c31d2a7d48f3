import { z } from 'zod';
import { PageSchema, PageSizeSchema, pagedSchema } from '../api/pagination.schema';

/**
 * Button-link integrations (issue #24 §4, decision 084): the platform's admin sets, for one company, a URL (the
 * spec's `buttonLink`) that the server POSTs a signed JSON event to when one of the company's applications is
 * submitted or its data changes, and once when the integration is turned off. The event names the application, its
 * form, its status and the KEYS of the changed fields: no answer is ever sent (the receiver reads what it needs
 * through the institution), so no encrypted value can be.
 */

/** Headers of every delivery; receivers verify `t` is within the replay window and `v1` is the HMAC. */
export const BUTTON_LINK_HEADERS = {
  /** Unix seconds when the delivery was signed. */
  timestamp: 'x-under-timestamp',
  /** `v1=<hex HMAC-SHA256(secret, timestamp + "." + body)>`. */
  signature: 'x-under-signature',
  /** The event id: the same on a retry and on a resend (the receiver's de-duplication key). */
  eventId: 'x-under-event-id',
  /** This delivery's id (a resend is a new delivery). */
  deliveryId: 'x-under-delivery-id',
} as const;

/** Receivers refuse a timestamp further than this from their clock (5 minutes). */
export const BUTTON_LINK_REPLAY_WINDOW_SECONDS = 300;

/** What the signature covers: the timestamp, a dot, and the body exactly as sent. */
export const buttonLinkSignedText = (timestamp: number | string, body: string) => `${timestamp}.${body}`;

export const BUTTON_LINK_EVENT_TYPES = [
  'application.submitted',
  'application.data-changed',
  'integration.turned-off',
] as const;
export const ButtonLinkEventTypeSchema = z.enum(BUTTON_LINK_EVENT_TYPES);
export type ButtonLinkEventType = z.infer<typeof ButtonLinkEventTypeSchema>;

/** The JSON body a receiver gets. */
export const ButtonLinkEventSchema = z.strictObject({
  id: z.string(),
  type: ButtonLinkEventTypeSchema,
  createdAt: z.string(),
  integrationId: z.string(),
  companyId: z.string(),
  /** Null for `integration.turned-off`. */
  application: z
    .strictObject({
      id: z.string(),
      status: z.string(),
      form: z.strictObject({ id: z.string(), name: z.string(), version: z.number().int() }),
      /** Keys of the fields whose values changed (data-changed); null when not known (a move to a newer form version). */
      changedFields: z.array(z.string()).nullable(),
    })
    .nullable(),
});
export type ButtonLinkEvent = z.infer<typeof ButtonLinkEventSchema>;

export const BUTTON_LINK_STATUSES = ['active', 'inactive'] as const;
export const ButtonLinkStatusSchema = z.enum(BUTTON_LINK_STATUSES);

/** A delivery's state: queued (first try or waiting for its back-off), sending, delivered, failed (gave up). */
export const DELIVERY_STATES = ['queued', 'sending', 'delivered', 'failed'] as const;
export const DeliveryStateSchema = z.enum(DELIVERY_STATES);
export type DeliveryState = z.infer<typeof DeliveryStateSchema>;

const MAX_URL = 2000;
/**
 * The admin's URL. The server judges it by the outbound client's rules on save and on every call: https to a public
 * host (plain http only to the simulators' and tests' loopback `INTEGRATION_TEST_HOSTS`).
 */
export const ButtonLinkUrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter the button link URL')
  .max(MAX_URL)
  .refine((v) => /^https?:\/\//i.test(v), 'The button link must be an https:// URL');

export const ButtonLinkSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  name: z.string(),
  buttonLink: z.string(),
  status: ButtonLinkStatusSchema,
  /** The signing secret masked (its last four characters); the whole secret is answered once, when made. */
  secretMask: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ButtonLink = z.infer<typeof ButtonLinkSchema>;
export const ButtonLinkListSchema = z.object({ items: z.array(ButtonLinkSchema) });

export const ButtonLinkParamsSchema = z.strictObject({ buttonLinkId: z.uuid() });
export const DeliveryParamsSchema = z.strictObject({ buttonLinkId: z.uuid(), deliveryId: z.uuid() });

export const CreateButtonLinkSchema = z.strictObject({
  companyId: z.uuid(),
  name: z.string().trim().min(1, 'Enter a name').max(100),
  buttonLink: ButtonLinkUrlSchema,
});
export const UpdateButtonLinkSchema = z.strictObject({
  name: z.string().trim().min(1, 'Enter a name').max(100).optional(),
  buttonLink: ButtonLinkUrlSchema.optional(),
  status: ButtonLinkStatusSchema.optional(),
});
/** Made or given a new secret: the secret in full, this once. */
export const ButtonLinkWithSecretSchema = z.object({ integration: ButtonLinkSchema, secret: z.string() });

export const DeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: ButtonLinkEventTypeSchema,
  applicationId: z.string().nullable(),
  state: DeliveryStateSchema,
  attempts: z.number().int(),
  /** The receiver's HTTP status of the last attempt; null when none came (refused, timeout, network). */
  responseCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  /** The delivery this one resends, if any. */
  resendOf: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof DeliverySchema>;
export const DeliveryListSchema = pagedSchema(DeliverySchema);
export const DeliveryListQuerySchema = z.strictObject({ page: PageSchema, pageSize: PageSizeSchema });
