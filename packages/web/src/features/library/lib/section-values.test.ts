import { describe, expect, it } from 'vitest';
import { countFields } from './section-values';

describe('countFields', () => {
  it('counts the fields inside panels and columns, not the layouts, the columns or an address’s parts', () => {
    const components = {
      version: 1,
      display: 'form',
      components: [
        {
          type: 'panel',
          key: 'p',
          components: [
            { type: 'textfield', key: 'a' },
            {
              type: 'columns',
              key: 'c',
              columns: [{ components: [{ type: 'number', key: 'b' }] }, { components: [] }],
            },
          ],
        },
        { type: 'address', key: 'addr', components: [{ type: 'textfield', key: 'city' }] },
        { type: 'htmlelement', key: 'h' },
      ],
    };
    expect(countFields(components)).toBe(3);
    expect(countFields(null)).toBe(0);
    expect(countFields({ components: 'x' })).toBe(0);
  });
});
