import { screen } from '@testing-library/react'

import { ShareLinks } from '@client/components/ShareLinks'
import { Tour } from '@client/components/Tour'
import { renderWithProviders } from '@test/helpers/render'

jest.setTimeout(20_000)

describe('ShareLinks', () => {
  it('offers Facebook, X, Reddit, LinkedIn, Line, e-mail and copy link', async () => {
    const url = 'http://localhost/s/user?shareId=ABC234'
    const { user } = renderWithProviders(<ShareLinks url={url} title="Join marta on Wandercards" />)
    for (const name of [
      'Share on Facebook',
      'Share on X',
      'Share on Reddit',
      'Share on LinkedIn',
      'Share on Line',
      'Share by e-mail',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument()
    }
    const writeText = jest.spyOn(navigator.clipboard, 'writeText')
    await user.click(screen.getByRole('button', { name: 'Copy link' }))
    expect(writeText).toHaveBeenCalledWith(url)
    expect(await screen.findByText('Link copied to clipboard.')).toBeInTheDocument()
  })
})

describe('Tour', () => {
  const steps = [
    { target: 'body', title: 'One', content: 'First step' },
    { target: 'body', title: 'Two', content: 'Second step' },
  ]

  it('keeps its flag when skipped, so it shows again next time', async () => {
    window.localStorage.setItem('tutorial_myMemories', '1')
    const { user } = renderWithProviders(<Tour name="myMemories" steps={steps} showSkipButton />)
    expect(await screen.findByRole('button', { name: 'Close' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Skip' }))
    expect(screen.queryByText('First step')).not.toBeInTheDocument()
    expect(window.localStorage.getItem('tutorial_myMemories')).toBe('1')
  })

  it('labels the last button Done and has no close button when asked', async () => {
    window.localStorage.setItem('tutorial_myCollection', '1')
    const { user } = renderWithProviders(
      <Tour name="myCollection" steps={steps} showProgress hideCloseButton disableOverlayClose disableCloseOnEsc />,
    )
    expect(await screen.findByText('First step')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument()
    await user.keyboard('{Escape}')
    expect(screen.getByText('First step')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /Next \(1 of 2\)/ }))
    await user.click(await screen.findByRole('button', { name: 'Done' }))
    expect(window.localStorage.getItem('tutorial_myCollection')).toBeNull()
  })
})
