import { type PdfField, PdfFieldSchema, type PdfFieldType } from '@under/core/templates/pdf-field.schema';
import {
  PDFCheckBox,
  type PDFDocument,
  PDFDropdown,
  type PDFField,
  PDFHexString,
  PDFName,
  PDFOptionList,
  PDFRadioGroup,
  PDFSignature,
  PDFString,
  PDFTextField,
  type PDFWidgetAnnotation,
} from 'pdf-lib';
import type { PdfLimits } from '../pdf-limits';
import { type PageGeometry, rectToDisplay } from './geometry';

/** A mapping key from a field name: letters, digits and underscores, unique within the form. */
export function keyOf(name: string, used: Set<string>): string {
  let key =
    name
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9_]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 80) || 'field';
  if (/^[0-9]/.test(key)) key = `_${key}`;
  let candidate = key;
  for (let i = 2; used.has(candidate); i++) candidate = `${key}_${i}`;
  used.add(candidate);
  return candidate;
}

function typeOf(field: PDFField): PdfFieldType | undefined {
  if (field instanceof PDFTextField || field instanceof PDFDropdown || field instanceof PDFOptionList) return 'text';
  if (field instanceof PDFCheckBox) return 'checkbox';
  if (field instanceof PDFRadioGroup) return 'radio';
  if (field instanceof PDFSignature) return 'signature';
  return undefined;
}

/** The field's tooltip (/TU), the text the PDF's author wrote for people: the label when there is one. */
function tooltipOf(field: PDFField): string | undefined {
  const tu = field.acroField.dict.lookup(PDFName.of('TU'));
  if (!(tu instanceof PDFString || tu instanceof PDFHexString)) return undefined;
  const text = tu.decodeText().replace(/\s+/g, ' ').trim();
  return text || undefined;
}

/** The export value a checkbox or radio widget stands for (its appearance state other than Off). */
function onValueOf(widget: PDFWidgetAnnotation): string | undefined {
  try {
    return widget.getOnValue()?.decodeText();
  } catch {
    return undefined;
  }
}

/**
 * The AcroForm fields of a PDF as a starting mapping: names, types and rectangles in displayed coordinates. It is
 * an offer, so a field pdf-lib cannot read (no rectangle, a loop of parents, a widget on no page) is left out rather
 * than failing the upload, and every entry offered passes the mapping's own schema and saves as it is:
 * - a field shown by several widgets is one field (its first widget) and a `replica` of it for each other widget;
 * - a radio group, and a checkbox whose widgets stand for different values (a group of boxes acting as one
 *   choice), is one key with one box per widget, each with its `optionValue`;
 * - the label is the field's tooltip (/TU) when it has one, else its name.
 */
export function acroFields(doc: PDFDocument, geometries: PageGeometry[], limits: PdfLimits): PdfField[] {
  let fields: PDFField[];
  try {
    fields = doc.getForm().getFields();
  } catch {
    return [];
  }
  const pages = doc.getPages();
  const pageOfRef = new Map(pages.map((p, i) => [String(p.ref), i]));
  const out: PdfField[] = [];
  const used = new Set<string>();
  // a widget without /P is found in the pages' /Annots: read once, not once a widget (pages x annotations each)
  let pageOfAnnot: Map<string, number> | undefined;
  const pageOf = (widget: PDFWidgetAnnotation) => {
    const pRef = widget.P();
    const pageIndex = pRef ? pageOfRef.get(String(pRef)) : undefined;
    if (pageIndex !== undefined) return pageIndex;
    if (!pageOfAnnot) {
      pageOfAnnot = new Map();
      for (const [i, p] of pages.entries())
        for (const a of p.node.Annots()?.asArray() ?? [])
          if (!pageOfAnnot.has(String(a))) pageOfAnnot.set(String(a), i);
    }
    return pageOfAnnot.get(String(doc.context.getObjectRef(widget.dict))) ?? -1;
  };
  for (const field of fields.slice(0, limits.maxAcroFields)) {
    // the offer holds at most maxAcroFields boxes, however many widgets one field has
    if (out.length >= limits.maxAcroFields) break;
    try {
      let type = typeOf(field);
      if (!type) continue;
      const name = field.getName();
      const label = (tooltipOf(field) ?? name).slice(0, 500);
      const widgets = field.acroField.getWidgets();
      const onValues = widgets.map(onValueOf);
      let options: string[] = [];
      if (type === 'radio') options = (field as PDFRadioGroup).getOptions();
      else if (type === 'checkbox' && new Set(onValues.filter((v) => v !== undefined)).size > 1) {
        // boxes of one checkbox field with different values: one choice among them, as a radio group
        type = 'radio';
        options = onValues.map((v, i) => v ?? String(i));
      }
      const key = keyOf(name, used);
      const unique = [...new Set(options)];
      let placed = false;
      for (const [wi, widget] of widgets.entries()) {
        if (out.length >= limits.maxAcroFields) break;
        const g = geometries[pageOf(widget)];
        if (!g) continue;
        const rect = rectToDisplay(g, widget.getRectangle());
        if (!(rect.width > 0 && rect.height > 0)) continue;
        const n = out.length + 1;
        const grouped = type === 'radio';
        const replica = placed && !grouped;
        const entry = PdfFieldSchema.safeParse({
          id: `acro_${n}`,
          key: replica ? keyOf(`${key}_copy`, used) : key,
          name: name.slice(0, 200),
          label,
          type: replica ? 'replica' : type,
          page: geometries.indexOf(g) + 1,
          ...rect,
          renderOrder: n,
          required: replica ? false : field.isRequired(),
          euPermission: 'editTableByAllOwner',
          euEncrypted: false,
          ...(replica ? { replicaOf: key } : {}),
          ...(grouped
            ? {
                // the export values (the /Opt array when there is one), in widget order
                optionValue: (options[wi] ?? String(wi)).slice(0, 500),
                options: unique.slice(0, 500).map((o) => ({ label: o.slice(0, 500), value: o.slice(0, 500) })),
              }
            : {}),
        });
        if (entry.success) {
          out.push(entry.data);
          placed = true;
        }
      }
    } catch {
      // a field pdf-lib cannot read is not offered
    }
  }
  return out;
}
