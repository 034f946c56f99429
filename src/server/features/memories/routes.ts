import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

export const memoriesRoutes: FastifyPluginAsyncTypebox = async () => {}
