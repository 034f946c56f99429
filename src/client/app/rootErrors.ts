import type { ErrorInfo, RootOptions } from 'react-dom/client'

/**
 * React's root error callbacks: an error thrown while rendering, caught by no error boundary or by one, is reported to
 * the server. The reporter is fetched only when an error happens, so the first load carries just these lines.
 */
const report = (error: unknown, info: ErrorInfo) => {
  void import(/* webpackChunkName: "errorReport" */ './errorReport').then((reporter) =>
    reporter.reportError(error, info),
  )
}

export const rootErrorReporting: RootOptions = { onUncaughtError: report, onCaughtError: report }
