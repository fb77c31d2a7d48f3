import { formatCurrency, formatDatePattern } from '@under/core/forms/format';
import type { PdfFieldType } from '@under/core/templates/pdf-field.schema';
import type { FillValue } from '../pdf-protocol';

/** The date format of spec 1 §9's PDF preview, when a template names none. */
const PDF_DATE_FORMAT = 'MM/dd/yyyy';

/**
 * A value as printed in a box of this type, formatted by core's rules (the same the forms show): a date by the
 * template's date format, a currency amount as $1,234.56. A value that does not read as its type prints as given.
 */
export function displayText(type: PdfFieldType, value: FillValue | undefined, dateFormat = PDF_DATE_FORMAT): string {
  if (value === undefined || value === null || value === '') return '';
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (type === 'date') return formatDatePattern(value, dateFormat) || String(value);
  if (type === 'currency') {
    const amount = Number(String(value).replace(/[$,\s]/g, ''));
    return Number.isFinite(amount) ? formatCurrency(amount) : String(value);
  }
  return String(value);
}
