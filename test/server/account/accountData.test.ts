import { sql } from 'kysely'

import { ACCOUNT_DATA } from '@server/features/account/accountData'
import { buildTestApp, type TestApp } from '@test/helpers/server'

/** A foreign key to users.id as the database itself has it. */
interface UserReference {
  table: string
  column: string
  onDelete: string
}

async function referencesToUsers(t: TestApp): Promise<UserReference[]> {
  if (t.dialect === 'postgres') {
    const { rows } = await sql<UserReference>`
      SELECT source.relname AS "table", attribute.attname AS "column",
        CASE constraint_.confdeltype WHEN 'c' THEN 'CASCADE' WHEN 'n' THEN 'SET NULL' WHEN 'r' THEN 'RESTRICT'
          WHEN 'd' THEN 'SET DEFAULT' ELSE 'NO ACTION' END AS "onDelete"
      FROM pg_constraint constraint_
      JOIN pg_class source ON source.oid = constraint_.conrelid
      JOIN pg_class target ON target.oid = constraint_.confrelid
      JOIN pg_attribute attribute ON attribute.attrelid = constraint_.conrelid AND attribute.attnum = ANY (constraint_.conkey)
      JOIN pg_namespace namespace ON namespace.oid = source.relnamespace
      WHERE constraint_.contype = 'f' AND target.relname = 'users' AND namespace.nspname = 'public'`.execute(t.db)
    return rows
  }
  const references: UserReference[] = []
  for (const table of Object.keys(ACCOUNT_DATA)) {
    const { rows } = await sql<{ table: string; from: string; on_delete: string }>`
      SELECT "table", "from", on_delete FROM pragma_foreign_key_list(${table})`.execute(t.db)
    for (const row of rows) {
      if (row.table === 'users') references.push({ table, column: row.from, onDelete: row.on_delete })
    }
  }
  return references
}

describe('what an account deletion does with each table', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ seed: false })
  })
  afterAll(() => t.close())

  it('names every table of the database', async () => {
    const tables =
      t.dialect === 'postgres'
        ? (
            await sql<{ name: string }>`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`.execute(
              t.db,
            )
          ).rows
        : (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table'`.execute(t.db)).rows
    const ours = tables
      .map((table) => table.name)
      .filter((name) => !name.startsWith('kysely_') && !name.startsWith('sqlite_'))
      .sort()
    expect(ours).toEqual(Object.keys(ACCOUNT_DATA).sort())
  })

  it("lists every column that references a user, and the database deletes or unlinks it with the user's row", async () => {
    for (const reference of await referencesToUsers(t)) {
      const fate = ACCOUNT_DATA[reference.table as keyof typeof ACCOUNT_DATA]
      const where = `${reference.table}.${reference.column}`
      expect({ where, listed: 'userColumns' in fate && fate.userColumns.includes(reference.column) }).toEqual({
        where,
        listed: true,
      })
      // Kept rows move to the tombstone first; every other reference goes with the user's row.
      if (fate.fate === 'deletedWithUser')
        expect({ where, onDelete: reference.onDelete }).toEqual({
          where,
          onDelete: expect.stringMatching(/^(CASCADE|SET NULL)$/),
        })
    }
  })
})
