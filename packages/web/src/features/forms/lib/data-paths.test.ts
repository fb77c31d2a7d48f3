import { describe, expect, it } from 'vitest';
import { buildForm } from '../../../test/form-test-utils';
import { lookupPath, mapDataPaths, pathShape, underAny } from './data-paths';

const form = buildForm([
  { type: 'textfield', key: 'ssn', label: 'SSN' },
  { type: 'datagrid', key: 'owners', label: 'Owners', components: [{ type: 'textfield', key: 'ssn', label: 'O' }] },
  {
    type: 'container',
    key: 'business',
    label: 'Business',
    components: [{ type: 'panel', key: 'p', components: [{ type: 'textfield', key: 'name', label: 'N' }] }],
  },
]);

describe('data paths', () => {
  it('names each field by its full data path, layouts left out', () => {
    const map = mapDataPaths(form.components, (c) => c.label);
    expect(map.get('ssn')).toBe('SSN');
    expect(map.get('owners.ssn')).toBe('O');
    expect(map.get('business.name')).toBe('N');
    expect(pathShape('owners[3].ssn')).toBe('owners.ssn');
    expect(lookupPath(map, 'owners[0].ssn')).toBe('O');
    expect(lookupPath(map, 'ssn')).toBe('SSN');
    expect(lookupPath(map, 'owners[1].missing')).toBe('Owners');
    expect(underAny(new Set(['owners']), 'owners[0].ssn')).toBe(true);
    expect(underAny(new Set(['owners.ssn']), 'ssn')).toBe(false);
  });
});
