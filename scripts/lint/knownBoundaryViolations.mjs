/**
 * Imports allowed to break the import boundaries. It is empty: every boundary holds, and nothing is ever added here.
 *
 * Each entry would let one file keep one import that a boundary rule would otherwise refuse: `no-restricted-paths` (an
 * import into another feature's internals, or from a layer below the features into a feature) or `no-feature-cycle`
 * (two features that depend on each other). Lint fails when an entry is no longer needed, so the list could only
 * shrink.
 *
 * Entry: { file: path from the repository root, import: the specifier exactly as written, rule: the rule it passes }
 */
export const knownBoundaryViolations = []
