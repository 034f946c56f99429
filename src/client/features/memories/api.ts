import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit'

import * as memoriesCalls from '@shared/calls/memories'
import * as photoImportCalls from '@shared/calls/photoImport'
import type { CallResponse } from '@shared/calls/schemas'
import type {
  CreateMemoryBody,
  Memory,
  PeerUserCardsQuery,
  PostCommentBody,
  SwitchUserCardBody,
  UpdateMemoryBody,
  UpdateVisibilityBody,
  UploadMemoryPictureResult,
} from '@shared/memories'
import type {
  ChangeDraftPlaceBody,
  StartVisitFromPhotoBody,
  ImportedPhoto,
  MoveImportedPhotoBody,
  SaveMemoryDraftBody,
} from '@shared/photoImport'

import { baseApi } from '../../api/baseApi'
import { feedApi } from '../feed/api'
import { takeAnsweredBalances } from '../session/api'

/**
 * Where a memory shows besides its own page: the copy it sits on and that copy's card.
 * Mutations take them so every view of the memory refreshes; they are not sent.
 */
export interface MemoryPlace {
  userCardId: string
  cardId: string
}

type WithPlace<Body> = Body & { place: MemoryPlace }

/** The lists and pages a change to one memory makes stale. */
function memoryTags(memoryId: string | undefined, place: MemoryPlace) {
  return [
    ...(memoryId ? [{ type: 'Memory' as const, id: memoryId }] : []),
    { type: 'Memory' as const, id: 'LIST' },
    { type: 'Feed' as const, id: 'LIST' },
    { type: 'UserCard' as const, id: place.userCardId },
    { type: 'UserCard' as const, id: 'LIST' },
    { type: 'Card' as const, id: place.cardId },
  ]
}

/** My memories are looked up by id (visibility changes, likes), so the list is cached normalized. */
export const myMemoriesAdapter = createEntityAdapter<Memory, string>({ selectId: (memory) => memory.memoryId })
const emptyMyMemories = myMemoriesAdapter.getInitialState()

export interface UploadMemoryPictureArgs {
  file: File
  /** The memory's copy, whose place the picture's location is checked against. */
  userCardId?: string
  /** Called with the uploaded share, 0 to 1. */
  onProgress?: (fraction: number) => void
}

export interface ImportPhotoArgs {
  file: File
  /** Called with the uploaded share, 0 to 1. */
  onProgress?: (fraction: number) => void
  /** Aborting it cancels the upload. */
  signal?: AbortSignal
}

/** What every change of the photo import makes stale: the visits and the photos left to place. */
const PHOTO_IMPORT = [{ type: 'PhotoImport' as const, id: 'ME' }]

export const memoriesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getMyMemories: build.query<EntityState<Memory, string>, void>({
      query: () => memoriesCalls.getMyMemories,
      transformResponse: (response: CallResponse<'getMyMemories'>) =>
        myMemoriesAdapter.setAll(emptyMyMemories, response),
      providesTags: (result) => [
        { type: 'Memory', id: 'LIST' },
        ...(result?.ids ?? []).map((id) => ({ type: 'Memory' as const, id })),
      ],
    }),
    getMemory: build.query<CallResponse<'getMemory'>, string>({
      query: (memoryId) => ({ ...memoriesCalls.getMemory, params: { memoryId } }),
      // Screens show "Memory not found …" in place; a failure gets the shared toast and a retry.
      extraOptions: { silentErrors: 'refusals' },
      providesTags: (_result, _error, memoryId) => [{ type: 'Memory', id: memoryId }],
    }),
    getAvailableCardSets: build.query<CallResponse<'getAvailableCardSets'>, void>({
      query: () => memoriesCalls.getAvailableCardSets,
      providesTags: [{ type: 'UserCard', id: 'LIST' }],
    }),
    getPeerUserCards: build.query<CallResponse<'getPeerUserCards'>, PeerUserCardsQuery>({
      query: (params) => ({ ...memoriesCalls.getPeerUserCards, params }),
      providesTags: [{ type: 'UserCard', id: 'LIST' }],
    }),
    getTransferrableCards: build.query<CallResponse<'getTransferrableCards'>, string>({
      query: (cardId) => ({ ...memoriesCalls.getTransferrableCards, params: { cardId } }),
      providesTags: (_result, _error, cardId) => [{ type: 'Card', id: cardId }],
    }),
    uploadMemoryPicture: build.mutation<UploadMemoryPictureResult, UploadMemoryPictureArgs>({
      // Loaded with the first upload: most visits upload nothing, and the first load stays as small as it was.
      queryFn: async (args, api) => (await import('./pictureUpload')).uploadMemoryPicture(args, api),
    }),
    importPhoto: build.mutation<ImportedPhoto, ImportPhotoArgs>({
      queryFn: async (args, api) => (await import('./pictureUpload')).importPhoto(args, api),
      // Each photo's row shows its own refusal; a toast per photo of a 100-photo drop would bury the screen. The visits
      // are read again by the screen, at most every few seconds while a drop goes up (useVisitsFollowUploads), not
      // once per photo.
      extraOptions: { silentErrors: true },
    }),
    getPhotoImport: build.query<CallResponse<'getPhotoImport'>, void>({
      query: () => photoImportCalls.getPhotoImport,
      providesTags: PHOTO_IMPORT,
    }),
    moveImportedPhoto: build.mutation<CallResponse<'moveImportedPhoto'>, MoveImportedPhotoBody>({
      query: (body) => ({ ...photoImportCalls.moveImportedPhoto, body }),
      invalidatesTags: PHOTO_IMPORT,
    }),
    removeImportedPhoto: build.mutation<CallResponse<'removeImportedPhoto'>, string>({
      query: (pictureFileName) => ({ ...photoImportCalls.removeImportedPhoto, body: { pictureFileName } }),
      invalidatesTags: PHOTO_IMPORT,
    }),
    changeDraftPlace: build.mutation<CallResponse<'changeDraftPlace'>, ChangeDraftPlaceBody>({
      query: (body) => ({ ...photoImportCalls.changeDraftPlace, body }),
      invalidatesTags: PHOTO_IMPORT,
    }),
    startVisitFromPhoto: build.mutation<CallResponse<'startVisitFromPhoto'>, StartVisitFromPhotoBody>({
      query: (body) => ({ ...photoImportCalls.startVisitFromPhoto, body }),
      invalidatesTags: PHOTO_IMPORT,
    }),
    discardMemoryDraft: build.mutation<CallResponse<'discardMemoryDraft'>, string>({
      query: (draftId) => ({ ...photoImportCalls.discardMemoryDraft, body: { draftId } }),
      invalidatesTags: PHOTO_IMPORT,
    }),
    saveMemoryDraft: build.mutation<CallResponse<'saveMemoryDraft'>, SaveMemoryDraftBody>({
      query: (body) => ({ ...photoImportCalls.saveMemoryDraft, body }),
      // A souvenir is a new copy: the collection, the card pages and the map change with it.
      invalidatesTags: (_result, error) =>
        error
          ? PHOTO_IMPORT
          : [
              ...PHOTO_IMPORT,
              { type: 'Memory', id: 'LIST' },
              { type: 'Feed', id: 'LIST' },
              { type: 'UserCard', id: 'LIST' },
              { type: 'Card', id: 'LIST' },
              { type: 'User', id: 'ME' },
            ],
    }),
    createMemory: build.mutation<CallResponse<'createMemory'>, WithPlace<CreateMemoryBody>>({
      query: ({ place: _place, ...body }) => ({ ...memoriesCalls.createMemory, body }),
      // A copy that already holds a memory gets the "Oops :(" page instead of a toast.
      extraOptions: { silentErrors: true },
      invalidatesTags: (_result, error, { place }) => (error ? [] : memoryTags(undefined, place)),
    }),
    updateMemory: build.mutation<CallResponse<'updateMemory'>, WithPlace<UpdateMemoryBody>>({
      query: ({ place: _place, ...body }) => ({ ...memoriesCalls.updateMemory, body }),
      invalidatesTags: (_result, error, { memoryId, place }) => (error ? [] : memoryTags(memoryId, place)),
    }),
    updateVisibility: build.mutation<CallResponse<'updateVisibility'>, WithPlace<UpdateVisibilityBody>>({
      query: ({ place: _place, ...body }) => ({ ...memoriesCalls.updateVisibility, body }),
      async onQueryStarted({ memoryId, visibility }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          memoriesApi.util.updateQueryData('getMyMemories', undefined, (draft) => {
            const memory = draft.entities[memoryId]
            if (memory) memory.visibility = visibility
          }),
        )
        try {
          await queryFulfilled
        } catch {
          patch.undo()
        }
      },
      invalidatesTags: (_result, error, { memoryId, place }) => (error ? [] : memoryTags(memoryId, place)),
    }),
    switchUserCard: build.mutation<CallResponse<'switchUserCard'>, WithPlace<SwitchUserCardBody>>({
      query: ({ place: _place, ...body }) => ({ ...memoriesCalls.switchUserCard, body }),
      onQueryStarted: (_args, { dispatch, queryFulfilled }) =>
        takeAnsweredBalances(dispatch, queryFulfilled, (result) => result.userData),
      invalidatesTags: (result, error, { memoryId, place }) =>
        error
          ? []
          : [
              ...memoryTags(memoryId, place),
              ...(result ? [{ type: 'UserCard' as const, id: result.newUserCardId }] : []),
              // A transfer exchanges the copy for one of another card, so every card page may have changed.
              { type: 'Card' as const, id: 'LIST' },
              { type: 'User' as const, id: 'ME' },
            ],
    }),
    likeMemory: build.mutation<CallResponse<'likeMemory'>, WithPlace<{ memoryId: string }>>({
      query: ({ memoryId }) => ({ ...memoriesCalls.likeMemory, body: { memoryId } }),
      async onQueryStarted({ memoryId }, { dispatch, queryFulfilled }) {
        const toggle = (memory: Memory | undefined) => {
          if (!memory) return
          memory.likes += memory.liked ? -1 : 1
          memory.liked = !memory.liked
        }
        const patches = [
          dispatch(memoriesApi.util.updateQueryData('getMemory', memoryId, toggle)),
          dispatch(
            memoriesApi.util.updateQueryData('getMyMemories', undefined, (draft) => toggle(draft.entities[memoryId])),
          ),
          dispatch(
            feedApi.util.updateQueryData('getMemoryFeed', undefined, (draft) => {
              for (const page of draft.pages) toggle(page.memories.find((memory) => memory.memoryId === memoryId))
            }),
          ),
        ]
        try {
          await queryFulfilled
        } catch {
          for (const patch of patches) patch.undo()
        }
      },
      invalidatesTags: (_result, error, { memoryId, place }) =>
        error
          ? []
          : [
              { type: 'Memory', id: memoryId },
              { type: 'Feed', id: 'LIST' },
              { type: 'UserCard', id: place.userCardId },
            ],
    }),
    postComment: build.mutation<CallResponse<'postComment'>, WithPlace<PostCommentBody>>({
      query: ({ place: _place, ...body }) => ({ ...memoriesCalls.postComment, body }),
      invalidatesTags: (_result, error, { memoryId, place }) => (error ? [] : memoryTags(memoryId, place)),
    }),
  }),
})

export const {
  useGetMyMemoriesQuery,
  useGetMemoryQuery,
  useGetAvailableCardSetsQuery,
  useGetPeerUserCardsQuery,
  useGetTransferrableCardsQuery,
  useUploadMemoryPictureMutation,
  useImportPhotoMutation,
  useGetPhotoImportQuery,
  useMoveImportedPhotoMutation,
  useRemoveImportedPhotoMutation,
  useChangeDraftPlaceMutation,
  useStartVisitFromPhotoMutation,
  useDiscardMemoryDraftMutation,
  useSaveMemoryDraftMutation,
  useCreateMemoryMutation,
  useUpdateMemoryMutation,
  useUpdateVisibilityMutation,
  useSwitchUserCardMutation,
  useLikeMemoryMutation,
  usePostCommentMutation,
} = memoriesApi

/** The place of a loaded memory, for the mutations above. */
export function placeOf(memory: Pick<Memory, 'userCardId' | 'cardId'>): MemoryPlace {
  return { userCardId: memory.userCardId, cardId: memory.cardId }
}
