import { Type, type Static } from 'typebox'

/**
 * The e-mails a traveller chooses (docs/product.md#e-mails). The daily digest of notifications is off until turned on
 * in My Account.
 */
export const EmailPreferencesSchema = Type.Object({
  /** A daily e-mail of the day's likes, comments, tags, gifts and friend adds (only on days with some). */
  notificationDigest: Type.Boolean(),
})
export type EmailPreferences = Static<typeof EmailPreferencesSchema>

/** The texts of My Account's e-mail section (docs/product.md#screen-my-account). */
export const EMAIL_PREFERENCE_TEXTS = {
  heading: 'E-mails',
  digestLabel: 'Daily e-mail of my notifications',
  digestHelp:
    'Once a day, an e-mail with the likes, comments, tags, gifts and new friends you have not seen yet, and your ' +
    'memories of that day in earlier years. Receipts and account e-mails are always sent.',
  loading: 'Loading your e-mail settings',
  loadFailed: 'Your e-mail settings could not be loaded.',
  savedOn: 'You will receive a daily e-mail of your notifications.',
  savedOff: 'You will no longer receive a daily e-mail of your notifications.',
} as const

/** The unsubscribe page's texts (GET shows, POST confirms; docs/product.md#unsubscribe). */
export const UNSUBSCRIBE_TEXTS = {
  title: 'Unsubscribe',
  confirm: {
    notificationDigest: 'Stop the daily e-mail of your Wandercards notifications?',
    physicalCards: 'Stop the e-mail announcing physical Wandercards cards?',
  },
  button: 'Unsubscribe',
  done: {
    notificationDigest:
      'You will no longer receive the daily e-mail of your notifications. You can turn it on again in My Account.',
    physicalCards: 'You will not receive the e-mail announcing physical cards.',
  },
  invalid: 'This unsubscribe link is not valid. You can change which e-mails you receive in My Account.',
} as const
