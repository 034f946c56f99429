import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

export const friendsRoutes: FastifyPluginAsyncTypebox = async () => {}
