/**
 * Proves that lint refuses what the import boundaries forbid, and where queries and client tests' answers may be
 * made: each case lints a small made-up file placed in the tree (the file is never written) with the repository's own
 * eslint.config.mjs and expects the named rules to fire, or to stay silent. Part of `npm run lint`.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'

import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'

const root = path.resolve(import.meta.dirname, '../..')
const checkedRules = new Set([
  'boundaries/no-restricted-paths',
  'boundaries/no-cycle',
  'boundaries/no-feature-cycle',
  'no-restricted-imports',
  'no-restricted-syntax',
])

const cases = [
  {
    name: 'src/shared imports nothing from the server',
    file: 'src/shared/boundaryFixture.ts',
    code: "import { AppError } from '../server/lib/errors'\nexport const fixture = AppError\n",
    expect: ['boundaries/no-restricted-paths'],
  },
  {
    name: 'the client never imports the server',
    file: 'src/client/features/feed/boundaryFixture.ts',
    code: "import { AppError } from '../../../server/lib/errors'\nexport const fixture = AppError\n",
    expect: ['boundaries/no-restricted-paths'],
  },
  {
    name: 'the server never imports the client',
    file: 'src/server/lib/boundaryFixture.ts',
    code: "import { paths } from '../../client/lib/paths'\nexport const fixture = paths\n",
    expect: ['boundaries/no-restricted-paths'],
  },
  {
    name: "a client feature does not reach into another feature's components",
    file: 'src/client/features/feed/boundaryFixture.ts',
    code: "import { CertificateList } from '../wallet/components/CertificateList'\nexport const fixture = CertificateList\n",
    expect: ['boundaries/no-restricted-paths'],
  },
  {
    name: "a client feature may use another feature's api.ts",
    file: 'src/client/features/feed/boundaryFixture.ts',
    code: "import { walletApi } from '../wallet/api'\nexport const fixture = walletApi\n",
    expect: [],
  },
  {
    name: "a server feature does not reach into another feature's queries",
    file: 'src/server/features/friends/boundaryFixture.ts',
    code: "import { lockCreditAccount } from '../wallet/queries'\nexport const fixture = lockCreditAccount\n",
    expect: ['boundaries/no-restricted-paths'],
  },
  {
    name: 'a server feature does not import a module another feature keeps to itself (not in serverPublicModules)',
    file: 'src/server/features/friends/boundaryFixture.ts',
    code: "import { getSpendingLimit } from '../wallet/spendingLimits'\nexport const fixture = getSpendingLimit\n",
    expect: ['boundaries/no-restricted-paths'],
  },
  {
    name: 'a server feature with no public module is imported by no other feature',
    file: 'src/server/features/feed/boundaryFixture.ts',
    code: "import { healthRoutes } from '../health/routes'\nexport const fixture = healthRoutes\n",
    expect: ['boundaries/no-restricted-paths'],
  },
  {
    name: 'a server feature may import a module declared public in serverPublicModules (the ledger)',
    file: 'src/server/features/friends/boundaryFixture.ts',
    code: "import { credit } from '../wallet/ledger'\nexport const fixture = credit\n",
    expect: [],
  },
  {
    name: "a server feature may import a declared public module of a feature with no service.ts (memories' read model)",
    file: 'src/server/features/friends/boundaryFixture.ts',
    code: "import { hydrateMemories } from '../memories/readModel'\nexport const fixture = hydrateMemories\n",
    expect: [],
  },
  {
    name: "a server feature may call another feature's service.ts",
    file: 'src/server/features/friends/boundaryFixture.ts',
    code: "import * as walletService from '../wallet/service'\nexport const fixture = walletService\n",
    expect: [],
  },
  {
    name: 'a client feature does not import app/ (the router, shell and store compose it)',
    file: 'src/client/features/feed/boundaryFixture.ts',
    code: "import { router } from '../../app/router'\nexport const fixture = router\n",
    expect: ['boundaries/no-restricted-paths'],
  },
  {
    name: 'client lib/ does not import app/',
    file: 'src/client/lib/boundaryFixture.ts',
    code: "import { lightTheme } from '../app/theme'\nexport const fixture = lightTheme\n",
    expect: ['boundaries/no-restricted-paths'],
  },
  {
    name: "a client feature may import the store's types",
    file: 'src/client/features/feed/boundaryFixture.ts',
    code: "import type { RootState } from '../../app/store'\nexport type Fixture = RootState\n",
    expect: [],
  },
  {
    name: 'components/ import no feature',
    file: 'src/client/components/BoundaryFixture.tsx',
    code: "import { sessionApi } from '../features/session/api'\nexport const fixture = sessionApi\n",
    expect: ['boundaries/no-restricted-paths'],
  },
  {
    name: "lib/ imports no feature, not even a feature's public entry",
    file: 'src/server/lib/boundaryFixture.ts',
    code: "import * as walletService from '../features/wallet/service'\nexport const fixture = walletService\n",
    expect: ['boundaries/no-restricted-paths'],
  },
  {
    name: "a server plugin does not reach into a feature's modules",
    file: 'src/server/plugins/boundaryFixture.ts',
    code: "import { findLiveSession } from '../features/session/queries'\nexport const fixture = findLiveSession\n",
    expect: ['boundaries/no-restricted-paths'],
  },
  {
    name: 'a server plugin does not import a feature, not even its service.ts (app.ts hands it what it needs)',
    file: 'src/server/plugins/boundaryFixture.ts',
    code: "import { findLiveSession } from '../features/session/service'\nexport const fixture = findLiveSession\n",
    expect: ['boundaries/no-restricted-paths'],
  },
  {
    name: "db/ imports no feature, not even a feature's public entry",
    file: 'src/server/db/seed/boundaryFixture.ts',
    code: "import * as walletService from '../../features/wallet/service'\nexport const fixture = walletService\n",
    expect: ['boundaries/no-restricted-paths'],
  },
  {
    name: 'db/ imports no plugin',
    file: 'src/server/db/boundaryFixture.ts',
    code: "import { authPlugin } from '../plugins/auth'\nexport const fixture = authPlugin\n",
    expect: ['boundaries/no-restricted-paths'],
  },
  {
    name: 'two features may not depend on each other (session → notifications → session)',
    file: 'src/client/features/session/boundaryFixture.ts',
    code: "import { notificationsApi } from '../notifications/api'\nexport const fixture = notificationsApi\n",
    expect: ['boundaries/no-feature-cycle'],
  },
  {
    name: 'two modules may not import each other (shared/constants → shared/acquire → shared/constants)',
    file: 'src/shared/constants.ts',
    code: "import { PickCardBodySchema } from './acquire'\nexport const fixture = PickCardBodySchema\n",
    expect: ['boundaries/no-cycle'],
  },
  {
    name: "react-redux's untyped hooks are refused outside lib/hooks.ts",
    file: 'src/client/features/feed/BoundaryFixture.tsx',
    code: "import { useSelector } from 'react-redux'\nexport const fixture = useSelector\n",
    expect: ['no-restricted-imports'],
  },
  {
    name: 'MUI is imported by path',
    file: 'src/client/features/feed/BoundaryFixture.tsx',
    code: "import { Button } from '@mui/material'\nexport const fixture = Button\n",
    expect: ['no-restricted-imports'],
  },
  {
    name: "a service.ts re-exports no other module's functions (no barrels)",
    file: 'src/server/features/friends/service.ts',
    code: "export { befriend } from './friendships'\nexport * from './friendPage'\n",
    expect: ['no-restricted-syntax', 'no-restricted-syntax'],
  },
  {
    name: 'a service.ts passes on no imported binding either',
    file: 'src/server/features/session/service.ts',
    code: "import { userCardStats } from './userStats'\nexport { userCardStats }\n",
    expect: ['no-restricted-syntax'],
  },
  {
    name: 'a service builds no query: it calls its queries.ts',
    file: 'src/server/features/friends/service.ts',
    code: "export const fixture = (db) => db.selectFrom('friendships').selectAll().execute()\n",
    expect: ['no-restricted-syntax'],
  },
  {
    name: "a plugin builds no query, not even through an expression builder's subquery",
    file: 'src/server/plugins/boundaryFixture.ts',
    code: "export const fixture = (eb) => eb.exists(eb.selectFrom('sessions').select('id'))\n",
    expect: ['no-restricted-syntax'],
  },
  {
    name: 'raw SQL outside queries.ts and db/ is refused at the import of sql and at its tag',
    file: 'src/server/lib/boundaryFixture.ts',
    code: "import { sql } from 'kysely'\nexport const fixture = sql`select 1`\n",
    expect: ['no-restricted-syntax', 'no-restricted-syntax'],
  },
  {
    name: 'a queries.ts builds queries',
    file: 'src/server/features/friends/queries.ts',
    code: "import { sql } from 'kysely'\nexport const fixture = (db) => db.deleteFrom('friendships').where(sql`1 = 1`).execute()\n",
    expect: [],
  },
  {
    name: "a module's own <module>.queries.ts builds queries",
    file: 'src/server/features/wallet/referrals.queries.ts',
    code: "import { sql } from 'kysely'\nexport const fixture = (db) => db.deleteFrom('referral_rewards').where(sql`1 = 1`).execute()\n",
    expect: [],
  },
  {
    name: 'a file merely named like queries is no queries file',
    file: 'src/server/features/wallet/referralsqueries.ts',
    code: "export const fixture = (db) => db.deleteFrom('referral_rewards').execute()\n",
    expect: ['no-restricted-syntax'],
  },
  {
    name: 'db/ builds queries (migrations, seeds, the shared catalogue join)',
    file: 'src/server/db/seed/boundaryFixture.ts',
    code: "export const fixture = (db) => db.insertInto('catalogue_versions').values({ version: 1 }).execute()\n",
    expect: [],
  },
  {
    name: "a client test answers with onGet/onPost, not msw's untyped http handlers",
    file: 'test/client/feed/BoundaryFixture.test.tsx',
    code: "import { http } from 'msw'\nexport const fixture = http\n",
    expect: ['no-restricted-imports'],
  },
  {
    name: 'a client test builds no response by hand, which would escape the contract',
    file: 'test/client/feed/BoundaryFixture.test.tsx',
    code: 'export const fixture = () => Response.json({ data: { anything: true } })\n',
    expect: ['no-restricted-syntax'],
  },
  {
    name: 'the MSW helpers themselves use raw MSW',
    file: 'test/helpers/boundaryFixture.ts',
    code: "import { http, HttpResponse } from 'msw'\nexport const fixture = http.get('/x', () => HttpResponse.json(null))\n",
    expect: [],
  },
  {
    name: 'a real module of api/ that imports a feature is refused for that import only',
    file: 'src/client/api/listeners.ts',
    code: `${readFileSync(path.join(root, 'src/client/api/listeners.ts'), 'utf8')}\nimport { walletApi } from '../features/wallet/api'\nexport const fixture = walletApi\n`,
    expect: ['boundaries/no-restricted-paths'],
  },
]

const eslint = new ESLint({
  cwd: root,
  // Boundary rules need no type information; without it the made-up files need not exist.
  overrideConfig: tseslint.configs.disableTypeChecked,
  ruleFilter: ({ ruleId }) => checkedRules.has(ruleId),
})

let passed = 0
let failed = 0
for (const check of cases) {
  const [result] = await eslint.lintText(check.code, { filePath: path.join(root, check.file) })
  const fired = (result?.messages ?? []).map((message) => message.ruleId ?? `fatal: ${message.message}`).sort()
  const expected = [...check.expect].sort()
  if (JSON.stringify(fired) === JSON.stringify(expected)) {
    passed += 1
    console.log(`  ✓ ${check.name}`)
  } else {
    failed += 1
    console.log(`  ✗ ${check.name}: expected [${expected.join(', ')}], lint reported [${fired.join(', ')}]`)
    for (const message of result?.messages ?? [])
      console.log(`      ${message.line}:${message.column} ${message.message}`)
  }
}
console.log(`boundary rules: ${passed} passed, ${failed} failed`)
process.exitCode = failed === 0 ? 0 : 1
