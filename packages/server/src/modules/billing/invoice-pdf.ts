import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { formatUsd } from '@under/core/billing/money';
import { PDFDocument, rgb } from 'pdf-lib';
import type { PaymentRow } from './billing.repository';

const require = createRequire(import.meta.url);
let fontBytes: Buffer | undefined;

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The invoice of one payment, made in-process with pdf-lib: every value is ours (amounts, dates, plan) except the
 * company name, which is drawn as text with DejaVu Sans (any script it covers; nothing is parsed). A refunded
 * payment's invoice says so.
 */
export async function invoicePdf(opts: { payment: PaymentRow; companyName: string; planName: string }) {
  const { payment } = opts;
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  fontBytes ??= readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
  const font = await doc.embedFont(fontBytes, { subset: true });
  doc.setTitle(`Invoice ${payment.id}`);
  doc.setProducer('Under');
  doc.setCreationDate(payment.settledAt ?? payment.createdAt);
  const page = doc.addPage([595, 842]);
  let y = 780;
  const line = (text: string, size = 11, color = rgb(0.13, 0.13, 0.13)) => {
    // a name may hold characters the font lacks; they become '?' rather than failing the invoice
    const safe = [...text.replace(/[\r\n\t]+/g, ' ')]
      .map((c) => (font.getCharacterSet().includes(c.codePointAt(0) ?? 0) ? c : '?'))
      .join('');
    page.drawText(safe.slice(0, 90), { x: 56, y, size, font, color });
    y -= size + 10;
  };
  line('Under — Invoice', 20);
  y -= 10;
  line(`Invoice number: ${payment.id}`);
  line(`Date: ${day(payment.settledAt ?? payment.createdAt)}`);
  line(`Billed to: ${opts.companyName}`);
  y -= 10;
  const what =
    { subscribe: 'Subscription', upgrade: 'Upgrade (prorated)', renewal: 'Renewal' }[payment.kind] ?? payment.kind;
  line(`${what}: ${opts.planName} plan, ${day(payment.periodStart)} to ${day(payment.periodEnd)}`);
  line(`Price: ${formatUsd(payment.priceCents)}`);
  line(`Coupon discount: ${formatUsd(payment.discountCents)}`);
  line(`Total charged: ${formatUsd(payment.amountCents)} (USD)`, 13);
  if (payment.cardBrand && payment.cardLast4) line(`Paid with ${payment.cardBrand} ending in ${payment.cardLast4}`);
  if (payment.status === 'refunded' && payment.refundedAt) {
    y -= 10;
    line(`Refunded in full on ${day(payment.refundedAt)}`, 12, rgb(0.7, 0.1, 0.1));
  }
  return doc.save();
}
