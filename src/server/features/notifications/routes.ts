import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'

import { route } from '../../lib/calls'
import { userId } from '../../lib/requestUser'

import * as notificationsService from './service'

export const notificationsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  route(
    fastify,
    'checkNewNotifications',
    {
      // Every open app polls this every 10 seconds.
      config: { quietLog: true },
      onRequest: fastify.requireUser,
    },
    (request) => notificationsService.hasUnread(fastify.db, userId(request)),
  )

  route(fastify, 'getNotifications', { onRequest: fastify.requireUser }, (request) =>
    notificationsService.listNotifications(fastify.db, userId(request)),
  )

  route(fastify, 'readNotification', { onRequest: fastify.requireUser }, (request) =>
    notificationsService.readNotification(fastify.db, userId(request), request.body.notificationId),
  )

  route(fastify, 'readAllNotifications', { onRequest: fastify.requireUser }, (request) =>
    notificationsService.readAllNotifications(fastify.db, userId(request)),
  )
}
