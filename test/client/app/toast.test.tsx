import { act, render, screen, waitFor } from '@testing-library/react'

import { ToastHost } from '@client/app/shell/ToastHost'
import { closeSnackbar, enqueueSnackbar } from '@client/lib/toast'

describe('toasts', () => {
  it('keeps toasts raised before notistack has loaded, in order, and drops one closed meanwhile', async () => {
    render(<ToastHost />)
    act(() => {
      enqueueSnackbar('First toast', { variant: 'success' })
      const dropped = enqueueSnackbar('Closed before it showed', { variant: 'warning' })
      enqueueSnackbar('Third toast', { variant: 'warning' })
      closeSnackbar(dropped)
    })
    const first = await screen.findByText('First toast')
    const third = await screen.findByText('Third toast')
    expect(first.compareDocumentPosition(third) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.queryByText('Closed before it showed')).not.toBeInTheDocument()
  })

  it('shows a toast at once once the host is up', async () => {
    render(<ToastHost />)
    act(() => {
      enqueueSnackbar('Warm-up', { variant: 'success' })
    })
    await screen.findByText('Warm-up')
    act(() => {
      enqueueSnackbar('Straight through', { variant: 'success' })
    })
    await waitFor(() => expect(screen.getByText('Straight through')).toBeInTheDocument())
  })
})
