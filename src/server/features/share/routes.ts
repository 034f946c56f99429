import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

export const shareRoutes: FastifyPluginAsyncTypebox = async () => {}
