import { MESSAGES } from '../messages';
import type { FormDefinition } from './form.schema';
import { mapRawComponents } from './form-walk';
import type { PathIssue } from './json-bounds';
import { isPlainObject } from './path';

/**
 * Version of the stored form definition shape. Stored definitions are never rewritten in place by readers:
 * they are migrated forward on load, one step at a time (as tldraw's tlschema does), so old rows keep working.
 */
export const FORM_SCHEMA_VERSION = 1;

type JsonObject = Record<string, unknown>;

/** One step forward: turns a definition of version `from` into version `from + 1`. */
interface Migration {
  from: number;
  up: (form: JsonObject) => JsonObject;
}

/**
 * Version 0 is what the legacy portal stored: no `version`, sometimes no `display`, `conditional.show` as the
 * strings 'true'/'false', and `conditional.eq` as a bare number. Form.io compares `eq` with the string form of
 * the value, so numbers become strings.
 */
function upgradeV0(form: JsonObject): JsonObject {
  const fixComponent = (component: JsonObject): JsonObject => {
    const conditional = component.conditional;
    if (!isPlainObject(conditional)) return component;
    const next = { ...conditional };
    if (next.show === 'true') next.show = true;
    if (next.show === 'false') next.show = false;
    if (typeof next.eq === 'number') next.eq = String(next.eq);
    return { ...component, conditional: next };
  };
  return {
    ...form,
    display: form.display ?? 'form',
    components: mapRawComponents(form.components, fixComponent),
  };
}

const MIGRATIONS: readonly Migration[] = [{ from: 0, up: upgradeV0 }];

/** The version a raw definition declares; a missing version is 0 (definitions from before versioning). */
export function getFormVersion(json: JsonObject): number | undefined {
  if (json.version === undefined) return 0;
  return typeof json.version === 'number' && Number.isInteger(json.version) && json.version >= 0
    ? json.version
    : undefined;
}

export type MigrateResult = { ok: true; form: JsonObject; from: number } | { ok: false; errors: PathIssue[] };

/**
 * Upgrades a raw definition to `FORM_SCHEMA_VERSION` without mutating it. A version from the future, or one
 * that is not a whole number, is refused with 'Version Form Incorrect'.
 */
export function migrateForm(json: JsonObject): MigrateResult {
  const from = getFormVersion(json);
  if (from === undefined || from > FORM_SCHEMA_VERSION) {
    return { ok: false, errors: [{ path: 'version', message: MESSAGES.versionFormIncorrect }] };
  }
  let form = json;
  for (let version = from; version < FORM_SCHEMA_VERSION; version++) {
    const step = MIGRATIONS.find((m) => m.from === version);
    if (!step) return { ok: false, errors: [{ path: 'version', message: MESSAGES.versionFormIncorrect }] };
    form = step.up(form);
  }
  return { ok: true, form: { ...form, version: FORM_SCHEMA_VERSION }, from };
}

/**
 * A stored definition in the current shape, for code reading rows written by an earlier build (a master form's
 * `allField`): migrated forward when its version is older, as stored otherwise. What is stored was checked by
 * `parseFormDefinition` when written, so this migrates; it does not check again.
 */
export function readStoredForm(json: unknown): FormDefinition {
  if (!isPlainObject(json)) return json as FormDefinition;
  const migrated = migrateForm(json);
  return (migrated.ok ? migrated.form : json) as FormDefinition;
}
