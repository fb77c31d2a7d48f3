import { MESSAGES } from '../messages';
import { FIELD_TYPES, GROUP_FIELD_TYPES, NON_DATA_TYPES } from './field-types';
import { plainDate } from './field-values';
import { type FormDefinition, parseFormDefinition } from './form.schema';
import type { FormIssue } from './form-checks';
import { checkComponentBounds, filterRawComponents, mapRawComponents, walkRawComponents } from './form-walk';
import { type ConditionScope, translateConditions, translateLogic } from './formio-conditions';
import { translateScript } from './formio-script';
import { checkJsonBounds } from './json-bounds';
import { getPath } from './json-logic';
import { isPlainObject, joinPath, type PathSegment, parsePath } from './path';

/**
 * The script Form.io's builder puts on every manual-mode address part. Our renderer toggles manual mode itself,
 * so this one known string is replaced (and reported); any other script is refused.
 */
export const ADDRESS_MANUAL_MODE_SCRIPT = "show = _.get(instance, 'parent.manualMode', false);";
/** The same script as builders write it, with either quote and any spacing. */
const ADDRESS_MANUAL_MODE =
  /^\s*show\s*=\s*_\.get\(\s*instance\s*,\s*(['"])parent\.manualMode\1\s*,\s*false\s*\)\s*;?\s*$/;

/** Attributes whose removal would change what the form does, so a non-empty value is an error, not a removal. */
const BEHAVIOUR_ATTRIBUTES: ReadonlySet<string> = new Set(['conditions', 'customConditional', 'custom', 'json']);

/**
 * Presentation attributes: a value of a shape we do not take (Form.io's `suffix: true` on a date, `tags: ""`) is
 * removed and reported instead of refusing the form, since the form works the same without it.
 */
const PRESENTATION_ATTRIBUTES: ReadonlySet<string> = new Set([
  'prefix',
  'suffix',
  'tooltip',
  'description',
  'placeholder',
  'customClass',
  'labelPosition',
  'tabindex',
  'errorLabel',
  'autocomplete',
  'inputType',
  'inputFormat',
  'inputMask',
  'displayMask',
  'applyMaskOn',
  'case',
  'tags',
  'widget',
  'labelWidth',
  'labelMargin',
  'properties',
  'attributes',
  'legend',
  'title',
  'theme',
  'size',
  'leftIcon',
  'rightIcon',
  'breadcrumb',
  'rows',
  'editor',
  'as',
  'datepickerMode',
  'displayInTimezone',
  'timezone',
  'optionsLabelPosition',
  'inputsLabelPosition',
  'className',
  'attrs',
  'footer',
  'penColor',
  'backgroundColor',
  'minWidth',
  'maxWidth',
  'width',
  'height',
  'limit',
  'selectThreshold',
  'name',
  'id',
  'dataType',
  'validateOn',
  'addAnother',
  'addAnotherPosition',
  'saveRow',
  'removeRow',
  'caption',
  'header',
  'numRows',
  'numCols',
  'cellAlignment',
  'imageSize',
  'webcamSize',
  'capture',
  'shortcut',
  'minYear',
  'maxYear',
  'format',
  'renderOrder',
  'x',
  'y',
  'page',
  'offset',
  'push',
  'pull',
  'currentWidth',
  'fileTypes',
  'persistent',
  'storage',
  'dir',
  'url',
  'options',
]);

/** A web address, as the url field checks it: an optional scheme, a host with a dot, then anything without spaces. */
const WEB_ADDRESS_PATTERN = '(?:(?:https?|ftp)://)?[^\\s/?#.]+(?:\\.[^\\s/?#.]+)+(?:[/?#]\\S*)?';

/** Form.io button actions that do something we cannot (scripts, OAuth, deleting, URLs); such buttons are removed. */
const BUTTON_ACTIONS: ReadonlySet<string> = new Set(['submit', 'reset', 'event', 'saveState']);

const KNOWN_TYPES: ReadonlySet<string> = new Set([...FIELD_TYPES, ...GROUP_FIELD_TYPES]);
const DATA_GROUPS: ReadonlySet<string> = new Set(['container', 'datagrid', 'editgrid']);

export interface ImportResult {
  ok: boolean;
  form: FormDefinition | undefined;
  /** Problems that stop the import: unsupported types, JavaScript, invalid values, duplicate keys. */
  errors: FormIssue[];
  /**
   * What the import changed, each named by path: attributes removed because we do not support them, keys given
   * to keyless layout components, scripts translated to JSON Logic.
   */
  warnings: FormIssue[];
}

type JsonObject = Record<string, unknown>;

/** Marks a component the import removes (a button whose action we cannot perform); never a Form.io attribute. */
const DROP = '$underImportDrop';

/**
 * Loads a Form.io form (JSON as exported by Form.io or by us). Supported types and attributes load as they are;
 * Form.io 5 conditions, show/hide/require `logic`, static select sources and the common one-line scripts are
 * translated to JSON Logic (decision 028); unsupported attributes are removed and each is reported in `warnings`;
 * unsupported types, other JavaScript and invalid values are `errors`. No script is ever evaluated.
 */
export function importFormio(json: unknown): ImportResult {
  if (!isPlainObject(json)) return done([{ path: '', code: 'invalid', message: MESSAGES.formNotObject }], []);
  const bounds = [...checkJsonBounds(json), ...checkComponentBounds(json)];
  if (bounds.length > 0)
    return done(
      bounds.map((issue) => ({ ...issue, code: 'bounds' })),
      [],
    );

  const warnings: FormIssue[] = [];
  const errors: FormIssue[] = [];
  // The bounds check above proved this is small, plain JSON, so a JSON copy is safe and cannot be deep.
  const working = normaliseFormio(JSON.parse(JSON.stringify(json)) as JsonObject, warnings, errors);
  if (errors.length > 0) return done(errors, unique(warnings));
  let result = parseFormDefinition(working);
  for (let pass = 0; pass < 5 && !result.ok; pass++) {
    const removable = result.errors.filter(
      (issue) =>
        issue.code === 'unknownAttribute' ||
        (issue.code === 'invalid' && PRESENTATION_ATTRIBUTES.has(String(parsePath(issue.path).at(-1)))),
    );
    if (removable.length === 0) break;
    const refused: FormIssue[] = [];
    for (const issue of removable) {
      const segments = parsePath(issue.path);
      const name = String(segments.at(-1));
      const value = removeAt(working, segments);
      if (issue.code === 'unknownAttribute' && BEHAVIOUR_ATTRIBUTES.has(name) && !isEmptyValue(value)) {
        refused.push({ path: issue.path, code: 'unknownAttribute', message: MESSAGES.unsupportedValue(name) });
      } else if (issue.code === 'unknownAttribute') {
        warnings.push({ path: issue.path, code: 'unknownAttribute', message: MESSAGES.unsupportedAttribute(name) });
      } else {
        warnings.push({ path: issue.path, code: 'invalid', message: MESSAGES.attributeValueRemoved(name) });
      }
    }
    if (refused.length > 0)
      return done([...refused, ...result.errors.filter((i) => !removable.includes(i))], unique(warnings));
    result = parseFormDefinition(working);
  }
  return result.ok
    ? { ok: true, form: result.form, errors: [], warnings: unique(warnings) }
    : done(result.errors, unique(warnings));
}

function done(errors: FormIssue[], warnings: FormIssue[]): ImportResult {
  return { ok: false, form: undefined, errors, warnings };
}

function unique(issues: FormIssue[]): FormIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const id = `${issue.path}\n${issue.message}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

interface ComponentInfo {
  path: string;
  /** Keys of the enclosing containers and grids, outermost first. */
  scopePath: string[];
}

/** Maps Form.io spellings onto ours before the schema runs, collecting what it changed and what it refuses. */
function normaliseFormio(form: JsonObject, warnings: FormIssue[], errors: FormIssue[]): JsonObject {
  const info = new Map<JsonObject, ComponentInfo>();
  const types = new Map<string, string>();
  const multiples = new Set<string>();
  const usedKeys = new Set<string>();
  walkRawComponents(form.components, ({ component, path, ancestors }) => {
    const scopePath = ancestors.filter((a) => DATA_GROUPS.has(String(a.type))).map((a) => String(a.key));
    info.set(component, { path, scopePath });
    if (typeof component.key === 'string') {
      usedKeys.add(component.key);
      if (typeof component.type === 'string') types.set(component.key, component.type);
      if (component.multiple === true) multiples.add(component.key);
    }
  });
  const keyFor = (type: string) => {
    let n = 1;
    while (usedKeys.has(`${type}${n}`)) n++;
    const key = `${type}${n}`;
    usedKeys.add(key);
    return key;
  };

  let display = form.display;
  if (display !== undefined && display !== 'form' && display !== 'wizard') {
    warnings.push({ path: 'display', code: 'invalid', message: MESSAGES.attributeValueRemoved('display') });
    display = 'form';
  }

  const fix = (component: JsonObject): JsonObject => {
    const where = info.get(component) ?? { path: 'components', scopePath: [] };
    const scope: ConditionScope = {
      typeOf: (key) => types.get(key),
      isMultiple: (key) => multiples.has(key),
      scopePath: where.scopePath,
    };
    return fixComponent(component, where.path, scope, keyFor, warnings, errors);
  };
  let components = filterRawComponents(mapRawComponents(form.components, fix), (c) => c[DROP] !== true);
  if (display === 'wizard' && Array.isArray(components)) {
    // A wizard has its own Previous/Next/Submit; Form.io ignores other top-level components of a wizard too.
    components = components.filter((c, i) => {
      if (!isPlainObject(c) || c.type !== 'button') return true;
      warnings.push({ path: `components[${i}]`, code: 'layout', message: MESSAGES.wizardButtonRemoved });
      return false;
    });
  }
  const next: JsonObject = { ...form, components };
  if (display !== undefined) next.display = display;
  return next;
}

function fixComponent(
  original: JsonObject,
  path: string,
  scope: ConditionScope,
  keyFor: (type: string) => string,
  warnings: FormIssue[],
  errors: FormIssue[],
): JsonObject {
  let c: JsonObject = { ...original };
  const type = c.type;
  if (typeof type !== 'string' || type === '') {
    errors.push({ path: joinPath(path, 'type'), code: 'invalid', message: MESSAGES.componentTypeMissing });
    return c;
  }
  if ((typeof c.key !== 'string' || c.key === '') && type !== 'form') {
    if (NON_DATA_TYPES.has(type as never) || !KNOWN_TYPES.has(type)) {
      if (KNOWN_TYPES.has(type)) {
        c.key = keyFor(type);
        warnings.push({
          path: joinPath(path, 'key'),
          code: 'invalid',
          message: MESSAGES.componentKeyGiven(String(c.key)),
        });
      }
    } else {
      errors.push({ path: joinPath(path, 'key'), code: 'invalid', message: MESSAGES.componentKeyMissing(type) });
    }
  }
  if (type === 'tags') {
    // Form.io stores tags as one delimited text, or as a list of texts with storeas 'array': the same data as a
    // text field, single or multiple.
    const asArray = c.storeas === 'array';
    warnings.push({ path: joinPath(path, 'type'), code: 'invalid', message: MESSAGES.tagsAsText(asArray) });
    const { storeas: _storeas, delimeter: _delimeter, maxTags: _maxTags, ...rest } = c;
    c = { ...rest, type: 'textfield', ...(asArray ? { multiple: true } : {}) };
  }
  if (type === 'url') {
    warnings.push({ path: joinPath(path, 'type'), code: 'invalid', message: MESSAGES.urlAsText });
    c.type = 'textfield';
    const v = isPlainObject(c.validate) ? c.validate : {};
    if (!v.pattern) c.validate = { ...v, pattern: WEB_ADDRESS_PATTERN };
  }
  if (type === 'button' && typeof c.action === 'string' && !BUTTON_ACTIONS.has(c.action)) {
    warnings.push({ path, code: 'invalid', message: MESSAGES.buttonActionUnsupported(c.action) });
    return { [DROP]: true };
  }

  const validate = c.validate;
  if (isPlainObject(validate)) {
    let v = validate;
    if (isPlainObject(v.json) && !v.custom) {
      const { json: rule, ...rest } = v;
      v = { ...rest, custom: rule };
    } else if (isPlainObject(v.json) && v.custom === '') {
      const { json: rule, ...rest } = v;
      v = { ...rest, custom: rule };
    }
    if (typeof v.custom === 'string' && v.custom.trim() !== '') {
      const rule = translateScript(v.custom, 'valid');
      if (rule !== undefined) {
        warnings.push(translated(joinPath(joinPath(path, 'validate'), 'custom'), 'validate.custom', rule));
        v = { ...v, custom: rule };
      }
    }
    c.validate = v;
  }

  c = fixConditional(c, path, scope, warnings, errors);

  if (Array.isArray(c.logic) && c.logic.length > 0) {
    const logic = translateLogic(c.logic, scope, joinPath(path, 'logic'), warnings);
    if (logic.ok) c.logic = logic.logic;
    else errors.push(...logic.issues);
  } else if (Array.isArray(c.logic)) {
    delete c.logic;
  }

  for (const slot of ['calculateValue', 'customDefaultValue'] as const) {
    const script = c[slot];
    if (typeof script !== 'string' || script.trim() === '') continue;
    const rule = translateScript(script, 'value');
    if (rule !== undefined) {
      warnings.push(translated(joinPath(path, slot), slot, rule));
      c[slot] = rule;
    }
  }

  if (type === 'form') {
    if (!Array.isArray(c.components) || c.components.length === 0) {
      errors.push({ path: joinPath(path, 'type'), code: 'unsupportedType', message: MESSAGES.nestedFormReference });
      return c;
    }
    if (typeof c.key !== 'string' || c.key === '') {
      c.key = keyFor('form');
      warnings.push({
        path: joinPath(path, 'key'),
        code: 'invalid',
        message: MESSAGES.componentKeyGiven(String(c.key)),
      });
    }
    // Form.io keeps a nested form's values in `data[key].data`: a container holding a container named data.
    warnings.push({
      path: joinPath(path, 'type'),
      code: 'invalid',
      message: MESSAGES.nestedFormAsContainer(String(c.key)),
    });
    const {
      components: inner,
      form: _form,
      src: _src,
      reference: _reference,
      display: _display,
      revision: _revision,
      ...rest
    } = c;
    c = {
      ...rest,
      type: 'container',
      components: [
        {
          type: 'container',
          key: 'data',
          label: typeof c.label === 'string' ? c.label : undefined,
          input: true,
          components: inner,
        },
      ],
    };
  }
  if (type === 'select') c = fixSelect(c, path, warnings, errors);
  if (type === 'datetime') c = fixDateLimits(c, path, warnings);
  if (type === 'address') c = fixAddressParts(c, path, warnings);
  return c;
}

function translated(path: string, slot: string, rule: unknown): FormIssue {
  return { path, code: 'javascript', message: MESSAGES.javascriptTranslated(slot, JSON.stringify(rule)) };
}

/** `customConditional` scripts of the supported subset and Form.io 5 `conditions` become `conditional.json`. */
function fixConditional(
  c: JsonObject,
  path: string,
  scope: ConditionScope,
  warnings: FormIssue[],
  errors: FormIssue[],
): JsonObject {
  const next = { ...c };
  const conditional = isPlainObject(c.conditional) ? { ...c.conditional } : undefined;
  const script = typeof c.customConditional === 'string' ? c.customConditional.trim() : '';
  if (script !== '') {
    const rule = translateScript(script, 'show');
    if (rule !== undefined) {
      warnings.push(translated(joinPath(path, 'customConditional'), 'customConditional', rule));
      delete next.customConditional;
      const hasOther =
        conditional &&
        (conditional.json ||
          (Array.isArray(conditional.conditions) && conditional.conditions.length > 0) ||
          conditional.when);
      // Form.io runs both; the shown state needs both to hold.
      if (!hasOther) {
        next.conditional = { json: rule };
        return next;
      }
      next.conditional = conditional;
      const combined = fixConditional(next, path, scope, warnings, errors);
      const existing = isPlainObject(combined.conditional) ? combined.conditional.json : undefined;
      if (existing !== undefined) combined.conditional = { json: { and: [existing, rule] } };
      return combined;
    }
  }
  if (!conditional) return next;
  if (conditional.json !== undefined && conditional.json !== '' && conditional.json !== null) {
    next.conditional = stripFormio5(conditional);
    return next;
  }
  const result = translateConditions(conditional, scope, joinPath(path, 'conditional'));
  if (result === undefined) {
    next.conditional = stripFormio5(conditional);
    return next;
  }
  if (!result.ok) {
    errors.push(result.issue);
    return next;
  }
  next.conditional = { json: result.rule };
  return next;
}

/** Drops Form.io 5's empty condition list and its conjunction, which say nothing without conditions. */
function stripFormio5(conditional: JsonObject): JsonObject {
  const { conditions, conjunction: _conjunction, ...rest } = conditional;
  if (Array.isArray(conditions) && conditions.length > 0) return { ...rest, conditions };
  return rest;
}

/** Static select sources become `data.values`; sources loaded at run time are refused, naming the source. */
function fixSelect(c: JsonObject, path: string, warnings: FormIssue[], errors: FormIssue[]): JsonObject {
  const source = c.dataSrc === undefined || c.dataSrc === '' ? 'values' : String(c.dataSrc);
  const data = isPlainObject(c.data) ? { ...c.data } : {};
  const next: JsonObject = { ...c, data };
  if (source === 'values' || source === 'json') {
    // Settings of the other sources, left over when the author switched source, are never used.
    for (const unused of ['url', 'resource', 'headers', 'custom'] as const) {
      const value = data[unused];
      if (
        value === undefined ||
        value === '' ||
        (unused === 'custom' && typeof value === 'string' && value.trim() === '')
      )
        delete data[unused];
      else if (unused !== 'headers' && unused !== 'custom') {
        warnings.push({
          path: joinPath(joinPath(path, 'data'), unused),
          code: 'unknownAttribute',
          message: MESSAGES.unsupportedAttribute(unused),
        });
        delete data[unused];
      }
    }
  }
  if (source === 'values') {
    next.dataSrc = 'values';
    return next;
  }
  if (source !== 'json') {
    errors.push({
      path: joinPath(path, 'dataSrc'),
      code: 'invalid',
      message: MESSAGES.selectSourceUnsupported(source),
    });
    return next;
  }
  let items: unknown = data.json;
  if (typeof items === 'string') {
    try {
      items = JSON.parse(items);
    } catch {
      items = undefined;
    }
  }
  const valueProperty = typeof c.valueProperty === 'string' ? c.valueProperty : '';
  const template = typeof c.template === 'string' ? c.template : '';
  const labelPath = /item\.([A-Za-z0-9_.]+)/.exec(template)?.[1];
  const values: { label: string; value: string | number | boolean }[] = [];
  if (Array.isArray(items) && items.length <= 1_000) {
    for (const item of items) {
      // Without a value property Form.io stores the whole item; we store its `value` when it has one.
      const value = !isPlainObject(item) ? item : getPath(item, valueProperty || 'value', undefined);
      const labelValue =
        labelPath && isPlainObject(item)
          ? getPath(item, labelPath, undefined)
          : isPlainObject(item)
            ? item.label
            : item;
      if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
        items = undefined;
        break;
      }
      values.push({
        label: typeof labelValue === 'string' || typeof labelValue === 'number' ? String(labelValue) : String(value),
        value,
      });
    }
  } else items = undefined;
  if (items === undefined) {
    errors.push({
      path: joinPath(joinPath(path, 'data'), 'json'),
      code: 'invalid',
      message: MESSAGES.selectJsonUnsupported,
    });
    return next;
  }
  warnings.push({
    path: joinPath(path, 'dataSrc'),
    code: 'invalid',
    message: MESSAGES.selectJsonConverted(values.length),
  });
  delete data.json;
  data.values = values;
  next.dataSrc = 'values';
  delete next.valueProperty;
  delete next.template;
  return next;
}

/** `minDate`/`maxDate` written as `moment()` scripts are removed and reported; plain dates stay and are enforced. */
function fixDateLimits(c: JsonObject, path: string, warnings: FormIssue[]): JsonObject {
  const next = { ...c };
  for (const holder of ['datePicker', 'widget'] as const) {
    const settings = next[holder];
    if (!isPlainObject(settings)) continue;
    const copy = { ...settings };
    for (const name of ['minDate', 'maxDate'] as const) {
      const value = copy[name];
      if (value === undefined || value === null || value === '') continue;
      if (plainDate(value) !== undefined) continue;
      warnings.push({
        path: joinPath(joinPath(path, holder), name),
        code: 'javascript',
        message: MESSAGES.dateExpressionRemoved(name, String(value)),
      });
      delete copy[name];
    }
    next[holder] = copy;
  }
  return next;
}

function fixAddressParts(c: JsonObject, path: string, warnings: FormIssue[]): JsonObject {
  if (!Array.isArray(c.components)) return c;
  const parts = c.components.map((part, i) => {
    if (
      !isPlainObject(part) ||
      typeof part.customConditional !== 'string' ||
      !ADDRESS_MANUAL_MODE.test(part.customConditional)
    )
      return part;
    warnings.push({
      path: `${path}.components[${i}].customConditional`,
      code: 'javascript',
      message: MESSAGES.addressManualModeScript,
    });
    const { customConditional: _script, ...rest } = part;
    return rest;
  });
  return { ...c, components: parts };
}

function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === false) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (isPlainObject(value)) return Object.keys(value).length === 0;
  return false;
}

function removeAt(root: unknown, segments: readonly PathSegment[]): unknown {
  let current = root;
  for (const seg of segments.slice(0, -1)) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, seg)) return undefined;
    current = (current as Record<PathSegment, unknown>)[seg];
  }
  const last = segments.at(-1);
  if (!isPlainObject(current) || last === undefined || !Object.hasOwn(current, last)) return undefined;
  const value = current[last];
  delete current[last];
  return value;
}
