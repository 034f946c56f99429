import sharp from 'sharp'

import type { DrawCardResult, PickCardResult } from '@shared/acquire'
import type { PostCommentResult, UploadMemoryPictureResult } from '@shared/memories'
import type { TestApp, TestUser } from '@test/helpers/server'

import { cardsOfRarity, createMemory, grantDigitalCredit, makeFriends, uploadFile } from '../memories/fixtures'

/** Texts that must never leave their author's account: a test looks for them where they do not belong. */
export const SECRETS = {
  lenaPrivate: 'Lena alone knows about the night train to Kraków.',
  lenaFriends: 'Lena and Marta on the ferry to Hvar.',
  martaPublic: 'Marta walked every hill of Lisbon.',
  martaPrivate: 'Marta kept this one to herself.',
  martaComment: 'Marta says: what a trip!',
  lenaReply: 'Lena answers Marta: thank you!',
  lenaComment: 'Lena says: I want to go too.',
} as const

export async function expectOk<T>(answer: Promise<{ status: number; body: { data: T } }>): Promise<T> {
  const { status, body } = await answer
  if (status !== 200) throw new Error(`call failed with ${status}: ${JSON.stringify(body)}`)
  return body.data
}

export async function uploadPicture(t: TestApp, user: TestUser, colour: string): Promise<string> {
  const data = await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } })
    .png()
    .toBuffer()
  const { status, body } = await uploadFile(t, user.token, { data, fileName: 'trip.png', contentType: 'image/png' })
  if (status !== 200) throw new Error(`upload failed: ${JSON.stringify(body)}`)
  return (body.data as UploadMemoryPictureResult).pictureFileName
}

export interface TravellerWorld {
  marta: TestUser
  lena: TestUser
  /** A stranger with a Private memory of their own, who has nothing to do with Marta. */
  stranger: TestUser
  martaPublicMemory: string
  martaPrivateMemory: string
  martaPictures: string[]
  martaUnattachedPicture: string
  lenaFriendsMemory: string
  lenaPrivateMemory: string
  lenaPicture: string
  strangerPicture: string
  martaCommentOnLena: string
  lenaReplyToMarta: string
  lenaCommentOnMarta: string
  pickedCopy: string
  pickTransaction: string
  /** A paid one-card draw, which has a share page. */
  drawTransaction: string
  cardIds: string[]
}

/**
 * Marta, a traveller with something of everything: two memories (one Public with two pictures and Lena tagged, one
 * Private), an upload not yet on a memory, two picks of one card (the second given to Lena), a spending limit, Lena's
 * card's place on the bucket list, a paid draw, a been-there mark, a content request, a comment and a like on
 * Lena's memory, Lena's reply to that comment and Lena's comment on Marta's memory. Lena tags Marta in a Friends memory
 * and keeps a Private one with a picture; a stranger keeps a Private memory with a picture.
 */
export async function buildTravellerWorld(t: TestApp): Promise<TravellerWorld> {
  const marta = await t.register()
  const lena = await t.register()
  const stranger = await t.register()
  await makeFriends(t, marta, lena)
  const cardIds = await cardsOfRarity(t, 3, 6)
  const [martaCard, martaOtherCard, lenaCard, lenaOtherCard, strangerCard] = cardIds

  const martaPictures = [await uploadPicture(t, marta, '#336699'), await uploadPicture(t, marta, '#996633')]
  const martaPublicMemory = await createMemory(t, marta, martaCard, {
    memoryContent: SECRETS.martaPublic,
    memoryPictures: martaPictures,
    taggedFriends: [lena.userId],
    visibility: 3,
  })
  const martaPrivateMemory = await createMemory(t, marta, martaOtherCard, {
    memoryContent: SECRETS.martaPrivate,
    memoryStartDate: '2025-03-01',
    memoryEndDate: '2025-03-04',
    visibility: 1,
  })
  const martaUnattachedPicture = await uploadPicture(t, marta, '#aa2244')

  const lenaFriendsMemory = await createMemory(t, lena, lenaCard, {
    memoryContent: SECRETS.lenaFriends,
    taggedFriends: [marta.userId],
    visibility: 2,
  })
  const lenaPicture = await uploadPicture(t, lena, '#22aa44')
  const lenaPrivateMemory = await createMemory(t, lena, lenaOtherCard, {
    memoryContent: SECRETS.lenaPrivate,
    memoryPictures: [lenaPicture],
    visibility: 1,
  })
  const strangerPicture = await uploadPicture(t, stranger, '#444444')
  await createMemory(t, stranger, strangerCard, { memoryPictures: [strangerPicture], visibility: 1 })

  const martaComment = await expectOk(
    t.call<PostCommentResult>('POST', '/api/memory/postComment', {
      token: marta.token,
      body: { memoryId: lenaFriendsMemory, commentContent: SECRETS.martaComment },
    }),
  )
  const lenaReply = await expectOk(
    t.call<PostCommentResult>('POST', '/api/memory/postComment', {
      token: lena.token,
      body: {
        memoryId: lenaFriendsMemory,
        commentContent: SECRETS.lenaReply,
        replyToCommentId: martaComment.memoryCommentId,
      },
    }),
  )
  const lenaComment = await expectOk(
    t.call<PostCommentResult>('POST', '/api/memory/postComment', {
      token: lena.token,
      body: { memoryId: martaPublicMemory, commentContent: SECRETS.lenaComment },
    }),
  )
  await expectOk(
    t.call('POST', '/api/memory/likeMemory', { token: marta.token, body: { memoryId: lenaFriendsMemory } }),
  )
  await expectOk(t.call('POST', '/api/memory/likeMemory', { token: lena.token, body: { memoryId: martaPublicMemory } }))

  await grantDigitalCredit(t, marta.userId, 5_000)
  const [commonCard] = await cardsOfRarity(t, 1, 1)
  const pick = await expectOk(
    t.call<PickCardResult>('POST', '/api/pickCard', { token: marta.token, body: { selectedCardId: commonCard } }),
  )
  const pickRow = await t.db
    .selectFrom('user_cards')
    .select('transaction_id')
    .where('id', '=', pick.cardResult.userCardId)
    .executeTakeFirstOrThrow()
  const draw = await expectOk(t.call<DrawCardResult>('GET', '/api/drawCard', { token: marta.token }))
  await expectOk(t.call('POST', '/api/setBeenThere', { token: marta.token, body: { cardId: commonCard, value: true } }))
  // A second copy of the picked card, given to Lena, and a monthly spending limit.
  const duplicate = await expectOk(
    t.call<PickCardResult>('POST', '/api/pickCard', { token: marta.token, body: { selectedCardId: commonCard } }),
  )
  await expectOk(
    t.call('POST', '/api/giftUserCard', {
      token: marta.token,
      body: { userCardId: duplicate.cardResult.userCardId, friendUserId: lena.userId },
    }),
  )
  await expectOk(t.call('POST', '/api/payment/setSpendingLimit', { token: marta.token, body: { monthlyLimit: 50 } }))
  await expectOk(
    t.call('POST', '/api/travel/setWantToGo', { token: marta.token, body: { cardId: lenaCard, value: true } }),
  )
  await expectOk(
    t.call('POST', '/api/system/requestNewContent', {
      token: marta.token,
      body: { requestType: 'New Card', requestContent: 'Please add Hvar.' },
    }),
  )

  // Marta's profile link preview, a picture of her travel map kept in the blob store.
  const sharePage = await t.app.inject({ method: 'GET', url: `/s/user?shareId=${marta.friendCode}` })
  const previewPath = /\/api\/image\/travelMap\?shareId=[^"]+/.exec(sharePage.body)?.[0]?.replaceAll('&amp;', '&')
  if (!previewPath) throw new Error('the share page has no travel map preview')
  const preview = await t.app.inject({ method: 'GET', url: previewPath })
  if (preview.statusCode !== 200)
    throw new Error(
      `the travel map preview answered ${preview.statusCode} ${previewPath} ${preview.body}\n${t.loggedErrors.join('\n')}`,
    )

  return {
    marta,
    lena,
    stranger,
    martaPublicMemory,
    martaPrivateMemory,
    martaPictures,
    martaUnattachedPicture,
    lenaFriendsMemory,
    lenaPrivateMemory,
    lenaPicture,
    strangerPicture,
    martaCommentOnLena: martaComment.memoryCommentId,
    lenaReplyToMarta: lenaReply.memoryCommentId,
    lenaCommentOnMarta: lenaComment.memoryCommentId,
    pickedCopy: pick.cardResult.userCardId,
    pickTransaction: pickRow.transaction_id ?? '',
    drawTransaction: draw.shareId,
    cardIds: [...cardIds, commonCard],
  }
}
