import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'

import { envelope } from '@shared/envelope'
import { NotificationSchema, ReadNotificationBodySchema } from '@shared/notifications'

import { userId } from '../../lib/requestUser'

import * as notificationsService from './service'

export const notificationsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  fastify.get(
    '/checkNewNotifications',
    {
      // Every open app polls this every 10 seconds.
      config: { quietLog: true },
      schema: { response: { 200: envelope(Type.Boolean()) } },
      onRequest: fastify.requireUser,
    },
    (request) => notificationsService.hasUnread(fastify.db, userId(request)),
  )

  fastify.get(
    '/getNotifications',
    { schema: { response: { 200: envelope(Type.Array(NotificationSchema)) } }, onRequest: fastify.requireUser },
    (request) => notificationsService.listNotifications(fastify.db, userId(request)),
  )

  fastify.post(
    '/readNotification',
    {
      schema: { body: ReadNotificationBodySchema, response: { 200: envelope(Type.Null()) } },
      onRequest: fastify.requireUser,
    },
    (request) => notificationsService.readNotification(fastify.db, userId(request), request.body.notificationId),
  )

  fastify.post(
    '/readAllNotifications',
    { schema: { response: { 200: envelope(Type.Null()) } }, onRequest: fastify.requireUser },
    (request) => notificationsService.readAllNotifications(fastify.db, userId(request)),
  )
}
