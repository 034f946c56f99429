import type {
  CardDrawResult,
  DrawCardResult,
  DrawPity,
  FreeCardDrawResult,
  FreeDrawnCard,
  MyDraws,
  PickCardResult,
  PricesResult,
} from './acquire'
import type { Card, CardCollection, CollectionCard, PlaceSearchResult } from './catalogue'
import type { MyCollection, RecycleUserCardResult, UserCard } from './collection'
import type { MemoryFeed } from './feed'
import type { AddFriendResult, Friend, FriendMatch } from './friends'
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
import type { Notification } from './notifications'
import type { LoginResult, RegisterResult, UpdateProfileResult, User } from './session'
import type {
  CreatePaymentIntentResult,
  CreditCertificate,
  CreditProduct,
  RedeemCreditCertificateResult,
  ReferralRewardsResult,
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
  '/public/freeDrawCard': FreeDrawnCard
  '/public/getFreeCardDrawResult': FreeCardDrawResult
  '/getCardCollections': CardCollection[]
  '/getCardsOfCollection': CollectionCard[]
  '/getCard': Card
  '/searchPlaces': PlaceSearchResult[]
  '/getMyCollection': MyCollection
  '/getUserCard': UserCard
  '/getRecycleValue': number
  '/feed/getMemoryFeed': MemoryFeed
  '/friends/getMyFriends': Friend[]
  '/friends/searchFriends': FriendMatch[]
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
}

/** What each POST call of the API answers in its envelope's `data`, by path under /api. */
export interface PostResponses {
  '/pickCard': PickCardResult
  '/setBeenThere': null
  '/recycleUserCard': RecycleUserCardResult
  '/system/requestNewContent': null
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
  '/register': RegisterResult
  '/login': LoginResult
  '/logout': null
  '/account/updateProfile': UpdateProfileResult
  '/payment/createPaymentIntent': CreatePaymentIntentResult
  '/payment/verifyPaymentIntent': VerifyPaymentIntentResult
  '/payment/redeemCreditCertificate': RedeemCreditCertificateResult
  '/payment/testMode/confirmPayment': TestModeConfirmResult
}

export type GetPath = keyof GetResponses
export type PostPath = keyof PostResponses
