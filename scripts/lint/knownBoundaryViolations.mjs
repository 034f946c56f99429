/**
 * Imports that break the import boundaries today and wait for the restructure of issue 11 (items 2 and 3).
 *
 * Each entry lets one file keep one import that a boundary rule would otherwise refuse: `no-restricted-paths` (an
 * import into another feature's internals, or from a layer below the features into a feature) or `no-feature-cycle`
 * (two features that depend on each other). Nothing else in that file is exempt, and lint fails when an entry is no
 * longer needed (the import is gone, or no longer crosses a boundary), so this list only shrinks. The restructure
 * empties it; nothing new is ever added here.
 *
 * Entry: { file: path from the repository root, import: the specifier exactly as written, rule: the rule it passes }
 */

const restricted = (file, ...imports) =>
  imports.map((specifier) => ({ file, import: specifier, rule: 'no-restricted-paths' }))
const cycle = (file, ...imports) => imports.map((specifier) => ({ file, import: specifier, rule: 'no-feature-cycle' }))

export const knownBoundaryViolations = [
  // Client: the listener middleware reaches into features; each feature should register its own listeners.
  ...restricted('src/client/api/listeners.ts', '../features/notifications/api', '../features/session/api'),

  // Client: pages of other features read the session slice; session state is to keep only true client state, with
  // balances read from the cached getUser.
  ...restricted('src/client/features/acquire/DrawPage.tsx', '../session/slice'),
  ...restricted('src/client/features/acquire/FreeDrawPage.tsx', '../session/slice'),
  ...restricted('src/client/features/acquire/PickPage.tsx', '../session/slice'),
  ...restricted('src/client/features/friends/MyFriendsPage.tsx', '../session/slice'),
  ...restricted('src/client/features/wallet/MyWalletPage.tsx', '../session/slice'),

  // Client: collection, memories and feed depend on each other; they are to compose in app/ instead.
  ...restricted('src/client/features/collection/UserCardPage.tsx', '../memories/components/UserCardMemorySection'),
  ...cycle('src/client/features/collection/UserCardPage.tsx', '../memories/components/UserCardMemorySection'),
  ...cycle('src/client/features/memories/CreateMemoryPage.tsx', '../collection/api'),
  ...cycle('src/client/features/memories/api.ts', '../feed/api'),
  ...cycle('src/client/features/feed/components/FeedMemoryCard.tsx', '../../memories/api'),
]
