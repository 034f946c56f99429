import { Type, type Static } from 'typebox'

import { IdSchema, IsoDateTimeSchema } from './common'

export const NotificationSchema = Type.Object({
  notificationId: IdSchema,
  title: Type.String(),
  notificationContent: Type.String(),
  createdAt: IsoDateTimeSchema,
  read: Type.Boolean(),
  /** The screen of the app the notification is about (a path such as /viewMemory/{id}/comments), or null. */
  link: Type.Union([Type.String(), Type.Null()]),
})
export type Notification = Static<typeof NotificationSchema>

export const ReadNotificationBodySchema = Type.Object({ notificationId: IdSchema })
export type ReadNotificationBody = Static<typeof ReadNotificationBodySchema>
