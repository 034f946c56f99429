import type { Middleware, UnknownAction } from '@reduxjs/toolkit'
import { act, render, screen, waitFor } from '@testing-library/react'

import { TEXTS } from '@shared/texts'
import { sessionEnded } from '@client/api/sessionEvents'
import { ToastHost } from '@client/app/shell/ToastHost'
import { makeStore, rootReducer } from '@client/app/store'
import { consoleApi } from '@client/features/console/api'
import { selectNewNotification } from '@client/features/notifications/api'
import { sessionApi } from '@client/features/session/api'
import { restoreSession } from '@client/features/session/listeners'
import { initialSessionState } from '@client/features/session/slice'
import { walletApi } from '@client/features/wallet/api'
import { redactSecrets } from '@client/lib/qaReplay/devTools'
import { STORAGE_KEYS } from '@client/lib/storage'
import { networkError, onGet, onPost, refusal, server } from '@test/helpers/msw'
import { loginResult, secretSessionHandlers, sessionSecrets } from '@test/helpers/secretSession'

describe('the store', () => {
  it('replays recorded login, poll and logout actions into a fresh store with the same state', async () => {
    server.use(onPost('/login', loginResult), onGet('/checkNewNotifications', true), onPost('/logout', null, false))
    const recorded: UnknownAction[] = []
    const recorder: Middleware = () => (next) => (action) => {
      recorded.push(action as UnknownAction)
      return next(action)
    }
    const store = makeStore(undefined, { recorder })

    await store.dispatch(sessionApi.endpoints.login.initiate({ email: 'marta@example.com', password: 'x' }))
    await waitFor(() => expect(selectNewNotification(store.getState())).toBe(true))
    await store.dispatch(sessionApi.endpoints.logout.initiate())
    store.dispatch(sessionEnded('logout'))

    expect(recorded.map((action) => action.type)).toEqual(
      expect.arrayContaining(['api/executeMutation/fulfilled', 'api/executeQuery/fulfilled', 'session/sessionEnded']),
    )
    // DevTools replays by running the reducer over the recorded actions; the reducers are pure, so the state matches.
    const replayed = recorded.reduce(
      (state, action) => rootReducer(state, action),
      rootReducer(undefined, { type: '@@INIT' }),
    )
    expect(replayed).toEqual(store.getState())
    expect(store.getState().session).toMatchObject({
      loggedIn: false,
      authKey: null,
      endedBy: 'logout',
    })
  })

  it('records no secret in what DevTools sees: passwords, tokens, client secrets, card details, redeem codes', async () => {
    // This session registers with the traveller's own password: the other password never appears.
    const { otherPassword: _otherPassword, ...secrets } = sessionSecrets
    server.use(...secretSessionHandlers())
    const recorded: UnknownAction[] = []
    const recorder: Middleware = () => (next) => (action) => {
      recorded.push(action as UnknownAction)
      return next(action)
    }
    const store = makeStore(undefined, { recorder })

    await store.dispatch(
      sessionApi.endpoints.register.initiate({ email: 'marta@example.com', name: 'marta', password: secrets.password }),
    )
    await store.dispatch(
      sessionApi.endpoints.login.initiate({ email: 'marta@example.com', password: secrets.password }),
    )
    await store.dispatch(walletApi.endpoints.getMyCreditCertificates.initiate())
    await store.dispatch(walletApi.endpoints.createPaymentIntent.initiate({ selectedCreditProduct: 1 }))
    await store.dispatch(
      walletApi.endpoints.confirmTestModePayment.initiate({
        clientSecret: secrets.clientSecret,
        cardNumber: secrets.cardNumber,
        expiry: secrets.expiry,
        cvc: secrets.cvc,
      }),
    )
    await store.dispatch(walletApi.endpoints.redeemCreditCertificate.initiate({ redeemCode: secrets.redeemCode }))

    // Without the sanitizers the recording holds them all (the login's password sits in meta.arg.originalArgs).
    const raw = JSON.stringify(recorded)
    for (const secret of Object.values(secrets)) expect(raw).toContain(secret)

    const sanitizedActions = JSON.stringify(recorded.map((action) => redactSecrets(action)))
    const sanitizedState = JSON.stringify(redactSecrets(store.getState()))
    for (const secret of Object.values(secrets)) {
      expect(sanitizedActions).not.toContain(secret)
      expect(sanitizedState).not.toContain(secret)
    }
    // What is not secret stays readable, so the recording is still useful.
    expect(sanitizedActions).toContain('marta@example.com')
    expect(redactSecrets(store.getState()).session).toMatchObject({
      loggedIn: true,
      authKey: '[redacted]',
    })
    store.dispatch(sessionEnded('logout'))
  })

  it('records no authenticator secret: an operator enrolment’s secret, otpauth URI and QR code', async () => {
    const secret = 'JBSWY3DPEHPK3PXPSECRET'
    server.use(
      onPost('/operator/secondFactor/enrol', {
        uri: `otpauth://totp/Wandercards:op%40example.com?secret=${secret}`,
        secret,
        qrSvg: `<svg xmlns="http://www.w3.org/2000/svg"><desc>${secret}</desc></svg>`,
      }),
    )
    const recorded: UnknownAction[] = []
    const recorder: Middleware = () => (next) => (action) => {
      recorded.push(action as UnknownAction)
      return next(action)
    }
    const store = makeStore(undefined, { recorder })
    await store.dispatch(consoleApi.endpoints.enrolSecondFactor.initiate(undefined, { fixedCacheKey: 'enrol' }))

    expect(JSON.stringify(store.getState())).toContain(secret)
    expect(JSON.stringify(recorded.map((action) => redactSecrets(action)))).not.toContain(secret)
    expect(JSON.stringify(redactSecrets(store.getState()))).not.toContain(secret)
  })

  it('keeps the store serializable', async () => {
    server.use(onPost('/login', loginResult), onGet('/checkNewNotifications', false))
    const store = makeStore()
    await store.dispatch(sessionApi.endpoints.login.initiate({ email: 'marta@example.com', password: 'x' }))
    const state = store.getState()
    expect(JSON.parse(JSON.stringify(state))).toEqual(state)
    store.dispatch(sessionEnded('logout'))
  })

  it('forgets, at logout, the token and the words written for photo visits, which are the traveller’s alone', async () => {
    server.use(onPost('/login', loginResult), onGet('/checkNewNotifications', false))
    const store = makeStore()
    await store.dispatch(sessionApi.endpoints.login.initiate({ email: 'marta@example.com', password: 'x' }))
    window.localStorage.setItem(STORAGE_KEYS.visitTexts, JSON.stringify({ userId: 'u-marta', texts: {} }))
    store.dispatch(sessionEnded('logout'))
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull())
    expect(window.localStorage.getItem(STORAGE_KEYS.visitTexts)).toBeNull()
  })

  it('logs the user out on a 401 and drops the stored token', async () => {
    server.use(
      onPost('/login', loginResult),
      onGet('/checkNewNotifications', false),
      onGet('/getUser', () => refusal(401, 'Unauthorized', 'Your session has expired. Please log in again.')),
    )
    const store = makeStore()
    await store.dispatch(sessionApi.endpoints.login.initiate({ email: 'marta@example.com', password: 'x' }))
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('secret-token')
    render(<ToastHost />)
    await act(() => store.dispatch(sessionApi.endpoints.getUser.initiate()))
    expect(await screen.findByText(TEXTS.invalidCredentials)).toBeInTheDocument()
    await waitFor(() => expect(store.getState().session.loggedIn).toBe(false))
    expect(store.getState().session.authKey).toBeNull()
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull()
  })

  it('keeps a stored token when the server cannot be reached at start-up, and drops one it refuses', async () => {
    window.localStorage.setItem(STORAGE_KEYS.authToken, 'stored-token')
    server.use(onGet('/getUser', networkError))
    const offline = makeStore()
    render(<ToastHost />)
    act(() => restoreSession(offline.dispatch))
    expect(await screen.findByText(TEXTS.cannotConnect)).toBeInTheDocument()
    await waitFor(() => expect(offline.getState().session.loggedIn).toBe(false))
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBe('stored-token')

    server.use(onGet('/getUser', () => refusal(401, 'Unauthorized', 'Your session has expired. Please log in again.')))
    const online = makeStore()
    restoreSession(online.dispatch)
    await waitFor(() => expect(online.getState().session.loggedIn).toBe(false))
    expect(window.localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull()
  })

  it('ignores a refusal of a request that was sent before the login', async () => {
    let releaseStaleAnswer: () => void = () => undefined
    server.use(
      onGet('/getUser', async () => {
        await new Promise<void>((resolve) => (releaseStaleAnswer = resolve))
        return refusal(403, 'LoginRequired', 'Please log in to perform this action.')
      }),
      onPost('/login', loginResult),
      onGet('/checkNewNotifications', false),
    )
    const store = makeStore({ session: { ...initialSessionState, loggedIn: false } })
    const visitorCall = store.dispatch(sessionApi.endpoints.getUser.initiate(undefined, { subscribe: false }))
    await store.dispatch(sessionApi.endpoints.login.initiate({ email: 'marta@example.com', password: 'x' }))
    releaseStaleAnswer()
    await visitorCall
    expect(store.getState().session).toMatchObject({ loggedIn: true, authKey: 'secret-token' })
  })
})
