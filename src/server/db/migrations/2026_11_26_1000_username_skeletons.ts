import crypto from 'node:crypto'

import type { Kysely } from 'kysely'

import { usernameSkeleton } from '../../lib/usernames'

/** Read in pages, so a large table is not held in memory at once; only the skeletons seen are. */
const PAGE = 1000

export const RENAMED_NOTIFICATION = {
  title: 'Your username has changed',
  content: (from: string, to: string) =>
    `Your username ${from} looked the same as another traveller's, who had it first, so it is now ${to}. You can choose another in My Account.`,
  link: '/myAccount',
}

/**
 * Usernames become unique by their confusable skeleton as well as by their lower case (docs/decisions.md, Accounts):
 * every row gets its skeleton. Rows that already look like an older account's name keep their account but not the
 * name: the oldest account keeps it, each later one is renamed `traveller` and six digits and told so in a
 * notification. Names that collide with nobody stay as they were, even when they mix scripts. A tombstone claims no
 * name (NULL, which a unique index lets repeat).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('username_skeleton', 'text').execute()
  const claimed = new Set<string>()
  const lowerNames = new Set<string>()
  const renames: { id: string; from: string }[] = []
  let after: { createdAt: string; id: string } | null = null
  for (;;) {
    let query = db
      .selectFrom('users')
      .select(['id', 'username', 'created_at', 'closed_at'])
      .orderBy('created_at')
      .orderBy('id')
      .limit(PAGE)
    if (after) {
      const { createdAt, id } = after
      query = query.where((eb) =>
        eb.or([eb('created_at', '>', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '>', id)])]),
      )
    }
    const page = (await query.execute()) as {
      id: string
      username: string
      created_at: string
      closed_at: string | null
    }[]
    for (const user of page) {
      lowerNames.add(user.username.toLowerCase())
      if (user.closed_at) continue
      const skeleton = usernameSkeleton(user.username)
      if (claimed.has(skeleton)) {
        renames.push({ id: user.id, from: user.username })
        continue
      }
      claimed.add(skeleton)
      await db.updateTable('users').set({ username_skeleton: skeleton }).where('id', '=', user.id).execute()
    }
    const last = page.at(-1)
    if (!last || page.length < PAGE) break
    after = { createdAt: last.created_at, id: last.id }
  }
  for (const { id, from } of renames) {
    const to = freeName(lowerNames, claimed)
    await db
      .updateTable('users')
      .set({ username: to, username_skeleton: usernameSkeleton(to) })
      .where('id', '=', id)
      .execute()
    await db
      .insertInto('notifications')
      .values({
        id: crypto.randomUUID(),
        user_id: id,
        title: RENAMED_NOTIFICATION.title,
        content: RENAMED_NOTIFICATION.content(from, to),
        created_at: new Date().toISOString(),
        read_at: null,
        link: RENAMED_NOTIFICATION.link,
      })
      .execute()
  }
  await db.schema
    .createIndex('users_username_skeleton_unique')
    .on('users')
    .column('username_skeleton')
    .unique()
    .execute()
}

/** `traveller` and six digits that no account has or looks like; it is added to both sets. */
function freeName(lowerNames: Set<string>, claimed: Set<string>): string {
  for (;;) {
    const name = `traveller${crypto.randomInt(100_000, 1_000_000)}`
    const skeleton = usernameSkeleton(name)
    if (lowerNames.has(name) || claimed.has(skeleton)) continue
    lowerNames.add(name)
    claimed.add(skeleton)
    return name
  }
}

/** Renamed accounts keep their new names: the old ones looked like someone else's. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_username_skeleton_unique').execute()
  await db.schema.alterTable('users').dropColumn('username_skeleton').execute()
}
