import { Type, type Static } from 'typebox'

import { IdSchema, IntegerSchema, PlainDateSchema, RaritySchema, TextSchema } from './common'
import { MEMORY_CONTENT_MAX_LENGTH, MEMORY_DRAFT_DAYS, MEMORY_PICTURES_MAX, SOUVENIRS_PER_DAY } from './constants'
import { MemoryPictureSchema, VisibilitySchema } from './memories'

// Memories from photos (docs/product.md#memories-from-photos): photos are imported one by one, the server groups
// them into visits (drafts), and each draft is saved as a memory on a copy the traveller owns, or on a Souvenir copy.

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()])

/** A place as the photo screens name it. */
export const PhotoPlaceSchema = Type.Object({
  cardSetId: IdSchema,
  name: Type.String(),
  /** city | country | a region's kind (state, province, …) */
  kind: Type.String(),
  collectionName: Type.String(),
  /** Its Common card: the picture shown for the place. */
  cardId: IdSchema,
})
export type PhotoPlace = Static<typeof PhotoPlaceSchema>

/**
 * An imported photo: the stored picture (signed for its owner), the day it was taken and the catalogue place its
 * position lies in, when the photo says. The position itself is never stored or sent.
 */
export const ImportedPhotoSchema = Type.Object({
  ...MemoryPictureSchema.properties,
  takenOn: Nullable(PlainDateSchema),
  place: Nullable(PhotoPlaceSchema),
  /** The visit the photo is in; null for a photo left to place. */
  draftId: Nullable(IdSchema),
})
export type ImportedPhoto = Static<typeof ImportedPhotoSchema>

/** The copy a visit's memory would be written on: the rarest the traveller holds of the place without a memory. */
export const DraftCopySchema = Type.Object({ userCardId: IdSchema, cardId: IdSchema, cardRarity: RaritySchema })
export type DraftCopy = Static<typeof DraftCopySchema>

/**
 * A visit: one place, consecutive days, its photos in the order they were taken. Saving it makes the memory on `copy`;
 * without one, on a new Souvenir copy when `souvenir` says one is earned; `blocked` says why it cannot be saved yet.
 */
export const MemoryDraftSchema = Type.Object({
  draftId: IdSchema,
  place: PhotoPlaceSchema,
  /** The first and last day its photos were taken; null when none of its photos says. */
  startDate: Nullable(PlainDateSchema),
  endDate: Nullable(PlainDateSchema),
  photos: Type.Array(ImportedPhotoSchema),
  /** How many of its photos were taken in the place: one verifies the visit. */
  photosTakenThere: IntegerSchema(),
  copy: Nullable(DraftCopySchema),
  /** True when saving earns a Souvenir copy of the place's Common card to hold the memory. */
  souvenir: Type.Boolean(),
  /** Why the visit cannot be saved as it is, in words for the traveller; null when it can. */
  blocked: Nullable(Type.String()),
  createdAt: Type.String(),
})
export type MemoryDraft = Static<typeof MemoryDraftSchema>

/** Everything the photo screen shows: the visits, the photos left to place, and the souvenirs left today. */
export const PhotoImportSchema = Type.Object({
  drafts: Type.Array(MemoryDraftSchema),
  /** Photos without a usable place or date; `suggestedDraftId` is the visit nearest in time (or of the same place). */
  unplaced: Type.Array(Type.Object({ ...ImportedPhotoSchema.properties, suggestedDraftId: Nullable(IdSchema) })),
  souvenirsLeftToday: IntegerSchema(),
})
export type PhotoImport = Static<typeof PhotoImportSchema>
export type UnplacedPhoto = PhotoImport['unplaced'][number]

const PictureFileNameSchema = TextSchema({ minLength: 1, maxLength: 200 })

export const MoveImportedPhotoBodySchema = Type.Object({ pictureFileName: PictureFileNameSchema, draftId: IdSchema })
export type MoveImportedPhotoBody = Static<typeof MoveImportedPhotoBodySchema>

export const ImportedPhotoBodySchema = Type.Object({ pictureFileName: PictureFileNameSchema })
export type ImportedPhotoBody = Static<typeof ImportedPhotoBodySchema>

export const DraftIdBodySchema = Type.Object({ draftId: IdSchema })
export type DraftIdBody = Static<typeof DraftIdBodySchema>

export const ChangeDraftPlaceBodySchema = Type.Object({ draftId: IdSchema, cardSetId: IdSchema })
export type ChangeDraftPlaceBody = Static<typeof ChangeDraftPlaceBodySchema>

/** A photo the traveller places themselves (it says no place, or the wrong one) starts a visit of `cardSetId`. */
export const StartVisitFromPhotoBodySchema = Type.Object({
  pictureFileName: PictureFileNameSchema,
  cardSetId: IdSchema,
})
export type StartVisitFromPhotoBody = Static<typeof StartVisitFromPhotoBodySchema>
export const StartVisitFromPhotoResultSchema = Type.Object({ draftId: IdSchema })

/** What the traveller adds to a visit to make it a memory; the place, dates and pictures are the draft's. */
export const SaveMemoryDraftBodySchema = Type.Object({
  draftId: IdSchema,
  memoryContent: TextSchema({ maxLength: MEMORY_CONTENT_MAX_LENGTH, multiline: true }),
  taggedFriends: Type.Array(IdSchema, { maxItems: 50 }),
  visibility: VisibilitySchema,
})
export type SaveMemoryDraftBody = Static<typeof SaveMemoryDraftBodySchema>

export const SaveMemoryDraftResultSchema = Type.Object({
  memoryId: IdSchema,
  userCardId: IdSchema,
  /** True when the memory went on a Souvenir copy earned by this save. */
  souvenir: Type.Boolean(),
})
export type SaveMemoryDraftResult = Static<typeof SaveMemoryDraftResultSchema>

/** The texts of the photo import, shared by the server's refusals and the screens (docs/product.md). */
export const PHOTO_IMPORT_TEXTS = {
  entry: 'New memories from photos',
  souvenirRule: `A visit your photos verify, to a place where you have no card free for a memory, earns a free Souvenir copy of the place's Common card to hold the memory. Souvenirs cannot be recycled or given, are worth no credit, and you can earn ${SOUVENIRS_PER_DAY} a day, one per place and visit day.`,
  draftNotFound: 'This visit was not found. It may have been saved or discarded in another tab.',
  photoNotFound: 'This photo was not found among your imported photos.',
  noDates: 'None of these photos says when it was taken, so the memory has no dates. Add a dated photo of the visit.',
  noPhotos: 'This visit has no photos left. Discard it or move photos into it.',
  tooManyPhotos: (count: number) =>
    `A memory holds at most ${MEMORY_PICTURES_MAX} pictures and this visit has ${count}. Remove ${count - MEMORY_PICTURES_MAX} to save it.`,
  noCopyNotVerified: (place: string) =>
    `You have no card of ${place} free for a memory, and no photo here was taken in ${place} to earn a Souvenir. Pick or draw a card of ${place}, or add a photo taken there.`,
  souvenirCapReached: `You have earned the ${SOUVENIRS_PER_DAY} Souvenir copies a day allows. Come back tomorrow, or pick or draw a card of this place.`,
  souvenirAlreadyEarned: (place: string) =>
    `You already earned a Souvenir of ${place} for this visit day; it holds a memory. Pick or draw a card of ${place} for this one.`,
  waitingFull: (count: number, megabytes: number) =>
    `You have ${count} photos or ${megabytes} MB waiting to become memories. Save or discard some visits, then add more photos.`,
  draftsKept: `Visits you have not saved are kept for ${MEMORY_DRAFT_DAYS} days.`,
  notAPhoto: 'The photo must be a JPEG, PNG, WebP or HEIC image.',
} as const
