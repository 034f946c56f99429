import { act, screen, waitFor } from '@testing-library/react'

import { toToast } from '@client/api/errors'
import { accountApi } from '@client/features/account/api'
import { sessionApi } from '@client/features/session/api'
import { networkError, onGet, onPost, refusal, server } from '@test/helpers/msw'
import { cachedUser, loggedInSession, renderWithProviders } from '@test/helpers/render'

describe('shared request handling (docs/product.md#messages-request-handling)', () => {
  it('shows a server failure as the technical-problem error with the server message', async () => {
    server.use(onGet('/getUser', () => refusal(500, 'Internal', 'Internal error (request 42)', true)))
    const { store } = renderWithProviders(<div />)
    await act(() => store.dispatch(sessionApi.endpoints.getUser.initiate()))
    expect(
      await screen.findByText(
        "There's a technical problem with our server. Please try again later. Error: Internal error (request 42)",
      ),
    ).toBeInTheDocument()
    expect(store.getState().session.loggedIn).toBe(true)
  })

  it('shows any other refusal as the server message', async () => {
    server.use(
      onPost('/account/updateProfile', () => refusal(409, 'Conflict', 'The username marta is already taken.', true)),
    )
    const { store } = renderWithProviders(<div />)
    await act(() =>
      store.dispatch(accountApi.endpoints.updateProfile.initiate({ newUsername: 'marta', newAvatarId: 1 })),
    )
    expect(await screen.findByText('The username marta is already taken.')).toBeInTheDocument()
  })

  it('says it cannot connect when no response arrives', async () => {
    server.use(onGet('/getUser', networkError))
    const { store } = renderWithProviders(<div />)
    await act(() => store.dispatch(sessionApi.endpoints.getUser.initiate()))
    expect(await screen.findByText('Cannot connect to server. Please try again later.')).toBeInTheDocument()
  })

  it('logs out with a warning on 403', async () => {
    server.use(onGet('/getUser', () => refusal(403, 'LoginRequired', 'Please log in to perform this action.')))
    const { store } = renderWithProviders(<div />, { session: loggedInSession() })
    await act(() => store.dispatch(sessionApi.endpoints.getUser.initiate()))
    expect(await screen.findByText('Please log in to perform this action.')).toBeInTheDocument()
    await waitFor(() => expect(store.getState().session).toMatchObject({ loggedIn: false, authKey: null }))
    await waitFor(() => expect(cachedUser(store)).toBeUndefined())
  })

  it('maps every failure kind to its toast text', () => {
    expect(toToast({ kind: 'http', status: 401, errorCode: 'Unauthorized', message: 'x' })).toEqual({
      variant: 'warning',
      message: 'Invalid credentials. Please login again.',
    })
    expect(toToast({ kind: 'http', status: 422, errorCode: 'RuleViolation', message: '' })).toEqual({
      variant: 'error',
      message: 'Unknown Problem ',
    })
  })
})
