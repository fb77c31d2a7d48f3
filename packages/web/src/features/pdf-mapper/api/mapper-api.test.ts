import { describe, expect, it } from 'vitest';
import { collectFormFields } from './mapper-api';

describe('collectFormFields', () => {
  it('lists every input of a form definition once, inside panels and columns, without layout components', () => {
    const form = {
      components: [
        { key: 'intro', type: 'content' },
        {
          key: 'panel1',
          type: 'panel',
          components: [
            { key: 'business_name', type: 'textfield', label: 'Business name' },
            { key: 'cols', type: 'columns', columns: [{ components: [{ key: 'dob', type: 'datetime' }] }] },
          ],
        },
        { key: 'business_name', type: 'textfield' },
        { key: 'submit', type: 'button' },
      ],
    };
    expect(collectFormFields(form)).toEqual([
      { key: 'business_name', type: 'textfield', label: 'Business name' },
      { key: 'dob', type: 'datetime', label: 'dob' },
    ]);
  });

  it('never lists a field inside a grid or container under its bare key, nor lets it hide a top-level one', () => {
    const form = {
      components: [
        {
          key: 'owners',
          type: 'datagrid',
          components: [{ key: 'ssn', type: 'textfield', label: 'Owner SSN' }],
        },
        { key: 'business', type: 'container', components: [{ key: 'dba', type: 'textfield', label: 'DBA' }] },
        { key: 'ssn', type: 'textfield', label: 'SSN' },
      ],
    };
    expect(collectFormFields(form)).toEqual([{ key: 'ssn', type: 'textfield', label: 'SSN' }]);
  });
});
