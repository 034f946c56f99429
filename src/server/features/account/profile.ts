import type { Kysely, Transaction } from 'kysely'

import { levelForExperience, ownedAvatarIds } from '@shared/constants'
import type { UpdateProfileBody, UpdateProfileResult } from '@shared/session'

import type { Database } from '../../db/schema'
import { refusing } from '../../lib/databaseErrors'
import { AppError } from '../../lib/errors'
import { checkChosenUsername, refuseUsernameOfAnother, usernameRaceRefusals } from '../session/service'

import * as queries from './profile.queries'

/** The avatars the traveller's level has unlocked. */
export async function getAvatarList(db: Kysely<Database>, userId: string): Promise<number[]> {
  const user = await queries.findExperience(db, userId)
  return ownedAvatarIds(levelForExperience(user.experience).userLevel)
}

/** Edit profile on My Account: a new username (under the same rules as a sign-up's) and an unlocked avatar. */
export async function updateProfile(
  trx: Transaction<Database>,
  userId: string,
  body: UpdateProfileBody,
): Promise<UpdateProfileResult> {
  const name = checkChosenUsername(body.newUsername)
  const owned = await getAvatarList(trx, userId)
  if (!owned.includes(body.newAvatarId)) throw new AppError('RuleViolation', 'That avatar is not unlocked yet.')
  await refuseUsernameOfAnother(trx, name, userId)
  // Two users renaming to one name, or to two look-alikes, at once: the unique indexes let one win.
  await refusing(
    () => queries.updateProfile(trx, userId, { ...name, avatarId: body.newAvatarId }),
    usernameRaceRefusals(name.username),
  )
  const { username } = name
  return { username, avatarId: body.newAvatarId }
}
