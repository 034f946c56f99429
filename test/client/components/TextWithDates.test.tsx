import { act, screen } from '@testing-library/react'

import { ACCOUNT_TEXTS } from '@shared/account'
import { enqueueSnackbar } from '@client/lib/toast'
import { renderApp, renderWithProviders, visitorSession } from '@test/helpers/render'

describe('dates stay on one line', () => {
  it('keeps each date of a home-page memory in one unbreakable piece', async () => {
    renderApp('/', { session: visitorSession })
    const end = await screen.findByText('2024-05-11')
    expect(end).toHaveStyle({ whiteSpace: 'nowrap' })
    expect(screen.getByText('2024-05-03')).toHaveStyle({ whiteSpace: 'nowrap' })
    expect(end.parentElement).toHaveTextContent('2024-05-03 – 2024-05-11')
  })

  it('keeps a date in a toast in one piece, and the message reads as written', async () => {
    renderWithProviders(<p>Screen</p>)
    const message = ACCOUNT_TEXTS.deletionScheduled('2026-12-09')
    act(() => {
      enqueueSnackbar(message, { variant: 'info' })
    })
    const date = await screen.findByText('2026-12-09')
    expect(date).toHaveStyle({ whiteSpace: 'nowrap' })
    expect(date.parentElement).toHaveTextContent(message)
  })
})
