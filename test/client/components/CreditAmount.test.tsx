import { render, screen } from '@testing-library/react'

import { CreditAmount } from '@client/components/CreditAmount'

describe('CreditAmount', () => {
  it('shows digital credit with a filled coin and thousands separators, never a dollar sign', () => {
    const { container } = render(<CreditAmount value={12500} label="Digital credit" />)
    expect(screen.getByLabelText('Digital credit: 12,500 credit')).toHaveTextContent('12,500')
    expect(container.querySelector('[data-testid="TollIcon"]')).not.toBeNull()
    expect(container.querySelector('[data-testid="MonetizationOnIcon"]')).toBeNull()
  })

  it('shows physical credit with an outlined coin in the surrounding text colour, so it shows on the teal header', () => {
    const { container } = render(<CreditAmount value={300} kind="physical" label="Physical credit" />)
    const coin = container.querySelector('[data-testid="TollOutlinedIcon"]')
    expect(coin).not.toBeNull()
    expect(getComputedStyle(coin as Element).color).toBe('inherit')
  })
})
