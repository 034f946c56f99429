import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

import { ExpandableText } from '@client/components/ExpandableText'

const description =
  'Lisbon climbs seven hills above the Tagus, where yellow trams rattle through Alfama and fado drifts out of the taverns late at night, long after the ferries stop.'

describe('ExpandableText', () => {
  it('cuts a long text at the limit and lets the reader open and close the rest', async () => {
    const user = userEvent.setup()
    render(<ExpandableText text={description} limit={80} />)

    expect(screen.queryByText(description)).not.toBeInTheDocument()
    expect(screen.getByText(/Lisbon climbs seven hills/)).toHaveTextContent('…')
    const more = screen.getByRole('button', { name: 'read more' })
    expect(more).toHaveAttribute('aria-expanded', 'false')

    await user.click(more)
    expect(screen.getByText(description)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'read less' })).toHaveAttribute('aria-expanded', 'true')

    await user.click(screen.getByRole('button', { name: 'read less' }))
    expect(screen.getByRole('button', { name: 'read more' })).toBeInTheDocument()
  })

  it('shows a short text whole, with nothing to open', () => {
    render(<ExpandableText text="Oslo sits at the head of its fjord." limit={150} />)
    expect(screen.getByText('Oslo sits at the head of its fjord.')).toBeInTheDocument()
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })
})
