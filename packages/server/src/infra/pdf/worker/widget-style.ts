import { type PDFDocument, PDFName, PDFString, PDFTextField, TextAlignment } from 'pdf-lib';
import { type Box, type PageGeometry, rectToDisplay } from './geometry';

export type FontFace = 'sans' | 'mono' | 'serif';

/**
 * How the PDF itself draws a text field: its box on the displayed page and the style of its AcroForm definition.
 * A mapped box that sits on such a widget is filled in this style (the template's widgets are removed from the
 * output, so the value looks as the form's own field would have shown it).
 */
export interface WidgetStyle {
  page: number;
  box: Box;
  /** Cells of a combed field (/MaxLen with the comb flag): one character a cell. */
  comb?: number;
  multiline: boolean;
  /** From /DA; undefined for 0 (auto size) or none. */
  fontSize?: number;
  font: FontFace;
  color?: [number, number, number];
  align: 'left' | 'center' | 'right';
}

/** The font, size and colour of a default appearance string (`/Cour 9 Tf 0 0 1 rg`). */
export function parseDefaultAppearance(da: string | undefined) {
  const tf = /\/([^\s/()<>[\]]+)\s+([\d.]+)\s+Tf/.exec(da ?? '');
  const name = (tf?.[1] ?? '').toLowerCase();
  const size = Number(tf?.[2]);
  const font: FontFace = /cour|mono/.test(name) ? 'mono' : /tiro|times|serif|tibo|tiit/.test(name) ? 'serif' : 'sans';
  let color: [number, number, number] | undefined;
  const rgb = /([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+rg/.exec(da ?? '');
  const grey = /([\d.]+)\s+g(?![a-z])/.exec(da ?? '');
  if (rgb) color = [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  else if (grey) color = [Number(grey[1]), Number(grey[1]), Number(grey[1])];
  if (color && !color.every((c) => Number.isFinite(c) && c >= 0 && c <= 1)) color = undefined;
  return { font, fontSize: Number.isFinite(size) && size >= 4 && size <= 72 ? size : undefined, color };
}

/** Where each page's widgets are: the page index of a widget by its /P, else by the page's /Annots. */
export function widgetPageIndex(doc: PDFDocument, widget: { P(): unknown; dict: object }): number {
  const pages = doc.getPages();
  const pRef = widget.P();
  if (pRef) {
    const i = pages.findIndex((p) => String(p.ref) === String(pRef));
    if (i >= 0) return i;
  }
  const ref = String(doc.context.getObjectRef(widget.dict as never));
  return pages.findIndex(
    (p) =>
      p.node
        .Annots()
        ?.asArray()
        .some((a) => String(a) === ref) ?? false,
  );
}

/** The styles of the document's text field widgets (read before the widgets are removed). */
export function widgetStyles(doc: PDFDocument, geometries: (PageGeometry | undefined)[]): WidgetStyle[] {
  const styles: WidgetStyle[] = [];
  let fields: ReturnType<ReturnType<PDFDocument['getForm']>['getFields']>;
  try {
    fields = doc.getForm().getFields();
  } catch {
    return styles;
  }
  const formDa = (() => {
    try {
      const da = doc.catalog.getAcroForm()?.dict.lookup(PDFName.of('DA'));
      return da instanceof PDFString ? da.decodeText() : undefined;
    } catch {
      return undefined;
    }
  })();
  for (const field of fields) {
    if (!(field instanceof PDFTextField)) continue;
    try {
      const maxLen = field.getMaxLength();
      const comb = field.isCombed() && maxLen !== undefined && maxLen > 0 && maxLen <= 200 ? maxLen : undefined;
      const multiline = field.isMultiline();
      const alignment = field.getAlignment();
      const align =
        alignment === TextAlignment.Center ? 'center' : alignment === TextAlignment.Right ? 'right' : 'left';
      const fieldDa = field.acroField.getDefaultAppearance() ?? formDa;
      for (const widget of field.acroField.getWidgets()) {
        const index = widgetPageIndex(doc, widget);
        const g = geometries[index];
        if (!g) continue;
        const box = rectToDisplay(g, widget.getRectangle());
        if (!(box.width > 0 && box.height > 0)) continue;
        const da = parseDefaultAppearance(widget.getDefaultAppearance() ?? fieldDa);
        styles.push({ page: index + 1, box, comb, multiline, align, ...da });
      }
    } catch {
      // a field pdf-lib cannot read keeps the default style
    }
  }
  return styles;
}

/** The style of the widget a mapped box sits on (within a point on each side), if any. */
export function styleAt(styles: readonly WidgetStyle[], page: number, box: Box): WidgetStyle | undefined {
  const near = (a: number, b: number) => Math.abs(a - b) <= 1;
  return styles.find(
    (s) =>
      s.page === page &&
      near(s.box.x, box.x) &&
      near(s.box.y, box.y) &&
      near(s.box.width, box.width) &&
      near(s.box.height, box.height),
  );
}
