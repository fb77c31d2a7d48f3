import type { FormDefinition } from '../forms/form.schema';
import { walkComponents } from '../forms/form-walk';
import { validateSubmission } from '../forms/validate-submission';

/** Answers moved onto a form (decision 052): what the form keeps, and the top-level answers it could not keep. */
export interface CarriedAnswers {
  data: Record<string, unknown>;
  /** Top-level keys of the answers that were left behind (removed or changed fields, files when asked), sorted. */
  dropped: string[];
}

const topKey = (path: string): string => path.split(/[.[]/, 1)[0] ?? path;

/** The answers without any file value (a copy does not share the source application's uploads). */
function withoutFiles(form: FormDefinition, data: Record<string, unknown>): Record<string, unknown> {
  const keys = new Set<string>();
  walkComponents(form.components, ({ component }) => {
    if (component.type === 'file') keys.add(component.key);
  });
  if (keys.size === 0) return data;
  const strip = (value: unknown, depth: number): unknown => {
    if (depth > 12 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => strip(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (!keys.has(k)) out[k] = strip(v, depth + 1);
    return out;
  };
  return strip(data, 0) as Record<string, unknown>;
}

/**
 * The answers of an application (in the clear), carried onto `form`: a copy into a new application, or an
 * application repopulated on its form's latest version. The form engine decides what stays, as for any save by the
 * institution (no owner role, required fields not enforced): unknown and hidden fields go, calculated values are
 * recomputed; an answer the new form refuses (a changed type, a removed option) is left behind rather than failing
 * the whole move. `dropFiles` leaves file answers behind too.
 */
export function carryAnswers(
  form: FormDefinition,
  answers: Record<string, unknown>,
  opts: { dropFiles?: boolean } = {},
): CarriedAnswers {
  let data = opts.dropFiles ? withoutFiles(form, answers) : { ...answers };
  // each round leaves the refused answers behind; a form has finitely many keys, so this ends
  for (let round = 0; round < 50; round++) {
    const result = validateSubmission(form, data, { partial: true });
    if (result.valid) {
      const dropped = Object.keys(answers)
        .filter((k) => !(k in result.data))
        .sort();
      return { data: result.data, dropped };
    }
    const refused = new Set(result.errors.map((e) => topKey(e.path)).filter((k) => k in data));
    if (refused.size === 0) break;
    data = Object.fromEntries(Object.entries(data).filter(([k]) => !refused.has(k)));
  }
  return { data: {}, dropped: Object.keys(answers).sort() };
}
