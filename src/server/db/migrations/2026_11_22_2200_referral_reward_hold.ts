import type { Kysely } from 'kysely'

/**
 * A referral reward is held until the invited friend collects their first card, and at most a monthly number is paid
 * per inviter. Rewards recorded before this were paid at registration, so they become `paid` on the day they were made.
 * `referral_reward_months` counts the rewards paid per inviter and month; its conditional increment is what keeps
 * concurrent first picks of several friends within the limit on both databases.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('referral_rewards')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('paid'))
    .execute()
  await db.schema.alterTable('referral_rewards').addColumn('settled_at', 'text').execute()
  await db
    .updateTable('referral_rewards')
    .set((eb) => ({ settled_at: eb.ref('created_at') }))
    .execute()
  await db.schema
    .createIndex('referral_rewards_inviter_idx')
    .on('referral_rewards')
    .columns(['inviter_id', 'created_at'])
    .execute()

  await db.schema
    .createTable('referral_reward_months')
    .addColumn('inviter_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('paid_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('referral_reward_months_pk', ['inviter_id', 'month'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('referral_reward_months').execute()
  await db.schema.dropIndex('referral_rewards_inviter_idx').execute()
  await db.schema.alterTable('referral_rewards').dropColumn('settled_at').execute()
  await db.schema.alterTable('referral_rewards').dropColumn('status').execute()
}
