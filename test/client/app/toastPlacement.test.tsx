import { act, render, screen } from '@testing-library/react'

import { AppThemeProvider } from '@client/app/AppThemeProvider'
import { ToastHost } from '@client/app/shell/ToastHost'
import { APP_BAR_HEIGHT } from '@client/lib/layout'
import { enqueueSnackbar } from '@client/lib/toast'

describe('toast placement', () => {
  it('opens the toasts top right but below the app bar, so they never cover the header (the phone Log In button)', async () => {
    render(
      <AppThemeProvider>
        <ToastHost />
      </AppThemeProvider>,
    )
    act(() => {
      enqueueSnackbar('Saved', { variant: 'success' })
    })
    const toast = await screen.findByText('Saved')
    const container = toast.closest('.notistack-SnackbarContainer')
    expect(container).not.toBeNull()
    // jsdom applies no media queries, so it reads the phone's (narrowest) value.
    const top = Number.parseFloat(getComputedStyle(container as Element).top)
    expect(top).toBeGreaterThanOrEqual(APP_BAR_HEIGHT.xs)
  })
})
