import Button from '@mui/material/Button'
import Chip from '@mui/material/Chip'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import Typography from '@mui/material/Typography'
import { Link as RouterLink } from 'react-router-dom'

import type { Notification } from '@shared/notifications'
import { TEXTS } from '@shared/texts'

import { EmptyState } from '../../components/EmptyState'
import { ListSkeleton } from '../../components/ListSkeleton'
import { LoadFailed } from '../../components/LoadFailed'
import { usePageTitle } from '../../components/usePageTitle'
import { formatDate } from '../../lib/format'

import { useGetNotificationsQuery, useReadAllNotificationsMutation, useReadNotificationMutation } from './api'

/** /notifications: newest first; an unread one has a "new" badge and a Read button; Open goes to what it is about. */
export function NotificationsPage() {
  usePageTitle('Notifications')
  const { data: notifications, isLoading, isError, isFetching, refetch } = useGetNotificationsQuery()
  const [readAll, { isLoading: readingAll }] = useReadAllNotificationsMutation()
  const anyUnread = notifications?.some((notification) => !notification.read) ?? false

  return (
    <Stack spacing={3} sx={{ maxWidth: 800, mx: 'auto' }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h3" component="h1">
          Notifications
        </Typography>
        {anyUnread && (
          <Button variant="outlined" size="small" loading={readingAll} onClick={() => void readAll()}>
            Mark all as read
          </Button>
        )}
      </Stack>
      {isLoading ? (
        <ListSkeleton label="Loading your notifications" count={4} height={72} />
      ) : isError && !notifications ? (
        <LoadFailed
          message="Your notifications could not be loaded."
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : !notifications || notifications.length === 0 ? (
        <EmptyState message={TEXTS.empty.inbox} />
      ) : (
        <Stack component="ul" spacing={{ xs: 1, sm: 2 }} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {notifications.map((notification) => (
            <li key={notification.notificationId}>
              <NotificationItem notification={notification} />
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  )
}

interface NotificationItemProps {
  notification: Notification
}

function NotificationItem({ notification }: NotificationItemProps) {
  const [readNotification, { isLoading }] = useReadNotificationMutation()
  const titleId = `notification-${notification.notificationId}`
  // On a phone one row: the words beside small buttons, the text to two lines (Open shows the rest); a stacked layout
  // took about 240 px a notification.
  return (
    <Paper
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{
        px: { xs: 1.5, sm: 2 },
        py: { xs: 1, sm: 2 },
        borderLeft: 4,
        borderLeftColor: notification.read ? 'divider' : 'secondary.main',
      }}
    >
      <Stack direction="row" spacing={{ xs: 1, sm: 2 }} sx={{ alignItems: 'center' }}>
        <Stack spacing={{ xs: 0, sm: 0.5 }} sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
            <Typography id={titleId} component="h2" sx={{ fontWeight: notification.read ? 500 : 700 }}>
              {notification.title}
            </Typography>
            {!notification.read && <Chip size="small" color="secondary" label="new" />}
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {formatDate(notification.createdAt)}
            </Typography>
          </Stack>
          <Typography
            variant="body2"
            sx={{
              overflowWrap: 'anywhere',
              display: { xs: '-webkit-box', sm: 'block' },
              WebkitLineClamp: { xs: 2, sm: 'none' },
              WebkitBoxOrient: 'vertical',
              overflow: { xs: 'hidden', sm: 'visible' },
            }}
          >
            {notification.notificationContent}
          </Typography>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexShrink: 0 }}>
          {notification.link?.startsWith('/') && (
            <Button
              component={RouterLink}
              to={notification.link}
              variant="contained"
              size="small"
              // Opening what a notification is about reads it, as a Read press would.
              onClick={() => {
                if (!notification.read) void readNotification({ notificationId: notification.notificationId })
              }}
              aria-label={`Open: ${notification.title}`}
            >
              Open
            </Button>
          )}
          {!notification.read && (
            <Button
              variant="outlined"
              size="small"
              loading={isLoading}
              onClick={() => readNotification({ notificationId: notification.notificationId })}
              aria-label={`Read: ${notification.title}`}
            >
              Read
            </Button>
          )}
        </Stack>
      </Stack>
    </Paper>
  )
}
