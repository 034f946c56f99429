import { PRODUCT_NAME } from '@shared/constants'

import { button, escapeHtml, greetingMail, mailDate, type RenderContext, type RenderedMail } from './layout'

export interface PurchaseReceiptPayload {
  username: string
  amountCents: number
  currency: string
  credit: number
  creditKind: 'digital' | 'physical'
  paidAt: string
  reference: string
}

/** A refund or a dispute of a purchase took its credit back, or a won dispute gave it back. */
export interface PurchaseReversedPayload {
  username: string
  title: string
  text: string
  reference: string
}

/** Credit with thousands separators, as the app shows it: 12500 → "12,500". */
function formatCredit(value: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value)
}

/** An amount in the payment's currency: "USD 4.99". */
function formatAmount(amountCents: number, currency: string): string {
  return `${currency.toUpperCase()} ${(amountCents / 100).toFixed(2)}`
}

export function purchaseReceipt(
  { username, amountCents, currency, credit, creditKind, paidAt, reference }: PurchaseReceiptPayload,
  { publicUrl }: RenderContext,
): RenderedMail {
  const walletLink = `${publicUrl}/myWallet`
  const details: [string, string][] = [
    ['Amount paid', formatAmount(amountCents, currency)],
    ['Credit received', `${formatCredit(credit)} ${creditKind} credit`],
    ['Date', mailDate(paidAt)],
    ['Payment reference', reference],
  ]
  const intro = `Thank you for your purchase. ${formatCredit(credit)} ${creditKind} credit has been added to your wallet.`
  const keep = 'Keep this e-mail as your receipt. Quote the payment reference if you ever need to ask about it.'
  return greetingMail({
    username,
    subject: `Your ${PRODUCT_NAME} receipt`,
    text: [intro, '', ...details.map(([label, value]) => `${label}: ${value}`), '', keep, `Your wallet: ${walletLink}`],
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      '<table style="border-collapse:collapse;margin:16px 0">',
      ...details.map(
        ([label, value]) =>
          `<tr><td style="padding:4px 16px 4px 0;color:#5b6670">${escapeHtml(label)}</td>` +
          `<td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
      ),
      '</table>',
      `<p>${escapeHtml(keep)}</p>`,
      button(walletLink, 'Open My Wallet'),
    ],
    links: [walletLink],
  })
}

export function purchaseReversed(
  { username, title, text: news, reference }: PurchaseReversedPayload,
  { publicUrl }: RenderContext,
): RenderedMail {
  const walletLink = `${publicUrl}/myWallet`
  const quote = `Payment reference: ${reference}`
  return greetingMail({
    username,
    subject: `${PRODUCT_NAME}: ${title}`,
    text: [news, '', quote, `Your wallet: ${walletLink}`],
    html: [
      `<p>${escapeHtml(news)}</p>`,
      `<p style="color:#5b6670">${escapeHtml(quote)}</p>`,
      button(walletLink, 'Open My Wallet'),
    ],
    links: [walletLink],
  })
}
