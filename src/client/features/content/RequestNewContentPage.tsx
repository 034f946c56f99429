import CheckCircleIcon from '@mui/icons-material/CheckCircle'
import Button from '@mui/material/Button'
import CircularProgress from '@mui/material/CircularProgress'
import MenuItem from '@mui/material/MenuItem'
import Paper from '@mui/material/Paper'
import Stack from '@mui/material/Stack'
import TextField from '@mui/material/TextField'
import Typography from '@mui/material/Typography'
import { useState, type SubmitEvent } from 'react'

import { CONTENT_REQUEST_MAX_LENGTH, CONTENT_REQUEST_TYPES, type ContentRequestType } from '@shared/constants'
import { TEXTS } from '@shared/texts'

import { usePageTitle } from '../../components/usePageTitle'
import { closeSnackbar, enqueueSnackbar } from '../../lib/toast'

import { useRequestNewContentMutation } from './api'

const INCOMPLETE_TOAST = 'content-request-incomplete'

/**
 * Request New Content (docs/product.md#screen-request-new-content): a type and a detail; then "Request Received" with
 * Submit Another Request.
 */
export function RequestNewContentPage() {
  usePageTitle('Request New Content')
  const [requestNewContent, { isLoading }] = useRequestNewContentMutation()
  const [requestType, setRequestType] = useState<ContentRequestType | ''>(CONTENT_REQUEST_TYPES[0])
  const [requestContent, setRequestContent] = useState('')
  const [received, setReceived] = useState(false)

  const handleSubmit = async (event: SubmitEvent) => {
    event.preventDefault()
    if (!requestType || !requestContent.trim()) {
      enqueueSnackbar(TEXTS.fillAllFields, { variant: 'warning', key: INCOMPLETE_TOAST })
      return
    }
    try {
      await requestNewContent({ requestType, requestContent: requestContent.trim() }).unwrap()
      // A warning about an earlier empty try would contradict the confirmation.
      closeSnackbar(INCOMPLETE_TOAST)
      setReceived(true)
    } catch {
      // The shared request handling shows the server's reason; the form keeps what was typed.
    }
  }

  const handleAnother = () => {
    setRequestType(CONTENT_REQUEST_TYPES[0])
    setRequestContent('')
    setReceived(false)
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto', width: '100%' }}>
      <Typography variant="h3" component="h1">
        Request New Content
      </Typography>
      {received ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }} role="status">
          <CheckCircleIcon color="success" sx={{ fontSize: 56 }} aria-hidden />
          <Typography variant="h4" component="h2" gutterBottom>
            Request Received
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Thank you! We read every request and use them to decide which cards, collections and features come next.
          </Typography>
          <Button variant="contained" onClick={handleAnother}>
            Submit Another Request
          </Button>
        </Paper>
      ) : (
        <Paper component="form" variant="outlined" onSubmit={handleSubmit} noValidate sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2.5}>
            <Typography color="text.secondary">
              Missing a city, a country or a feature? Tell us what you would like to see and we will consider it for a
              future release.
            </Typography>
            <TextField
              select
              label="Request type"
              value={requestType}
              onChange={(event) => setRequestType(event.target.value as ContentRequestType)}
              required
            >
              {CONTENT_REQUEST_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {type}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Detail"
              value={requestContent}
              onChange={(event) => setRequestContent(event.target.value)}
              required
              multiline
              minRows={5}
              placeholder="For example: the national parks of Canada as a card collection."
              helperText={`${requestContent.length}/${CONTENT_REQUEST_MAX_LENGTH}`}
              slotProps={{ htmlInput: { maxLength: CONTENT_REQUEST_MAX_LENGTH } }}
            />
            <Button
              type="submit"
              variant="contained"
              disabled={isLoading}
              startIcon={isLoading ? <CircularProgress size={18} color="inherit" /> : undefined}
              sx={{ alignSelf: 'flex-start' }}
            >
              Submit
            </Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  )
}
