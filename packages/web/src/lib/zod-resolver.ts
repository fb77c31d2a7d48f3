import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form resolver for a core zod schema, so the page checks exactly what the server checks.
 * (@hookform/resolvers does the same; this is the few lines we need.) The first message of a field wins.
 */
export function zodResolver<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  return async (values) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, unknown> = {};
    for (const issue of result.error.issues) {
      setFirst(errors, issue.path.map(String), { type: issue.code, message: issue.message });
    }
    return { values: {}, errors: errors as FieldErrors<z.input<Schema>> };
  };
}

function setFirst(target: Record<string, unknown>, path: string[], error: FieldError) {
  const keys = path.length > 0 ? path : ['root'];
  let node = target;
  for (const key of keys.slice(0, -1)) {
    const child = node[key];
    if (typeof child !== 'object' || child === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  const last = keys[keys.length - 1] as string;
  if (node[last] === undefined) node[last] = error;
}
