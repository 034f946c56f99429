import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

export const acquireRoutes: FastifyPluginAsyncTypebox = async () => {}
