/**
 * Product constants and the published economy (docs/product.md#constants).
 * The draw odds are shown to users before they pay: change them here and nowhere else.
 */
export const PRODUCT_NAME = 'Wandercards'
export const PRODUCT_TAGLINE = 'Discover, Collect, and Share Unique Travel Cards with Your Memories'
export const APP_VERSION = '1.0.0'
export const COPYRIGHT_YEAR = 2024

export const RARITIES = [
  { rarity: 5, name: 'Legendary', mark: '★★★' },
  { rarity: 4, name: 'Epic', mark: '★★' },
  { rarity: 3, name: 'Rare', mark: '★' },
  { rarity: 2, name: 'Special', mark: '◆' },
  { rarity: 1, name: 'Common', mark: '●' },
] as const
export type Rarity = 1 | 2 | 3 | 4 | 5
export const PICKABLE_RARITIES: readonly Rarity[] = [1, 2]

export function rarityName(rarity: number): string {
  return RARITIES.find((r) => r.rarity === rarity)?.name ?? 'Unknown'
}

export const FRIEND_CODE_LENGTH = 6
/** Unambiguous alphabet: no 0/O, 1/I/L. */
export const FRIEND_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'
export const USERNAME_MAX_LENGTH = 20
export const PASSWORD_MIN_LENGTH = 1
export const PASSWORD_MAX_LENGTH = 200

export const NOTIFICATION_POLL_MS = 10_000
export const TAG_SEARCH_DEBOUNCE_MS = 1_000
export const EXPERIENCE_PANEL_START_MS = 1_000
export const EXPERIENCE_PANEL_HIDE_MS = 5_000
export const TOAST_DURATION_MS = 5_000

export const TRUNCATE_ACQUIRE_DIALOG = 250
export const TRUNCATE_CARD_PAGE = 150
export const TRUNCATE_MEMORY_CONTENT = 500

export const DISCOUNT_BADGE_THRESHOLD = 0.9
export const PHYSICAL_CREDIT_PRODUCT_TYPE = 1
export const DIGITAL_CREDIT_PRODUCT_TYPE = 2

export const WELCOME_CERTIFICATE_CREDIT = 10_000
export const INVITATION_CERTIFICATE_CREDIT = 10_000
export const REFERRAL_REWARD_CREDIT = 10_000
/** Referral rewards paid to one inviter per calendar month (UTC); friends who start collecting after that earn nothing. */
export const REFERRAL_REWARDS_PER_MONTH = 10

/** The highest monthly spending limit a traveller can set, in whole US dollars (docs/product.md#spending-limits). */
export const SPENDING_LIMIT_MAX_DOLLARS = 10_000
/** A raise or removal of the spending limit applies this long after it was asked for; a lowering applies at once. */
export const SPENDING_LIMIT_RAISE_DELAY_HOURS = 24
/** How long a purchase started and not yet paid holds its price against the month's limit. */
export const SPENDING_HOLD_MINUTES = 60
/** Copies one traveller may give to friends per calendar day (UTC) (docs/product.md#gifts). */
export const GIFTS_PER_DAY = 10

export const VISIBILITY = { Private: 1, Friends: 2, Public: 3 } as const
export type Visibility = (typeof VISIBILITY)[keyof typeof VISIBILITY]
export const DEFAULT_VISIBILITY: Visibility = VISIBILITY.Public

export const AVATAR_LOCKED_PLACEHOLDERS = 13
export const HOME_SAMPLE_CARDS = 5
export const PHYSICAL_CARDS_AVAILABLE = 'February 2025'

export const CONTENT_REQUEST_TYPES = ['New Card', 'New Card Collection', 'New Feature', 'Other'] as const
export type ContentRequestType = (typeof CONTENT_REQUEST_TYPES)[number]
export const CONTENT_REQUEST_MAX_LENGTH = 2000

export const MEMORY_CONTENT_MAX_LENGTH = 10_000
export const MEMORY_PICTURES_MAX = 12
export const MEMORY_PICTURE_MAX_BYTES = 10 * 1024 * 1024
export const COMMENT_MAX_LENGTH = 2_000

export const TUTORIAL_NAMES = [
  'acquireCards',
  'digitalCards',
  'digitalCardPick',
  'digitalCardDraw',
  'myCollection',
  'myFriends',
  'myMemories',
] as const
export type TutorialName = (typeof TUTORIAL_NAMES)[number]

/** The economy. Credit amounts are whole credits; money is in US cents. */
export const ECONOMY = {
  prices: {
    priceDigitalCardPickCommon: 1_000,
    priceDigitalCardPickSpecial: 2_500,
    priceDigitalCardDraw: 1_500,
    priceDigitalCardTenDraws: 13_500,
    pricePhysicalCardPick: 5_000,
    pricePhysicalCardDraw: 4_000,
    pricePhysicalCardTenDraws: 36_000,
    pricePhysicalCardPacket: 18_000,
  },
  /** Chance of each rarity for every card of a paid or free draw, in basis points (sum 10 000). */
  drawOddsBasisPoints: { 1: 6_000, 2: 2_500, 3: 1_000, 4: 400, 5: 100 } as Record<Rarity, number>,
  /**
   * The draw guarantee: counting the cards of paid draws (one per card, ten for a ten-draw), the card that would make
   * this many in a row without an Epic or better is drawn among Epic and Legendary instead (docs/decisions.md).
   * Why 50: at the base 5%, 0.95^49 ≈ 8% of runs reach it, so the published odds stay what nearly every card gets (the
   * effective Epic-or-better rate rises from 5.0% to about 5.4%, a mean run of 18.5 cards), while the worst case is
   * five ten-draws (67,500 credits); 30 would decide more than a fifth of runs, 100 would be a bound nobody feels.
   */
  epicGuaranteeDraws: 50,
  /** Chance that one card of a draw is replaced by a credit certificate; at most one per draw. */
  certificateChanceBasisPoints: 200,
  /** Certificate values and their weights (basis points, sum 10 000). */
  certificateValues: [
    { creditValue: 1_000, basisPoints: 7_000 },
    { creditValue: 2_500, basisPoints: 2_500 },
    { creditValue: 10_000, basisPoints: 500 },
  ],
  recycleValue: { 1: 200, 2: 500, 3: 1_200, 4: 3_000, 5: 8_000 } as Record<Rarity, number>,
  experience: { 1: 10, 2: 25, 3: 60, 4: 150, 5: 400 } as Record<Rarity, number>,
  /** Moving a memory to a copy of another place (card set). Switching between copies of one card is free. */
  memoryTransferCost: 2_000,
} as const

export type Prices = typeof ECONOMY.prices

/**
 * Level curve: reaching level n takes 50·n·(n−1) experience in total,
 * so level n lasts 100·n points (level 1: 0–99, level 2: 100–299, …).
 */
export function levelForExperience(exp: number): {
  userLevel: number
  expForCurrentLevel: number
  expToLevelUp: number
} {
  let level = 1
  while (50 * (level + 1) * level <= exp) level += 1
  return { userLevel: level, expForCurrentLevel: 50 * level * (level - 1), expToLevelUp: 100 * level }
}

/** Avatars: 1–8 belong to every user; from level 2 each level unlocks two more, up to avatar 40. */
export const AVATAR_COUNT = 40
export const STARTER_AVATARS = 8
export function ownedAvatarIds(userLevel: number): number[] {
  const unlocked = Math.min(AVATAR_COUNT, STARTER_AVATARS + Math.max(0, userLevel - 1) * 2)
  return Array.from({ length: unlocked }, (_, i) => i + 1)
}

/**
 * The registration e-mail rule (docs/product.md#validation-registration): local part, @, then a domain with a TLD of at
 * least 2 letters, or a bracketed IP.
 */
export const EMAIL_PATTERN =
  '^(([^<>()\\[\\]\\\\.,;:\\s@"]+(\\.[^<>()\\[\\]\\\\.,;:\\s@"]+)*)|(".+"))@((\\[[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}\\])|(([a-zA-Z0-9-]+\\.)+[a-zA-Z]{2,}))$'
export const EMAIL_MAX_LENGTH = 254

/** Longest place search (GET /searchPlaces): place names run to about 60 characters. */
export const PLACE_SEARCH_MAX_LENGTH = 60
/** Places a search answers unless it asks for fewer or more (at most PLACE_SEARCH_MAX_LIMIT). */
export const PLACE_SEARCH_DEFAULT_LIMIT = 20
export const PLACE_SEARCH_MAX_LIMIT = 50

/**
 * The page icon's widths in pixels: 512 (the default) for share pages and home screens, and a small one for the
 * header's logo and the browser tab (public/index.html), which show it at 36 px or less, crisp up to 2.7x screens:
 * the 512 px icon is 32 KB of a phone's first load.
 */
export const ICON_SIZES = [96, 512] as const
export type IconSize = (typeof ICON_SIZES)[number]
export const SMALL_ICON_SIZE: IconSize = 96

/** Souvenir copies one traveller may earn per calendar day (UTC) (docs/product.md#souvenir-copies). */
export const SOUVENIRS_PER_DAY = 5
/** A visit found in imported photos waits this many days to be saved before it and its photos are removed. */
export const MEMORY_DRAFT_DAYS = 30
