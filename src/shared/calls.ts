import type { RequestAccountDeletionResult } from './account'
import type { ConfirmEmailChangeResult, RequestEmailChangeResult, UndoEmailChangeResult } from './accountChange'
import type {
  AgeConfirmation,
  CardDrawResult,
  DrawCardResult,
  DrawPity,
  FreeCardDrawResult,
  FreeDrawnCard,
  MyDraws,
  PickCardResult,
  PricesResult,
} from './acquire'
import type { ListedTraveller } from './blocks'
import type { Card, CardCollection, CollectionCard, PlaceSearchResult } from './catalogue'
import type { GiftAllowance, GiftUserCardResult, MyCollection, RecycleUserCardResult, UserCard } from './collection'
import type {
  AdjustCreditResult,
  ConsoleContentRequest,
  ContentRequestPage,
  EndSessionsResult,
  TravellerDetail,
  TravellerMatch,
} from './console'
import type { ConsolePayments, RefundPurchaseResult } from './consolePayments'
import type { MemoryFeed } from './feed'
import type { AddFriendResult, Friend, FriendMatch, FriendPage } from './friends'
import type { EmailPreferences } from './mail'
import type {
  AvailableCardSets,
  CreateMemoryResult,
  LikeMemoryResult,
  Memory,
  MemoryList,
  PeerUserCards,
  PostCommentResult,
  SwitchUserCardResult,
  TransferrableCards,
  UploadMemoryPictureResult,
} from './memories'
import type { ModerationActionResult, ModerationQueueResult, ReportResult } from './moderation'
import type { Notification } from './notifications'
import type { AuditLogPage, SecondFactorEnrolment, SecondFactorStatus } from './operator'
import type {
  LoginResult,
  RegisterResult,
  ResendVerificationEmailResult,
  ResetPasswordResult,
  UpdateProfileResult,
  User,
  VerifyEmailResult,
} from './session'
import type { BucketList, MapPlaces, MyMap, PlaceTravel, Progress } from './travel'
import type {
  CreatePaymentIntentResult,
  CreditCertificate,
  CreditProduct,
  RedeemCreditCertificateResult,
  ReferralRewardsResult,
  SpendingLimit,
  TestModeConfirmResult,
  VerifyPaymentIntentResult,
} from './wallet'

/**
 * What each GET call of the API answers in its envelope's `data`, by path under /api (docs/product.md#calls). Tests
 * type their fake answers with it, so a fixture that breaks the contract does not compile.
 */
export interface GetResponses {
  '/getPrices': PricesResult
  /** A GET on the wire, though it spends credit. */
  '/drawCard': DrawCardResult
  '/getCardDrawResult': CardDrawResult
  '/getMyDraws': MyDraws
  '/getDrawPity': DrawPity
  '/getAgeConfirmation': AgeConfirmation
  '/operator/payments': ConsolePayments
  '/public/freeDrawCard': FreeDrawnCard
  '/public/getFreeCardDrawResult': FreeCardDrawResult
  '/getCardCollections': CardCollection[]
  '/getCardsOfCollection': CollectionCard[]
  '/getCard': Card
  '/searchPlaces': PlaceSearchResult[]
  '/getMyCollection': MyCollection
  '/getUserCard': UserCard
  '/getRecycleValue': number
  '/getGiftAllowance': GiftAllowance
  '/feed/getMemoryFeed': MemoryFeed
  '/friends/getMyFriends': Friend[]
  '/friends/searchFriends': FriendMatch[]
  '/friends/getFriendPage': FriendPage
  '/memory/getMyMemories': MemoryList
  '/memory/getMemory': Memory
  '/memory/getAvailableCardSets': AvailableCardSets
  '/getPeerUserCards': PeerUserCards
  '/cards/getTransferrableCards': TransferrableCards
  '/checkNewNotifications': boolean
  '/getNotifications': Notification[]
  /** No user when the session is gone. */
  '/getUser': User | null
  '/getAvatarList': number[]
  '/payment/getCreditProducts': CreditProduct[]
  '/payment/getMyCreditCertificates': CreditCertificate[]
  '/getReferralRewards': ReferralRewardsResult
  '/payment/getSpendingLimit': SpendingLimit
  '/travel/getMapPlaces': MapPlaces
  '/travel/getMyMap': MyMap
  '/collection/getProgress': Progress
  '/travel/getPlaceTravel': PlaceTravel
  '/travel/getBucketList': BucketList
  '/mail/getEmailPreferences': EmailPreferences
  '/blocks/getBlockedTravellers': ListedTraveller[]
  '/blocks/getMutedTravellers': ListedTraveller[]
  '/operator/moderation/queue': ModerationQueueResult
  // Operator calls (docs/security.md#operators): answered as unknown routes to anyone but an operator.
  '/operator/secondFactor': SecondFactorStatus
  '/operator/auditLog': AuditLogPage
  /** CSV text on success, not the envelope. */
  '/operator/auditLog/export': string
  '/operator/travellers/search': TravellerMatch[]
  '/operator/travellers/traveller': TravellerDetail
  '/operator/contentRequests': ContentRequestPage
}

/** What each POST call of the API answers in its envelope's `data`, by path under /api. */
export interface PostResponses {
  '/pickCard': PickCardResult
  '/confirmAge': AgeConfirmation
  '/operator/payments/refund': RefundPurchaseResult
  '/setBeenThere': null
  '/recycleUserCard': RecycleUserCardResult
  '/giftUserCard': GiftUserCardResult
  '/system/requestNewContent': null
  '/system/reportClientError': null
  '/friends/addFriend': AddFriendResult
  '/friends/removeFriend': null
  '/memory/uploadMemoryPicture': UploadMemoryPictureResult
  '/memory/createMemory': CreateMemoryResult
  '/memory/updateMemory': null
  '/memory/updateVisibility': null
  '/memory/switchUserCard': SwitchUserCardResult
  '/memory/likeMemory': LikeMemoryResult
  '/memory/postComment': PostCommentResult
  '/readNotification': null
  '/readAllNotifications': null
  '/register': RegisterResult
  '/login': LoginResult
  '/logout': null
  '/requestPasswordReset': null
  '/resetPassword': ResetPasswordResult
  '/verifyEmail': VerifyEmailResult
  '/resendVerificationEmail': ResendVerificationEmailResult
  '/account/updateProfile': UpdateProfileResult
  '/account/changePassword': null
  '/account/requestEmailChange': RequestEmailChangeResult
  '/account/confirmEmailChange': ConfirmEmailChangeResult
  '/account/undoEmailChange': UndoEmailChangeResult
  '/account/requestDeletion': RequestAccountDeletionResult
  '/payment/createPaymentIntent': CreatePaymentIntentResult
  '/payment/verifyPaymentIntent': VerifyPaymentIntentResult
  '/payment/redeemCreditCertificate': RedeemCreditCertificateResult
  '/payment/testMode/confirmPayment': TestModeConfirmResult
  '/payment/setSpendingLimit': SpendingLimit
  '/travel/setWantToGo': null
  '/travel/removeVerification': null
  '/mail/requestPhysicalCardsNotice': null
  '/mail/setEmailPreferences': EmailPreferences
  '/blocks/blockTraveller': null
  '/blocks/unblockTraveller': null
  '/blocks/muteTraveller': null
  '/blocks/unmuteTraveller': null
  '/moderation/report': ReportResult
  '/operator/moderation/act': ModerationActionResult
  '/operator/moderation/unsuspend': null
  '/operator/secondFactor/enrol': SecondFactorEnrolment
  '/operator/secondFactor/verify': SecondFactorStatus
  '/operator/travellers/adjustCredit': AdjustCreditResult
  '/operator/travellers/endSessions': EndSessionsResult
  '/operator/travellers/sendPasswordReset': null
  '/operator/contentRequests/reply': ConsoleContentRequest
  '/operator/contentRequests/markDone': ConsoleContentRequest
}

export type GetPath = keyof GetResponses
export type PostPath = keyof PostResponses
