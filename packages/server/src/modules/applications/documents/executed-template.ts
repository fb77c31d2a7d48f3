import type { FormComponent } from '@under/core/forms/form.schema';
import { walkComponents } from '@under/core/forms/form-walk';
import type { PdfField } from '@under/core/templates/pdf-field.schema';
import { type OwnerSigning, signingBoxes, signingBoxValues } from '@under/core/templates/signing-boxes';
import type { FillValue } from '../../../infra/pdf/pdf-pool';

type Values = Record<string, FillValue>;

/** A stored value as the PDF filler takes it: text, numbers, booleans, lists of choices, images as data URLs. */
function fillValueOf(value: unknown): FillValue | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.filter((v) => typeof v === 'string' || typeof v === 'number').map(String);
  if (typeof value === 'object') {
    // selectboxes: { a: true, b: false } -> ['a']
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.every(([, v]) => typeof v === 'boolean')) return entries.filter(([, v]) => v).map(([k]) => k);
  }
  return undefined;
}

/** The value of each mapped box, from the form field it is bound to (its binding's key, else its own key). */
export function valuesForMapping(
  fields: readonly PdfField[],
  data: Record<string, unknown>,
  labels: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(),
): Values {
  const values: Values = {};
  for (const f of fields) {
    if (f.type === 'replica') continue;
    const bound = f.bindingField?.key;
    const raw = bound !== undefined && Object.hasOwn(data, bound) ? data[bound] : data[f.key];
    const value = fillValueOf(raw);
    if (value !== undefined) values[f.key] = labelled(f, value, labels);
  }
  return values;
}

/** The option labels of each radio, select and select-boxes field of a form, by field key and option value. */
export function optionLabelsOf(components: readonly FormComponent[]): Map<string, Map<string, string>> {
  const labels = new Map<string, Map<string, string>>();
  walkComponents(components, ({ component }) => {
    const c = component as unknown as { key?: string; values?: unknown; data?: { values?: unknown } };
    const list = Array.isArray(c.values) ? c.values : Array.isArray(c.data?.values) ? c.data.values : [];
    const options = new Map<string, string>();
    for (const o of list as { value?: unknown; label?: unknown }[]) {
      if (typeof o?.value === 'string' && typeof o.label === 'string' && o.label !== '') options.set(o.value, o.label);
    }
    if (typeof c.key === 'string' && options.size > 0) labels.set(c.key, options);
  });
  return labels;
}

/**
 * A text box prints what the applicant chose as they read it: the option's label, not its stored value
 * (`Sole proprietorship`, not `sole_proprietorship`); several ticked choices as a list of labels. Radio, checkbox
 * and checkbox-list boxes keep the values: they are ticked by them.
 */
function labelled(f: PdfField, value: FillValue, labels: ReadonlyMap<string, ReadonlyMap<string, string>>) {
  if (f.type !== 'text') return value;
  const options = labels.get(f.bindingField?.key ?? f.key);
  if (!options) return value;
  if (typeof value === 'string') return options.get(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => options.get(v) ?? v).join(', ');
  return value;
}

const isImage = (v: FillValue | undefined) => typeof v === 'string' && /^data:image\/(png|jpe?g);base64,/i.test(v);

/**
 * The institution's PDF as executed (issue 21 §2, decision 058): the mapped values from the form, and on every
 * signature box the e-signature of the owner it belongs to, on initials boxes their initials, on signing-date
 * boxes the date they signed (printed in the template's date format). A signature box the applicant drew while
 * filling keeps that drawing. `signers[0]` is owner 1 (the primary applicant), `signers[1]` owner 2, and so on.
 * A signature box the mapping made as text (bound to a signature field) is drawn as an image, a signing date as a
 * date.
 */
export function executedTemplate(
  mapping: readonly PdfField[],
  data: Record<string, unknown>,
  signers: readonly (OwnerSigning | undefined)[],
  labels: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map(),
): { fields: PdfField[]; values: Values } {
  const values = valuesForMapping(mapping, data, labels);
  const boxes = new Map(
    signingBoxes(mapping, (f) => values[f.key] !== undefined && values[f.key] !== '').map((b) => [b.key, b]),
  );
  const signed = signingBoxValues(
    mapping,
    signers,
    (f) => isImage(values[f.key]),
    (f) => values[f.key] !== undefined && values[f.key] !== '',
  );
  Object.assign(values, signed);
  const fields = mapping.map((f): PdfField => {
    const kind = boxes.get(f.key)?.kind;
    // the value is resolved: the box is redrawn as what it carries, its binding no longer needed
    const { bindingField: _, ...unbound } = f;
    if (kind === 'signature' || kind === 'initials') {
      // a signature box prints an image or nothing (a typed text in it is no signature)
      if (!isImage(values[f.key])) delete values[f.key];
      return f.type === 'signature' || f.type === 'image' ? f : { ...unbound, type: 'signature' };
    }
    if (kind === 'signingDate' && f.type !== 'date' && Object.hasOwn(signed, f.key))
      return { ...unbound, type: 'date' };
    return f;
  });
  return { fields, values };
}
