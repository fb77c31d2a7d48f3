import { describe, expect, it } from 'vitest';
import { FORM_LIMITS } from '../forms/json-bounds';
import { SaveDraftBodySchema } from './application.schema';

describe('SaveDraftBodySchema', () => {
  it("takes the key of any page a form may have (up to the form's key limit), so a save is never refused for it", () => {
    const page = `p${'a'.repeat(FORM_LIMITS.maxKeyLength - 1)}`;
    expect(SaveDraftBodySchema.safeParse({ data: {}, revision: 1, page }).success).toBe(true);
    expect(SaveDraftBodySchema.safeParse({ data: {}, revision: 1, page: `${page}a` }).success).toBe(false);
  });
});
