import type { Readable } from 'node:stream';
import PDFDocument from 'pdfkit';
import {
  COMPANY_ADDRESS,
  formatMoney,
  invoiceNumber,
  orderStatusLabel,
  planLabel,
  promoLabel,
  type Order,
  type Payment,
} from '@waymark/domain';

type Doc = InstanceType<typeof PDFDocument>;

const MARGIN = 48;
const TEXT = '#24292f';
const MUTED = '#57606a';

/** 'MMMM dd, yyyy' (spec 002 §9), in UTC: an invoice reads the same everywhere. */
export function invoiceDate(iso: string) {
  const d = new Date(iso);
  const month = d.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return `${month} ${String(d.getUTCDate()).padStart(2, '0')}, ${d.getUTCFullYear()}`;
}

function block(doc: Doc, x: number, y: number, title: string, lines: (string | null)[]) {
  doc.font('Helvetica-Bold').fontSize(10).fillColor(TEXT).text(title, x, y);
  doc.font('Helvetica').fontSize(10).fillColor(MUTED);
  for (const line of lines) if (line) doc.text(line, x);
}

/**
 * The invoice of an order (spec 002 §2.8 "Order invoice modal", Download .PDF), or of one of
 * its payments: the company address, Billed to, invoice number and dates, the item table
 * (# / Description / Unit Cost / Qty / Line Total) and the summary rows with the promo.
 */
export function writeInvoicePdf(order: Order, payment?: Payment): Readable {
  const number = invoiceNumber(order.id, payment?.id);
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: `Invoice ${number}`, Creator: 'Waymark' },
  });
  const width = doc.page.width - 2 * MARGIN;
  const c = COMPANY_ADDRESS;

  doc.font('Helvetica-Bold').fontSize(20).fillColor(TEXT).text('Invoice', MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(`Order #${order.id} · ${orderStatusLabel(order.status)}`);
  const top = doc.y + 12;
  block(doc, MARGIN, top, c.title, [c.line1, c.line2, `${c.city}, ${c.state} ${c.zip}`]);
  const b = order.billingAddress;
  block(
    doc,
    MARGIN + width / 2,
    top,
    'Billed to',
    b
      ? [b.title ?? order.account.title, b.line1, b.line2, `${b.city}, ${b.state} ${b.zip}`]
      : [order.account.title],
  );
  doc.moveDown();
  const facts: [string, string][] = [
    ['Invoice number', number],
    ['Invoice date', invoiceDate(payment?.created_at ?? order.created_at)],
  ];
  if (payment) facts.push(['Due date', invoiceDate(payment.due_date)]);
  else facts.push(['Billing term', order.billingTerm], ['Payment term', order.paymentTerm]);
  if (payment)
    facts.push(['Amount Due', formatMoney(payment.status === 'succeeded' ? 0 : payment.amount)]);
  let y = Math.max(doc.y, top + 70);
  for (const [label, value] of facts) {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(TEXT).text(label, MARGIN, y, { width: 140 });
    doc.font('Helvetica').text(value, MARGIN + 150, y);
    y += 15;
  }

  y += 12;
  const cols = [
    MARGIN,
    MARGIN + 30,
    MARGIN + width - 210,
    MARGIN + width - 130,
    MARGIN + width - 80,
  ];
  const head = ['#', 'Description', 'Unit Cost', 'Qty', 'Line Total'];
  doc.font('Helvetica-Bold').fontSize(10).fillColor(TEXT);
  head.forEach((h, i) => doc.text(h, cols[i]!, y, { lineBreak: false }));
  y += 16;
  doc.font('Helvetica').fillColor(TEXT);
  if (order.invoiceItems.length === 0) {
    doc.fillColor(MUTED).text('This order has no items', MARGIN, y);
    y += 16;
  }
  order.invoiceItems.forEach((item, i) => {
    doc.text(String(i + 1), cols[0]!, y, { lineBreak: false });
    doc.text(item.title, cols[1]!, y, { width: cols[2]! - cols[1]! - 8 });
    const rowBottom = doc.y;
    doc.text(formatMoney(item.price), cols[2]!, y, { lineBreak: false });
    doc.text(String(item.qty), cols[3]!, y, { lineBreak: false });
    doc.text(formatMoney(item.total), cols[4]!, y, { lineBreak: false });
    y = Math.max(rowBottom, y + 14) + 2;
  });

  y += 10;
  const s = order.summary;
  const rows: [string, string][] = [
    ['Hardware', formatMoney(s.hardware_total)],
    ['Subscription', formatMoney(s.subscription_total)],
    ['Live Audio Hours', formatMoney(s.audio_hour_total + s.live_audio_total)],
    [
      'Shipping',
      s.shipping_total !== s.shipping_total_before_discount
        ? `${formatMoney(s.shipping_total)} (was ${formatMoney(s.shipping_total_before_discount)})`
        : formatMoney(s.shipping_total),
    ],
    ['Tax', formatMoney(s.tax)],
  ];
  if (s.promo_code) rows.push([`Promo discount (${s.promo_code.code})`, promoLabel(s.promo_code)]);
  rows.push(['Grand Total', formatMoney(s.grand_total)]);
  for (const [label, value] of rows) {
    const bold = label === 'Grand Total';
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(TEXT);
    doc.text(label, MARGIN + width - 260, y, { width: 160, lineBreak: false });
    doc.text(value, MARGIN + width - 100, y, { width: 100, align: 'right', lineBreak: false });
    y += 15;
  }
  const plans = order.orderItems.filter((i) => i.months).map((i) => planLabel(i.months!));
  if (plans.length > 0) {
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`Plans: ${[...new Set(plans)].join(', ')}`, MARGIN, y + 10);
  }
  doc.end();
  return doc;
}
