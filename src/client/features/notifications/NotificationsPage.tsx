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

import { useGetNotificationsQuery, useReadNotificationMutation } from './api'

/** /notifications: newest first; an unread one has a "new" badge and a Read button; Open goes to what it is about. */
export function NotificationsPage() {
  usePageTitle('Notifications')
  const { data: notifications, isLoading, isError, isFetching, refetch } = useGetNotificationsQuery()

  return (
    <Stack spacing={3} sx={{ maxWidth: 800, mx: 'auto' }}>
      <Typography variant="h3" component="h1">
        Notifications
      </Typography>
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
        <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
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
  return (
    <Paper
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{ p: 2, borderLeft: 4, borderLeftColor: notification.read ? 'divider' : 'secondary.main' }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Stack spacing={0.5} sx={{ flexGrow: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography id={titleId} component="h2" sx={{ fontWeight: notification.read ? 500 : 700 }}>
              {notification.title}
            </Typography>
            {!notification.read && <Chip size="small" color="secondary" label="new" />}
          </Stack>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{notification.notificationContent}</Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDate(notification.createdAt)}
          </Typography>
        </Stack>
        {notification.link?.startsWith('/') && (
          <Button
            component={RouterLink}
            to={notification.link}
            variant="contained"
            // Opening what a notification is about reads it, as a Read press would.
            onClick={() => {
              if (!notification.read) void readNotification({ notificationId: notification.notificationId })
            }}
            aria-label={`Open: ${notification.title}`}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          >
            Open
          </Button>
        )}
        {!notification.read && (
          <Button
            variant="outlined"
            loading={isLoading}
            onClick={() => readNotification({ notificationId: notification.notificationId })}
            aria-label={`Read: ${notification.title}`}
            sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
          >
            Read
          </Button>
        )}
      </Stack>
    </Paper>
  )
}
