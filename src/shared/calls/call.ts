/**
 * One call of the API, declared once: its method and its address under /api. The entries live in one module per area
 * (`./acquire`, `./operator`, …), each call its own export, so the web app's bundles carry only the entries of the calls
 * they make: the console's never reach the first load. An entry is what Fastify's route options and RTK Query's
 * request arguments both call `method` and `url`, so the web app sends it as it is (`query: () => acquireCalls.getPrices`,
 * `({ ...acquireCalls.pickCard, body })`). `./index` gathers the areas for the server and the tests, and `./schemas`
 * binds each call's request and response schemas to its name.
 */
export interface Call {
  method: 'GET' | 'POST'
  /** The path under /api (the server's prefix, the web app's base URL). */
  url: `/${string}`
}
