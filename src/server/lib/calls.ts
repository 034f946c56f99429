import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify'
import type { TSchema } from 'typebox'

import { CALLS, type CallName } from '@shared/calls'
import { CALL_SCHEMAS, type CallSchemas } from '@shared/calls/schemas'
import { envelope } from '@shared/envelope'

type SchemasOf<Name extends CallName> = (typeof CALL_SCHEMAS)[Name]

/** The Fastify schema of a call's route: its query string, body and enveloped answer, as the table gives them. */
export type CallRouteSchema<Name extends CallName> = FastifySchema &
  (SchemasOf<Name> extends { query: infer Query extends TSchema } ? { querystring: Query } : unknown) &
  (SchemasOf<Name> extends { body: infer Body extends TSchema } ? { body: Body } : unknown) &
  (SchemasOf<Name> extends { response: infer Response extends TSchema } ? { response: { 200: Response } } : unknown) &
  (SchemasOf<Name> extends { description: string } ? { description: string } : unknown)

type Instance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>

/** What a route adds to its call's entry: hooks, rate limits, logging; the method, path and schemas are the table's. */
type CallRouteOptions<Schema extends FastifySchema> = Omit<
  RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    Schema,
    TypeBoxTypeProvider
  >,
  'schema'
> & {
  /** For a plugin registered without the /api prefix (features/mail). */
  prefix?: string
}

type CallHandler<Schema extends FastifySchema> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  Schema,
  TypeBoxTypeProvider
>

/** Fastify's schema of a call: the answer's schema is wrapped in the envelope, as every answer is on the wire. */
function callSchema<Name extends CallName>(name: Name): CallRouteSchema<Name> {
  const { query, body, response, description }: CallSchemas = CALL_SCHEMAS[name]
  return {
    ...(query && { querystring: query }),
    ...(body && { body }),
    ...(response && { response: { 200: envelope(response) } }),
    ...(description && { description }),
  } as CallRouteSchema<Name>
}

/**
 * Registers the route of a call declared in the table (@shared/calls): its method, path and schemas come from there,
 * the options (onRequest hooks, rate limits) and the handler from the feature, which types them as Fastify would for
 * `fastify.get(path, { schema }, handler)`.
 */
export function route<Name extends CallName>(
  fastify: Instance,
  name: Name,
  { prefix = '', ...options }: CallRouteOptions<CallRouteSchema<Name>>,
  handler: CallHandler<CallRouteSchema<Name>>,
): void {
  const { method, url } = CALLS[name]
  fastify.route<RouteGenericInterface, ContextConfigDefault, CallRouteSchema<Name>>({
    ...options,
    method,
    url: `${prefix}${url}`,
    schema: callSchema(name),
    handler,
  })
}
