/** Every route (docs/product.md#routes): `path` for the router, `href()` for links. */
export const paths = {
  home: { path: '/', href: () => '/' },
  login: { path: '/login', href: (from?: string) => (from ? `/login?from=${encodeURIComponent(from)}` : '/login') },
  forgotPassword: { path: '/forgotPassword', href: () => '/forgotPassword' },
  // Opened from the e-mail with `#token=…`, which reaches no server and no Referer (docs/security.md#password-reset).
  resetPassword: { path: '/resetPassword', href: () => '/resetPassword' },
  // The links e-mailed by a change of address, with their `#token=…` likewise.
  confirmEmailChange: { path: '/confirmEmailChange', href: () => '/confirmEmailChange' },
  undoEmailChange: { path: '/undoEmailChange', href: () => '/undoEmailChange' },
  // Opened from the welcome e-mail with `#token=…`, likewise (docs/security.md#e-mail-verification).
  verifyEmail: { path: '/verifyEmail', href: () => '/verifyEmail' },
  welcome: { path: '/welcome', href: (invited = false) => (invited ? '/welcome?invited=1' : '/welcome') },
  acquireCards: { path: '/acquireCards', href: () => '/acquireCards' },
  acquireCardsLegacy: { path: '/AcquireCards', href: () => '/AcquireCards' },
  digitalPick: { path: '/digitalPick/:rarity', href: (rarity: number) => `/digitalPick/${rarity}` },
  digitalDraw: {
    path: '/digitalDraw/:anotherDraw?',
    href: (anotherDraw?: 'draw' | 'draw10') => (anotherDraw ? `/digitalDraw/${anotherDraw}` : '/digitalDraw'),
  },
  digitalDrawResult: {
    path: '/digitalDrawResult/:transactionId',
    href: (transactionId: string) => `/digitalDrawResult/${encodeURIComponent(transactionId)}`,
  },
  myDraws: { path: '/myDraws', href: () => '/myDraws' },
  cardCollections: { path: '/cardCollections', href: () => '/cardCollections' },
  myCollection: { path: '/myCollection', href: () => '/myCollection' },
  myMap: { path: '/myMap', href: () => '/myMap' },
  card: { path: '/card/:cardId', href: (cardId: string) => `/card/${encodeURIComponent(cardId)}` },
  userCard: {
    path: '/userCard/:userCardId',
    href: (userCardId: string) => `/userCard/${encodeURIComponent(userCardId)}`,
  },
  myMemories: { path: '/myMemories', href: () => '/myMemories' },
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
  feed: { path: '/feed', href: () => '/feed' },
  myFriends: { path: '/myFriends', href: () => '/myFriends' },
  friend: { path: '/friend/:userId', href: (userId: string) => `/friend/${encodeURIComponent(userId)}` },
  myAccount: { path: '/myAccount', href: () => '/myAccount' },
  myWallet: { path: '/myWallet', href: () => '/myWallet' },
  notifications: { path: '/notifications', href: () => '/notifications' },
  requestNewContent: { path: '/requestNewContent', href: () => '/requestNewContent' },
  about: { path: '/about', href: () => '/about' },
  // The operators' console and its sections (docs/product.md#console), one lazily loaded part of the app.
  console: { path: '/console/*', href: () => '/console' },
  privacy: { path: '/privacy', href: () => '/privacy' },
  terms: { path: '/terms', href: () => '/terms' },
  freeDraw: { path: '/freeDraw', href: () => '/freeDraw' },
  freeDrawResult: {
    path: '/freeDrawResult/:transactionId',
    href: (transactionId: string) => `/freeDrawResult/${encodeURIComponent(transactionId)}`,
  },
} as const
