import type { Envelope } from '@shared/envelope'

/**
 * A successful envelope around data that is already JSON, as the envelope plugin (plugins/envelope.ts) would send it:
 * for an answer prepared as a string once and sent many times (the catalogue's lists, the travel map), which skips
 * the plugin's serialization.
 */
export function envelopeJson(dataJson: string, authorized: boolean): string {
  const metadata: Envelope<unknown>['metadata'] = { status: true, errorCode: null, message: '', authorized }
  return `{"metadata":${JSON.stringify(metadata)},"data":${dataJson}}`
}
