import { screen, waitFor } from '@testing-library/react'

import { TOAST_DURATION_MS } from '@shared/constants'
import { RequestNewContentPage } from '@client/features/content/RequestNewContentPage'
import { onPost, refusal, server } from '@test/helpers/msw'
import { renderWithProviders } from '@test/helpers/render'

// MUI forms typed through user-event are slow on a busy machine.
jest.setTimeout(20_000)

describe('RequestNewContentPage', () => {
  it('asks to fill in all fields and sends nothing when the detail is empty', async () => {
    let sent = false
    server.use(
      onPost('/system/requestNewContent', () => {
        sent = true
        return null
      }),
    )
    const { user } = renderWithProviders(<RequestNewContentPage />)
    expect(screen.getByRole('combobox', { name: /Request type/ })).toHaveTextContent('New Card')
    await user.type(screen.getByRole('textbox', { name: /Detail/ }), '   ')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Please fill in all fields.')).toBeInTheDocument()
    expect(sent).toBe(false)
  })

  it('takes back the fill-in warning of an empty try once the request is received', async () => {
    server.use(onPost('/system/requestNewContent', () => null))
    const { user } = renderWithProviders(<RequestNewContentPage />)
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Please fill in all fields.')).toBeInTheDocument()
    await user.type(screen.getByRole('textbox', { name: /Detail/ }), 'The Faroe Islands')
    await user.click(screen.getByRole('button', { name: 'Submit' }))

    expect(await screen.findByRole('heading', { name: 'Request Received' })).toBeInTheDocument()
    // Gone with its closing animation, long before it would have hidden itself.
    await waitFor(() => expect(screen.queryByText('Please fill in all fields.')).not.toBeInTheDocument(), {
      timeout: TOAST_DURATION_MS / 5,
    })
  })

  it('sends the request and offers to submit another', async () => {
    let sentBody: unknown = null
    server.use(
      onPost('/system/requestNewContent', (_request, body) => {
        sentBody = body
        return null
      }),
    )
    const { user } = renderWithProviders(<RequestNewContentPage />)
    await user.click(screen.getByRole('combobox', { name: /Request type/ }))
    await user.click(await screen.findByRole('option', { name: 'New Card Collection' }))
    await user.type(screen.getByRole('textbox', { name: /Detail/ }), 'National parks of Canada')
    await user.click(screen.getByRole('button', { name: 'Submit' }))

    expect(await screen.findByRole('heading', { name: 'Request Received' })).toBeInTheDocument()
    expect(sentBody).toEqual({ requestType: 'New Card Collection', requestContent: 'National parks of Canada' })

    await user.click(screen.getByRole('button', { name: 'Submit Another Request' }))
    expect(screen.getByRole('textbox', { name: /Detail/ })).toHaveValue('')
    expect(screen.getByRole('combobox', { name: /Request type/ })).toHaveTextContent('New Card')
  })

  it('keeps the text and shows the reason when the server refuses', async () => {
    server.use(
      onPost('/system/requestNewContent', () =>
        refusal(429, 'TooManyRequests', 'Too many attempts. Please wait a minute and try again.', true),
      ),
    )
    const { user } = renderWithProviders(<RequestNewContentPage />)
    await user.type(screen.getByRole('textbox', { name: /Detail/ }), 'Lisbon')
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByText('Too many attempts. Please wait a minute and try again.')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /Detail/ })).toHaveValue('Lisbon')
  })
})
