import { MESSAGES } from '@under/core/messages';
import { describe, expect, it } from 'vitest';
import { count, keyProblem, mergeValidate, typedDefault } from './edit-rules';

describe('keyProblem', () => {
  it('refuses a key outside the pattern and a key another component of the scope has', () => {
    expect(keyProblem('has space', 'a', new Set())).toBe(MESSAGES.keyFormat);
    expect(keyProblem('b', 'a', new Set(['a', 'b']))).toBe(MESSAGES.keyExists);
    expect(keyProblem('a', 'a', new Set(['a']))).toBeUndefined();
  });
});

describe('mergeValidate', () => {
  it('applies the patch and leaves out attributes cleared to undefined or empty', () => {
    expect(mergeValidate({ required: true, pattern: 'x' }, { pattern: '', minLength: 2 })).toEqual({
      required: true,
      minLength: 2,
    });
    expect(mergeValidate({ required: true }, { required: undefined })).toEqual({});
  });
});

describe('typedDefault and count', () => {
  it('reads a numeric field default as a number only when it is one', () => {
    expect(typedDefault('', true)).toBeUndefined();
    expect(typedDefault('-12.5', true)).toBe(-12.5);
    expect(typedDefault('12a', true)).toBe('12a');
    expect(typedDefault('12', false)).toBe('12');
  });
  it('counts empty as unset', () => {
    expect(count('')).toBeUndefined();
    expect(count(3)).toBe(3);
  });
});
