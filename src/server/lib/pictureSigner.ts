import crypto from 'node:crypto'

import { now } from './clock'

/** A link stays valid between one and two hours, and is the same for a viewer within an hour so browsers can cache it. */
const LINK_WINDOW_SECONDS = 3600

/**
 * Signs picture links for one viewer. <img> cannot send the session header, so the link itself carries who asked
 * (`u`), until when (`exp`) and an HMAC over both and the file; the server still checks that viewer may see the memory.
 * A link to a smaller copy (`w`) signs the width too, so a link to one size cannot be turned into another.
 */
export class PictureSigner {
  constructor(private readonly secret: string) {}

  url(fileName: string, viewerId: string, width?: number): string {
    const nowSeconds = Math.floor(now().getTime() / 1000)
    const exp = (Math.floor(nowSeconds / LINK_WINDOW_SECONDS) + 2) * LINK_WINDOW_SECONDS
    const params = new URLSearchParams({ image: fileName })
    if (width !== undefined) params.set('w', String(width))
    params.set('u', viewerId)
    params.set('exp', String(exp))
    params.set('sig', this.signature(fileName, viewerId, exp, width))
    return `/api/image/memoryPicture?${params.toString()}`
  }

  /** Seconds the link stays valid, or null when it is forged or expired. */
  verify(fileName: string, viewerId: string, exp: number, sig: string, width?: number): number | null {
    const expected = Buffer.from(this.signature(fileName, viewerId, exp, width))
    const given = Buffer.from(sig)
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null
    const remaining = exp - Math.floor(now().getTime() / 1000)
    return remaining > 0 ? remaining : null
  }

  private signature(fileName: string, viewerId: string, exp: number, width: number | undefined): string {
    // The original's signed text is unchanged, so links handed out before copies existed stay valid.
    const signed = `${fileName}\n${viewerId}\n${exp}${width === undefined ? '' : `\nw${width}`}`
    return crypto.createHmac('sha256', this.secret).update(signed).digest('base64url')
  }
}
