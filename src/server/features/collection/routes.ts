import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

export const collectionRoutes: FastifyPluginAsyncTypebox = async () => {}
