import { migrations } from '@server/db/migrations'

// The migrator runs migrations in the order of their names and refuses a database that applied a later one first:
// a list out of order, or two migrations of one moment, would run in an order nobody wrote.
describe('the migration list', () => {
  const names = Object.keys(migrations)

  it('is in the order the migrator runs it', () => {
    expect(names).toEqual([...names].sort())
  })

  it('gives each migration a moment of its own', () => {
    const moments = names.map((name) => name.slice(0, '2026_11_27_1100'.length))
    expect(new Set(moments).size).toBe(names.length)
  })
})
