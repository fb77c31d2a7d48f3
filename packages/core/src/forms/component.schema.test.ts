import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { ConditionalSchema, KeySchema, LogicSlotSchema, ValidateSchema } from './component.schema';

describe('component schema parts', () => {
  it('keys: letters, digits and underscore, never a prototype name', () => {
    expect(KeySchema.safeParse('Owner_1').success).toBe(true);
    expect(KeySchema.safeParse('owner-1').error?.issues[0]?.message).toBe(MESSAGES.keyFormat);
    expect(KeySchema.safeParse('__proto__').error?.issues[0]?.message).toBe(MESSAGES.forbiddenKey('__proto__'));
  });

  it("reads Form.io's empty defaults as unset", () => {
    expect(ConditionalSchema.parse({ show: '', when: null, eq: '' })).toEqual({ show: null, when: null, eq: '' });
    expect(ValidateSchema.parse({ minLength: '', integer: '', custom: '', multiple: '' })).toEqual({
      minLength: undefined,
      integer: '',
      custom: undefined,
      multiple: undefined,
    });
  });

  it('refuses JavaScript in a logic slot and keeps JSON Logic', () => {
    expect(LogicSlotSchema.safeParse('value = 1').error?.issues[0]?.message).toBe(MESSAGES.javascriptRefused);
    expect(LogicSlotSchema.parse({ var: 'data.a' })).toEqual({ var: 'data.a' });
  });
});
