import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

export const feedRoutes: FastifyPluginAsyncTypebox = async () => {}
