import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router-dom'

import { LoadingState } from '../components/LoadingState'

import { paths } from './paths'
import { Layout } from './shell/Layout'
import { NotFoundPage } from './shell/NotFoundPage'
import { RequireLogin } from './shell/RequireLogin'
import { RouteErrorPage } from './shell/RouteErrorPage'

type Lazy = RouteObject['lazy']

/** One lazily loaded chunk per screen. */
const page = {
  home: (async () => ({
    Component: (await import(/* webpackChunkName: "page-home" */ './shell/HomePage')).HomePage,
  })) satisfies Lazy,
  login: (async () => ({
    Component: (await import(/* webpackChunkName: "page-login" */ '../features/session/LoginPage')).LoginPage,
  })) satisfies Lazy,
  welcome: (async () => ({
    Component: (await import(/* webpackChunkName: "page-welcome" */ '../features/session/WelcomePage')).WelcomePage,
  })) satisfies Lazy,
  myAccount: (async () => ({
    Component: (await import(/* webpackChunkName: "page-myAccount" */ '../features/session/MyAccountPage'))
      .MyAccountPage,
  })) satisfies Lazy,
  acquireCards: (async () => ({
    Component: (await import(/* webpackChunkName: "page-acquireCards" */ '../features/acquire/AcquireCardsPage'))
      .AcquireCardsPage,
  })) satisfies Lazy,
  digitalPick: (async () => ({
    Component: (await import(/* webpackChunkName: "page-digitalPick" */ '../features/acquire/PickPage')).PickPage,
  })) satisfies Lazy,
  digitalDraw: (async () => ({
    Component: (await import(/* webpackChunkName: "page-digitalDraw" */ '../features/acquire/DrawPage')).DrawPage,
  })) satisfies Lazy,
  digitalDrawResult: (async () => ({
    Component: (await import(/* webpackChunkName: "page-digitalDrawResult" */ '../features/acquire/DrawResultPage'))
      .DrawResultPage,
  })) satisfies Lazy,
  myDraws: (async () => ({
    Component: (await import(/* webpackChunkName: "page-myDraws" */ '../features/acquire/MyDrawsPage')).MyDrawsPage,
  })) satisfies Lazy,
  freeDraw: (async () => ({
    Component: (await import(/* webpackChunkName: "page-freeDraw" */ '../features/acquire/FreeDrawPage')).FreeDrawPage,
  })) satisfies Lazy,
  freeDrawResult: (async () => ({
    Component: (await import(/* webpackChunkName: "page-freeDrawResult" */ '../features/acquire/FreeDrawResultPage'))
      .FreeDrawResultPage,
  })) satisfies Lazy,
  cardCollections: (async () => ({
    Component: (
      await import(/* webpackChunkName: "page-cardCollections" */ '../features/catalogue/CardCollectionsPage')
    ).CardCollectionsPage,
  })) satisfies Lazy,
  card: (async () => ({
    Component: (await import(/* webpackChunkName: "page-card" */ '../features/catalogue/CardPage')).CardPage,
  })) satisfies Lazy,
  myCollection: (async () => ({
    Component: (await import(/* webpackChunkName: "page-myCollection" */ '../features/collection/MyCollectionPage'))
      .MyCollectionPage,
  })) satisfies Lazy,
  userCard: (async () => ({
    Component: (await import(/* webpackChunkName: "page-userCard" */ './routes/UserCardRoute')).UserCardRoute,
  })) satisfies Lazy,
  myMemories: (async () => ({
    Component: (await import(/* webpackChunkName: "page-myMemories" */ '../features/memories/MyMemoriesPage'))
      .MyMemoriesPage,
  })) satisfies Lazy,
  viewMemory: (async () => ({
    Component: (await import(/* webpackChunkName: "page-viewMemory" */ '../features/memories/ViewMemoryPage'))
      .ViewMemoryPage,
  })) satisfies Lazy,
  createMemory: (async () => ({
    Component: (await import(/* webpackChunkName: "page-createMemory" */ '../features/memories/CreateMemoryPage'))
      .CreateMemoryPage,
  })) satisfies Lazy,
  editMemory: (async () => ({
    Component: (await import(/* webpackChunkName: "page-editMemory" */ '../features/memories/EditMemoryPage'))
      .EditMemoryPage,
  })) satisfies Lazy,
  switchUserCard: (async () => ({
    Component: (await import(/* webpackChunkName: "page-switchUserCard" */ '../features/memories/SwitchUserCardPage'))
      .SwitchUserCardPage,
  })) satisfies Lazy,
  feed: (async () => ({
    Component: (await import(/* webpackChunkName: "page-feed" */ './routes/FeedRoute')).FeedRoute,
  })) satisfies Lazy,
  myFriends: (async () => ({
    Component: (await import(/* webpackChunkName: "page-myFriends" */ '../features/friends/MyFriendsPage'))
      .MyFriendsPage,
  })) satisfies Lazy,
  myWallet: (async () => ({
    Component: (await import(/* webpackChunkName: "page-myWallet" */ '../features/wallet/MyWalletPage')).MyWalletPage,
  })) satisfies Lazy,
  notifications: (async () => ({
    Component: (
      await import(/* webpackChunkName: "page-notifications" */ '../features/notifications/NotificationsPage')
    ).NotificationsPage,
  })) satisfies Lazy,
  requestNewContent: (async () => ({
    Component: (
      await import(/* webpackChunkName: "page-requestNewContent" */ '../features/content/RequestNewContentPage')
    ).RequestNewContentPage,
  })) satisfies Lazy,
}

/**
 * The route table (docs/product.md#routes). Matches are exact and case-sensitive; anything else is "Page Not Found".
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <LoadingState />,
    children: [
      { path: paths.home.path, lazy: page.home },
      { path: paths.login.path, lazy: page.login },
      { path: paths.freeDraw.path, lazy: page.freeDraw },
      { path: paths.freeDrawResult.path, lazy: page.freeDrawResult },
      // The wallet handles visitors itself ("This page is not public accessible.").
      { path: paths.myWallet.path, lazy: page.myWallet },
      // A visitor may look at the draw screen; drawing says "You need to log in to draw a card." and goes to login.
      { path: paths.digitalDraw.path, lazy: page.digitalDraw },
      {
        element: <RequireLogin />,
        children: [
          { path: paths.welcome.path, lazy: page.welcome },
          { path: paths.acquireCards.path, lazy: page.acquireCards },
          { path: paths.acquireCardsLegacy.path, lazy: page.acquireCards },
          { path: paths.digitalPick.path, lazy: page.digitalPick },
          { path: paths.digitalDrawResult.path, lazy: page.digitalDrawResult },
          { path: paths.myDraws.path, lazy: page.myDraws },
          { path: paths.cardCollections.path, lazy: page.cardCollections },
          { path: paths.myCollection.path, lazy: page.myCollection },
          { path: paths.card.path, lazy: page.card },
          { path: paths.userCard.path, lazy: page.userCard },
          { path: paths.myMemories.path, lazy: page.myMemories },
          { path: paths.viewMemory.path, lazy: page.viewMemory },
          { path: paths.createMemory.path, lazy: page.createMemory },
          { path: paths.editMemory.path, lazy: page.editMemory },
          { path: paths.switchUserCard.path, lazy: page.switchUserCard },
          { path: paths.feed.path, lazy: page.feed },
          { path: paths.myFriends.path, lazy: page.myFriends },
          { path: paths.myAccount.path, lazy: page.myAccount },
          { path: paths.notifications.path, lazy: page.notifications },
          { path: paths.requestNewContent.path, lazy: page.requestNewContent },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]

function caseSensitive(list: RouteObject[]): RouteObject[] {
  return list.map(
    (route) =>
      ({
        ...route,
        ...(route.path ? { caseSensitive: true } : {}),
        ...(route.children ? { children: caseSensitive(route.children) } : {}),
      }) as RouteObject,
  )
}

export function createAppRouter() {
  return createBrowserRouter(caseSensitive(routes))
}

/** For tests: the same route table in memory, starting at `initialPath`. */
export function createTestRouter(initialPath: string) {
  return createMemoryRouter(caseSensitive(routes), { initialEntries: [initialPath] })
}
