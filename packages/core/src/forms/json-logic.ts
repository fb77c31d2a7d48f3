import { ENGINE_MESSAGES as MESSAGES } from '../messages-engine';
import { FORBIDDEN_KEYS, isPlainObject, joinPath } from './path';

/**
 * A small JSON Logic (jsonlogic.com) evaluator of our own. Rules come from form authors and imported Form.io
 * JSON, so they are data, never code: there is no `method` operator, no eval, and every evaluation has a
 * budget of steps, depth and output size so a hostile rule finishes fast.
 */

/** A JSON Logic rule: any JSON value; an object with exactly one key is an operation. */
export type JsonLogicRule = unknown;

/** Bounds on rules and on one evaluation. */
export const LOGIC_LIMITS = {
  /** Nesting of operations inside one rule. */
  maxDepth: 32,
  /** Operations and values inside one rule. */
  maxNodes: 2_000,
  /** Operations run by one evaluation, loops included. */
  maxSteps: 20_000,
  /** Longest string `cat` may build. */
  maxString: 100_000,
  /** Longest array `merge`, `map` or `filter` may build. */
  maxArray: 10_000,
} as const;

export const LOGIC_OPERATORS = [
  'var',
  'missing',
  'missing_some',
  'if',
  '?:',
  '==',
  '===',
  '!=',
  '!==',
  '!',
  '!!',
  'or',
  'and',
  '>',
  '>=',
  '<',
  '<=',
  '+',
  '-',
  '*',
  '/',
  '%',
  'min',
  'max',
  'cat',
  'substr',
  'in',
  'merge',
  'map',
  'filter',
  'reduce',
  'all',
  'some',
  'none',
] as const;
export type LogicOperator = (typeof LOGIC_OPERATORS)[number];
const OPERATOR_SET: ReadonlySet<string> = new Set(LOGIC_OPERATORS);

/** A problem in a rule, at a path such as `calculateValue.if[0]`. */
export interface LogicIssue {
  path: string;
  message: string;
}

/** Thrown at run time for an invalid rule or an exhausted budget; never for ordinary data. */
export class LogicError extends Error {
  override name = 'LogicError';
}

/** JSON Logic truthiness: like JavaScript, except that an empty array is false. */
export function isTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return Boolean(value);
}

/** Checks a rule without running it: unknown operators, forbidden `var` paths, depth and size. */
export function validateLogic(rule: JsonLogicRule, basePath = ''): LogicIssue[] {
  const issues: LogicIssue[] = [];
  let nodes = 0;
  const walk = (node: unknown, path: string, depth: number): void => {
    if (issues.length > 20) return;
    nodes += 1;
    if (nodes === LOGIC_LIMITS.maxNodes + 1)
      issues.push({ path, message: MESSAGES.logicTooLarge(LOGIC_LIMITS.maxNodes) });
    if (nodes > LOGIC_LIMITS.maxNodes) return;
    if (depth > LOGIC_LIMITS.maxDepth) {
      issues.push({ path, message: MESSAGES.logicTooDeep(LOGIC_LIMITS.maxDepth) });
      return;
    }
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        walk(item, joinPath(path, i), depth + 1);
      });
      return;
    }
    if (!isPlainObject(node)) {
      if (node !== null && typeof node === 'object') issues.push({ path, message: MESSAGES.notJson });
      if (typeof node === 'function' || typeof node === 'symbol' || typeof node === 'bigint')
        issues.push({ path, message: MESSAGES.notJson });
      return;
    }
    const keys = Object.keys(node);
    if (keys.length !== 1) {
      // JSON Logic reads such objects as literal data; their keys still must not reach a prototype.
      for (const k of keys) {
        if (FORBIDDEN_KEYS.has(k)) issues.push({ path: joinPath(path, k), message: MESSAGES.forbiddenKey(k) });
        else walk(node[k], joinPath(path, k), depth + 1);
      }
      return;
    }
    const op = keys[0] as string;
    const opPath = joinPath(path, op);
    if (!OPERATOR_SET.has(op)) {
      issues.push({ path: opPath, message: MESSAGES.unknownOperator(op) });
      return;
    }
    const args = node[op];
    if (op === 'var' || op === 'missing' || op === 'missing_some') checkVarPaths(op, args, opPath, issues);
    if ((op === 'map' || op === 'filter' || op === 'all' || op === 'some' || op === 'none') && !isArgList(args, 2))
      issues.push({ path: opPath, message: MESSAGES.logicArgs(op) });
    if (op === 'reduce' && !isArgList(args, 2) && !isArgList(args, 3))
      issues.push({ path: opPath, message: MESSAGES.logicArgs(op) });
    walk(args, opPath, depth + 1);
  };
  walk(rule, basePath, 0);
  return issues;
}

function isArgList(args: unknown, length: number): boolean {
  return Array.isArray(args) && args.length === length;
}

function checkVarPaths(op: string, args: unknown, path: string, issues: LogicIssue[]): void {
  const list = Array.isArray(args) ? args : [args];
  const literals = op === 'var' ? list.slice(0, 1) : op === 'missing_some' ? [list[1]] : list;
  for (const lit of literals.flat()) {
    if (typeof lit !== 'string') continue;
    for (const seg of lit.split('.')) {
      if (FORBIDDEN_KEYS.has(seg)) issues.push({ path, message: MESSAGES.forbiddenKey(seg) });
    }
  }
}

interface Budget {
  steps: number;
}
type Evaluator = (data: unknown, budget: Budget) => unknown;

/** A rule turned into a function once, so that repeated evaluation does not walk the JSON again. */
export type CompiledLogic = (data: unknown) => unknown;

const compiledCache = new WeakMap<object, CompiledLogic>();

/** Validates and compiles a rule; throws `LogicError` naming the first problem. */
export function compileLogic(rule: JsonLogicRule): CompiledLogic {
  if (typeof rule === 'object' && rule !== null) {
    const cached = compiledCache.get(rule);
    if (cached) return cached;
  }
  const issues = validateLogic(rule);
  if (issues.length > 0) {
    const first = issues[0] as LogicIssue;
    throw new LogicError(first.path ? `${first.path}: ${first.message}` : first.message);
  }
  const evaluator = compileNode(rule);
  const compiled: CompiledLogic = (data) => evaluator(data, { steps: 0 });
  if (typeof rule === 'object' && rule !== null) compiledCache.set(rule, compiled);
  return compiled;
}

function tick(budget: Budget): void {
  budget.steps += 1;
  if (budget.steps > LOGIC_LIMITS.maxSteps) throw new LogicError(MESSAGES.logicTooLarge(LOGIC_LIMITS.maxSteps));
}

function charge(budget: Budget, cost: number): void {
  budget.steps += cost;
  if (budget.steps > LOGIC_LIMITS.maxSteps) throw new LogicError(MESSAGES.logicTooLarge(LOGIC_LIMITS.maxSteps));
}

function compileNode(node: unknown): Evaluator {
  if (Array.isArray(node)) {
    const items = node.map(compileNode);
    return (data, budget) => items.map((f) => f(data, budget));
  }
  if (!isPlainObject(node)) return () => node;
  const keys = Object.keys(node);
  if (keys.length !== 1) return () => node;
  const op = keys[0] as LogicOperator;
  const raw = node[op];
  const argNodes = Array.isArray(raw) ? raw : [raw];
  const args = argNodes.map(compileNode);
  const special = compileSpecial(op, args, argNodes);
  if (special) {
    return (data, budget) => {
      tick(budget);
      return special(data, budget);
    };
  }
  const apply = PLAIN_OPERATIONS[op as PlainOperator];
  return (data, budget) => {
    tick(budget);
    const values = args.map((f) => f(data, budget));
    const result = apply(values, data);
    // Building big values costs in proportion, so repeated merging or concatenation in a loop runs out of budget.
    if (Array.isArray(result)) charge(budget, result.length);
    else if (typeof result === 'string') charge(budget, result.length >> 6);
    return result;
  };
}

function compileSpecial(op: LogicOperator, args: Evaluator[], argNodes: unknown[]): Evaluator | undefined {
  switch (op) {
    case 'var': {
      // The common case, a constant dotted path: split once, not at every evaluation.
      const path = argNodes[0];
      if (typeof path !== 'string' || path === '' || argNodes.length > 2) return undefined;
      const segments = path.split('.');
      if (segments.some((seg) => FORBIDDEN_KEYS.has(seg))) return undefined;
      const fallback = args[1];
      return (data, budget) => {
        let current: unknown = data;
        for (const seg of segments) {
          if (typeof current !== 'object' || current === null || !Object.hasOwn(current, seg)) {
            return fallback ? (fallback(data, budget) ?? null) : null;
          }
          current = (current as Record<string, unknown>)[seg];
          if (current === undefined) return fallback ? (fallback(data, budget) ?? null) : null;
        }
        return current;
      };
    }
    case 'if':
    case '?:':
      return (data, budget) => {
        let i = 0;
        for (; i + 1 < args.length; i += 2) {
          if (isTruthy(run(args[i], data, budget))) return run(args[i + 1], data, budget);
        }
        return i < args.length ? run(args[i], data, budget) : null;
      };
    case 'or':
    case 'and':
      return (data, budget) => {
        let current: unknown = null;
        for (const f of args) {
          current = f(data, budget);
          if (isTruthy(current) === (op === 'or')) return current;
        }
        return current;
      };
    case 'map':
    case 'filter':
    case 'all':
    case 'some':
    case 'none':
      return (data, budget) => {
        const list = run(args[0], data, budget);
        const items = Array.isArray(list) ? list : [];
        const body = args[1];
        // Each item costs a step even when the body is a constant, so a long list cannot run for free.
        const each = (item: unknown) => {
          tick(budget);
          return run(body, item, budget);
        };
        if (op === 'map') return items.map(each);
        if (op === 'filter') return items.filter((item) => isTruthy(each(item)));
        if (op === 'all') return items.length > 0 && items.every((item) => isTruthy(each(item)));
        const found = items.some((item) => isTruthy(each(item)));
        return op === 'some' ? found : !found;
      };
    case 'reduce':
      return (data, budget) => {
        const list = run(args[0], data, budget);
        let accumulator: unknown = run(args[2], data, budget) ?? null;
        if (!Array.isArray(list)) return accumulator;
        for (const current of list) {
          tick(budget);
          accumulator = run(args[1], { current, accumulator }, budget);
        }
        return accumulator;
      };
    default:
      return undefined;
  }
}

function run(f: Evaluator | undefined, data: unknown, budget: Budget): unknown {
  return f ? f(data, budget) : null;
}

/** Reads a dotted path through own properties only, so no rule can reach a prototype. */
export function getPath(data: unknown, path: unknown, fallback: unknown = null): unknown {
  if (path === null || path === undefined || path === '') return data;
  const segments = typeof path === 'number' ? [String(path)] : typeof path === 'string' ? path.split('.') : null;
  if (!segments) return fallback;
  let current: unknown = data;
  for (const seg of segments) {
    if (FORBIDDEN_KEYS.has(seg)) return fallback;
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, seg)) return fallback;
    current = (current as Record<string, unknown>)[seg];
    if (current === undefined) return fallback;
  }
  return current;
}

/** JavaScript's string form of a JSON value, computed without calling any method found on the value. */
function stringify(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => (v === null || v === undefined ? '' : stringify(v))).join(',');
  if (isPlainObject(value)) return '[object Object]';
  return String(value);
}

function toPrimitive(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? stringify(value) : value;
}

/** JavaScript `==` on JSON values, without coercion through methods the data could define. */
export function looseEquals(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) {
    return (a === null || a === undefined) && (b === null || b === undefined);
  }
  if (typeof a === 'object' && typeof b === 'object') return false;
  if (typeof a === 'boolean') return looseEquals(a ? 1 : 0, b);
  if (typeof b === 'boolean') return looseEquals(a, b ? 1 : 0);
  const pa = toPrimitive(a);
  const pb = toPrimitive(b);
  if (typeof pa === 'string' && typeof pb === 'string') return pa === pb;
  return Number(pa) === Number(pb);
}

function compare(a: unknown, b: unknown): number {
  const pa = toPrimitive(a);
  const pb = toPrimitive(b);
  if (typeof pa === 'string' && typeof pb === 'string') return pa < pb ? -1 : pa > pb ? 1 : 0;
  const na = Number(pa);
  const nb = Number(pb);
  if (Number.isNaN(na) || Number.isNaN(nb)) return Number.NaN;
  return na - nb;
}

const lessThan = (a: unknown, b: unknown) => compare(a, b) < 0;
const lessOrEqual = (a: unknown, b: unknown) => compare(a, b) <= 0;

function toFloat(value: unknown): number {
  if (typeof value === 'number') return value;
  return Number.parseFloat(stringify(value));
}

function limitArray<T>(list: T[]): T[] {
  if (list.length > LOGIC_LIMITS.maxArray) throw new LogicError(MESSAGES.logicTooLarge(LOGIC_LIMITS.maxArray));
  return list;
}

function missingKeys(keys: unknown[], data: unknown): unknown[] {
  const list = Array.isArray(keys[0]) ? (keys[0] as unknown[]) : keys;
  return list.filter((key) => {
    const value = getPath(data, key);
    return value === null || value === '';
  });
}

type PlainOperator = Exclude<
  LogicOperator,
  'if' | '?:' | 'or' | 'and' | 'map' | 'filter' | 'all' | 'some' | 'none' | 'reduce'
>;

const PLAIN_OPERATIONS: Record<PlainOperator, (v: unknown[], data: unknown) => unknown> = {
  var: ([path, fallback], data) => getPath(data, path, fallback ?? null),
  missing: (v, data) => missingKeys(v, data),
  missing_some: ([need, keys], data) => {
    const list = Array.isArray(keys) ? keys : [];
    const missing = missingKeys(list, data);
    return list.length - missing.length >= Number(need) ? [] : missing;
  },
  '==': ([a, b]) => looseEquals(a, b),
  '===': ([a, b]) => a === b,
  '!=': ([a, b]) => !looseEquals(a, b),
  '!==': ([a, b]) => a !== b,
  '!': ([a]) => !isTruthy(a),
  '!!': ([a]) => isTruthy(a),
  '>': ([a, b]) => compare(a, b) > 0,
  '>=': ([a, b]) => compare(a, b) >= 0,
  '<': ([a, b, c]) => (c === undefined ? lessThan(a, b) : lessThan(a, b) && lessThan(b, c)),
  '<=': ([a, b, c]) => (c === undefined ? lessOrEqual(a, b) : lessOrEqual(a, b) && lessOrEqual(b, c)),
  '+': (v) => v.reduce<number>((sum, x) => sum + toFloat(x), 0),
  '*': (v) => (v.length === 0 ? null : v.reduce<number>((product, x) => product * toFloat(x), 1)),
  '-': ([a, b]) => (b === undefined ? -Number(toPrimitive(a)) : Number(toPrimitive(a)) - Number(toPrimitive(b))),
  '/': ([a, b]) => Number(toPrimitive(a)) / Number(toPrimitive(b)),
  '%': ([a, b]) => Number(toPrimitive(a)) % Number(toPrimitive(b)),
  min: (v) => (v.length === 0 ? null : Math.min(...v.map((x) => Number(toPrimitive(x))))),
  max: (v) => (v.length === 0 ? null : Math.max(...v.map((x) => Number(toPrimitive(x))))),
  cat: (v) => {
    let out = '';
    for (const x of v) {
      out += stringify(x);
      if (out.length > LOGIC_LIMITS.maxString) throw new LogicError(MESSAGES.logicTooLarge(LOGIC_LIMITS.maxString));
    }
    return out;
  },
  substr: ([source, start, length]) => {
    const text = stringify(source);
    const from = Number(start) || 0;
    const begin = from < 0 ? Math.max(text.length + from, 0) : from;
    if (length === undefined || length === null) return text.slice(begin);
    const len = Number(length) || 0;
    return len < 0 ? text.slice(begin, text.length + len) : text.slice(begin, begin + len);
  },
  in: ([a, b]) => {
    if (typeof b === 'string') return b.includes(stringify(a));
    if (Array.isArray(b)) return b.includes(a);
    return false;
  },
  merge: (v) => limitArray(v.flatMap((x) => (Array.isArray(x) ? x : [x]))),
};
