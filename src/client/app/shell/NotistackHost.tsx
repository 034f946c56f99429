import Box from '@mui/material/Box'
import { styled } from '@mui/material/styles'
import { closeSnackbar, enqueueSnackbar, MaterialDesignContent, SnackbarProvider } from 'notistack'
import { useEffect } from 'react'

import { TOAST_DURATION_MS } from '@shared/constants'

import { hasDate, TextWithDates } from '../../components/TextWithDates'
import { APP_BAR_HEIGHT } from '../../lib/layout'
import { attachToastSink } from '../../lib/toast'
import { TOAST_BACKGROUNDS } from '../theme'

const Toast = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: TOAST_BACKGROUNDS.success },
  '&.notistack-MuiContent-error': { backgroundColor: TOAST_BACKGROUNDS.error },
  '&.notistack-MuiContent-warning': { backgroundColor: TOAST_BACKGROUNDS.warning },
  '&.notistack-MuiContent-info': { backgroundColor: TOAST_BACKGROUNDS.info },
})
const TOAST_VARIANTS = { default: Toast, success: Toast, error: Toast, warning: Toast, info: Toast }

export function NotistackHost() {
  useEffect(
    () =>
      attachToastSink({
        enqueue: (message, options) =>
          enqueueSnackbar(
            typeof message === 'string' && hasDate(message) ? <TextWithDates text={message} /> : message,
            options,
          ),
        close: (key) => closeSnackbar(key),
      }),
    [],
  )
  return (
    // Top right, but below the sticky app bar: over it, a toast hid the phone's Log In button and the navigation.
    <Box
      sx={(theme) => ({
        '& .notistack-SnackbarContainer': {
          top: APP_BAR_HEIGHT.xs + 8,
          [theme.breakpoints.up('md')]: { top: APP_BAR_HEIGHT.md + 8 },
        },
      })}
    >
      <SnackbarProvider
        maxSnack={4}
        autoHideDuration={TOAST_DURATION_MS}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        Components={TOAST_VARIANTS}
      />
    </Box>
  )
}
