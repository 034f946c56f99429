import { Type, type Static } from 'typebox'

import { IdSchema, IntegerSchema, IsoDateTimeSchema, PlainDateSchema, TextSchema } from './common'

/**
 * Where a traveller stands with a place, from least to most (docs/product.md#place-status): not collected; a copy of any
 * rarity held; been there (marked on the card, or verified); verified by a memory picture taken inside the place.
 */
export const PLACE_STATUSES = ['none', 'collected', 'beenThere', 'verified'] as const
export const PlaceStatusSchema = Type.Union([
  Type.Literal('none'),
  Type.Literal('collected'),
  Type.Literal('beenThere'),
  Type.Literal('verified'),
])
export type PlaceStatus = Static<typeof PlaceStatusSchema>

/** The words the map's legend and list use for each status, beside a pattern or mark (never colour alone). */
export const PLACE_STATUS_LABELS: Record<PlaceStatus, string> = {
  none: 'Not collected',
  collected: 'Collected',
  beenThere: 'Been there',
  verified: 'Verified visit',
}

/**
 * What the location check of an uploaded memory picture concluded (docs/product.md#verified-visits): taken inside the
 * memory's place, outside it, no position in the picture, a capture date in the future (a forged or wrong clock), or
 * not checked (no place was named with the upload).
 */
export const VISIT_VERDICTS = ['inside', 'outside', 'noLocation', 'futureDate', 'notChecked'] as const
export const VisitVerdictSchema = Type.Union([
  Type.Literal('inside'),
  Type.Literal('outside'),
  Type.Literal('noLocation'),
  Type.Literal('futureDate'),
  Type.Literal('notChecked'),
])
export type VisitVerdict = Static<typeof VisitVerdictSchema>

/** The verdict of an upload as its answer carries it; the position itself is never stored or sent back. */
export const VisitCheckSchema = Type.Object({
  verdict: VisitVerdictSchema,
  /** The place the picture was checked against, or null when none was. */
  placeName: Type.Union([Type.String(), Type.Null()]),
  /** The day the picture was taken (the camera's own date), when it says. */
  takenOn: Type.Union([PlainDateSchema, Type.Null()]),
})
export type VisitCheck = Static<typeof VisitCheckSchema>

/** A place as the map draws it, the same for everyone: its outline or, without one, a marker at its position. */
export const MapPlaceSchema = Type.Object({
  cardSetId: IdSchema,
  /** The card the map opens for a place the traveller holds no copy of (its Common card). */
  cardId: IdSchema,
  name: Type.String(),
  /** city | state | country (and whatever kinds the catalogue adds) */
  kind: Type.String(),
  countryCode: Type.Union([Type.String(), Type.Null()]),
  collectionId: IdSchema,
  /** SVG path data in the map's own units; null for a place drawn as a marker (cities, places without outline data). */
  outline: Type.Union([Type.String(), Type.Null()]),
  /** The marker's position, or for an outline its centre (where a place too small to see gets a marker too). */
  x: IntegerSchema(),
  y: IntegerSchema(),
  /** An outline too small to find at the world's scale, drawn with a marker as well. */
  small: Type.Boolean(),
})
export type MapPlace = Static<typeof MapPlaceSchema>

/** The catalogue's map (GET /travel/getMapPlaces): the world's land and every place, for every traveller alike. */
export const MapPlacesSchema = Type.Object({
  width: IntegerSchema(),
  height: IntegerSchema(),
  /** All land, catalogued or not, as one SVG path. */
  land: Type.String(),
  places: Type.Array(MapPlaceSchema),
})
export type MapPlaces = Static<typeof MapPlacesSchema>

/** The traveller's standing with one place, for every place with a status or on the bucket list. */
export const MyMapPlaceSchema = Type.Object({
  cardSetId: IdSchema,
  status: PlaceStatusSchema,
  /** The card the map opens: the traveller's rarest copy's card, or the place's Common card. */
  cardId: IdSchema,
  wantToGo: Type.Boolean(),
  /** The day the verifying picture was taken, when the visit is verified and the picture says. */
  verifiedTakenOn: Type.Union([PlainDateSchema, Type.Null()]),
})
export type MyMapPlace = Static<typeof MyMapPlaceSchema>

export const MyMapSchema = Type.Object({ places: Type.Array(MyMapPlaceSchema) })
export type MyMap = Static<typeof MyMapSchema>

/**
 * Honest progress (docs/product.md#progress): of `places` (the denominator, always shown), how many the traveller
 * collected (a copy of any rarity), has been to (marked or verified) and verified.
 */
export const ProgressFigureSchema = Type.Object({
  places: IntegerSchema(),
  collected: IntegerSchema(),
  beenThere: IntegerSchema(),
  verified: IntegerSchema(),
})
export type ProgressFigure = Static<typeof ProgressFigureSchema>

export const CollectionProgressSchema = Type.Object({
  collectionId: IdSchema,
  collectionName: Type.String(),
  ...ProgressFigureSchema.properties,
})
export type CollectionProgress = Static<typeof CollectionProgressSchema>

export const CountryProgressSchema = Type.Object({
  countryCode: Type.String(),
  countryName: Type.String(),
  ...ProgressFigureSchema.properties,
})
export type CountryProgress = Static<typeof CountryProgressSchema>

/** GET /collection/getProgress: the whole catalogue, each collection in catalogue order, each country by name. */
export const ProgressSchema = Type.Object({
  total: ProgressFigureSchema,
  collections: Type.Array(CollectionProgressSchema),
  countries: Type.Array(CountryProgressSchema),
})
export type Progress = Static<typeof ProgressSchema>

/**
 * The places a traveller has been to, by card set id: marked "been there" or verified by a photo, each place once
 * (docs/product.md#place-status). The map, its figures and the travel book all count this one set.
 */
export function placesBeenTo(
  marked: readonly { cardSetId: string }[],
  verified: readonly { cardSetId: string }[],
): Set<string> {
  return new Set([...marked, ...verified].map((place) => place.cardSetId))
}

/** "collected 12 of 53 · been there 9 · verified 4": the denominator is always part of the sentence. */
export function progressSentence(figure: ProgressFigure): string {
  const format = (n: number) => n.toLocaleString('en-US')
  return `collected ${format(figure.collected)} of ${format(figure.places)} · been there ${format(figure.beenThere)} · verified ${format(figure.verified)}`
}

export const PlaceQuerySchema = Type.Object({ cardId: IdSchema })
export type PlaceQuery = Static<typeof PlaceQuerySchema>

/** A friend who has been to a place: someone to ask about it. Verified visits come first. */
export const FriendToAskSchema = Type.Object({
  userId: IdSchema,
  username: Type.String(),
  avatarId: IntegerSchema(),
  verified: Type.Boolean(),
})
export type FriendToAsk = Static<typeof FriendToAskSchema>

export const VerificationSchema = Type.Object({
  verifiedAt: IsoDateTimeSchema,
  takenOn: Type.Union([PlainDateSchema, Type.Null()]),
  /** The memory whose picture proved the visit, while it exists. */
  memoryId: Type.Union([IdSchema, Type.Null()]),
})
export type Verification = Static<typeof VerificationSchema>

/** GET /travel/getPlaceTravel: the caller's verification and bucket-list mark for a card's place, and friends to ask. */
export const PlaceTravelSchema = Type.Object({
  cardSetId: IdSchema,
  verification: Type.Union([VerificationSchema, Type.Null()]),
  wantToGo: Type.Boolean(),
  friends: Type.Array(FriendToAskSchema),
})
export type PlaceTravel = Static<typeof PlaceTravelSchema>

export const SetWantToGoBodySchema = Type.Object({ cardId: IdSchema, value: Type.Boolean() })
export type SetWantToGoBody = Static<typeof SetWantToGoBodySchema>

export const RemoveVerificationBodySchema = Type.Object({ cardId: IdSchema })
export type RemoveVerificationBody = Static<typeof RemoveVerificationBodySchema>

/** A place on the bucket list, with the friends who have been there. */
export const BucketListEntrySchema = Type.Object({
  cardSetId: IdSchema,
  cardId: IdSchema,
  name: Type.String(),
  kind: Type.String(),
  collectionName: Type.String(),
  addedAt: IsoDateTimeSchema,
  /** The traveller has been there since adding it (marked or verified). */
  beenThere: Type.Boolean(),
  friends: Type.Array(FriendToAskSchema),
})
export type BucketListEntry = Static<typeof BucketListEntrySchema>

export const BucketListSchema = Type.Array(BucketListEntrySchema)
export type BucketList = Static<typeof BucketListSchema>

/** The query of the link-preview map image of a profile (`/api/image/travelMap`). */
export const TravelMapImageQuerySchema = Type.Object({
  shareId: TextSchema({ maxLength: 20 }),
  /** The map's version, so a preview cached elsewhere changes when the map does; any value answers the current map. */
  v: Type.Optional(TextSchema({ maxLength: 40 })),
})

/** Friends shown per place: enough to find someone to ask, few enough for a phone. */
export const FRIENDS_TO_ASK_MAX = 5
