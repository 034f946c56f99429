import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { useRouteError } from 'react-router-dom'

/** A screen that failed to render or load its chunk; the rest of the app stays usable. */
export function RouteErrorPage() {
  const error = useRouteError()
  const message = error instanceof Error ? error.message : 'Something went wrong.'
  return (
    <Paper role="alert" sx={{ p: 4, m: 3, textAlign: 'center' }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Something went wrong
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {message}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </Paper>
  )
}
