import { DEFAULT_MEMBERSHIPS } from '@under/core/accounts/membership.schema';
import type { EuPermission } from '@under/core/forms/field-types';
import type { FormComponent } from '@under/core/forms/form.schema';
import { MESSAGES } from '@under/core/messages';
import { type DictionaryEntry, formFromMapping } from '@under/core/templates/form-from-mapping';
import { MasterFormStructureSchema } from '@under/core/templates/master-form.schema';
import type { PdfField } from '@under/core/templates/pdf-field.schema';
import { count } from 'drizzle-orm';
import { toDictionary } from '../modules/library/library.service';
import { createMasterFormsRepository } from '../modules/master-forms/master-forms.repository';
import { checkedForm } from '../modules/shared/checked-form';
import type { Db } from './client';
import { writeAudit } from './repositories/audit.repository';
import { dictionaries, masterForms } from './schema/index';

export const SAMPLE_FORM_NAME = 'Sample merchant application';

/** One owner's personal entries of the starter dictionary, in the order the sample form asks them. */
const ownerEntries = (n: 1 | 2) =>
  [
    'first_name',
    'last_name',
    'title',
    'dob',
    'ssn',
    'ownership_percent',
    'home_address',
    'home_city',
    'home_state',
    'home_zip',
  ].map((part) => `owner${n}_${part}`);

/**
 * The sample form's pages, the starter-dictionary entries on each in order, and who fills them in (decision 059): the
 * business, its bank and its card processing, and owner 1's personal details are the primary applicant's; owner 2's
 * page is the first additional owner's (the owner-section rule keeps every other owner out of it, and the primary
 * faces it read-only). The Business page carries the entries named like the system fields (DBA name, phone,
 * e-mail); First name, Last name and recordId open it.
 */
const PAGES: readonly { title: string; entries: readonly string[]; euPermission: EuPermission }[] = [
  {
    title: 'Business',
    euPermission: 'editTableByPrimaryOwner',
    entries: [
      'legal_name',
      'CompanyName',
      'federal_tax_id',
      'entity_type',
      'years_in_business',
      'business_address',
      'business_city',
      'business_state',
      'business_zip',
      'PhoneNumber',
      'Email',
      'business_description',
    ],
  },
  { title: 'Owner 1', euPermission: 'editTableByPrimaryOwner', entries: ownerEntries(1) },
  { title: 'Owner 2', euPermission: 'editTableByShareOwner', entries: ownerEntries(2) },
  {
    title: 'Banking',
    euPermission: 'editTableByPrimaryOwner',
    entries: ['bank_name', 'bank_account_holder', 'bank_routing_number', 'bank_account_number', 'bank_account_type'],
  },
  {
    title: 'Processing',
    euPermission: 'editTableByPrimaryOwner',
    entries: [
      'mcc',
      'monthly_volume',
      'annual_volume',
      'average_ticket',
      'highest_ticket',
      'card_present_percent',
      'keyed_percent',
      'ecommerce_percent',
      'accepted_cards',
      'signature',
      'signer_name',
      'signer_title',
    ],
  },
];

const mixPart = (name: string) => ({ var: `data.${name}` });

/**
 * Calculated values of the sample form (decision 069), added to the components formFromMapping made: the annual
 * volume is twelve months of the monthly one (the applicant may type another figure, as for a seasonal business),
 * and the processing mix must add up to 100, checked on the last of its three percentages.
 */
const CALCULATIONS: Readonly<Record<string, (component: FormComponent) => FormComponent>> = {
  annual_volume: (c) => ({
    ...c,
    calculateValue: { '*': [{ var: 'data.monthly_volume' }, 12] },
    allowCalculateOverride: true,
  }),
  ecommerce_percent: (c) => ({
    ...c,
    validate: {
      ...c.validate,
      custom: {
        if: [
          {
            '==': [
              { '+': [mixPart('card_present_percent'), mixPart('keyed_percent'), mixPart('ecommerce_percent')] },
              100,
            ],
          },
          true,
          MESSAGES.processingMixNot100,
        ],
      },
    },
  }),
};

/**
 * The sample master form of a fresh install: a five-page wizard made from the starter dictionary, global to every
 * plan, published (version 1) and active, with no PDF template. Made the way a mapped template makes one
 * (formFromMapping: one box per entry, bound to it), checked by the form engine, then stored with its first
 * version in one transaction. Only when no master form exists at all (an archived one counts), so a second run adds
 * nothing and one the admin archived is not made again. Returns the new form's id, or undefined.
 */
export async function seedSampleMasterForm(db: Db): Promise<string | undefined> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(masterForms);
    if ((existing?.n ?? 0) > 0) return undefined;
    const byName = new Map<string, DictionaryEntry>(
      (await tx.select().from(dictionaries)).map((row) => [row.name, toDictionary(row)]),
    );
    // one text box per entry (an entry the admin deleted is left out), 30 points apart down its page
    const boxes: PdfField[] = PAGES.flatMap((page, p) =>
      page.entries.flatMap((name, i) => {
        const entry = byName.get(name);
        if (!entry) return [];
        return [
          {
            id: `sample-${name}`,
            key: name,
            type: 'text',
            page: p + 1,
            x: 50,
            y: 50 + i * 30,
            width: 200,
            height: 20,
            renderOrder: 0,
            required: false,
            euPermission: page.euPermission,
            euEncrypted: false,
            bindingField: { key: name, type: 'textfield', dictionaryId: entry.id },
          } satisfies PdfField,
        ];
      }),
    );
    const made = formFromMapping(boxes, [...byName.values()]);
    // the pages are named for what they ask (formFromMapping numbers them)
    const titled = made.form.components.map((panel, i) => {
      const title = PAGES[i]?.title ?? panel.label;
      const inner = (panel as { components?: FormComponent[] }).components;
      const components = inner?.map((c) => CALCULATIONS[c.key]?.(c) ?? c);
      return { ...panel, title, label: title, ...(components ? { components } : {}) } as FormComponent;
    });
    const allField = checkedForm({ ...made.form, components: titled }, 'structure.allField', true);
    const structure = MasterFormStructureSchema.parse({
      allField,
      bindingFields: made.bindingFields,
      dictionaryIds: made.dictionaryIds,
    });

    const repo = createMasterFormsRepository(tx);
    const row = await repo.insertForm({
      templateId: null,
      name: SAMPLE_FORM_NAME,
      status: 'active',
      access: 'global',
      membershipIds: DEFAULT_MEMBERSHIPS.map((m) => m.id),
      structure,
      version: 1,
      hasUnpublishedChanges: false,
    });
    await repo.insertVersion({ formId: row.id, version: 1, structure, mappingFieldsVersion: 0, publishedBy: null });
    const target = { actorUserId: null, targetType: 'master-form', targetId: row.id } as const;
    await writeAudit(tx, { ...target, action: 'master-form.create' });
    await writeAudit(tx, { ...target, action: 'master-form.publish', details: { version: 1 } });
    return row.id;
  });
}
