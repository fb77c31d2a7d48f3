import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileLogic,
  getPath,
  isTruthy,
  type JsonLogicRule,
  LogicError,
  looseEquals,
  validateLogic,
} from './json-logic';

/** Runs a rule the way compiled forms do: compiled once (cached), then applied to the data. */
const evaluateLogic = (rule: JsonLogicRule, data: unknown) => compileLogic(rule)(data);

const run = (rule: unknown, data: unknown = {}) => evaluateLogic(rule, data);

describe('JSON Logic operators', () => {
  it('reads dotted paths, array indexes, the whole data and a default', () => {
    const data = { a: { b: [10, 20] }, n: 0 };
    expect(run({ var: 'a.b.1' }, data)).toBe(20);
    expect(run({ var: ['missing.path', 'dflt'] }, data)).toBe('dflt');
    expect(run({ var: 'n' }, data)).toBe(0);
    expect(run({ var: '' }, data)).toBe(data);
    expect(run({ var: 1 }, ['x', 'y'])).toBe('y');
  });

  it('never walks into prototypes or inherited properties', () => {
    const data = JSON.parse('{"__proto__": {"polluted": 1}, "a": {}}');
    expect(getPath(data, '__proto__.polluted')).toBeNull();
    expect(getPath({ a: {} }, 'a.toString')).toBeNull();
    expect(getPath({ a: {} }, 'a.constructor')).toBeNull();
    expect(getPath(Object.create({ inherited: 1 }), 'inherited')).toBeNull();
    expect(validateLogic({ var: 'data.__proto__.x' })).toHaveLength(1);
    expect(() => compileLogic({ var: 'constructor.prototype' })).toThrow(LogicError);
  });

  it('lists missing keys with missing and missing_some', () => {
    const data = { a: 1, b: '', c: null };
    expect(run({ missing: ['a', 'b', 'c', 'd'] }, data)).toEqual(['b', 'c', 'd']);
    expect(run({ missing_some: [1, ['a', 'b']] }, data)).toEqual([]);
    expect(run({ missing_some: [2, ['a', 'b', 'd']] }, data)).toEqual(['b', 'd']);
    expect(run({ missing: { merge: ['a', 'z'] } }, data)).toEqual(['z']);
  });

  it('chains if / ?: with an else branch', () => {
    const rule = { if: [{ '<': [{ var: 't' }, 0] }, 'freezing', { '<': [{ var: 't' }, 100] }, 'liquid', 'gas'] };
    expect(run(rule, { t: -5 })).toBe('freezing');
    expect(run(rule, { t: 50 })).toBe('liquid');
    expect(run(rule, { t: 150 })).toBe('gas');
    expect(run({ '?:': [false, 1, 2] })).toBe(2);
    expect(run({ if: [false, 1] })).toBeNull();
    expect(run({ if: [] })).toBeNull();
  });

  it('compares loosely and strictly like JavaScript', () => {
    expect(run({ '==': [1, '1'] })).toBe(true);
    expect(run({ '==': [0, ''] })).toBe(true);
    expect(run({ '==': [null, undefined] })).toBe(true);
    expect(run({ '==': [true, 1] })).toBe(true);
    expect(run({ '===': [1, '1'] })).toBe(false);
    expect(run({ '!=': ['a', 'b'] })).toBe(true);
    expect(run({ '!==': [1, 1] })).toBe(false);
    expect(looseEquals([1, 2], '1,2')).toBe(true);
    expect(looseEquals({ toString: 'x' }, 'x')).toBe(false);
  });

  it('negates with JSON Logic truthiness (empty array is false)', () => {
    expect(run({ '!': [[]] })).toBe(true);
    expect(run({ '!!': [['a']] })).toBe(true);
    expect(run({ '!!': '0' })).toBe(true);
    expect(isTruthy(0)).toBe(false);
  });

  it('short-circuits or / and returning the deciding value', () => {
    expect(run({ or: [false, 0, 'a', 'b'] })).toBe('a');
    expect(run({ and: [true, '', 'b'] })).toBe('');
    expect(run({ and: [1, 2] })).toBe(2);
    expect(run({ or: [false, { var: 'nope.x' }] })).toBeNull();
  });

  it('orders numbers and strings, including between', () => {
    expect(run({ '>': [2, 1] })).toBe(true);
    expect(run({ '>=': [1, 1] })).toBe(true);
    expect(run({ '<': ['a', 'b'] })).toBe(true);
    expect(run({ '<': ['10', 9] })).toBe(false);
    expect(run({ '<': [1, 2, 3] })).toBe(true);
    expect(run({ '<': [1, 1, 3] })).toBe(false);
    expect(run({ '<=': [1, 1, 3] })).toBe(true);
    expect(run({ '>': ['x', 1] })).toBe(false);
  });

  it('does arithmetic', () => {
    expect(run({ '+': [1, '2', 3.5] })).toBe(6.5);
    expect(run({ '-': [5, 2] })).toBe(3);
    expect(run({ '-': [5] })).toBe(-5);
    expect(run({ '*': [2, '3'] })).toBe(6);
    expect(run({ '/': [7, 2] })).toBe(3.5);
    expect(run({ '%': [7, 2] })).toBe(1);
    expect(run({ min: [3, 1, 2] })).toBe(1);
    expect(run({ max: [3, 1, 2] })).toBe(3);
    expect(run({ '+': [] })).toBe(0);
  });

  it('handles strings: cat, substr and in', () => {
    expect(run({ cat: ['I love', ' pie', 1, null] })).toBe('I love pie1null');
    expect(run({ substr: ['jsonlogic', 4] })).toBe('logic');
    expect(run({ substr: ['jsonlogic', -5] })).toBe('logic');
    expect(run({ substr: ['jsonlogic', 1, 3] })).toBe('son');
    expect(run({ substr: ['jsonlogic', 4, -2] })).toBe('log');
    expect(run({ in: ['Spring', 'Springfield'] })).toBe(true);
    expect(run({ in: ['b', ['a', 'b']] })).toBe(true);
    expect(run({ in: ['b', 5] })).toBe(false);
  });

  it('merges and iterates arrays', () => {
    expect(run({ merge: [[1, 2], 3, [4]] })).toEqual([1, 2, 3, 4]);
    const data = { xs: [1, 2, 3] };
    expect(run({ map: [{ var: 'xs' }, { '*': [{ var: '' }, 2] }] }, data)).toEqual([2, 4, 6]);
    expect(run({ filter: [{ var: 'xs' }, { '%': [{ var: '' }, 2] }] }, data)).toEqual([1, 3]);
    expect(run({ reduce: [{ var: 'xs' }, { '+': [{ var: 'current' }, { var: 'accumulator' }] }, 10] }, data)).toBe(16);
    expect(run({ all: [{ var: 'xs' }, { '>': [{ var: '' }, 0] }] }, data)).toBe(true);
    expect(run({ all: [[], true] })).toBe(false);
    expect(run({ some: [{ var: 'xs' }, { '>': [{ var: '' }, 2] }] }, data)).toBe(true);
    expect(run({ none: [{ var: 'xs' }, { '>': [{ var: '' }, 5] }] }, data)).toBe(true);
    expect(run({ map: [{ var: 'notAList' }, 1] }, data)).toEqual([]);
  });

  it('returns non-operation values as data', () => {
    expect(run(5)).toBe(5);
    expect(run([1, { var: 'a' }], { a: 2 })).toEqual([1, 2]);
    expect(run({ a: 1, b: 2 })).toEqual({ a: 1, b: 2 });
  });
});

describe('validateLogic', () => {
  it('reports unknown operators by path and has no method operator', () => {
    expect(validateLogic({ and: [true, { method: ['x', 'toUpperCase'] }] }, 'calculateValue')).toEqual([
      { path: 'calculateValue.and[1].method', message: "Unknown JSON Logic operator 'method'" },
    ]);
    expect(() => evaluateLogic({ log: 1 }, {})).toThrow(LogicError);
  });

  it('refuses deep and huge rules', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = { '!': [deep] };
    expect(validateLogic(deep).some((i) => i.message.includes('nested too deeply'))).toBe(true);
    const huge = { and: Array.from({ length: 5000 }, () => true) };
    expect(validateLogic(huge).some((i) => i.message.includes('too large'))).toBe(true);
  });

  it('refuses map, filter and reduce with the wrong number of arguments', () => {
    expect(validateLogic({ map: [[1]] })).toHaveLength(1);
    expect(validateLogic({ reduce: [[1], 1, 0] })).toHaveLength(0);
  });
});

describe('evaluation budget', () => {
  it('stops a rule whose output doubles on every step', () => {
    const xs = Array.from({ length: 60 }, (_, i) => i);
    const rule = { reduce: [{ var: 'xs' }, { cat: [{ var: 'accumulator' }, { var: 'accumulator' }] }, 'ab'] };
    const started = Date.now();
    expect(() => evaluateLogic(rule, { xs })).toThrow(LogicError);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('stops nested loops that would run too many steps', () => {
    const xs = Array.from({ length: 1000 }, (_, i) => i);
    const rule = { map: [{ var: 'xs' }, { map: [{ var: '' }, 1] }] };
    // The inner list is not an array, so this is cheap; a real cross product is not.
    expect(() => evaluateLogic(rule, { xs })).not.toThrow();
    const cross = {
      reduce: [{ var: 'xs' }, { merge: [{ var: 'accumulator' }, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]] }, []],
    };
    expect(() => evaluateLogic(cross, { xs })).toThrow(LogicError);
  });

  it('never throws anything but LogicError on arbitrary JSON rules and data', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.jsonValue({ maxDepth: 4 }), (rule, data) => {
        try {
          evaluateLogic(rule, data);
        } catch (error) {
          expect(error).toBeInstanceOf(LogicError);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on generated rules built from known operators', () => {
    const ops = ['==', '!=', '<', '>', '+', '-', '*', '/', 'cat', 'in', 'and', 'or', '!', 'if', 'merge', 'min', 'max'];
    const leaf = fc.oneof(fc.integer(), fc.string({ maxLength: 5 }), fc.boolean(), fc.constant(null));
    const rule = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.record({ var: fc.constantFrom('a', 'b', 'a.b', 'zz') }),
        fc
          .tuple(fc.constantFrom(...ops), fc.array(tie('node'), { maxLength: 3 }))
          .map(([op, args]) => ({ [op]: args })),
      ),
    })).node;
    fc.assert(
      fc.property(rule, fc.record({ a: leaf, b: leaf }), (r, data) => {
        expect(() => evaluateLogic(r, data)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });
});
