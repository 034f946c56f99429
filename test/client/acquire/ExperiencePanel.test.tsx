import { act, render, screen } from '@testing-library/react'

import { ExperiencePanel } from '@client/features/acquire/components/ExperiencePanel'

import { expGain } from './fixtures'

describe('ExperiencePanel', () => {
  beforeEach(() => jest.useFakeTimers())
  afterEach(() => jest.useRealTimers())

  it('fills the bar after 1 s, says Level Up and slides away after 5 s', () => {
    render(<ExperiencePanel result={{ ...expGain, expEnd: 150 }} />)

    expect(screen.getByText('Level Up')).toBeInTheDocument()
    expect(screen.getByRole('progressbar', { name: 'Experience in this level' })).toHaveAttribute('aria-valuenow', '0')
    act(() => jest.advanceTimersByTime(1_000))
    expect(screen.getByRole('progressbar', { name: 'Experience in this level' })).toHaveAttribute('aria-valuenow', '25')
    act(() => jest.advanceTimersByTime(4_000))
    act(() => jest.advanceTimersByTime(1_000))
    expect(screen.queryByRole('status', { name: 'Experience gained' })).not.toBeInTheDocument()
  })
})
