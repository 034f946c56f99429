import { lazy, type ComponentType, type ReactElement } from 'react'
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom'

import { paths } from '../lib/paths'

import { Layout, preloadLoggedInShell } from './shell/Layout'
import { RequireLogin } from './shell/RequireLogin'
import { RouteErrorBoundary } from './shell/RouteErrorPage'
import type { AppStore, AppDispatch } from './store'

/** Starts a screen's first call, for a traveller with a session, before the screen has rendered. */
type Prefetch = (dispatch: AppDispatch) => Promise<unknown>

/**
 * A screen in a chunk of its own; `preload` fetches it ahead, after which it renders without suspending, and
 * `prefetch` (for screens behind the login) starts its first call alongside the session check instead of after it.
 */
type LazyScreen = (() => ReactElement) & { preload: () => Promise<void>; prefetch?: Prefetch }

function lazyScreen(load: () => Promise<ComponentType>, prefetch?: Prefetch): LazyScreen {
  let loaded: ComponentType | null = null
  const preload = async () => {
    loaded = await load()
  }
  const Suspending = lazy(async () => {
    await preload()
    return { default: loaded as ComponentType }
  })
  const Screen = () => {
    const Loaded = loaded
    return Loaded ? <Loaded /> : <Suspending />
  }
  return Object.assign(Screen, { preload, prefetch })
}

function isLazyScreen(value: unknown): value is LazyScreen {
  return typeof value === 'function' && 'preload' in value
}

/** One lazily loaded chunk per screen. */
const page = {
  home: lazyScreen(async () => (await import(/* webpackChunkName: "page-home" */ './shell/HomePage')).HomePage),
  login: lazyScreen(
    async () => (await import(/* webpackChunkName: "page-login" */ '../features/session/LoginPage')).LoginPage,
  ),
  forgotPassword: lazyScreen(
    async () =>
      (await import(/* webpackChunkName: "page-forgotPassword" */ '../features/session/ForgotPasswordPage'))
        .ForgotPasswordPage,
  ),
  resetPassword: lazyScreen(
    async () =>
      (await import(/* webpackChunkName: "page-resetPassword" */ '../features/session/ResetPasswordPage'))
        .ResetPasswordPage,
  ),
  confirmEmailChange: lazyScreen(
    async () =>
      (await import(/* webpackChunkName: "page-confirmEmailChange" */ '../features/account/ConfirmEmailChangePage'))
        .ConfirmEmailChangePage,
  ),
  undoEmailChange: lazyScreen(
    async () =>
      (await import(/* webpackChunkName: "page-undoEmailChange" */ '../features/account/UndoEmailChangePage'))
        .UndoEmailChangePage,
  ),
  verifyEmail: lazyScreen(
    async () =>
      (await import(/* webpackChunkName: "page-verifyEmail" */ '../features/session/VerifyEmailPage')).VerifyEmailPage,
  ),
  welcome: lazyScreen(
    async () => (await import(/* webpackChunkName: "page-welcome" */ './routes/WelcomeRoute')).WelcomeRoute,
  ),
  myAccount: lazyScreen(
    async () => (await import(/* webpackChunkName: "page-myAccount" */ './routes/MyAccountRoute')).MyAccountRoute,
  ),
  acquireCards: lazyScreen(
    async () =>
      (await import(/* webpackChunkName: "page-acquireCards" */ '../features/acquire/AcquireCardsPage'))
        .AcquireCardsPage,
  ),
  digitalPick: lazyScreen(
    async () => (await import(/* webpackChunkName: "page-digitalPick" */ '../features/acquire/PickPage')).PickPage,
  ),
  digitalDraw: lazyScreen(
    async () => (await import(/* webpackChunkName: "page-digitalDraw" */ '../features/acquire/DrawPage')).DrawPage,
  ),
  digitalDrawResult: lazyScreen(
    async () =>
      (await import(/* webpackChunkName: "page-digitalDrawResult" */ '../features/acquire/DrawResultPage'))
        .DrawResultPage,
  ),
  myDraws: lazyScreen(
    async () => (await import(/* webpackChunkName: "page-myDraws" */ '../features/acquire/MyDrawsPage')).MyDrawsPage,
  ),
  freeDraw: lazyScreen(
    async () => (await import(/* webpackChunkName: "page-freeDraw" */ '../features/acquire/FreeDrawPage')).FreeDrawPage,
  ),
  freeDrawResult: lazyScreen(
    async () =>
      (await import(/* webpackChunkName: "page-freeDrawResult" */ '../features/acquire/FreeDrawResultPage'))
        .FreeDrawResultPage,
  ),
  cardCollections: lazyScreen(
    async () =>
      (await import(/* webpackChunkName: "page-cardCollections" */ '../features/catalogue/CardCollectionsPage'))
        .CardCollectionsPage,
    async (dispatch) => {
      const { catalogueApi } = await import(/* webpackChunkName: "page-cardCollections" */ '../features/catalogue/api')
      dispatch(catalogueApi.util.prefetch('getCardCollections', undefined, {}))
    },
  ),
  card: lazyScreen(
    async () => (await import(/* webpackChunkName: "page-card" */ '../features/catalogue/CardPage')).CardPage,
  ),
  myCollection: lazyScreen(
    async () =>
      (await import(/* webpackChunkName: "page-myCollection" */ '../features/collection/MyCollectionPage'))
        .MyCollectionPage,
  ),
  // In My Map's chunk: the two screens share the map, and one chunk keeps the first load's route table small.
  recap: lazyScreen(
    async () => (await import(/* webpackChunkName: "page-myMap" */ '../features/travel/RecapPage')).RecapPage,
  ),
  myMap: lazyScreen(
    async () => (await import(/* webpackChunkName: "page-myMap" */ '../features/travel/MyMapPage')).MyMapPage,
  ),
  userCard: lazyScreen(
    async () => (await import(/* webpackChunkName: "page-userCard" */ './routes/UserCardRoute')).UserCardRoute,
  ),
  myMemories: lazyScreen(
    async () => (await import(/* webpackChunkName: "page-myMemories" */ './routes/MyMemoriesRoute')).MyMemoriesRoute,
  ),
  trip: lazyScreen(async () => (await import(/* webpackChunkName: "page-trip" */ './routes/TripRoute')).TripRoute),
  viewMemory: lazyScreen(
    async () => (await import(/* webpackChunkName: "page-viewMemory" */ './routes/ViewMemoryRoute')).ViewMemoryRoute,
  ),
  memoriesFromPhotos: lazyScreen(
    async () =>
      (await import(/* webpackChunkName: "page-memoriesFromPhotos" */ './routes/MemoriesFromPhotosRoute'))
        .MemoriesFromPhotosRoute,
  ),
  createMemory: lazyScreen(
    async () =>
      (await import(/* webpackChunkName: "page-createMemory" */ '../features/memories/CreateMemoryPage'))
        .CreateMemoryPage,
  ),
  editMemory: lazyScreen(
    async () =>
      (await import(/* webpackChunkName: "page-editMemory" */ '../features/memories/EditMemoryPage')).EditMemoryPage,
  ),
  switchUserCard: lazyScreen(
    async () =>
      (await import(/* webpackChunkName: "page-switchUserCard" */ '../features/memories/SwitchUserCardPage'))
        .SwitchUserCardPage,
  ),
  feed: lazyScreen(
    async () => (await import(/* webpackChunkName: "page-feed" */ './routes/FeedRoute')).FeedRoute,
    async (dispatch) => {
      const { startFeedCalls } = await import(/* webpackChunkName: "page-feed" */ '../features/feed/api')
      return startFeedCalls(dispatch)
    },
  ),
  myFriends: lazyScreen(
    async () => (await import(/* webpackChunkName: "page-myFriends" */ './routes/MyFriendsRoute')).MyFriendsRoute,
  ),
  friend: lazyScreen(
    async () => (await import(/* webpackChunkName: "page-friend" */ './routes/FriendRoute')).FriendRoute,
  ),
  myWallet: lazyScreen(
    async () => (await import(/* webpackChunkName: "page-myWallet" */ '../features/wallet/MyWalletPage')).MyWalletPage,
  ),
  notifications: lazyScreen(
    async () =>
      (await import(/* webpackChunkName: "page-notifications" */ '../features/notifications/NotificationsPage'))
        .NotificationsPage,
  ),
  about: lazyScreen(
    async () => (await import(/* webpackChunkName: "page-about" */ '../features/content/AboutPage')).AboutPage,
  ),
  legal: lazyScreen(
    async () => (await import(/* webpackChunkName: "page-legal" */ '../features/content/LegalPages')).LegalPages,
  ),
  notFound: lazyScreen(
    async () => (await import(/* webpackChunkName: "page-notFound" */ './shell/NotFoundPage')).NotFoundPage,
  ),
  console: lazyScreen(
    async () => (await import(/* webpackChunkName: "page-console" */ './routes/ConsoleRoute')).ConsoleRoute,
  ),
  requestNewContent: lazyScreen(
    async () =>
      (await import(/* webpackChunkName: "page-requestNewContent" */ '../features/content/RequestNewContentPage'))
        .RequestNewContentPage,
  ),
}

/**
 * The route table (docs/product.md#routes). Matches are exact and case-sensitive; anything else is "Page Not Found".
 */
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: paths.home.path, element: <page.home /> },
      { path: paths.login.path, element: <page.login /> },
      { path: paths.forgotPassword.path, element: <page.forgotPassword /> },
      { path: paths.resetPassword.path, element: <page.resetPassword /> },
      { path: paths.confirmEmailChange.path, element: <page.confirmEmailChange /> },
      { path: paths.undoEmailChange.path, element: <page.undoEmailChange /> },
      { path: paths.verifyEmail.path, element: <page.verifyEmail /> },
      { path: paths.freeDraw.path, element: <page.freeDraw /> },
      { path: paths.freeDrawResult.path, element: <page.freeDrawResult /> },
      // The wallet handles visitors itself ("This page is not public accessible.").
      { path: paths.myWallet.path, element: <page.myWallet /> },
      // A visitor may look at the draw screen; drawing says "You need to log in to draw a card." and goes to login.
      { path: paths.digitalDraw.path, element: <page.digitalDraw /> },
      { path: paths.about.path, element: <page.about /> },
      { path: paths.privacy.path, element: <page.legal /> },
      { path: paths.terms.path, element: <page.legal /> },
      {
        element: <RequireLogin />,
        children: [
          { path: paths.welcome.path, element: <page.welcome /> },
          { path: paths.acquireCards.path, element: <page.acquireCards /> },
          { path: paths.acquireCardsLegacy.path, element: <page.acquireCards /> },
          { path: paths.digitalPick.path, element: <page.digitalPick /> },
          { path: paths.digitalDrawResult.path, element: <page.digitalDrawResult /> },
          { path: paths.myDraws.path, element: <page.myDraws /> },
          { path: paths.cardCollections.path, element: <page.cardCollections /> },
          { path: paths.myCollection.path, element: <page.myCollection /> },
          { path: paths.myMap.path, element: <page.myMap /> },
          { path: paths.recap.path, element: <page.recap /> },
          { path: paths.card.path, element: <page.card /> },
          { path: paths.userCard.path, element: <page.userCard /> },
          { path: paths.myMemories.path, element: <page.myMemories /> },
          { path: paths.trip.path, element: <page.trip /> },
          { path: paths.viewMemory.path, element: <page.viewMemory /> },
          { path: paths.createMemory.path, element: <page.createMemory /> },
          { path: paths.memoriesFromPhotos.path, element: <page.memoriesFromPhotos /> },
          { path: paths.editMemory.path, element: <page.editMemory /> },
          { path: paths.switchUserCard.path, element: <page.switchUserCard /> },
          { path: paths.feed.path, element: <page.feed /> },
          { path: paths.myFriends.path, element: <page.myFriends /> },
          { path: paths.friend.path, element: <page.friend /> },
          { path: paths.myAccount.path, element: <page.myAccount /> },
          { path: paths.notifications.path, element: <page.notifications /> },
          { path: paths.requestNewContent.path, element: <page.requestNewContent /> },
          { path: paths.console.path, element: <page.console /> },
        ],
      },
      { path: '*', element: <page.notFound /> },
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

const appRoutes = caseSensitive(routes)

/**
 * The screen at the current address, inside the router the caller provides (BrowserRouter in the app). A screen
 * that fails to render or to load its chunk shows the error page until the address changes.
 */
export function AppRoutes() {
  const { pathname } = useLocation()
  const element = useRoutes(appRoutes)
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>
}

/**
 * Fetches the chunks of the screen at `pathname`, so the first render shows it at once instead of a spinner in the
 * page frame that its content would then push down, and with a stored session starts the screen's first call. A chunk
 * that fails to load is left to the error page, a failed call to the screen.
 */
export async function preloadScreen(pathname: string, store: AppStore): Promise<void> {
  const matches = matchRoutes(appRoutes, pathname) ?? []
  const hasSession = store.getState().session.authKey !== null
  if (hasSession) preloadLoggedInShell()
  await Promise.all(
    matches.map(async ({ route }) => {
      const screen: unknown = (route.element as { type?: unknown } | undefined)?.type
      if (!isLazyScreen(screen)) return
      if (hasSession && screen.prefetch) void screen.prefetch(store.dispatch).catch(() => undefined)
      await screen.preload().catch(() => undefined)
    }),
  )
}
