/**
 * The texts of e-mail verification and how long a link works, in a module of their own: the banner that every
 * logged-in first screen may show imports them, and src/shared/session.ts would bring the schema library with them.
 */

/** How long a link that verifies an e-mail address works (docs/security.md#e-mail-verification). */
export const EMAIL_VERIFICATION_TTL_DAYS = 7

/** Shared by the server's answers, the banner, the page and their tests. */
export const EMAIL_VERIFICATION_TEXTS = {
  banner: (email: string) => `Please confirm your e-mail address: we sent a link to ${email}.`,
  resend: 'Resend',
  resent: (email: string) =>
    `We sent a new link to ${email}. Check your spam folder if it does not arrive within a few minutes.`,
  alreadyVerified: 'Your e-mail address is already confirmed.',
  mailOff: 'This site does not send e-mail, so an address cannot be confirmed here.',
  verifying: 'Confirming your e-mail address…',
  done: (email: string) => `Thank you: ${email} is confirmed.`,
  linkInvalid: 'This confirmation link is not valid. Log in and ask for a new one with Resend.',
  linkUsed:
    'This confirmation link was already used. If your address is not confirmed yet, log in and ask for a new one.',
  linkExpired: `This confirmation link has expired: links work for ${EMAIL_VERIFICATION_TTL_DAYS} days. Log in and ask for a new one with Resend.`,
  linkOfAnotherAccount:
    'This confirmation link is for another account than the one logged in here. Log out, then open the link again.',
  linkOfOldAddress: 'This confirmation link was sent to an address the account no longer uses.',
  linkMissing:
    'This page needs the link from the welcome e-mail. Please open that link, or log in and ask for a new one.',
  /** Buying credit with real money waits for a confirmed address: the receipt goes there (docs/decisions.md). */
  purchaseNeedsVerifiedEmail:
    'Please confirm your e-mail address before buying credit: your receipt goes there. Use Resend in the banner above if the e-mail did not arrive.',
} as const
