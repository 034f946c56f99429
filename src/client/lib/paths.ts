/** A route without parameters: its link is its path, written once. */
function fixed<Path extends string>(path: Path) {
  return { path, href: () => path }
}

/** Every route (docs/product.md#routes): `path` for the router, `href()` for links. */
export const paths = {
  home: fixed('/'),
  login: { path: '/login', href: (from?: string) => (from ? `/login?from=${encodeURIComponent(from)}` : '/login') },
  forgotPassword: fixed('/forgotPassword'),
  // Opened from the e-mail with `#token=…`, which reaches no server and no Referer (docs/security.md#password-reset).
  resetPassword: fixed('/resetPassword'),
  // The links e-mailed by a change of address, with their `#token=…` likewise.
  confirmEmailChange: fixed('/confirmEmailChange'),
  undoEmailChange: fixed('/undoEmailChange'),
  // Opened from the welcome e-mail with `#token=…`, likewise (docs/security.md#e-mail-verification).
  verifyEmail: fixed('/verifyEmail'),
  welcome: { path: '/welcome', href: (invited = false) => (invited ? '/welcome?invited=1' : '/welcome') },
  acquireCards: fixed('/acquireCards'),
  acquireCardsLegacy: fixed('/AcquireCards'),
  digitalPick: { path: '/digitalPick/:rarity', href: (rarity: number) => `/digitalPick/${rarity}` },
  digitalDraw: {
    path: '/digitalDraw/:anotherDraw?',
    href: (anotherDraw?: 'draw' | 'draw10') => (anotherDraw ? `/digitalDraw/${anotherDraw}` : '/digitalDraw'),
  },
  digitalDrawResult: {
    path: '/digitalDrawResult/:transactionId',
    href: (transactionId: string) => `/digitalDrawResult/${encodeURIComponent(transactionId)}`,
  },
  myDraws: fixed('/myDraws'),
  cardCollections: fixed('/cardCollections'),
  myCollection: fixed('/myCollection'),
  myMap: fixed('/myMap'),
  recap: { path: '/recap/:year?', href: (year: number) => `/recap/${year}` },
  card: { path: '/card/:cardId', href: (cardId: string) => `/card/${encodeURIComponent(cardId)}` },
  userCard: {
    path: '/userCard/:userCardId',
    href: (userCardId: string) => `/userCard/${encodeURIComponent(userCardId)}`,
  },
  myMemories: fixed('/myMemories'),
  trip: { path: '/trip/:tripId', href: (tripId: string) => `/trip/${encodeURIComponent(tripId)}` },
  memoriesFromPhotos: fixed('/memoriesFromPhotos'),
  viewMemory: {
    path: '/viewMemory/:memoryId/:focus?',
    href: (memoryId: string, focus?: 'comments') =>
      `/viewMemory/${encodeURIComponent(memoryId)}${focus ? `/${focus}` : ''}`,
  },
  createMemory: {
    path: '/createMemory/:userCardId?',
    href: (userCardId?: string) => (userCardId ? `/createMemory/${encodeURIComponent(userCardId)}` : '/createMemory'),
  },
  editMemory: {
    path: '/editMemory/:memoryId?',
    href: (memoryId: string) => `/editMemory/${encodeURIComponent(memoryId)}`,
  },
  switchUserCard: {
    path: '/switchUserCard/:memoryId?',
    href: (memoryId: string) => `/switchUserCard/${encodeURIComponent(memoryId)}`,
  },
  feed: fixed('/feed'),
  myFriends: fixed('/myFriends'),
  friend: { path: '/friend/:userId', href: (userId: string) => `/friend/${encodeURIComponent(userId)}` },
  myAccount: fixed('/myAccount'),
  myWallet: fixed('/myWallet'),
  notifications: fixed('/notifications'),
  requestNewContent: fixed('/requestNewContent'),
  about: fixed('/about'),
  // The operators' console and its sections (docs/product.md#console), one lazily loaded part of the app.
  console: { path: '/console/*', href: () => '/console' },
  privacy: fixed('/privacy'),
  terms: fixed('/terms'),
  freeDraw: fixed('/freeDraw'),
  freeDrawResult: {
    path: '/freeDrawResult/:transactionId',
    href: (transactionId: string) => `/freeDrawResult/${encodeURIComponent(transactionId)}`,
  },
} as const
