import { ENGINE_MESSAGES as MESSAGES } from '../messages-engine';
import { DATA_GROUP_TYPES, NON_DATA_TYPES } from './field-types';
import type { FormComponent, FormDefinition } from './form.schema';
import { walkComponents } from './form-walk';
import { validateLogic } from './json-logic';
import { joinPath } from './path';

/** Stable codes of problems in a form definition. */
export const FORM_ISSUE_CODES = [
  /** A value of the wrong type or out of range. */
  'invalid',
  /** A field type outside spec 1 §3. */
  'unsupportedType',
  /** An attribute we do not know. */
  'unknownAttribute',
  /** JavaScript where only JSON Logic is allowed. */
  'javascript',
  /** A key used twice ('This key already existed.'). */
  'duplicateKey',
  /** Too deep, too big, not JSON, or a prototype key. */
  'bounds',
  /** A JSON Logic rule with an unknown operator or too large. */
  'logic',
  /** A version we cannot read. */
  'version',
  /** A condition that refers to a field that does not exist. */
  'reference',
  /** A component placed where it cannot be (wizard pages, address parts). */
  'layout',
  /** A regular expression that does not compile or could be too slow. */
  'pattern',
  /** A system field missing, of the wrong type, not required or too long (spec 1 §3). */
  'systemField',
] as const;
export type FormIssueCode = (typeof FORM_ISSUE_CODES)[number];

/** A problem in a form definition, named by path (e.g. `components[3].components[0].key`). */
export interface FormIssue {
  path: string;
  code: FormIssueCode;
  message: string;
}

const ADDRESS_PART_TYPES: ReadonlySet<string> = new Set(['textfield', 'select', 'hidden']);

/** A group without nested groups, followed by an unbounded quantifier: `(...)+`, `(...)*`, `(...){2,}`. */
const REPEATED_GROUP = /\((?:\?:)?((?:[^()\\]|\\.)*)\)(?:[+*]|\{\d+,\})/g;
/** One atom of a group body (escape, class or character) and its quantifier. */
const ATOM = /(\\.|\[(?:[^\]\\]|\\.)*\]|[^|])([?*+]|\{\d+(?:,\d*)?\})?/g;

/**
 * True for the classic catastrophic-backtracking shape: a repeated group whose body is, apart from optional
 * parts, one repeated atom, as in `(a+)+` or `([.-]?\w+)*`. A heuristic: it does not catch every slow pattern
 * (alternations such as `(a|aa)+` pass), so form authors' patterns also only ever see bounded values.
 */
export function isSlowPattern(pattern: string): boolean {
  for (const group of pattern.matchAll(REPEATED_GROUP)) {
    const body = group[1] ?? '';
    if (body.includes('|')) continue;
    let mandatory = 0;
    let repeated = false;
    for (const atom of body.matchAll(ATOM)) {
      const quantifier = atom[2] ?? '';
      if (quantifier === '+' || quantifier === '*' || /,\}$/.test(quantifier)) repeated = true;
      if (quantifier !== '?' && quantifier !== '*' && !quantifier.startsWith('{0')) mandatory += 1;
    }
    if (repeated && mandatory <= 1) return true;
  }
  return false;
}

/** Compiles a Form.io `validate.pattern`, anchored on both ends as Form.io does. */
export function compilePattern(pattern: string): RegExp | undefined {
  if (isSlowPattern(pattern)) return undefined;
  try {
    return new RegExp(`^(?:${pattern})$`);
  } catch {
    return undefined;
  }
}

/**
 * Checks what the schema cannot see alone: unique keys, rules, references, wizard pages and patterns. Keys are
 * unique per data scope: the submission, and each container or grid, whose values live in their own object.
 */
export function checkFormRules(form: FormDefinition): FormIssue[] {
  const issues: FormIssue[] = [];
  const keysByScope = new Map<FormComponent | undefined, Set<string>>();
  const dataKeys = new Set<string>();

  walkComponents(form.components, ({ component, path, depth, ancestors }) => {
    const owner = ancestors.findLast((a) => DATA_GROUP_TYPES.has(a.type));
    let keys = keysByScope.get(owner);
    if (!keys) {
      keys = new Set();
      keysByScope.set(owner, keys);
    }
    if (keys.has(component.key)) {
      issues.push({ path: joinPath(path, 'key'), code: 'duplicateKey', message: MESSAGES.keyExists });
    } else {
      keys.add(component.key);
    }
    if (!NON_DATA_TYPES.has(component.type)) {
      dataKeys.add(component.key);
      // Form.io 5 names a component inside a container or grid by its data path: `owners.name`.
      const scopePath = ancestors.filter((a) => DATA_GROUP_TYPES.has(a.type)).map((a) => a.key);
      if (scopePath.length > 0) dataKeys.add([...scopePath, component.key].join('.'));
    }
    if (form.display === 'wizard' && depth === 0 && component.type !== 'panel') {
      issues.push({ path: joinPath(path, 'type'), code: 'layout', message: MESSAGES.wizardPagesOnly });
    }
    checkComponent(component, path, issues);
    if (component.type === 'address') checkAddressParts(component.components ?? [], path, issues);
  });

  walkComponents(form.components, ({ component, path }) => {
    const when = component.conditional?.when;
    // Form.io also names one option of select boxes: `boxes.a`.
    const owner = when?.includes('.') ? when.slice(0, when.lastIndexOf('.')) : undefined;
    if (when && !dataKeys.has(when) && !(owner && dataKeys.has(owner))) {
      issues.push({ path: `${path}.conditional.when`, code: 'reference', message: MESSAGES.unknownWhen(when) });
    }
  });
  return issues;
}

function checkComponent(component: FormComponent, path: string, issues: FormIssue[]): void {
  const slots: [unknown, string][] = [
    [component.conditional?.json, `${path}.conditional.json`],
    [component.calculateValue, `${path}.calculateValue`],
    [component.customDefaultValue, `${path}.customDefaultValue`],
    [component.validate?.custom, `${path}.validate.custom`],
    ...(component.logic ?? []).flatMap((entry, i): [unknown, string][] => [
      [entry.trigger.json, `${path}.logic[${i}].trigger.json`],
      ...entry.actions.map((action, j): [unknown, string] => [
        action.type === 'value' ? action.value : undefined,
        `${path}.logic[${i}].actions[${j}].value`,
      ]),
    ]),
  ];
  for (const [rule, rulePath] of slots) {
    if (rule === undefined) continue;
    for (const issue of validateLogic(rule, rulePath)) issues.push({ ...issue, code: 'logic' });
  }
  const pattern = component.validate?.pattern;
  if (pattern) {
    if (isSlowPattern(pattern)) {
      issues.push({ path: `${path}.validate.pattern`, code: 'pattern', message: MESSAGES.patternTooSlow });
    } else if (!compilePattern(pattern)) {
      issues.push({ path: `${path}.validate.pattern`, code: 'pattern', message: MESSAGES.patternInvalid });
    }
  }
}

function checkAddressParts(parts: readonly FormComponent[], path: string, issues: FormIssue[]): void {
  const seen = new Set<string>();
  parts.forEach((part, i) => {
    const partPath = `${path}.components[${i}]`;
    if (!ADDRESS_PART_TYPES.has(part.type)) {
      issues.push({ path: `${partPath}.type`, code: 'layout', message: MESSAGES.addressPartType });
    }
    if (seen.has(part.key)) issues.push({ path: `${partPath}.key`, code: 'duplicateKey', message: MESSAGES.keyExists });
    seen.add(part.key);
    checkComponent(part, partPath, issues);
  });
}
