import Link from '@mui/material/Link'

import { ACCOUNT_DELETION_GRACE_DAYS } from '@shared/account'
import { PRODUCT_NAME } from '@shared/constants'
import { LEGAL_CONTACT, LEGAL_UPDATED, RETENTION_DAYS } from '@shared/legal'

import { LegalPage, type LegalSection } from './LegalPage'

const contact = <Link href={`mailto:${LEGAL_CONTACT}`}>{LEGAL_CONTACT}</Link>

/** What the app keeps about a traveller, for how long, and why (docs/product.md#legal-pages). */
const SECTIONS: LegalSection[] = [
  {
    heading: 'Who we are',
    paragraphs: [
      `${PRODUCT_NAME} is a web app for travellers: you collect cards of the cities, states and countries you have ` +
        'been to, write memories on them and share them with friends. This notice says what we keep about you, why, ' +
        'for how long, and what you can do about it.',
    ],
  },
  {
    heading: 'What we keep',
    paragraphs: [
      'Your account: your e-mail address, your username, your avatar, your friend code, who invited you, a hash of ' +
        'your password (never the password itself), and when you confirmed your e-mail address and, if you asked ' +
        'for a paid draw, when you confirmed being 18 or older.',
      'What you create: your cards and draws, your memories with their pictures, comments and likes, the friends ' +
        'you add and tag, the places you mark as visited or want to go to, and the content you ask us to add.',
      'Your wallet: your credit balances and every movement of credit (the ledger), your certificates, your ' +
        'spending limit, and your purchases (the amount, the date and the payment reference).',
      'Notifications we send you in the app, and the e-mails we send you (receipts, confirmations, the digest if ' +
        'you chose it).',
    ],
  },
  {
    heading: 'Your photos and their location',
    paragraphs: [
      'When you add a picture to a memory, we read its location and capture date from the photo once, to check ' +
        'whether it was taken at the card’s place. The position is then thrown away: we keep only the place it was ' +
        'checked against, whether it was inside, and the capture date. The picture itself is re-encoded without ' +
        'any of its metadata (no location, no camera details) before it is stored.',
      'Who sees a memory and its pictures is up to you: Public, Friends or Private, for each memory.',
    ],
  },
  {
    heading: 'Payments',
    paragraphs: [
      'Credit is bought through Stripe, which handles your card details: they go to Stripe directly and never ' +
        'reach us. We keep what the purchase was, its amount, its date and Stripe’s reference for it. Stripe keeps ' +
        'the payment under its own privacy policy (stripe.com/privacy).',
      'When a purchase is refunded or disputed with your bank, Stripe tells us and we record the refund or dispute ' +
        'with the credit it moved.',
    ],
  },
  {
    heading: 'How long we keep it',
    paragraphs: [
      `Sessions: a login lasts up to ${RETENTION_DAYS.session} days; expired and ended sessions are deleted within ` +
        'the hour. Links we e-mail you (password reset, address confirmation) expire within days and are deleted a ' +
        'day after they expire.',
      `E-mails: a message is kept in our outbox until it is sent, then for ${RETENTION_DAYS.mail} days, then deleted.`,
      `Server logs and crash reports: our servers log each request (its address, the page or call, the time, the ` +
        'answer, your network address) without its contents, and the app reports its own crashes with e-mail ' +
        `addresses blanked. Logs are kept for at most ${RETENTION_DAYS.logs} days.`,
      'Everything else is kept while your account exists.',
    ],
  },
  {
    heading: 'Deleting your account and downloading your data',
    paragraphs: [
      'On My Account you can download everything we keep about you, at any time, as one file.',
      `You can delete your account on My Account. It is deleted ${ACCOUNT_DELETION_GRACE_DAYS} days later ` +
        'with everything in it; logging in before then cancels the deletion. Your purchases and credit history are ' +
        'then kept without your name or address, because the law asks us to keep accounting records.',
    ],
  },
  {
    heading: 'Who else sees it',
    paragraphs: [
      'Other travellers see what you make visible to them: your username, avatar and level, and your memories ' +
        'according to their visibility. We share nothing with advertisers and sell nothing. Stripe handles payments; ' +
        'our hosting and e-mail providers process data only to run the service for us.',
    ],
  },
  {
    heading: 'Contact',
    paragraphs: [
      <>
        Questions, requests about your data, or a complaint: write to {contact}. You may also complain to your data
        protection authority.
      </>,
    ],
  },
]

export function PrivacyPage() {
  return <LegalPage title="Privacy notice" updated={LEGAL_UPDATED} sections={SECTIONS} />
}
