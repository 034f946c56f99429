import { screen } from '@testing-library/react'

import { NotFindingButton } from '@client/app/shell/NotFindingButton'
import { renderWithProviders, visitorSession } from '@test/helpers/render'

describe('NotFindingButton', () => {
  it('leads a logged-in user to the content request page', () => {
    renderWithProviders(<NotFindingButton />, { route: '/myCollection' })
    expect(screen.getByRole('link', { name: 'Not Finding What You Want?' })).toHaveAttribute(
      'href',
      '/requestNewContent',
    )
  })

  it('is not shown on the content request page itself', () => {
    renderWithProviders(<NotFindingButton />, { route: '/requestNewContent' })
    expect(screen.queryByRole('link', { name: 'Not Finding What You Want?' })).not.toBeInTheDocument()
  })

  it('is not offered to visitors', () => {
    renderWithProviders(<NotFindingButton />, { session: visitorSession })
    expect(screen.queryByText('Not Finding What You Want?')).not.toBeInTheDocument()
  })
})
