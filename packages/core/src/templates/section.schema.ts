import { z } from 'zod';
import { KEY_PATTERN } from '../forms/component.schema';
import { MESSAGES } from '../messages';
import { PLAIN_NAME } from '../text/plain-text';

/** A shared section (spec 1 §3): its components are a core FormDefinition, checked by parseFormDefinition. */
export const SectionInputSchema = z.strictObject({
  keySection: z.string().trim().min(1).max(100).regex(KEY_PATTERN, MESSAGES.keyPattern),
  label: z
    .string()
    .trim()
    .min(1)
    .max(500)
    .refine(...PLAIN_NAME),
  title: z.string().max(500).default(''),
  /** A form definition (validated by the form engine). */
  components: z.unknown(),
  /** JSON Logic or a simple {show, when, eq}. */
  conditional: z.unknown().optional(),
  processors: z
    .array(z.string().min(1).max(100), {
      error: (issue) => (issue.input === undefined ? MESSAGES.processorsRequired : undefined),
    })
    .min(1, MESSAGES.processorsRequired)
    .max(50),
});
export type SectionInput = z.input<typeof SectionInputSchema>;

export const SectionSchema = z.object({
  sectionId: z.string(),
  keySection: z.string(),
  label: z.string(),
  title: z.string(),
  components: z.unknown(),
  conditional: z.unknown().optional(),
  processors: z.array(z.string()),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Section = z.output<typeof SectionSchema>;

export const SectionParamsSchema = z.strictObject({ sectionId: z.uuid() });
/** `processors` once or repeated (`processors=a&processors=b`). */
export const ListSectionsQuerySchema = z.strictObject({
  q: z.string().max(50).optional(),
  processors: z.union([z.string().max(100), z.array(z.string().max(100)).max(50)]).optional(),
});
