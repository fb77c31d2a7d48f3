import type { DetectedField } from '@under/core/templates/detected-field.schema';
import type { Dictionary } from '@under/core/templates/dictionary.schema';
import { toKey } from '@under/core/templates/mapping-rules';
import type { PdfField } from '@under/core/templates/pdf-field.schema';
import { bindingFor, newId } from './mapping-state';

/** A detected field the admin has not accepted or rejected yet; moved and resized like a box. */
export interface Proposal extends DetectedField {
  id: string;
}

export const PROPOSAL_PREFIX = 'proposal:';

export function toProposals(fields: readonly DetectedField[]): Proposal[] {
  return fields.map((f) => ({ ...f, id: `${PROPOSAL_PREFIX}${newId()}` }));
}

const percent = (p: Proposal) => Math.round(p.confidence * 100);

export { percent as confidencePercent };

/**
 * Accepted proposals as fields of the mapping: the suggested key (made unique against the mapping unless the
 * proposal joins a radio group already there), the bound entry's binding, required and encrypted flags; a radio
 * group's buttons share one key and carry every choice of the group. A binding whose types do not fit is dropped
 * (the admin binds by hand), never saved wrong.
 */
export function acceptProposals(
  fields: readonly PdfField[],
  accepted: readonly Proposal[],
  all: readonly Proposal[],
  dictionaries: readonly Dictionary[],
): PdfField[] {
  const taken = new Set(fields.map((f) => f.key));
  const groupKeys = new Map<string, string>();
  const out: PdfField[] = [];
  for (const p of accepted) {
    const groupId = p.type === 'radio' ? `${p.page}:${p.suggestedKey}` : undefined;
    let key = groupId ? groupKeys.get(groupId) : undefined;
    if (!key) {
      key = p.suggestedKey;
      for (let n = 2; taken.has(key); n++) key = `${p.suggestedKey}_${n}`;
      taken.add(key);
      if (groupId) groupKeys.set(groupId, key);
    }
    const options =
      p.type === 'radio'
        ? [
            ...new Set(
              all
                .filter((o) => o.type === 'radio' && o.page === p.page && o.suggestedKey === p.suggestedKey)
                .map((o) => o.optionValue ?? o.label),
            ),
          ]
            .filter(Boolean)
            .map((label) => ({ label, value: toKey(label) || 'option' }))
        : undefined;
    // a text box bound to a number or an amount becomes that type, so the entry's binding fits it
    const dataType = p.binding?.dataType;
    const type = p.type === 'text' && (dataType === 'number' || dataType === 'currency') ? dataType : p.type;
    let field: PdfField = {
      id: newId(),
      key,
      type,
      label: p.label || undefined,
      page: p.page,
      x: p.x,
      y: p.y,
      width: p.width,
      height: p.height,
      renderOrder: fields.length + out.length,
      required: false,
      euPermission: 'editTableByAllOwner',
      euEncrypted: p.binding?.encrypted ?? false,
      ...(p.type === 'date' ? { dateFormat: 'MM/dd/yyyy' } : {}),
      ...(options?.length ? { options, optionValue: toKey(p.optionValue ?? p.label) || 'option' } : {}),
    };
    const entry = p.binding?.dictionaryId ? dictionaries.find((d) => d.id === p.binding?.dictionaryId) : undefined;
    if (entry) {
      const bound = bindingFor(field, { kind: 'dictionary', entry });
      if (bound.ok) field = { ...field, bindingField: bound.binding, required: p.binding?.required ?? false };
    }
    out.push(field);
  }
  return out;
}
