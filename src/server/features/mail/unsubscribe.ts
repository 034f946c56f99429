import crypto from 'node:crypto'

/** What a traveller can stop receiving by e-mail with one click: the daily digest and the physical cards' news. */
export const MAILING_LISTS = ['notificationDigest', 'physicalCards'] as const
export type MailingList = (typeof MAILING_LISTS)[number]

/**
 * Unsubscribe links (RFC 8058 one-click): `{list}.{userId}.{HMAC-SHA256}` signed with a key derived from
 * MEDIA_SIGNING_SECRET for this use only, so a link names one traveller and one list and cannot be altered to name
 * another; no session is needed. Links do not expire: an old mail must still unsubscribe. Rotating the secret voids
 * them (My Account still switches the digest off).
 */
export class UnsubscribeSigner {
  private readonly key: Buffer

  constructor(secret: string) {
    this.key = crypto.createHmac('sha256', secret).update('wandercards unsubscribe links v1').digest()
  }

  sign(userId: string, list: MailingList): string {
    return `${list}.${userId}.${this.mac(`${list}.${userId}`)}`
  }

  /** The traveller and list a token names, or null when it is not one this server signed. */
  read(token: string): { userId: string; list: MailingList } | null {
    const parts = token.split('.')
    if (parts.length !== 3) return null
    const [list = '', userId = '', mac = ''] = parts
    if (!(MAILING_LISTS as readonly string[]).includes(list) || userId === '') return null
    const expected = Buffer.from(this.mac(`${list}.${userId}`))
    const given = Buffer.from(mac)
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null
    return { userId, list: list as MailingList }
  }

  private mac(message: string): string {
    return crypto.createHmac('sha256', this.key).update(message).digest('base64url')
  }
}
