import type { App } from '@server/app'

/** A JSON Schema as the OpenAPI document carries it (the route's TypeBox schema, converted by @fastify/swagger). */
export interface JsonSchema {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  items?: JsonSchema
  anyOf?: JsonSchema[]
  enum?: unknown[]
  const?: unknown
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  minItems?: number
  maxItems?: number
  pattern?: string
  nullable?: boolean
}

/** One call of the API, with the schemas the server validates it with. */
export interface ContractRoute {
  method: 'GET' | 'POST'
  url: string
  /** The call needs a logged-in user as well as the api key. */
  loginOnly: boolean
  query: JsonSchema | null
  body: JsonSchema | null
}

interface OpenApiOperation {
  security?: Record<string, unknown>[]
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[]
  requestBody?: { content: Record<string, { schema: JsonSchema }> }
}

/** Every /api call in the app's OpenAPI document, which is generated from the routes' own schemas. */
export function contractRoutes(app: App): ContractRoute[] {
  const document = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> }
  const routes: ContractRoute[] = []
  for (const [url, operations] of Object.entries(document.paths)) {
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) continue
    for (const [method, operation] of Object.entries(operations)) {
      if (method !== 'get' && method !== 'post') continue
      const queryParameters = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query')
      const query: JsonSchema | null =
        queryParameters.length > 0
          ? {
              type: 'object',
              properties: Object.fromEntries(queryParameters.map((parameter) => [parameter.name, parameter.schema])),
              required: queryParameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
            }
          : null
      routes.push({
        method: method === 'get' ? 'GET' : 'POST',
        url,
        loginOnly: (operation.security ?? []).some((requirement) => 'authKey' in requirement),
        query,
        body: operation.requestBody?.content['application/json']?.schema ?? null,
      })
    }
  }
  return routes
}
