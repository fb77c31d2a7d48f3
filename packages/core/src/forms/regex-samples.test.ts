import { describe, expect, it } from 'vitest';
import { compilePattern, isSlowPattern } from './form-checks';
import { EMAIL_REGEX, PHONE_NXX_REGEX, REGEX_SAMPLES, SSN_REGEX, URL_REGEX, WORDS_ONLY_REGEX } from './regex-samples';

describe('dictionary regex samples', () => {
  it('phone NXX-XXX-XXXX', () => {
    expect(PHONE_NXX_REGEX.test('555-123-4567')).toBe(true);
    expect(PHONE_NXX_REGEX.test('155-123-4567')).toBe(false);
    expect(PHONE_NXX_REGEX.test('5551234567')).toBe(false);
  });

  it('e-mail', () => {
    expect(EMAIL_REGEX.test('jane.doe@bank-one.example.com')).toBe(true);
    expect(EMAIL_REGEX.test('jane@localhost')).toBe(false);
    expect(EMAIL_REGEX.test('not an email')).toBe(false);
  });

  it('URL', () => {
    expect(URL_REGEX.test('https://under.example.com/apply?x=1')).toBe(true);
    expect(URL_REGEX.test('http://a.io')).toBe(true);
    expect(URL_REGEX.test('ftp://a.io')).toBe(false);
    expect(URL_REGEX.test('https://no spaces.com')).toBe(false);
  });

  it('SSN', () => {
    expect(SSN_REGEX.test('123-45-6789')).toBe(true);
    expect(SSN_REGEX.test('000-45-6789')).toBe(false);
    expect(SSN_REGEX.test('666-45-6789')).toBe(false);
    expect(SSN_REGEX.test('123-00-6789')).toBe(false);
    expect(SSN_REGEX.test('123456789')).toBe(false);
  });

  it('words only', () => {
    expect(WORDS_ONLY_REGEX.test('Main Street')).toBe(true);
    expect(WORDS_ONLY_REGEX.test('Main  Street')).toBe(false);
    expect(WORDS_ONLY_REGEX.test('Route 66')).toBe(false);
  });

  it('every sample is accepted as a form pattern', () => {
    for (const sample of REGEX_SAMPLES) expect(compilePattern(sample.source), sample.id).toBeDefined();
  });
});

describe('isSlowPattern', () => {
  it.each(['(a+)+', '(\\d+)*', '([a-z]+){2,}', '([.-]?\\w+)*@', '(?:x*)+'])('flags %s', (pattern) => {
    expect(isSlowPattern(pattern)).toBe(true);
  });

  it.each(['\\d{3}-\\d{4}', '(?:-\\d+)*', '(ab)+', '[\\w+]+(?:[.-][\\w+]+)*', '(a|aa)+'])('accepts %s', (pattern) => {
    expect(isSlowPattern(pattern)).toBe(false);
  });

  it('keeps the e-mail sample fast on hostile input', () => {
    const started = Date.now();
    EMAIL_REGEX.test(`${'a'.repeat(5000)}!`);
    expect(Date.now() - started).toBeLessThan(500);
  });
});
