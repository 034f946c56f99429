import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

export const walletWebhookRoutes: FastifyPluginAsyncTypebox = async () => {}
