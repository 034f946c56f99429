import Link from '@mui/material/Link'

import { PRODUCT_NAME, SPENDING_LIMIT_MAX_DOLLARS } from '@shared/constants'
import { LEGAL_CONTACT, LEGAL_UPDATED } from '@shared/legal'

import { LegalPage, type LegalSection } from './LegalPage'

const contact = <Link href={`mailto:${LEGAL_CONTACT}`}>{LEGAL_CONTACT}</Link>

/** The rules of using the app, its credit and its paid draws (docs/product.md#legal-pages). */
const SECTIONS: LegalSection[] = [
  {
    heading: 'Your account',
    paragraphs: [
      `By signing up you accept these terms and our Privacy notice. Keep your password to yourself: what is done ` +
        `with your account is done by you. One person, one account; ${PRODUCT_NAME} is for personal use.`,
    ],
  },
  {
    heading: 'Virtual credit',
    paragraphs: [
      'Digital and physical credit are virtual: they buy cards and other things in the app, and nothing else. ' +
        'Credit has no cash value, cannot be exchanged for money, sold or moved to another account, and is not ' +
        'refunded when it has been spent or when an account is deleted.',
      `You can set a monthly spending limit on My Wallet, from $0 to $${SPENDING_LIMIT_MAX_DOLLARS.toLocaleString('en-US')}; ` +
        'lowering it applies at once, raising or removing it after 24 hours.',
      'Purchases are paid through Stripe. If a purchase is refunded, or disputed with your bank, the credit it ' +
        'added is taken back. If some of it was already spent, your balance becomes negative and spending waits ' +
        'until the balance is settled by a new purchase; a dispute decided in the purchase’s favour gives the ' +
        'credit back.',
    ],
  },
  {
    heading: 'Random draws',
    paragraphs: [
      'A draw gives random cards with the published chances of each rarity (see Drop rates on the draw screen). ' +
        'Paid draws are for people 18 or older, and the app asks you to confirm your age before your first one. ' +
        'Picking a card you choose and the free draw are open to everyone.',
    ],
  },
  {
    heading: 'What you share',
    paragraphs: [
      'You keep the rights to your memories and pictures, and allow us to store and show them to the people you ' +
        'share them with. Share only what is yours to share. No harassment, hate, sexual content, spam, or other ' +
        'people’s private information: we may hide such content and suspend the accounts that post it.',
    ],
  },
  {
    heading: 'The service',
    paragraphs: [
      'We work to keep the app running and your data safe, but cannot promise it is never interrupted. We may ' +
        'change the app and these terms; we tell you in the app before a change that matters to you takes effect. ' +
        'You may delete your account at any time on My Account.',
    ],
  },
  {
    heading: 'Contact',
    paragraphs: [<>Questions about these terms: write to {contact}.</>],
  },
]

export function TermsPage() {
  return <LegalPage title="Terms of Use" updated={LEGAL_UPDATED} sections={SECTIONS} />
}
