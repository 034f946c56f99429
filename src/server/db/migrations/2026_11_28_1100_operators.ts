import { PostgresAdapter, sql, type Kysely } from 'kysely'

/**
 * Operators and their audit log (docs/security.md#operators).
 *
 * `operators` names the accounts given the role by the server command (`npm run operator -- grant <email>`), with
 * their TOTP secret encrypted under OPERATOR_SECRET_KEY (AES-256-GCM) and the last time-step a code was accepted for,
 * so a code is never accepted twice. `operator_sessions` marks a session that passed the second factor; it goes with
 * the session (logout, expiry, purge) and with the role (revoke).
 *
 * `operator_actions` is the audit log: append-only. Triggers refuse every UPDATE and DELETE (and, on PostgreSQL,
 * TRUNCATE), and its user columns are plain ids without foreign keys, so erasing an account leaves the log whole.
 *
 * `content_requests` gains the status the console works through: new, answered (with the reply sent), done.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('operators')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .addColumn('granted_by', 'text', (c) => c.notNull())
    .addColumn('totp_secret_encrypted', 'text')
    .addColumn('totp_enrolled_at', 'text')
    .addColumn('totp_last_step', 'integer')
    .execute()

  await db.schema
    .createTable('operator_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey().references('sessions.token_hash').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('operators.user_id').onDelete('cascade'))
    .addColumn('verified_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('operator_sessions_user_idx').on('operator_sessions').column('user_id').execute()

  await db.schema
    .createTable('operator_actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Null for what the server command did (grant, revoke); no foreign key, so the row outlives the account.
    .addColumn('operator_user_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('operator_actions_created_idx')
    .on('operator_actions')
    .columns(['created_at', 'id'])
    .execute()
  await db.schema
    .createIndex('operator_actions_operator_idx')
    .on('operator_actions')
    .columns(['operator_user_id', 'created_at'])
    .execute()
  await db.schema
    .createIndex('operator_actions_target_idx')
    .on('operator_actions')
    .columns(['target_type', 'target_id', 'created_at'])
    .execute()

  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      CREATE FUNCTION operator_actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'operator_actions is append-only: % refused', TG_OP;
      END
      $$`.execute(db)
    await sql`
      CREATE TRIGGER operator_actions_append_only BEFORE UPDATE OR DELETE ON operator_actions
      FOR EACH ROW EXECUTE FUNCTION operator_actions_append_only()`.execute(db)
    await sql`
      CREATE TRIGGER operator_actions_no_truncate BEFORE TRUNCATE ON operator_actions
      FOR EACH STATEMENT EXECUTE FUNCTION operator_actions_append_only()`.execute(db)
  } else {
    await sql`
      CREATE TRIGGER operator_actions_no_update BEFORE UPDATE ON operator_actions
      BEGIN SELECT RAISE(ABORT, 'operator_actions is append-only: UPDATE refused'); END`.execute(db)
    await sql`
      CREATE TRIGGER operator_actions_no_delete BEFORE DELETE ON operator_actions
      BEGIN SELECT RAISE(ABORT, 'operator_actions is append-only: DELETE refused'); END`.execute(db)
  }

  await db.schema
    .alterTable('content_requests')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('new'))
    .execute()
  await db.schema.alterTable('content_requests').addColumn('reply', 'text').execute()
  await db.schema.alterTable('content_requests').addColumn('replied_at', 'text').execute()
  await db.schema.alterTable('content_requests').addColumn('done_at', 'text').execute()
  await db.schema
    .createIndex('content_requests_status_idx')
    .on('content_requests')
    .columns(['status', 'created_at'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('content_requests_status_idx').execute()
  for (const column of ['done_at', 'replied_at', 'reply', 'status']) {
    await db.schema.alterTable('content_requests').dropColumn(column).execute()
  }
  // Dropping the table drops its triggers; the function is PostgreSQL's alone.
  await db.schema.dropTable('operator_actions').execute()
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`DROP FUNCTION operator_actions_append_only()`.execute(db)
  }
  await db.schema.dropTable('operator_sessions').execute()
  await db.schema.dropTable('operators').execute()
}
