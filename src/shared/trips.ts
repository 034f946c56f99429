import { Type, type Static } from 'typebox'

import { IdSchema, IntegerSchema, IsoDateTimeSchema, PlainDateSchema, TextSchema } from './common'
import { MemorySchema, VisibilitySchema } from './memories'

// Trips (docs/product.md#trips): a traveller's memories grouped into one journey, with friends who travelled along.
// A trip has its own visibility; every memory in it keeps its own, and a viewer sees only the memories they may.

export const TRIP_TITLE_MAX_LENGTH = 80
/** Memories a trip holds at most: a long journey, written day by day. */
export const TRIP_MEMORIES_MAX = 200
/** Travellers in a trip besides its owner, invited or accepted. */
export const TRIP_MEMBERS_MAX = 20

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()])

export const TripIdQuerySchema = Type.Object({ tripId: IdSchema })
/** A Public trip's route map (its share page's link preview); `v` changes with the map, any value answers the current one. */
export const TripMapImageQuerySchema = Type.Object({
  shareId: IdSchema,
  v: Type.Optional(TextSchema({ maxLength: 40 })),
})
export const TripIdBodySchema = Type.Object({ tripId: IdSchema })
export type TripIdBody = Static<typeof TripIdBodySchema>

const TitleSchema = TextSchema({ minLength: 1, maxLength: TRIP_TITLE_MAX_LENGTH })

export const CreateTripBodySchema = Type.Object({
  title: TitleSchema,
  visibility: VisibilitySchema,
  /** The traveller's own memories the trip starts with; none is allowed. */
  memoryIds: Type.Array(IdSchema, { maxItems: TRIP_MEMORIES_MAX }),
})
export type CreateTripBody = Static<typeof CreateTripBodySchema>
export const CreateTripResultSchema = Type.Object({ tripId: IdSchema })

export const UpdateTripBodySchema = Type.Object({ tripId: IdSchema, title: TitleSchema, visibility: VisibilitySchema })
export type UpdateTripBody = Static<typeof UpdateTripBodySchema>

export const TripMemoryBodySchema = Type.Object({ tripId: IdSchema, memoryId: IdSchema })
export type TripMemoryBody = Static<typeof TripMemoryBodySchema>

export const TripMemberBodySchema = Type.Object({ tripId: IdSchema, userId: IdSchema })
export type TripMemberBody = Static<typeof TripMemberBodySchema>

export const AnswerTripInviteBodySchema = Type.Object({ tripId: IdSchema, accept: Type.Boolean() })
export type AnswerTripInviteBody = Static<typeof AnswerTripInviteBodySchema>

export const TripTravellerSchema = Type.Object({
  userId: IdSchema,
  username: Type.String(),
  avatarId: IntegerSchema(),
  /** owner | accepted | invited */
  role: Type.Union([Type.Literal('owner'), Type.Literal('accepted'), Type.Literal('invited')]),
})
export type TripTraveller = Static<typeof TripTravellerSchema>

/** A place of the trip, in the order first reached. */
export const TripPlaceSchema = Type.Object({ cardSetId: IdSchema, name: Type.String(), cardId: IdSchema })
export type TripPlace = Static<typeof TripPlaceSchema>

/** A trip as a list shows it: dates and places from the memories the viewer may see. */
export const TripSummarySchema = Type.Object({
  tripId: IdSchema,
  title: Type.String(),
  visibility: VisibilitySchema,
  owner: TripTravellerSchema,
  /** The viewer's standing: owner, accepted (travelling in it) or invited (to answer). */
  myRole: TripTravellerSchema.properties.role,
  startDate: Nullable(PlainDateSchema),
  endDate: Nullable(PlainDateSchema),
  memoryCount: IntegerSchema(),
  places: Type.Array(TripPlaceSchema),
  /** The viewer's own memories in the trip, so a memory can say which trip holds it. */
  myMemoryIds: Type.Array(IdSchema),
  createdAt: IsoDateTimeSchema,
})
export type TripSummary = Static<typeof TripSummarySchema>

export const TripListSchema = Type.Array(TripSummarySchema)

/** The trips a friend page lists at most, newest first. */
export const TRAVELLED_TRIPS_LISTED = 20

/**
 * A trip on a traveller's friend page: one they own or travel in, as the viewer may see it (dates, places and count
 * from the memories the viewer may see).
 */
export const TravelledTripSchema = Type.Object({
  tripId: IdSchema,
  title: Type.String(),
  visibility: VisibilitySchema,
  owner: TripTravellerSchema,
  /** The page's traveller in the trip: its owner, or travelling in it. */
  travellerRole: Type.Union([Type.Literal('owner'), Type.Literal('accepted')]),
  startDate: Nullable(PlainDateSchema),
  endDate: Nullable(PlainDateSchema),
  memoryCount: IntegerSchema(),
  places: Type.Array(TripPlaceSchema),
  createdAt: IsoDateTimeSchema,
})
export type TravelledTrip = Static<typeof TravelledTripSchema>

/** A trip with its travellers and its timeline: the memories the viewer may see, by date. */
export const TripSchema = Type.Object({
  ...TripSummarySchema.properties,
  /** Null for a viewer outside the trip (a Public or a friend's trip). */
  myRole: Nullable(TripSummarySchema.properties.myRole),
  travellers: Type.Array(TripTravellerSchema),
  memories: Type.Array(MemorySchema),
})
export type Trip = Static<typeof TripSchema>

export const TRIP_TEXTS = {
  notFound: 'Trip not found.',
  ownerOnly: 'Only the trip’s owner can do that.',
  notTravelling: 'Only travellers in the trip can add their memories to it.',
  notYourMemory: 'You can add only your own memories to a trip.',
  memoryInTrip: (title: string) => `This memory is already in the trip "${title}".`,
  notInTrip: 'This memory is not in the trip.',
  tooManyMemories: `A trip holds at most ${TRIP_MEMORIES_MAX} memories.`,
  notFriend: 'You can invite only your friends.',
  tooManyMembers: `A trip has at most ${TRIP_MEMBERS_MAX} travellers besides its owner.`,
  noInvite: 'There is no invitation to this trip.',
  notMember: 'This traveller is not in the trip.',
  ownerStays: 'The owner cannot leave the trip; delete it instead.',
} as const
