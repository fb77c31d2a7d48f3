import { describe, expect, it } from 'vitest';
import { FORM_SCHEMA_VERSION } from '../forms/form-migrate';
import { MESSAGES } from '../messages';
import { DictionaryInputSchema } from './dictionary.schema';
import { DEFAULT_HEADER_SUBTITLE, MasterFormStructureSchema, readMasterFormStructure } from './master-form.schema';
import { PdfFieldSchema } from './pdf-field.schema';
import { SectionInputSchema } from './section.schema';

describe('template contracts', () => {
  it('a dictionary entry needs type, key and label, with their messages', () => {
    const r = DictionaryInputSchema.safeParse({ name: '', label: '' });
    expect(r.success).toBe(false);
    const messages = r.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        MESSAGES.dictionaryTypeRequired,
        MESSAGES.dictionaryKeyRequired,
        MESSAGES.dictionaryLabelRequired,
      ]),
    );
    expect(DictionaryInputSchema.parse({ type: 'text', name: 'dba_name', label: 'DBA' })).toMatchObject({
      require: false,
      encrypted: false,
    });
  });

  it('section keys are letters, digits and underscore', () => {
    const processors = ['cardconnect'];
    expect(
      SectionInputSchema.safeParse({ keySection: 'owner_1', label: 'Owner', components: {}, processors }).success,
    ).toBe(true);
    expect(
      SectionInputSchema.safeParse({ keySection: 'owner-1', label: 'Owner', components: {}, processors }).success,
    ).toBe(false);
  });

  it('a section names at least one processor (spec 1 §5 required-field messages)', () => {
    for (const processors of [undefined, []]) {
      const r = SectionInputSchema.safeParse({ keySection: 'owner_1', label: 'Owner', components: {}, processors });
      expect(r.error?.issues.map((i) => i.message)).toEqual([MESSAGES.processorsRequired]);
    }
  });

  it('a master form structure has the default header and colours', () => {
    const s = MasterFormStructureSchema.parse({ allField: {} });
    expect(s.headerLayout).toEqual({
      title: 'Merchant Processing Application',
      subtitle: DEFAULT_HEADER_SUBTITLE,
      backgroundColor: '#4582ec',
      textColor: '#ffffff',
    });
    expect(s.progressLayout.activeStepColor).toBe('#2a6add');
  });

  it('a stored structure reads with its form definitions migrated forward (rows are never rewritten)', () => {
    const legacy = { components: [{ type: 'textfield', key: 'a', conditional: { show: 'true', when: 'b', eq: 2 } }] };
    const read = readMasterFormStructure({ allField: legacy, rootAllField: legacy });
    expect(read.allField).toMatchObject({ version: FORM_SCHEMA_VERSION, display: 'form' });
    expect(read.allField.components[0]).toMatchObject({ conditional: { show: true, eq: '2' } });
    expect(read.rootAllField?.version).toBe(FORM_SCHEMA_VERSION);
    expect(readMasterFormStructure({ allField: legacy })).not.toHaveProperty('rootAllField');
    expect(legacy).not.toHaveProperty('version');
  });

  it('a mapped field defaults its flags and refuses unknown types', () => {
    const f = PdfFieldSchema.parse({ id: 'a', key: 'a', type: 'date', page: 1, x: 0, y: 0, width: 200, height: 18 });
    expect(f).toMatchObject({
      required: false,
      euEncrypted: false,
      euPermission: 'editTableByAllOwner',
      renderOrder: 0,
    });
    expect(PdfFieldSchema.safeParse({ ...f, type: 'textarea' }).success).toBe(false);
  });
});
