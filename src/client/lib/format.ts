const creditFormatter = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })
const moneyFormatters = {
  2: new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }),
  0: new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }),
}

/** Credit with thousands separators: 12500 → "12,500". */
export function formatCredit(value: number): string {
  return creditFormatter.format(Number.isFinite(value) ? value : 0)
}

/** US dollars with two decimals, or none when asked; a non-number shows $0.00 (docs/product.md#formatting). */
export function formatMoney(value: unknown, noDecimals = false): string {
  const amount =
    typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN
  if (!Number.isFinite(amount)) return '$0.00'
  return moneyFormatters[noDecimals ? 0 : 2].format(amount)
}

/** YYYY-MM-DD of an ISO timestamp or date, in the user's time zone. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return ''
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** Cuts text at `max` characters on a word boundary and adds an ellipsis. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`
}

/** Percentage of the current level reached, with 2 decimals (docs/product.md#profile-states). */
export function levelProgress(userExp: number, expForCurrentLevel: number, expToLevelUp: number): string {
  if (!expToLevelUp) return '0.00'
  return (((userExp - expForCurrentLevel) / expToLevelUp) * 100).toFixed(2)
}

/** "1 friend", "3 friends", with thousands separators. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCredit(count)} ${count === 1 ? singular : plural}`
}

/** A file size for people: "640 KB", "12.4 MB" (decimal units, as file managers show them). */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.round(bytes / 1000).toLocaleString('en-US')} KB`
  return `${(bytes / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`
}
