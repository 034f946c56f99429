import { screen, waitFor, within } from '@testing-library/react'

import { ACCOUNT_DELETION_GRACE_DAYS } from '@shared/account'
import { LEGAL_CONTACT } from '@shared/legal'
import { renderApp, visitorSession } from '@test/helpers/render'

const FIRST_LOAD = { timeout: 15_000 }
jest.setTimeout(30_000)

describe('the legal pages', () => {
  it('shows the Privacy notice with what is kept, for how long, the photo location, payments and contact', async () => {
    renderApp('/privacy', { session: visitorSession })
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy notice' }, FIRST_LOAD)).toBeInTheDocument()
    for (const heading of [
      'What we keep',
      'Your photos and their location',
      'Payments',
      'How long we keep it',
      'Deleting your account and downloading your data',
      'Contact',
    ])
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument()
    const photos = screen.getByRole('region', { name: 'Your photos and their location' })
    expect(photos).toHaveTextContent('The position is then thrown away')
    expect(screen.getByRole('region', { name: 'Payments' })).toHaveTextContent('Stripe')
    expect(screen.getByRole('region', { name: 'Deleting your account and downloading your data' })).toHaveTextContent(
      `${ACCOUNT_DELETION_GRACE_DAYS} days later`,
    )
    expect(screen.getByRole('link', { name: LEGAL_CONTACT })).toHaveAttribute('href', `mailto:${LEGAL_CONTACT}`)
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms')
  })

  it('shows the Terms with virtual credit, its limits and the age rule for paid draws', async () => {
    renderApp('/terms', { session: visitorSession })
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Use' }, FIRST_LOAD)).toBeInTheDocument()
    const credit = screen.getByRole('region', { name: 'Virtual credit' })
    expect(credit).toHaveTextContent('no cash value')
    expect(credit).toHaveTextContent('spending limit')
    expect(screen.getByRole('region', { name: 'Random draws' })).toHaveTextContent('18 or older')
    expect(screen.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/privacy')
  })

  it('links both from the footer and beneath every sign-up form of the home page', async () => {
    renderApp('/', { session: visitorSession })
    const forms = await screen.findAllByRole('form', { name: 'Sign up' }, FIRST_LOAD)
    for (const form of forms) {
      expect(form).toHaveTextContent('By signing up you accept the Terms and the Privacy notice.')
      expect(within(form).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms')
      expect(within(form).getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/privacy')
    }
    const footer = screen.getByRole('contentinfo')
    expect(within(footer).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms')
    expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy')
    await waitFor(() => expect(forms.length).toBeGreaterThan(0))
  })
})
