/** The app's links a mail carries. A token rides in the fragment, which browsers send to no server and put in no Referer. */

export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/resetPassword#token=${encodeURIComponent(token)}`
}

export function emailChangeConfirmLink(publicUrl: string, token: string): string {
  return `${publicUrl}/confirmEmailChange#token=${encodeURIComponent(token)}`
}

export function emailChangeUndoLink(publicUrl: string, token: string): string {
  return `${publicUrl}/undoEmailChange#token=${encodeURIComponent(token)}`
}

export function emailVerificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/verifyEmail#token=${encodeURIComponent(token)}`
}

/** The page that confirms an unsubscription (GET) and takes RFC 8058's one-click POST, both at one address. */
export function unsubscribeLink(publicUrl: string, token: string): string {
  return `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`
}
