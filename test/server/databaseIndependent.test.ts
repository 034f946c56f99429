import fs from 'node:fs'
import path from 'node:path'

import { databaseIndependentServerTests } from '../../jest.config'

/**
 * The PostgreSQL run leaves the files in jest.config.ts's databaseIndependentServerTests to the SQLite run. That holds
 * only while none of them reaches the suite's database: through the test app or a feature's kit (which build one on
 * the database TEST_DATABASE_URL names), or by reading that variable itself.
 */
const root = path.resolve(__dirname, '../..')
const reachesTheSuitesDatabase = [/@test\/helpers\/server'/, /Kit'/, /TEST_DATABASE_URL/, /createTestDatabase/]

it.each(databaseIndependentServerTests)('%s exists and never opens the database the suite runs on', (file) => {
  const source = fs.readFileSync(path.join(root, file), 'utf8')
  expect(reachesTheSuitesDatabase.filter((pattern) => pattern.test(source))).toEqual([])
})

it('lists each file once, in order', () => {
  expect(databaseIndependentServerTests).toEqual([...new Set(databaseIndependentServerTests)].sort())
})
