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
  // Server: share pages register themselves with the share feature, which imports them back.
  ...restricted('src/server/features/acquire/drawSharePage.ts', '../share/pages'),
  ...cycle('src/server/features/acquire/drawSharePage.ts', '../share/pages'),
  ...restricted('src/server/features/collection/cardSharePage.ts', '../share/pages'),
  ...cycle('src/server/features/collection/cardSharePage.ts', '../share/pages'),
  ...restricted('src/server/features/share/pages.ts', '../acquire/drawSharePage', '../collection/cardSharePage'),
  ...cycle('src/server/features/share/pages.ts', '../acquire/drawSharePage', '../collection/cardSharePage'),
  ...restricted('src/server/features/share/userPage.ts', '../session/userStats'),
  ...cycle('src/server/features/share/userPage.ts', '../session/userStats'),

  // Server: registration reaches into acquire, friends and wallet.
  ...restricted(
    'src/server/features/session/service.ts',
    '../acquire/freeDrawClaim',
    '../friends/friendships',
    '../wallet/registration',
  ),
  ...cycle('src/server/features/session/service.ts', '../acquire/freeDrawClaim'),

  // Server: a copy's life (create, move, delete) and the credit ledger are reached into from several features; one
  // owner module is to hold a copy's life, and the memories read model is to move out of memories/service.ts.
  ...restricted('src/server/features/acquire/service.ts', '../wallet/certificates', '../wallet/ledger'),
  ...restricted('src/server/features/collection/service.ts', '../wallet/ledger'),
  ...restricted('src/server/features/memories/service.ts', '../collection/queries', '../wallet/ledger'),
  ...cycle('src/server/features/memories/service.ts', '../collection/queries'),
  ...restricted('src/server/features/collection/memoryOfUserCard.ts', '../memories/pictures'),
  ...cycle('src/server/features/collection/memoryOfUserCard.ts', '../memories/pictures', '../memories/service'),
  ...restricted('src/server/features/feed/routes.ts', '../memories/pictures'),
  ...restricted('src/server/features/feed/service.ts', '../memories/pictures'),
]
