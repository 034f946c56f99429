import type { ReportClientErrorBody } from '@shared/clientErrors'
import { withoutQueryOrFragment } from '@shared/clientErrorText'

/** What the log keeps of a crash report; written only from the report, never from the request that carried it. */
export interface ClientErrorLogFields {
  kind: ReportClientErrorBody['kind']
  route: string
  release: string
  message: string
  stack: string
}

const EMAIL_ADDRESS = /[^\s@<>()'"]+@[^\s@<>()'"]+\.[a-z]{2,}/gi

/**
 * The report as it is logged: addresses lose their query strings and fragments (the app removes them too, but the
 * server does not count on a client), and an e-mail address in the message is blanked, as error messages sometimes
 * quote what was typed. The stack keeps its `name@url` frames (Firefox's form), which are no e-mail addresses.
 */
export function clientErrorLogFields(report: ReportClientErrorBody): ClientErrorLogFields {
  return {
    kind: report.kind,
    route: report.route,
    release: report.release,
    message: withoutQueryOrFragment(report.message).replace(EMAIL_ADDRESS, '[e-mail]'),
    stack: withoutQueryOrFragment(report.stack),
  }
}
