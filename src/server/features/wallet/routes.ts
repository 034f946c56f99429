import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

export const walletRoutes: FastifyPluginAsyncTypebox = async () => {}
