import { PDFArray, PDFBool, PDFDict, type PDFDocument, PDFName } from 'pdf-lib';

/**
 * Whether the file is a dynamic XFA form: its pages are drawn from the XFA stream by Adobe's viewers only, and
 * what other readers (pdf.js, the mapper's, and pdf-lib) show is a placeholder page ("Please wait..."). It has an
 * AcroForm with /XFA and either asks viewers to render it (/NeedsRendering true in the catalog) or has no AcroForm
 * field to fill. A static XFA form (XFA beside real AcroForm fields and page content) is an ordinary PDF: its XFA
 * is dropped (pdf-lib does) and its AcroForm fields are imported.
 */
export function isXfaOnly(doc: PDFDocument): boolean {
  const { context, catalog } = doc;
  const acroForm = context.lookup(catalog.get(PDFName.of('AcroForm')));
  if (!(acroForm instanceof PDFDict) || acroForm.get(PDFName.of('XFA')) === undefined) return false;
  const needsRendering = context.lookup(catalog.get(PDFName.of('NeedsRendering')));
  if (needsRendering instanceof PDFBool && needsRendering.asBoolean()) return true;
  const fields = context.lookup(acroForm.get(PDFName.of('Fields')));
  return !(fields instanceof PDFArray) || fields.size() === 0;
}
