/**
 * Raise this whenever the generated catalogue changes (new places, new texts, new art): the seed applies each version
 * once, and the art cache is keyed by it. Kept apart from the catalogue's builders, which read large open-data packages.
 */
export const CATALOGUE_VERSION = 2
