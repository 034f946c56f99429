import { screen } from '@testing-library/react'

import { COLLAPSED_KEY, NotFindingButton } from '@client/app/shell/NotFindingButton'
import { renderWithProviders, visitorSession } from '@test/helpers/render'

const LABEL = 'Not Finding What You Want?'

describe('NotFindingButton', () => {
  it('leads a logged-in user to the content request page', () => {
    renderWithProviders(<NotFindingButton />, { route: '/myCollection' })
    expect(screen.getByRole('link', { name: LABEL })).toHaveAttribute('href', '/requestNewContent')
    expect(screen.getByRole('button', { name: `Hide: ${LABEL}` })).toHaveAttribute('aria-expanded', 'true')
  })

  it('collapses and expands from the keyboard, and remembers the choice on this device', async () => {
    const { user, unmount } = renderWithProviders(<NotFindingButton />, { route: '/myCollection' })
    await user.tab()
    expect(screen.getByRole('link', { name: LABEL })).toHaveFocus()
    await user.tab()
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('link', { name: LABEL })).not.toBeInTheDocument()
    const show = screen.getByRole('button', { name: `Show: ${LABEL}` })
    expect(show).toHaveAttribute('aria-expanded', 'false')
    // The same control keeps the focus, so the keyboard user is not dropped to the page.
    expect(show).toHaveFocus()
    expect(window.localStorage.getItem(COLLAPSED_KEY)).toBe('true')
    unmount()

    const again = renderWithProviders(<NotFindingButton />, { route: '/feed' })
    expect(screen.queryByRole('link', { name: LABEL })).not.toBeInTheDocument()
    await again.user.tab()
    await again.user.keyboard(' ')
    expect(screen.getByRole('link', { name: LABEL })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: `Hide: ${LABEL}` })).toHaveFocus()
    expect(window.localStorage.getItem(COLLAPSED_KEY)).toBe('false')
  })

  it('is not shown on the content request page itself', () => {
    renderWithProviders(<NotFindingButton />, { route: '/requestNewContent' })
    expect(screen.queryByRole('link', { name: LABEL })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: `Show: ${LABEL}` })).not.toBeInTheDocument()
  })

  it('is not offered to visitors', () => {
    renderWithProviders(<NotFindingButton />, { session: visitorSession })
    expect(screen.queryByText(LABEL)).not.toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })
})
