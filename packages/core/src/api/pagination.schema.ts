import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, SEARCH_MAX, SEARCH_MIN } from '../constants';
import { MESSAGES } from '../messages';

/** Spec 1 §9: default 10; options 10, 20, 25, 50, 75, 100. */
export const PageSizeSchema = z.coerce
  .number({ error: MESSAGES.pageSizeInvalid })
  .refine((n) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(n), MESSAGES.pageSizeInvalid)
  .default(DEFAULT_PAGE_SIZE);

export const PageSchema = z.coerce
  .number({ error: MESSAGES.pageInvalid })
  .int(MESSAGES.pageInvalid)
  .min(1, MESSAGES.pageInvalid)
  .max(1_000_000, MESSAGES.pageInvalid)
  .default(1);

/** Spec 1 §5 and §9: search text is 3-50 characters; an empty box means no search. */
export const SearchSchema = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.string().min(SEARCH_MIN, MESSAGES.searchLength).max(SEARCH_MAX, MESSAGES.searchLength).optional())
  .optional();

export const SortOrderSchema = z.enum(['asc', 'desc'], { error: MESSAGES.orderInvalid });

/** The page of a list response. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
