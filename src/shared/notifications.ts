import { Type, type Static } from 'typebox'

import { IdSchema, IsoDateTimeSchema } from './common'

export const NotificationSchema = Type.Object({
  notificationId: IdSchema,
  title: Type.String(),
  notificationContent: Type.String(),
  createdAt: IsoDateTimeSchema,
  read: Type.Boolean(),
})
export type Notification = Static<typeof NotificationSchema>

export const ReadNotificationBodySchema = Type.Object({ notificationId: IdSchema })
export type ReadNotificationBody = Static<typeof ReadNotificationBodySchema>
