import { waitFor } from '@testing-library/react'

import type { DrawCardResult } from '@shared/acquire'
import { baseApi } from '@client/api/baseApi'
import { makeStore } from '@client/app/store'
import { accountApi } from '@client/features/account/api'
import { acquireApi } from '@client/features/acquire/api'
import { catalogueApi } from '@client/features/catalogue/api'
import { collectionApi } from '@client/features/collection/api'
import { sessionApi } from '@client/features/session/api'
import { walletApi } from '@client/features/wallet/api'
import { makeUser } from '@test/helpers/fixtures'
import { onGet, server } from '@test/helpers/msw'
import { loggedInSession } from '@test/helpers/render'

import { collectionCard, collections, expGain } from './fixtures'

const drawn: DrawCardResult = { shareId: 't1', userData: { digitalCredit: 10_500 }, expGainResult: expGain }

describe('what a draw refetches', () => {
  it('refetches the traveller, avatars, wallet, collection, card lists and draw history, but not the collections list', async () => {
    const calls = new Map<string, number>()
    const count = ({ request }: { request: Request }) => {
      const path = new URL(request.url).pathname.replace('/api', '')
      calls.set(path, (calls.get(path) ?? 0) + 1)
    }
    server.events.on('request:start', count)
    server.use(
      onGet('/getUser', makeUser()),
      onGet('/getAvatarList', [1, 2]),
      onGet('/getCardCollections', collections),
      onGet('/getCardsOfCollection', [collectionCard()]),
      onGet('/getMyCollection', []),
      onGet('/payment/getMyCreditCertificates', []),
      onGet('/drawCard', drawn),
      onGet('/getMyDraws', { draws: [], months: [], moneyReference: null, nextCursor: null }),
      onGet('/getDrawPity', { drawsSinceEpic: 3, drawsToGuarantee: 47 }),
    )
    const store = makeStore({ session: loggedInSession() }, { sideEffects: false })
    const subscriptions = [
      store.dispatch(sessionApi.endpoints.getUser.initiate()),
      store.dispatch(accountApi.endpoints.getAvatarList.initiate()),
      store.dispatch(catalogueApi.endpoints.getCardCollections.initiate()),
      store.dispatch(catalogueApi.endpoints.getCardsOfCollection.initiate({ collectionId: 'europe' })),
      store.dispatch(collectionApi.endpoints.getMyCollection.initiate()),
      store.dispatch(walletApi.endpoints.getMyCreditCertificates.initiate()),
      store.dispatch(acquireApi.endpoints.getMyDraws.initiate()),
      store.dispatch(acquireApi.endpoints.getDrawPity.initiate()),
    ]
    await Promise.all(subscriptions)
    expect(Object.fromEntries(calls)).toEqual({
      '/getUser': 1,
      '/getAvatarList': 1,
      '/getCardCollections': 1,
      '/getCardsOfCollection': 1,
      '/getMyCollection': 1,
      '/payment/getMyCreditCertificates': 1,
      '/getMyDraws': 1,
      '/getDrawPity': 1,
    })

    await store.dispatch(acquireApi.endpoints.drawCard.initiate({ tenDraws: false }))
    await waitFor(() => expect(calls.get('/getMyCollection')).toBe(2))
    await Promise.all(store.dispatch(baseApi.util.getRunningQueriesThunk()))

    expect(Object.fromEntries(calls)).toEqual({
      '/getUser': 2,
      '/getAvatarList': 2,
      '/getCardCollections': 1,
      // The card lists carry the caller's owned counts, which the draw changed.
      '/getCardsOfCollection': 2,
      '/getMyCollection': 2,
      '/payment/getMyCreditCertificates': 2,
      // The draw is the newest entry of the history and moves the guarantee's counter.
      '/getMyDraws': 2,
      '/getDrawPity': 2,
      '/drawCard': 1,
    })
    for (const subscription of subscriptions) subscription.unsubscribe()
    server.events.removeListener('request:start', count)
  })
})
