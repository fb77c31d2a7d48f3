import { describe, expect, it } from 'vitest';
import { translateScript } from './formio-script';
import { compileLogic, validateLogic } from './json-logic';

const run = (script: string, target: 'show' | 'value' | 'valid', data: Record<string, unknown>, row = data) => {
  const rule = translateScript(script, target);
  if (rule === undefined) throw new Error(`not translated: ${script}`);
  return compileLogic(rule)({ data, row });
};

describe('translateScript', () => {
  it('translates show = comparisons joined by && and || with parentheses', () => {
    expect(translateScript("show = data.type === 'llc';", 'show')).toEqual({ '===': [{ var: 'data.type' }, 'llc'] });
    const script = "show = (data.a == 'x' || data.b != 2) && !data.c && row.n >= 10";
    expect(run(script, 'show', { a: 'x', b: 2, c: false }, { n: 10 })).toBe(true);
    expect(run(script, 'show', { a: 'y', b: 2, c: false }, { n: 10 })).toBe(false);
    expect(run(script, 'show', { a: 'x', b: 2, c: true }, { n: 10 })).toBe(false);
    expect(run(script, 'show', { a: 'x', b: 2, c: false }, { n: 9 })).toBe(false);
    expect(run('show = data.x < 3 && data.x > 1;', 'show', { x: 2 })).toBe(true);
    expect(run('show = data.x <= 3 || data.x !== 5;', 'show', { x: 5 })).toBe(false);
  });

  it('translates value = arithmetic on data and row with number literals', () => {
    expect(run('value = data.a + data.b;', 'value', { a: 2, b: 3 })).toBe(5);
    expect(run('value = data.a * 2 - row.c', 'value', { a: 4 }, { c: 1 })).toBe(7);
    expect(run('value = (data.a + 1) * 3;', 'value', { a: 1 })).toBe(6);
    expect(run("value = data.first + ' ' + data.last;", 'value', { first: 'Ann', last: 'Lee' })).toBe('Ann Lee');
    expect(run("value = (data['a'] || 0) + (data['b'] || 0);", 'value', { a: 2 })).toBe(2);
    expect(run("show = !!_.get(data, 'outer.first');", 'show', { outer: { first: 'x' } })).toBe(true);
    expect(run("value = '000123';", 'value', {})).toBe('000123');
    expect(run('value = [];', 'value', {})).toEqual([]);
  });

  it('translates a validation ternary', () => {
    const script = "valid = input === data.email ? true : 'Emails must match';";
    const rule = translateScript(script, 'valid');
    expect(compileLogic(rule)({ data: { email: 'a@b.c' }, input: 'a@b.c' })).toBe(true);
    expect(compileLogic(rule)({ data: { email: 'a@b.c' }, input: 'x' })).toBe('Emails must match');
  });

  it.each([
    "show = _.get(instance, 'parent.manualMode', false);",
    'show = data.x.includes("a");',
    'show = data[x] === 1;',
    'value = moment().format();',
    'show = true; value = 1;',
    'data.x = 1;',
    'value = data.a; show = true',
    'show = instance.root.data.a;',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a Form.io script, read and never run
    'show = data.x === `a${data.y.includes("b")}`;',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a Form.io script, read and never run
    'show = data.x === `a${`b`}`;',
    'value = if (data.a) { value = 1; }',
    'if (data.a) { value = 1; show = 2; }',
    'value = parseInt(data.a, 16);',
    'value = Math.pow(data.a, 2);',
    'show == data.x',
    'value = data.a +',
    'value = data',
    'show = (data.a',
    '',
  ])('leaves %j untranslated', (script) => {
    expect(translateScript(script, script.startsWith('value') ? 'value' : 'show')).toBeUndefined();
  });

  it('translates if statements, parseInt, parseFloat, Math.min and max, template literals and return (decision 069)', () => {
    expect(run('if (data.encapsulate) {\n  value = true;\n}', 'value', { encapsulate: 1 })).toBe(true);
    expect(run('if (data.encapsulate) {\n  value = true;\n}', 'value', {})).toBeNull();
    const tiers =
      'if (data.volume > 100000) value = data.volume * 0.02; else if (data.volume > 0) { value = 25; } else value = 0;';
    expect(run(tiers, 'value', { volume: 200000 })).toBe(4000);
    expect(run(tiers, 'value', { volume: 5 })).toBe(25);
    expect(run(tiers, 'value', { volume: 0 })).toBe(0);
    expect(run('if (data.hide) show = false;', 'show', { hide: false })).toBe(true);
    expect(run('value = parseInt(data.input) * 5;', 'value', { input: '3.7' })).toBe(15);
    expect(run('value = parseInt(data.input, 10);', 'value', { input: -3.7 })).toBe(-3);
    expect(run('value = parseInt(data.input) * 5;', 'value', { input: '' })).toBeNaN();
    expect(run('value = parseFloat(data.rate) / 100;', 'value', { rate: '2.5' })).toBe(0.025);
    expect(run('value = Math.max(0, 100 - data.a - data.b);', 'value', { a: 70, b: 40 })).toBe(0);
    expect(run('value = Math.min(data.a, data.b, 3);', 'value', { a: 5, b: 4 })).toBe(3);
    expect(run("return 'foo';", 'value', {})).toBe('foo');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a Form.io script, read and never run
    const template = 'valid = (input === data.text) ? true : `must match: ${input}, ${data.text}`;';
    const rule = translateScript(template, 'valid');
    expect(compileLogic(rule)({ data: { text: 'a' }, input: 'a' })).toBe(true);
    expect(compileLogic(rule)({ data: { text: 'a' }, input: 'b' })).toBe('must match: b, a');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a Form.io script, read and never run
    expect(run('value = `${data.a}${data.b}`;', 'value', { a: 1, b: 2 })).toBe('12');
  });

  it('never reads past its budget on deep or long input', () => {
    expect(translateScript(`show = ${'('.repeat(5000)}data.a${')'.repeat(5000)};`, 'show')).toBeUndefined();
    expect(translateScript(`show = ${'!'.repeat(100)}data.a;`, 'show')).toBeUndefined();
  });

  it('keeps a long sum, product or text join one level deep, within JSON Logic depth', () => {
    const keys = Array.from({ length: 40 }, (_, i) => `f${i}`);
    const data = Object.fromEntries(keys.map((k) => [k, 1]));
    const sum = translateScript(`value = ${keys.map((k) => `data.${k}`).join(' + ')};`, 'value');
    expect(sum).toEqual({ '+': keys.map((k) => ({ var: `data.${k}` })) });
    expect(validateLogic(sum)).toEqual([]);
    expect(run(`value = ${keys.map((k) => `data.${k}`).join(' + ')};`, 'value', data)).toBe(40);
    const product = `value = ${keys.map((k) => `data.${k}`).join(' * ')} * 2;`;
    expect(validateLogic(translateScript(product, 'value'))).toEqual([]);
    expect(run(product, 'value', data)).toBe(2);
    const text = `value = ${keys.map((k) => `data.${k}`).join(" + ', ' + ")};`;
    expect(validateLogic(translateScript(text, 'value'))).toEqual([]);
    expect(run(text, 'value', data)).toBe(keys.map(() => '1').join(', '));
    expect(run('value = (data.a + 1) + data.b * 2 * 3;', 'value', { a: 1, b: 1 })).toBe(8);
  });
});
