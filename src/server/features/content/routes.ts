import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

export const contentRoutes: FastifyPluginAsyncTypebox = async () => {}
