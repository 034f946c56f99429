import { act, render, screen, waitFor } from '@testing-library/react'

import { ToastHost } from '@client/app/shell/ToastHost'
import { closeSnackbar, enqueueSnackbar } from '@client/lib/toast'
import { expectConsoleError } from '@test/helpers/consoleErrors'

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

  it('keeps the toasts waiting when their code cannot be fetched, without taking the page down, and tries again', async () => {
    // React reports the error its boundary caught.
    const reported = expectConsoleError('Loading chunk toasts failed')
    let attempts = 0
    const load = async () => {
      attempts += 1
      if (attempts === 1) throw new Error('Loading chunk toasts failed')
      return (await import('@client/app/shell/NotistackHost')).NotistackHost
    }
    render(
      <>
        <p>The screen</p>
        <ToastHost load={load} />
      </>,
    )
    act(() => {
      enqueueSnackbar('Saved', { variant: 'success' })
    })
    await waitFor(() => expect(reported.seen).toBe(true))
    expect(screen.getByText('The screen')).toBeInTheDocument()
    expect(attempts).toBe(1)

    act(() => {
      enqueueSnackbar('Saved again', { variant: 'success' })
    })
    expect(await screen.findByText('Saved')).toBeInTheDocument()
    expect(await screen.findByText('Saved again')).toBeInTheDocument()
    expect(attempts).toBe(2)
  })
})
