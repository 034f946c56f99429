/**
 * One call of the API, declared once: its method and its path under /api. The entries live in one module per area
 * (`./acquire`, `./operator`, …), each call its own export, so the web app's bundles carry only the entries of the calls
 * they make: the console's never reach the first load. `./index` gathers them for the server and the tests, and
 * `./schemas` binds each call's request and response schemas to its name.
 */
export interface Call {
  method: 'GET' | 'POST'
  path: `/${string}`
  /**
   * An operator call (docs/security.md#operators): answered as an unknown route to anyone but an operator, and left out
   * of the public OpenAPI document.
   */
  operator?: true
}
