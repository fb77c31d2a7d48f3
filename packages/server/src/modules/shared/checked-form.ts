import { ERROR_CODES } from '@under/core/api/error.schema';
import { type FormDefinition, parseFormDefinition } from '@under/core/forms/form.schema';
import { checkSystemFields } from '@under/core/forms/system-fields';
import { MESSAGES } from '@under/core/messages';
import { AppError } from '../../errors';

/**
 * A form definition checked by the form engine (bounds, migration, schema, rules), for every module that stores
 * one (sections, master forms). Its problems become a 400 whose errors are named by path under `path`.
 */
export function checkedForm(json: unknown, path: string, requireSystemFields: boolean): FormDefinition {
  const parsed = parseFormDefinition(json);
  if (!parsed.ok) {
    throw new AppError(
      ERROR_CODES.formInvalid,
      MESSAGES.http400,
      parsed.errors.map((e) => ({ path: `${path}${e.path ? `.${e.path}` : ''}`, message: e.message })),
    );
  }
  if (requireSystemFields) {
    const missing = checkSystemFields(parsed.form);
    if (missing.length) {
      throw new AppError(
        ERROR_CODES.formSystemFields,
        MESSAGES.http400,
        missing.map((e) => ({ path: `${path}.${e.path}`, message: e.message })),
      );
    }
  }
  return parsed.form;
}
