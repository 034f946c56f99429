import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import fp from 'fastify-plugin'

import { APP_VERSION, PRODUCT_NAME } from '@shared/constants'

/** The OpenAPI document is generated from the same TypeBox schemas the routes validate with. */
export const openApiPlugin = fp(
  async (fastify) => {
    await fastify.register(swagger, {
      openapi: {
        info: { title: `${PRODUCT_NAME} API`, version: APP_VERSION },
        components: {
          securitySchemes: {
            apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
            authKey: { type: 'apiKey', in: 'header', name: 'X-Auth-Key' },
          },
        },
        security: [{ apiKey: [] }, { authKey: [] }],
      },
      hideUntagged: false,
    })
    await fastify.register(swaggerUi, { routePrefix: '/api/docs' })
  },
  { name: 'openapi' },
)
