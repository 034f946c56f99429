/** The form an e-mail is stored, looked up and rate-limited in: one account, however it is typed. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}
