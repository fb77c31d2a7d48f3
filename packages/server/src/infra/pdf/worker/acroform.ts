import { type PdfField, PdfFieldSchema, type PdfFieldType } from '@under/core/templates/pdf-field.schema';
import {
  PDFCheckBox,
  type PDFDocument,
  PDFDropdown,
  type PDFField,
  PDFOptionList,
  PDFRadioGroup,
  PDFSignature,
  PDFTextField,
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

/**
 * The AcroForm fields of a PDF as a starting mapping: names, types and rectangles in displayed coordinates. It is
 * an offer, so a field pdf-lib cannot read (no rectangle, a loop of parents, a widget on no page) is left out rather
 * than failing the upload, and every entry offered passes the mapping's own schema.
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
  for (const field of fields.slice(0, limits.maxAcroFields)) {
    try {
      const type = typeOf(field);
      if (!type) continue;
      const name = field.getName();
      const key = keyOf(name, used);
      const options = type === 'radio' ? (field as PDFRadioGroup).getOptions() : [];
      const widgets = field.acroField.getWidgets();
      for (const [wi, widget] of widgets.entries()) {
        const pRef = widget.P();
        let pageIndex = pRef ? (pageOfRef.get(String(pRef)) ?? -1) : -1;
        if (pageIndex < 0) {
          const ref = String(doc.context.getObjectRef(widget.dict));
          pageIndex = pages.findIndex(
            (p) =>
              p.node
                .Annots()
                ?.asArray()
                .some((a) => String(a) === ref) ?? false,
          );
        }
        const g = geometries[pageIndex];
        if (!g) continue;
        const rect = rectToDisplay(g, widget.getRectangle());
        if (!(rect.width > 0 && rect.height > 0)) continue;
        const n = out.length + 1;
        const entry = PdfFieldSchema.safeParse({
          id: `acro_${n}`,
          key,
          name: name.slice(0, 200),
          label: name.slice(0, 500),
          type,
          page: pageIndex + 1,
          ...rect,
          renderOrder: n,
          required: field.isRequired(),
          euPermission: 'editTableByAllOwner',
          euEncrypted: false,
          ...(type === 'radio'
            ? {
                // the export values (the /Opt array when there is one), in widget order
                optionValue: (options[wi] ?? String(wi)).slice(0, 500),
                options: options.slice(0, 500).map((o) => ({ label: o.slice(0, 500), value: o.slice(0, 500) })),
              }
            : {}),
        });
        if (entry.success) out.push(entry.data);
      }
    } catch {
      // a field pdf-lib cannot read is not offered
    }
  }
  return out;
}
