import Button from '@mui/material/Button'
import Paper from '@mui/material/Paper'
import Typography from '@mui/material/Typography'
import { Component, type ReactNode } from 'react'

/** A screen that failed to render or load its chunk; the rest of the app stays usable. */
export function RouteErrorPage({ error }: { error: unknown }) {
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

interface RouteErrorBoundaryProps {
  /** A new value (the next address) gives the screens another try. */
  resetKey: string
  children: ReactNode
}

interface RouteErrorBoundaryState {
  failed: { error: unknown; resetKey: string } | null
}

/** Shows RouteErrorPage in place of the screens when one of them throws, until `resetKey` changes. */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  state: RouteErrorBoundaryState = { failed: null }

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { failed: { error, resetKey: '' } }
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    if (!state.failed) return null
    if (state.failed.resetKey === '') return { failed: { ...state.failed, resetKey: props.resetKey } }
    return state.failed.resetKey === props.resetKey ? null : { failed: null }
  }

  render() {
    return this.state.failed ? <RouteErrorPage error={this.state.failed.error} /> : this.props.children
  }
}
