import { screen } from '@testing-library/react'

import { NotFindingButton } from '@client/app/shell/NotFindingButton'
import { STORAGE_KEYS } from '@client/lib/storage'
import { renderWithProviders, visitorSession } from '@test/helpers/render'

describe('NotFindingButton', () => {
  it('leads a logged-in user to the content request page and remembers when it is collapsed', async () => {
    const { user, unmount } = renderWithProviders(<NotFindingButton />)
    expect(screen.getByRole('link', { name: 'Not Finding What You Want?' })).toHaveAttribute(
      'href',
      '/requestNewContent',
    )

    await user.click(screen.getByRole('button', { name: 'Collapse the content request button' }))
    expect(window.localStorage.getItem(STORAGE_KEYS.contentButtonCollapsed)).toBe('true')
    unmount()

    renderWithProviders(<NotFindingButton />)
    expect(screen.queryByRole('link', { name: 'Not Finding What You Want?' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Expand: Not Finding What You Want?' })).toBeInTheDocument()
  })

  it('is not offered to visitors', () => {
    renderWithProviders(<NotFindingButton />, { session: visitorSession })
    expect(screen.queryByText('Not Finding What You Want?')).not.toBeInTheDocument()
  })
})
