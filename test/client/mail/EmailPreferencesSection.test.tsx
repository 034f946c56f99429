import { screen, waitFor } from '@testing-library/react'

import { EMAIL_PREFERENCE_TEXTS, type EmailPreferences } from '@shared/mail'
import { EmailPreferencesSection } from '@client/features/mail/components/EmailPreferencesSection'
import { networkError, onGet, onPost, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'

describe('My Account: E-mails', () => {
  it('shows the daily digest off by default, and turns it on and off again with the server', async () => {
    let stored: EmailPreferences = { notificationDigest: false }
    const sent: unknown[] = []
    server.use(
      onGet('/mail/getEmailPreferences', () => stored),
      onPost('/mail/setEmailPreferences', (_request, body) => {
        sent.push(body)
        stored = body as EmailPreferences
        return stored
      }),
    )
    const { user } = renderWithProviders(<EmailPreferencesSection />, { route: '/myAccount' })

    const digest = await screen.findByRole('switch', { name: EMAIL_PREFERENCE_TEXTS.digestLabel })
    expect(digest).not.toBeChecked()
    expect(screen.getByRole('heading', { name: 'E-mails' })).toBeInTheDocument()

    await user.click(digest)
    expect(await screen.findByText(EMAIL_PREFERENCE_TEXTS.savedOn)).toBeInTheDocument()
    await waitFor(() => expect(digest).toBeChecked())

    await user.click(digest)
    expect(await screen.findByText(EMAIL_PREFERENCE_TEXTS.savedOff)).toBeInTheDocument()
    await waitFor(() => expect(digest).not.toBeChecked())
    expect(sent).toEqual([{ notificationDigest: true }, { notificationDigest: false }])
  })

  it('says a failed load in place and loads again on "Try again"', async () => {
    server.use(onGet('/mail/getEmailPreferences', () => networkError()))
    const { user } = renderWithProviders(<EmailPreferencesSection />, { route: '/myAccount' })

    expect(await screen.findByText(EMAIL_PREFERENCE_TEXTS.loadFailed)).toBeInTheDocument()
    server.use(onGet('/mail/getEmailPreferences', { notificationDigest: true }))
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('switch', { name: EMAIL_PREFERENCE_TEXTS.digestLabel })).toBeChecked()
  })
})
