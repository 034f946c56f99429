/**
 * What operators read in the console and in its calls' refusals (docs/product.md#console), in a module of their own
 * so that only the console's lazily loaded chunks carry them.
 */
export const CONSOLE_TEXTS = {
  secondFactorRequired: 'Enter the code from your authenticator app to open the console.',
  alreadyEnrolled: 'Your authenticator app is already set up. Enter its code to open the console.',
  notEnrolled: 'Set up your authenticator app first.',
  wrongCode: 'That code is not right. Check the time on your phone and enter the newest code.',
  usedCode: 'That code was already used. Wait for the next code and enter it.',
  secretKeyMissing:
    'Operator sign-in is not configured on this server: OPERATOR_SECRET_KEY is not set. Ask whoever runs the server.',
  reasonRequired: 'Give a reason: it is kept in the audit log.',
} as const

/** What a traveller reads when an operator answers their "Request New Content" (a notification). */
export const CONTENT_REQUEST_REPLY_NOTIFICATION = {
  title: 'An answer to your request',
  content: (requestType: string, reply: string) => `About your request (${requestType}): ${reply}`,
} as const

/** Refusals of the console's actions on travellers and content requests. */
export const CONSOLE_REFUSALS = {
  noSuchTraveller: 'No such traveller.',
  noSuchRequest: 'No such content request.',
  requestDone: 'This request is already done.',
  takeMoreThanBalance: (balance: number, currency: string) =>
    `The traveller has only ${balance.toLocaleString('en-US')} ${currency} credit: you can take at most that much.`,
} as const
