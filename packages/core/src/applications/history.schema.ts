import { z } from 'zod';
import { PageSchema, PageSizeSchema, pagedSchema, SortOrderSchema } from '../api/pagination.schema';

/**
 * An application's history (issue 13 "Audit trail"): every event of its life, chained (each event stores the hash
 * of the previous one of that application), so an event removed or edited in the database is detected.
 */
export const ACTOR_KINDS = ['owner', 'user', 'admin', 'system'] as const;

export const HistoryEventSchema = z.object({
  /** 1, 2, 3… in the application's chain. */
  seq: z.number().int(),
  at: z.string(),
  action: z.string(),
  actorKind: z.enum(ACTOR_KINDS),
  /** An owner's e-mail, a team member's name or e-mail, or null for the system. */
  actor: z.string().nullable(),
  /** The owner's end-user role or the team member's role. */
  role: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type HistoryEvent = z.output<typeof HistoryEventSchema>;

export const ChainStateSchema = z.object({
  intact: z.boolean(),
  /** The seq of the first event that does not match its hash or its predecessor (null when intact). */
  brokenAt: z.number().int().nullable(),
  events: z.number().int(),
});
export type ChainState = z.output<typeof ChainStateSchema>;

export const HistoryQuerySchema = z.strictObject({
  page: PageSchema,
  pageSize: PageSizeSchema,
  order: SortOrderSchema.default('asc'),
  companyId: z.uuid().optional(),
});
export const HistorySchema = pagedSchema(HistoryEventSchema).extend({ chain: ChainStateSchema });
