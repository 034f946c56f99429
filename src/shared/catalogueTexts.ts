/**
 * The texts of the catalogue's screens (docs/product.md#screen-card-collections), word for word. Kept apart from TEXTS,
 * which the first page loads, so only the screens that show them carry them.
 */
export const CATALOGUE_TEXTS = {
  /** /cardCollections' sections, in the order the collections come in. */
  groups: { cities: 'Cities', regions: 'Regions of countries', continents: 'Countries by continent' },
  searchLabel: 'Search places',
  searchPlaceholder: 'A city, region or country',
  noPlaceFound: (query: string) => `No place matches “${query}”.`,
  placesFound: (count: number, query: string) =>
    `${count === 1 ? '1 place matches' : `${count} places match`} “${query}”.`,
  showMoreCards: 'Show more cards',
  cardsShown: (shown: number, total: number) => `Showing ${shown} of ${total} cards`,
  localTime: (time: string, difference: string) => `Local time there: ${time}, ${difference}.`,
} as const
