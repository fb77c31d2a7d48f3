import type { JsonLogicRule } from './json-logic';

/**
 * Reads the few JavaScript shapes Form.io's builder users write most, and turns them into JSON Logic without ever
 * running them (decision 028): `show = data.x === 'y' && row.n > 2;`, `value = data.a + data.b * 2;`,
 * `valid = input === data.email ? true : 'Must match';`. The grammar is exactly this subset:
 *
 *   program    := statement
 *   statement  := 'if' '(' expr ')' block ('else' block)?      (no else: the slot's default, null for value)
 *              |  ('var' | 'let' | 'const')? TARGET '=' expr ';'?  (TARGET is the one variable the slot assigns)
 *   block      := '{' statement '}' | statement
 *   expr       := or ('?' expr ':' expr)?
 *   or         := and ('||' and)*
 *   and        := unary ('&&' unary)*
 *   unary      := '!' unary | comparison
 *   comparison := sum (('===' | '!==' | '==' | '!=' | '<' | '>' | '<=' | '>=') sum)?
 *   sum        := product (('+' | '-') product)*
 *   product    := atom (('*' | '/') atom)*
 *   atom       := number | string | `template ${expr}` | true | false | null | '-' atom | '(' expr ')'
 *              |  ('data' | 'row') ('.' name)+ | 'input' | 'value'
 *              |  ('parseFloat' | 'parseInt') '(' expr (',' 10)? ')' | 'Math.' ('min' | 'max') '(' expr (',' expr)* ')'
 *
 * Anything else (calls, brackets, assignments to other names, several statements, `instance`, `_`, `moment`) is
 * not read: the caller refuses the script by path, as before.
 */

type Token =
  | { kind: 'num'; value: number }
  | { kind: 'str'; value: string }
  | { kind: 'name'; value: string }
  | { kind: 'op'; value: string };

const OPERATORS = [
  '{',
  '}',
  '[',
  ']',
  ',',
  '===',
  '!==',
  '==',
  '!=',
  '<=',
  '>=',
  '&&',
  '||',
  '<',
  '>',
  '+',
  '-',
  '*',
  '/',
  '!',
  '(',
  ')',
  '.',
  '=',
  ';',
  '?',
  ':',
];
/** Scripts longer than this are never Form.io's one-line shapes; they are refused unread. */
const MAX_SCRIPT = 2_000;
const MAX_DEPTH = 30;

function tokenize(source: string): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (/[0-9]/.test(c) || (c === '.' && /[0-9]/.test(source[i + 1] ?? ''))) {
      const m = /^(?:\d+(?:\.\d+)?|\.\d+)/.exec(source.slice(i));
      if (!m) return undefined;
      tokens.push({ kind: 'num', value: Number(m[0]) });
      i += m[0].length;
      continue;
    }
    if (c === '`') {
      const end = source.indexOf('`', i + 1);
      if (end < 0) return undefined;
      const parts = templateTokens(source.slice(i + 1, end));
      if (!parts) return undefined;
      tokens.push(...parts);
      i = end + 1;
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      let text = '';
      while (j < source.length && source[j] !== c) {
        if (source[j] === '\\') {
          const next = source[j + 1];
          if (next === undefined || !`'"\\`.includes(next)) return undefined;
          text += next;
          j += 2;
        } else {
          text += source[j];
          j++;
        }
      }
      if (j >= source.length) return undefined;
      tokens.push({ kind: 'str', value: text });
      i = j + 1;
      continue;
    }
    if (/[A-Za-z_$]/.test(c)) {
      const m = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(source.slice(i)) as RegExpExecArray;
      tokens.push({ kind: 'name', value: m[0] });
      i += m[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => source.startsWith(o, i));
    if (!op) return undefined;
    tokens.push({ kind: 'op', value: op });
    i += op.length;
  }
  return tokens;
}

/**
 * A template literal as the tokens of `('' + (expr) + 'text' + ...)`: the leading empty text makes `+` join text,
 * as the template does. Nested templates, braces and escapes inside it are not read.
 */
function templateTokens(body: string): Token[] | undefined {
  if (body.includes('\\')) return undefined;
  const tokens: Token[] = [
    { kind: 'op', value: '(' },
    { kind: 'str', value: '' },
  ];
  let i = 0;
  while (i < body.length) {
    const open = body.indexOf('${', i);
    const text = open < 0 ? body.slice(i) : body.slice(i, open);
    if (text !== '') tokens.push({ kind: 'op', value: '+' }, { kind: 'str', value: text });
    if (open < 0) break;
    const close = body.indexOf('}', open + 2);
    if (close < 0) return undefined;
    const inner = tokenize(body.slice(open + 2, close));
    if (!inner || inner.length === 0 || inner.some((t) => t.kind === 'op' && (t.value === '{' || t.value === '}')))
      return undefined;
    tokens.push({ kind: 'op', value: '+' }, { kind: 'op', value: '(' }, ...inner, { kind: 'op', value: ')' });
    i = close + 1;
  }
  tokens.push({ kind: 'op', value: ')' });
  return tokens;
}

class Unsupported extends Error {}

/** What a slot's variable holds when the script does not assign it (an `if` without `else`), as Form.io reads it. */
const UNASSIGNED = { show: true, value: null, valid: true, result: false } as const;

/** The operands of `rule` when it is an `op` operation, to extend a chain `a + b + c` flat instead of nesting it. */
const operandsOf = (rule: JsonLogicRule, op: string): JsonLogicRule[] | undefined => {
  if (typeof rule !== 'object' || rule === null || Array.isArray(rule)) return undefined;
  const keys = Object.keys(rule);
  const args = (rule as Record<string, unknown>)[op];
  return keys.length === 1 && keys[0] === op && Array.isArray(args) ? (args as JsonLogicRule[]) : undefined;
};

/** `left op right`, joined into left's operands when left is already an `op` chain (`+`, `*` and `cat` take many). */
const chain = (op: string, left: JsonLogicRule, right: JsonLogicRule): JsonLogicRule => ({
  [op]: [...(operandsOf(left, op) ?? [left]), right],
});

const COMPARISONS: Record<string, string> = {
  '===': '===',
  '!==': '!==',
  '==': '==',
  '!=': '!=',
  '<': '<',
  '>': '>',
  '<=': '<=',
  '>=': '>=',
};

type Target = keyof typeof UNASSIGNED;

function parse(tokens: Token[], target: Target): JsonLogicRule {
  let pos = 0;
  let depth = 0;
  const peek = () => tokens[pos];
  const isOp = (value: string) => {
    const t = tokens[pos];
    return t?.kind === 'op' && t.value === value;
  };
  const expect = (value: string) => {
    if (!isOp(value)) throw new Unsupported();
    pos++;
  };
  const nested = <T>(fn: () => T): T => {
    depth++;
    if (depth > MAX_DEPTH) throw new Unsupported();
    try {
      return fn();
    } finally {
      depth--;
    }
  };

  const atom = (): JsonLogicRule =>
    nested(() => {
      const t = peek();
      if (!t) throw new Unsupported();
      pos++;
      if (t.kind === 'num' || t.kind === 'str') return t.value;
      if (t.kind === 'op') {
        if (t.value === '(') {
          const inner = expr();
          expect(')');
          return inner;
        }
        if (t.value === '[') {
          // An array of literals, as in `value = [];`
          const items: JsonLogicRule[] = [];
          while (!isOp(']')) {
            const item = atom();
            if (typeof item === 'object' && item !== null) throw new Unsupported();
            items.push(item);
            if (!isOp(']')) expect(',');
          }
          pos++;
          return items.length === 0 ? { merge: [] } : { merge: items };
        }
        if (t.value === '-') {
          const operand = atom();
          return typeof operand === 'number' ? -operand : { '-': [operand] };
        }
        throw new Unsupported();
      }
      if (t.value === 'true') return true;
      if (t.value === 'false') return false;
      if (t.value === 'null') return null;
      if (t.value === 'input' || t.value === 'value') return { var: t.value };
      if (t.value === '_') return lodashGet();
      if (t.value === 'parseFloat' || t.value === 'parseInt') return toNumber(t.value === 'parseInt');
      if (t.value === 'Math') return minMax();
      if (t.value !== 'data' && t.value !== 'row') throw new Unsupported();
      const path = [t.value];
      for (;;) {
        if (isOp('.')) {
          pos++;
          const name = peek();
          if (name?.kind !== 'name') throw new Unsupported();
          path.push(name.value);
          pos++;
        } else if (isOp('[')) {
          // data['key']: a quoted key is the same as data.key
          pos++;
          const name = peek();
          if (name?.kind !== 'str' || !/^[A-Za-z0-9_]+$/.test(name.value)) throw new Unsupported();
          pos++;
          expect(']');
          path.push(name.value);
        } else break;
      }
      if (path.length < 2 || isOp('(')) throw new Unsupported();
      return { var: path.join('.') };
    });

  /** `_.get(data, 'a.b')` or `_.get(row, 'a', fallback)`: a path read with an optional literal fallback. */
  const lodashGet = (): JsonLogicRule => {
    expect('.');
    const fn = peek();
    if (fn?.kind !== 'name' || fn.value !== 'get') throw new Unsupported();
    pos++;
    expect('(');
    const base = peek();
    if (base?.kind !== 'name' || (base.value !== 'data' && base.value !== 'row')) throw new Unsupported();
    pos++;
    expect(',');
    const key = peek();
    if (key?.kind !== 'str' || !/^[A-Za-z0-9_.]+$/.test(key.value)) throw new Unsupported();
    pos++;
    let fallback: { value: JsonLogicRule } | undefined;
    if (isOp(',')) {
      pos++;
      const literal = peek();
      if (
        !literal ||
        (literal.kind !== 'num' &&
          literal.kind !== 'str' &&
          !(literal.kind === 'name' && ['true', 'false', 'null'].includes(literal.value)))
      )
        throw new Unsupported();
      fallback = { value: atom() };
    }
    expect(')');
    const path = `${base.value}.${key.value}`;
    return fallback === undefined ? { var: path } : { var: [path, fallback.value] };
  };

  /**
   * `parseFloat(x)` as JSON Logic's `+` of one operand (the same parseFloat); `parseInt(x)` also drops the fraction
   * toward zero, as parseInt does for a number's digits.
   */
  const toNumber = (integer: boolean): JsonLogicRule => {
    expect('(');
    const operand = expr();
    if (isOp(',')) {
      pos++;
      const radix = peek();
      if (radix?.kind !== 'num' || radix.value !== 10) throw new Unsupported();
      pos++;
    }
    expect(')');
    const number = { '+': [operand] };
    return integer ? { '-': [number, { '%': [number, 1] }] } : number;
  };

  /** `Math.min(a, b, ...)` and `Math.max(...)`: JSON Logic's min and max. */
  const minMax = (): JsonLogicRule => {
    expect('.');
    const fn = peek();
    if (fn?.kind !== 'name' || (fn.value !== 'min' && fn.value !== 'max')) throw new Unsupported();
    pos++;
    expect('(');
    const args = [expr()];
    while (isOp(',')) {
      pos++;
      args.push(expr());
    }
    expect(')');
    return { [fn.value]: args };
  };

  const product = (): JsonLogicRule => {
    let left = atom();
    while (isOp('*') || isOp('/')) {
      const op = (peek() as Token).value as string;
      pos++;
      const right = atom();
      // JSON Logic's * takes many operands: a long product stays one level deep (its depth is bounded).
      left = op === '*' ? chain('*', left, right) : { [op]: [left, right] };
    }
    return left;
  };

  const sum = (): JsonLogicRule => {
    let left = product();
    while (isOp('+') || isOp('-')) {
      const op = (peek() as Token).value as string;
      pos++;
      const right = product();
      // JavaScript's + joins text when either side is text; JSON Logic's + is numeric, 'cat' joins.
      // Both take many operands, so a long sum stays one level deep (JSON Logic's depth is bounded).
      const textual = typeof left === 'string' || typeof right === 'string' || operandsOf(left, 'cat') !== undefined;
      if (op === '+') left = chain(textual ? 'cat' : '+', left, right);
      else left = { [op]: [left, right] };
    }
    return left;
  };

  const comparison = (): JsonLogicRule => {
    const left = sum();
    const t = peek();
    if (t?.kind === 'op' && COMPARISONS[t.value]) {
      pos++;
      return { [COMPARISONS[t.value] as string]: [left, sum()] };
    }
    return left;
  };

  const unary = (): JsonLogicRule =>
    nested(() => {
      if (isOp('!')) {
        pos++;
        return { '!': [unary()] };
      }
      return comparison();
    });

  const and = (): JsonLogicRule => {
    const items = [unary()];
    while (isOp('&&')) {
      pos++;
      items.push(unary());
    }
    return items.length === 1 ? items[0] : { and: items };
  };

  const or = (): JsonLogicRule => {
    const items = [and()];
    while (isOp('||')) {
      pos++;
      items.push(and());
    }
    return items.length === 1 ? items[0] : { or: items };
  };

  function expr(): JsonLogicRule {
    return nested(() => {
      const test = or();
      if (!isOp('?')) return test;
      pos++;
      const then = expr();
      expect(':');
      return { if: [test, then, expr()] };
    });
  }

  const assignment = (): JsonLogicRule => {
    const first = peek();
    if (first?.kind === 'name' && (first.value === 'var' || first.value === 'let' || first.value === 'const')) pos++;
    const name = peek();
    // Form.io wraps every script in a function, so `return <expr>` gives the slot's value too.
    if (name?.kind === 'name' && name.value === 'return') pos++;
    else {
      if (name?.kind !== 'name' || name.value !== target) throw new Unsupported();
      pos++;
      expect('=');
    }
    const rule = expr();
    if (isOp(';')) pos++;
    return rule;
  };

  const block = (): JsonLogicRule => {
    if (!isOp('{')) return statement();
    pos++;
    const inner = statement();
    expect('}');
    return inner;
  };

  function statement(): JsonLogicRule {
    return nested(() => {
      const t = peek();
      if (t?.kind !== 'name' || t.value !== 'if') return assignment();
      pos++;
      expect('(');
      const test = expr();
      expect(')');
      const then = block();
      const next = peek();
      if (next?.kind !== 'name' || next.value !== 'else') return { if: [test, then, UNASSIGNED[target]] };
      pos++;
      return { if: [test, then, block()] };
    });
  }

  const rule = statement();
  if (pos !== tokens.length) throw new Unsupported();
  return rule;
}

/**
 * The JSON Logic of a Form.io script of the supported subset that assigns `target` (`show`, `value`, `valid`,
 * `result`), or undefined when the script is anything else. Never evaluates the script.
 */
export function translateScript(
  source: string,
  target: 'show' | 'value' | 'valid' | 'result',
): JsonLogicRule | undefined {
  if (source.length > MAX_SCRIPT) return undefined;
  const tokens = tokenize(source.trim());
  if (!tokens || tokens.length === 0) return undefined;
  try {
    const rule = parse(tokens, target);
    // A bare text would read as a script again in a rule place; the same text as an operation does not.
    return typeof rule === 'string' ? { cat: [rule] } : rule;
  } catch (error) {
    if (error instanceof Unsupported) return undefined;
    throw error;
  }
}
