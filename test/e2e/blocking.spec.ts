import { expect, type Page } from '@playwright/test'

import {
  api,
  pickCommonCard,
  redeemAllCertificates,
  registerThroughHome,
  skipTours,
  snap,
  storedToken,
  test,
  uniqueEmail,
} from './helpers'

/** A public memory of the traveller on the page, with words of its own to look for. */
async function publicMemory(page: Page, memoryContent: string): Promise<{ memoryId: string; username: string }> {
  const token = await storedToken(page)
  await redeemAllCertificates(page, token)
  const copy = await pickCommonCard(page, token)
  const { memoryId } = await api<{ memoryId: string }>(page, 'POST', '/memory/createMemory', token, {
    userCardId: copy.userCardId,
    memoryStartDate: '2024-09-01',
    memoryEndDate: '2024-09-03',
    memoryContent,
    memoryPictures: [],
    taggedFriends: [],
    visibility: 3,
  })
  const { username } = await api<{ username: string }>(page, 'GET', '/getUser', token)
  return { memoryId, username }
}

test('a traveller blocks another from their memory: each one’s content leaves the other’s screens until unblocked', async ({
  browser,
}) => {
  const ada = await (await browser.newContext()).newPage()
  const bo = await (await browser.newContext()).newPage()
  await registerThroughHome(ada, uniqueEmail('ada'))
  await registerThroughHome(bo, uniqueEmail('bo'))
  const adas = await publicMemory(ada, 'Ada watched the tide come in over the causeway, alone with the gulls.')
  const bos = await publicMemory(bo, 'Bo found the best pastry shop in town and went back three mornings.')
  await skipTours(ada)
  await skipTours(bo)

  // Ada sees Bo's public memory in her feed and opens it.
  await ada.goto('/feed')
  await expect(ada.getByText(/Bo found the best pastry shop/)).toBeVisible()
  await ada.goto(`/viewMemory/${bos.memoryId}`)
  await expect(ada.getByText(/Bo found the best pastry shop/)).toBeVisible()

  // The menu beside Bo's name, from the keyboard as well as by pointer.
  const more = ada.getByRole('button', { name: `More actions for ${bos.username}` })
  await more.focus()
  await ada.keyboard.press('Enter')
  await ada.getByRole('menuitem', { name: `Block ${bos.username}` }).click()
  const dialog = ada.getByRole('dialog', { name: `Block ${bos.username}?` })
  await expect(dialog).toContainText(`${bos.username} will not be told.`)
  await snap(ada, 'block-confirm')
  await dialog.getByRole('button', { name: 'Block', exact: true }).click()
  await expect(ada.getByText(`You blocked ${bos.username}.`)).toBeVisible()
  await expect(ada.getByRole('heading', { name: 'Memory not found' })).toBeVisible()
  await snap(ada, 'block-memory-gone')

  // Bo's content is gone from Ada's feed; her own stays.
  await ada.goto('/feed')
  await expect(ada.getByText(/Ada watched the tide/)).toBeVisible()
  await expect(ada.getByText(/Bo found the best pastry shop/)).toHaveCount(0)

  // Bo no longer sees Ada's public memory, in the feed or by its address, and is told nothing.
  await bo.goto('/feed')
  await expect(bo.getByText(/Bo found the best pastry shop/)).toBeVisible()
  await expect(bo.getByText(/Ada watched the tide/)).toHaveCount(0)
  await bo.goto(`/viewMemory/${adas.memoryId}`)
  await expect(bo.getByRole('heading', { name: 'Memory not found' })).toBeVisible()
  await bo.goto('/notifications')
  await expect(bo.getByText(/block/i)).toHaveCount(0)

  // Ada unblocks Bo from My Account.
  await ada.goto('/myAccount')
  const blockedList = ada.getByRole('region', { name: 'Blocked travellers' })
  await expect(blockedList.getByText(bos.username)).toBeVisible()
  await blockedList.scrollIntoViewIfNeeded()
  await snap(ada, 'block-my-account')
  await blockedList.getByRole('button', { name: `Unblock ${bos.username}` }).click()
  await expect(ada.getByText(`You unblocked ${bos.username}.`)).toBeVisible()
  await expect(blockedList.getByText('You have not blocked anyone.')).toBeVisible()

  await bo.goto(`/viewMemory/${adas.memoryId}`)
  await expect(bo.getByText(/Ada watched the tide/)).toBeVisible()
})
