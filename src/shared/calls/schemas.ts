import { Type, type Static, type TSchema } from 'typebox'

import {
  EXPORT_ESTIMATE_HEADER,
  RequestAccountDeletionBodySchema,
  RequestAccountDeletionResultSchema,
} from '../account'
import {
  ChangePasswordBodySchema,
  ConfirmEmailChangeBodySchema,
  ConfirmEmailChangeResultSchema,
  RequestEmailChangeBodySchema,
  RequestEmailChangeResultSchema,
  UndoEmailChangeBodySchema,
  UndoEmailChangeResultSchema,
} from '../accountChange'
import {
  AgeConfirmationSchema,
  CardDrawResultSchema,
  DrawCardQuerySchema,
  DrawCardResultSchema,
  DrawPitySchema,
  FreeCardDrawResultSchema,
  FreeDrawnCardSchema,
  MyDrawsQuerySchema,
  MyDrawsSchema,
  PickCardBodySchema,
  PickCardResultSchema,
  PricesSchema,
  TransactionIdQuerySchema,
} from '../acquire'
import { ListedTravellerSchema, TravellerBodySchema } from '../blocks'
import {
  CardCollectionListSchema,
  CardSchema,
  CollectionCardListSchema,
  GetCardQuerySchema,
  GetCardsOfCollectionQuerySchema,
  PlaceSearchResultListSchema,
  SearchPlacesQuerySchema,
  SetBeenThereBodySchema,
} from '../catalogue'
import { ReportClientErrorBodySchema } from '../clientErrors'
import {
  GiftAllowanceSchema,
  GiftUserCardBodySchema,
  GiftUserCardResultSchema,
  MyCollectionSchema,
  RecycleUserCardBodySchema,
  RecycleUserCardResultSchema,
  RecycleValueSchema,
  UserCardQuerySchema,
  UserCardSchema,
} from '../collection'
import {
  AdjustCreditBodySchema,
  AdjustCreditResultSchema,
  ConsoleContentRequestSchema,
  ContentRequestPageSchema,
  EndSessionsResultSchema,
  ListContentRequestsQuerySchema,
  MarkContentRequestDoneBodySchema,
  ReplyToContentRequestBodySchema,
  SearchTravellersQuerySchema,
  TravellerActionBodySchema,
  TravellerDetailSchema,
  TravellerMatchSchema,
  TravellerQuerySchema,
} from '../console'
import {
  ConsolePaymentsQuerySchema,
  ConsolePaymentsSchema,
  RefundPurchaseBodySchema,
  RefundPurchaseResultSchema,
} from '../consolePayments'
import { RequestNewContentBodySchema } from '../content'
import { MemoryFeedQuerySchema, MemoryFeedSchema } from '../feed'
import {
  AddFriendResultSchema,
  FriendCodeBodySchema,
  FriendMatchSchema,
  FriendPageQuerySchema,
  FriendPageSchema,
  FriendSchema,
  SearchFriendsQuerySchema,
} from '../friends'
import { EmailPreferencesSchema } from '../mail'
import {
  AvailableCardSetsSchema,
  CreateMemoryBodySchema,
  CreateMemoryResultSchema,
  LikeMemoryResultSchema,
  MemoryIdBodySchema,
  MemoryIdQuerySchema,
  MemoryListSchema,
  MemorySchema,
  PeerUserCardsQuerySchema,
  PeerUserCardsSchema,
  PostCommentBodySchema,
  PostCommentResultSchema,
  SwitchUserCardBodySchema,
  SwitchUserCardResultSchema,
  TransferrableCardsQuerySchema,
  TransferrableCardsSchema,
  UpdateMemoryBodySchema,
  UpdateVisibilityBodySchema,
  UploadMemoryPictureQuerySchema,
  UploadMemoryPictureResultSchema,
} from '../memories'
import {
  ModerationActionBodySchema,
  ModerationActionResultSchema,
  ModerationQueueResultSchema,
  ReportBodySchema,
  ReportResultSchema,
  UnsuspendBodySchema,
} from '../moderation'
import { NotificationSchema, ReadNotificationBodySchema } from '../notifications'
import { OnThisDayQuerySchema, OnThisDaySchema } from '../onThisDay'
import {
  AuditLogFilterSchema,
  AuditLogPageSchema,
  GetAuditLogQuerySchema,
  SecondFactorEnrolmentSchema,
  SecondFactorStatusSchema,
  VerifySecondFactorBodySchema,
} from '../operator'
import {
  ChangeDraftPlaceBodySchema,
  StartVisitFromPhotoBodySchema,
  StartVisitFromPhotoResultSchema,
  DraftIdBodySchema,
  ImportedPhotoBodySchema,
  ImportedPhotoSchema,
  MoveImportedPhotoBodySchema,
  PhotoImportSchema,
  SaveMemoryDraftBodySchema,
  SaveMemoryDraftResultSchema,
} from '../photoImport'
import { ShareYearRecapResultSchema, YearRecapBodySchema, YearRecapQuerySchema, YearRecapSchema } from '../recap'
import {
  AvatarListSchema,
  LoginBodySchema,
  LoginResultSchema,
  RegisterBodySchema,
  RegisterResultSchema,
  RequestPasswordResetBodySchema,
  ResendVerificationEmailResultSchema,
  ResetPasswordBodySchema,
  ResetPasswordResultSchema,
  UpdateProfileBodySchema,
  UpdateProfileResultSchema,
  UserSchema,
  VerifyEmailBodySchema,
  VerifyEmailResultSchema,
} from '../session'
import {
  BucketListSchema,
  MapPlacesSchema,
  MyMapSchema,
  PlaceQuerySchema,
  PlaceTravelSchema,
  ProgressSchema,
  RemoveVerificationBodySchema,
  SetWantToGoBodySchema,
} from '../travel'
import {
  AnswerTripInviteBodySchema,
  CreateTripBodySchema,
  CreateTripResultSchema,
  TripIdBodySchema,
  TripIdQuerySchema,
  TripListSchema,
  TripMemberBodySchema,
  TripMemoryBodySchema,
  TripSchema,
  UpdateTripBodySchema,
} from '../trips'
import {
  CreatePaymentIntentBodySchema,
  CreatePaymentIntentResultSchema,
  CreditCertificateSchema,
  CreditProductSchema,
  RedeemCreditCertificateBodySchema,
  RedeemCreditCertificateResultSchema,
  ReferralRewardsResultSchema,
  SetSpendingLimitBodySchema,
  SpendingLimitSchema,
  TestModeConfirmBodySchema,
  TestModeConfirmResultSchema,
  VerifyPaymentIntentBodySchema,
  VerifyPaymentIntentResultSchema,
} from '../wallet'

import type { CallName, Calls } from './index'

/**
 * What a call carries: its query string or JSON body, and the `data` of its answer's envelope. A call without a
 * response schema answers a file on success (the data export's ZIP, the audit log's CSV), not the envelope.
 */
export interface CallSchemas {
  query?: TSchema
  body?: TSchema
  response?: TSchema
  /** For the OpenAPI document, where the schemas alone do not say what the call answers. */
  description?: string
}

/**
 * The schemas of every call, by its name in the table (./index). `satisfies` makes the compiler prove that every call
 * has its schemas and that no schemas are left without a call. The web app imports only the types below, never this
 * value: TypeBox stays out of its bundles.
 */
export const CALL_SCHEMAS = {
  // Session
  register: { body: RegisterBodySchema, response: RegisterResultSchema },
  login: { body: LoginBodySchema, response: LoginResultSchema },
  logout: { response: Type.Null() },
  requestPasswordReset: { body: RequestPasswordResetBodySchema, response: Type.Null() },
  resetPassword: { body: ResetPasswordBodySchema, response: ResetPasswordResultSchema },
  verifyEmail: { body: VerifyEmailBodySchema, response: VerifyEmailResultSchema },
  resendVerificationEmail: { response: ResendVerificationEmailResultSchema },
  getUser: { response: UserSchema },
  getAvatarList: { response: AvatarListSchema },
  // Account
  updateProfile: { body: UpdateProfileBodySchema, response: UpdateProfileResultSchema },
  changePassword: { body: ChangePasswordBodySchema, response: Type.Null() },
  requestEmailChange: { body: RequestEmailChangeBodySchema, response: RequestEmailChangeResultSchema },
  confirmEmailChange: { body: ConfirmEmailChangeBodySchema, response: ConfirmEmailChangeResultSchema },
  undoEmailChange: { body: UndoEmailChangeBodySchema, response: UndoEmailChangeResultSchema },
  requestAccountDeletion: { body: RequestAccountDeletionBodySchema, response: RequestAccountDeletionResultSchema },
  exportMyData: {
    description: `The traveller's data as a ZIP (application/zip); the ${EXPORT_ESTIMATE_HEADER} header says about how many bytes it holds.`,
  },
  // Notifications
  checkNewNotifications: { response: Type.Boolean() },
  getNotifications: { response: Type.Array(NotificationSchema) },
  readNotification: { body: ReadNotificationBodySchema, response: Type.Null() },
  readAllNotifications: { response: Type.Null() },
  // Acquiring cards
  getAgeConfirmation: { response: AgeConfirmationSchema },
  confirmAge: { response: AgeConfirmationSchema },
  getPrices: { response: PricesSchema },
  pickCard: { body: PickCardBodySchema, response: PickCardResultSchema },
  drawCard: { query: DrawCardQuerySchema, response: DrawCardResultSchema },
  getCardDrawResult: { query: TransactionIdQuerySchema, response: CardDrawResultSchema },
  getMyDraws: { query: MyDrawsQuerySchema, response: MyDrawsSchema },
  getDrawPity: { response: DrawPitySchema },
  freeDrawCard: { response: FreeDrawnCardSchema },
  getFreeCardDrawResult: { query: TransactionIdQuerySchema, response: FreeCardDrawResultSchema },
  // Catalogue
  getCardCollections: { response: CardCollectionListSchema },
  getCardsOfCollection: { query: GetCardsOfCollectionQuerySchema, response: CollectionCardListSchema },
  getCard: { query: GetCardQuerySchema, response: CardSchema },
  searchPlaces: { query: SearchPlacesQuerySchema, response: PlaceSearchResultListSchema },
  setBeenThere: { body: SetBeenThereBodySchema, response: Type.Null() },
  // Collection
  getMyCollection: { response: MyCollectionSchema },
  getUserCard: { query: UserCardQuerySchema, response: UserCardSchema },
  getRecycleValue: { query: UserCardQuerySchema, response: RecycleValueSchema },
  recycleUserCard: { body: RecycleUserCardBodySchema, response: RecycleUserCardResultSchema },
  getGiftAllowance: { response: GiftAllowanceSchema },
  giftUserCard: { body: GiftUserCardBodySchema, response: GiftUserCardResultSchema },
  // Memories
  getMyMemories: { response: MemoryListSchema },
  getMemory: { query: MemoryIdQuerySchema, response: MemorySchema },
  updateVisibility: { body: UpdateVisibilityBodySchema, response: Type.Null() },
  getAvailableCardSets: { response: AvailableCardSetsSchema },
  getPeerUserCards: { query: PeerUserCardsQuerySchema, response: PeerUserCardsSchema },
  createMemory: { body: CreateMemoryBodySchema, response: CreateMemoryResultSchema },
  updateMemory: { body: UpdateMemoryBodySchema, response: Type.Null() },
  /** The picture itself is a multipart form, which the route reads itself; the query names the copy. */
  uploadMemoryPicture: { query: UploadMemoryPictureQuerySchema, response: UploadMemoryPictureResultSchema },
  getTransferrableCards: { query: TransferrableCardsQuerySchema, response: TransferrableCardsSchema },
  switchUserCard: { body: SwitchUserCardBodySchema, response: SwitchUserCardResultSchema },
  likeMemory: { body: MemoryIdBodySchema, response: LikeMemoryResultSchema },
  postComment: { body: PostCommentBodySchema, response: PostCommentResultSchema },
  getOnThisDay: { query: OnThisDayQuerySchema, response: OnThisDaySchema },
  // Memories from photos
  /** The photo itself is a multipart form, which the route reads itself. */
  importPhoto: { response: ImportedPhotoSchema },
  getPhotoImport: { response: PhotoImportSchema },
  moveImportedPhoto: { body: MoveImportedPhotoBodySchema, response: Type.Null() },
  removeImportedPhoto: { body: ImportedPhotoBodySchema, response: Type.Null() },
  changeDraftPlace: { body: ChangeDraftPlaceBodySchema, response: Type.Null() },
  startVisitFromPhoto: { body: StartVisitFromPhotoBodySchema, response: StartVisitFromPhotoResultSchema },
  saveMemoryDraft: { body: SaveMemoryDraftBodySchema, response: SaveMemoryDraftResultSchema },
  discardMemoryDraft: { body: DraftIdBodySchema, response: Type.Null() },
  // Trips
  getMyTrips: { response: TripListSchema },
  getTrip: { query: TripIdQuerySchema, response: TripSchema },
  createTrip: { body: CreateTripBodySchema, response: CreateTripResultSchema },
  updateTrip: { body: UpdateTripBodySchema, response: Type.Null() },
  deleteTrip: { body: TripIdBodySchema, response: Type.Null() },
  addTripMemory: { body: TripMemoryBodySchema, response: Type.Null() },
  removeTripMemory: { body: TripMemoryBodySchema, response: Type.Null() },
  inviteToTrip: { body: TripMemberBodySchema, response: Type.Null() },
  answerTripInvite: { body: AnswerTripInviteBodySchema, response: Type.Null() },
  removeTripMember: { body: TripMemberBodySchema, response: Type.Null() },
  // Feed
  getMemoryFeed: { query: MemoryFeedQuerySchema, response: MemoryFeedSchema },
  // Friends
  addFriend: { body: FriendCodeBodySchema, response: AddFriendResultSchema },
  removeFriend: { body: FriendCodeBodySchema, response: Type.Null() },
  getMyFriends: { response: Type.Array(FriendSchema) },
  searchFriends: { query: SearchFriendsQuerySchema, response: Type.Array(FriendMatchSchema) },
  getFriendPage: { query: FriendPageQuerySchema, response: FriendPageSchema },
  // Blocks
  blockTraveller: { body: TravellerBodySchema, response: Type.Null() },
  unblockTraveller: { body: TravellerBodySchema, response: Type.Null() },
  muteTraveller: { body: TravellerBodySchema, response: Type.Null() },
  unmuteTraveller: { body: TravellerBodySchema, response: Type.Null() },
  getBlockedTravellers: { response: Type.Array(ListedTravellerSchema) },
  getMutedTravellers: { response: Type.Array(ListedTravellerSchema) },
  // Content requests and crash reports
  requestNewContent: { body: RequestNewContentBodySchema, response: Type.Null() },
  reportClientError: { body: ReportClientErrorBodySchema, response: Type.Null() },
  // E-mails
  requestPhysicalCardsNotice: { response: Type.Null() },
  getEmailPreferences: { response: EmailPreferencesSchema },
  setEmailPreferences: { body: EmailPreferencesSchema, response: EmailPreferencesSchema },
  // Travel
  getMapPlaces: { response: MapPlacesSchema },
  getMyMap: { response: MyMapSchema },
  getProgress: { response: ProgressSchema },
  getPlaceTravel: { query: PlaceQuerySchema, response: PlaceTravelSchema },
  getBucketList: { response: BucketListSchema },
  setWantToGo: { body: SetWantToGoBodySchema, response: Type.Null() },
  removeVerification: { body: RemoveVerificationBodySchema, response: Type.Null() },
  getYearRecap: { query: YearRecapQuerySchema, response: YearRecapSchema },
  shareYearRecap: { body: YearRecapBodySchema, response: ShareYearRecapResultSchema },
  stopSharingYearRecap: { body: YearRecapBodySchema, response: Type.Null() },
  // Wallet
  getCreditProducts: { response: Type.Array(CreditProductSchema) },
  getMyCreditCertificates: { response: Type.Array(CreditCertificateSchema) },
  getReferralRewards: { response: ReferralRewardsResultSchema },
  getSpendingLimit: { response: SpendingLimitSchema },
  setSpendingLimit: { body: SetSpendingLimitBodySchema, response: SpendingLimitSchema },
  createPaymentIntent: { body: CreatePaymentIntentBodySchema, response: CreatePaymentIntentResultSchema },
  verifyPaymentIntent: { body: VerifyPaymentIntentBodySchema, response: VerifyPaymentIntentResultSchema },
  redeemCreditCertificate: { body: RedeemCreditCertificateBodySchema, response: RedeemCreditCertificateResultSchema },
  confirmTestModePayment: { body: TestModeConfirmBodySchema, response: TestModeConfirmResultSchema },
  // Moderation
  reportItem: { body: ReportBodySchema, response: ReportResultSchema },
  // Operator calls
  getSecondFactor: { response: SecondFactorStatusSchema },
  enrolSecondFactor: { response: SecondFactorEnrolmentSchema },
  verifySecondFactor: { body: VerifySecondFactorBodySchema, response: SecondFactorStatusSchema },
  getAuditLog: { query: GetAuditLogQuerySchema, response: AuditLogPageSchema },
  exportAuditLog: { query: AuditLogFilterSchema },
  searchTravellers: { query: SearchTravellersQuerySchema, response: Type.Array(TravellerMatchSchema) },
  getTraveller: { query: TravellerQuerySchema, response: TravellerDetailSchema },
  adjustCredit: { body: AdjustCreditBodySchema, response: AdjustCreditResultSchema },
  endSessions: { body: TravellerActionBodySchema, response: EndSessionsResultSchema },
  sendPasswordReset: { body: TravellerActionBodySchema, response: Type.Null() },
  getContentRequests: { query: ListContentRequestsQuerySchema, response: ContentRequestPageSchema },
  replyToContentRequest: { body: ReplyToContentRequestBodySchema, response: ConsoleContentRequestSchema },
  markContentRequestDone: { body: MarkContentRequestDoneBodySchema, response: ConsoleContentRequestSchema },
  getModerationQueue: { response: ModerationQueueResultSchema },
  actOnQueueItem: { body: ModerationActionBodySchema, response: ModerationActionResultSchema },
  unsuspend: { body: UnsuspendBodySchema, response: Type.Null() },
  getConsolePayments: { query: ConsolePaymentsQuerySchema, response: ConsolePaymentsSchema },
  refundPurchase: { body: RefundPurchaseBodySchema, response: RefundPurchaseResultSchema },
} satisfies Record<CallName, CallSchemas>

type SchemasOf<Name extends CallName> = (typeof CALL_SCHEMAS)[Name]

/** The `data` of a call's answer, e.g. `CallResponse<'getPrices'>`; never for a call that answers a file. */
export type CallResponse<Name extends CallName> =
  SchemasOf<Name> extends { response: infer Response extends TSchema } ? Static<Response> : never

/** A call's query string, as the server reads it after validation. */
export type CallQuery<Name extends CallName> =
  SchemasOf<Name> extends { query: infer Query extends TSchema } ? Static<Query> : never

/** A call's JSON body. */
export type CallBody<Name extends CallName> =
  SchemasOf<Name> extends { body: infer Body extends TSchema } ? Static<Body> : never

/** Calls whose success is the envelope, and calls whose success is a file. */
type EnvelopeCallName = { [Name in CallName]: SchemasOf<Name> extends { response: TSchema } ? Name : never }[CallName]
type FileCallName = Exclude<CallName, EnvelopeCallName>

/**
 * What each call answers in its envelope's `data`, by method and path (what the tests' fake answers are typed with).
 * `/getUser` may carry no user when the session is gone.
 */
export type GetResponses = {
  [Name in EnvelopeCallName as Calls[Name]['method'] extends 'GET' ? Calls[Name]['url'] : never]:
    CallResponse<Name> | (Name extends 'getUser' ? null : never)
}
export type PostResponses = {
  [Name in EnvelopeCallName as Calls[Name]['method'] extends 'POST' ? Calls[Name]['url'] : never]: CallResponse<Name>
}
export type GetPath = keyof GetResponses
export type PostPath = keyof PostResponses

/** Calls whose success is a file rather than the envelope; their refusals are still the envelope. */
export type FilePath = Calls[FileCallName]['url']
