/**
 * @jest-config-loader-options {"transpileOnly": true, "compilerOptions": {"module": "CommonJS", "moduleResolution": "node10"}}
 */
// Read without type checking: where Node cannot load TypeScript itself (Node 20), jest loads this file through
// ts-node, which otherwise type-checks it and the jest types it imports at every start, about 6 s of CPU before the
// first test; `npm run typecheck` checks it instead. CommonJS output cannot use tsconfig's "bundler" resolution.
import fs from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'

import { buildSync } from 'esbuild'
import type { Config } from 'jest'

/**
 * TypeBox ships as 709 small ES modules, which jest resolves, transforms and evaluates again in every test file: 0.35 s
 * of each of the ~290 files a CI run loads (docs/benchmarks.md). The suites load it from a few files bundled once per
 * TypeBox version instead, one per entry point with their shared code in common chunks, so a schema made with `typebox`
 * is the same kind of object that `typebox/value` checks. The app's own builds (webpack, esbuild) are untouched.
 */
function bundledTypebox(): Record<string, string> {
  // The package root: jest runs from it (npm test, npx jest, the cluster suite's config). Node 24 loads this file as an
  // ES module, where there is no __dirname, and ts-node on Node 20 as CommonJS, where import.meta is a syntax error.
  const root = process.cwd()
  const packageFolder = path.join(root, 'node_modules', 'typebox')
  // Anywhere else, the suites read TypeBox's own modules (transformed like the other ES module packages below).
  if (!fs.existsSync(path.join(packageFolder, 'package.json'))) return {}
  const manifest = JSON.parse(fs.readFileSync(path.join(packageFolder, 'package.json'), 'utf8')) as {
    version: string
    exports: Record<string, unknown>
  }
  const entryName = (subpath: string) => (subpath === '.' ? 'index' : subpath.slice(2).replaceAll('/', '_'))
  const subpaths = Object.keys(manifest.exports).filter(
    (subpath) => !subpath.includes('*') && !subpath.endsWith('.json'),
  )
  const folder = path.join(root, 'node_modules', '.cache', 'wandercards-jest', `typebox-${manifest.version}`)
  if (!fs.existsSync(path.join(folder, 'complete'))) {
    // Built aside and renamed into place, so two runs starting at once never read half a bundle.
    const building = `${folder}-${process.pid}`
    buildSync({
      entryPoints: Object.fromEntries(
        subpaths.map((subpath) => [entryName(subpath), subpath === '.' ? 'typebox' : `typebox/${subpath.slice(2)}`]),
      ),
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'neutral',
      outExtension: { '.js': '.mjs' },
      outdir: building,
      logLevel: 'error',
    })
    fs.writeFileSync(path.join(building, 'complete'), '')
    try {
      fs.renameSync(building, folder)
    } catch {
      // Another run put its copy in place first.
      fs.rmSync(building, { recursive: true, force: true })
    }
  }
  return Object.fromEntries(
    subpaths.map((subpath) => [
      subpath === '.' ? '^typebox$' : `^typebox/${subpath.slice(2)}$`,
      path.join(folder, `${entryName(subpath)}.mjs`),
    ]),
  )
}

const moduleNameMapper = {
  ...bundledTypebox(),
  '^@client/(.*)$': '<rootDir>/src/client/$1',
  '^@server/(.*)$': '<rootDir>/src/server/$1',
  '^@shared/(.*)$': '<rootDir>/src/shared/$1',
  '^@test/(.*)$': '<rootDir>/test/$1',
  '\\.(css)$': '<rootDir>/test/helpers/styleStub.ts',
}

const transform: Config['transform'] = {
  '^.+\\.(m?js|tsx?|jsx)$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }],
}

// Packages shipped only as ES modules that jest must transform.
const esmPackages = [
  // d3-geo, d3-zoom and the d3 modules they are built on.
  'd3-[a-z]+',
  'internmap',
  'typebox',
  // TypeBox bundled for the suites (bundledTypebox above).
  '\\.cache/wandercards-jest',
  '@dicebear',
  'topojson-client',
  'react-share',
  'until-async',
  'cookie',
  'msw',
  '@mswjs',
  '@bundled-es-modules',
  'rettime',
]

/**
 * Server test files that never open the suite's database: pure functions, a SQLite file or a compiled server of their
 * own, child processes. The PostgreSQL run (TEST_DATABASE_URL set) would repeat them unchanged, so it leaves them to
 * the SQLite run; test/server/databaseIndependent.test.ts checks that none of them reaches the suite's database.
 */
export const databaseIndependentServerTests = [
  'test/server/catalogue/artRenderer.test.ts',
  'test/server/catalogue/catalogueData.test.ts',
  'test/server/catalogue/tinyPlaceArt.test.ts',
  'test/server/config.test.ts',
  'test/server/deploy/deployFiles.test.ts',
  'test/server/migrationOrder.test.ts',
  'test/server/session/productionPasswordCost.test.ts',
  'test/server/shutdown.test.ts',
  'test/server/storage/backgroundCheckpoint.test.ts',
  'test/server/storage/blobStore.test.ts',
  'test/server/storage/commitGroups.test.ts',
  'test/server/storage/heicTask.test.ts',
]

/** The API tests; the cluster suite (test/cluster/jest.config.ts) runs with the same transforms and setup. */
export const serverProject = {
  displayName: 'server',
  testTimeout: 60_000,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/server/**/*.test.ts'],
  testPathIgnorePatterns: process.env.TEST_DATABASE_URL
    ? databaseIndependentServerTests.map((file) => `<rootDir>/${file.replaceAll('.', '\\.')}$`)
    : [],
  moduleNameMapper,
  transform,
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  setupFiles: ['<rootDir>/test/helpers/serverEnv.ts'],
  // One migrated and seeded template database per run, which each test file copies (test/helpers/server.ts).
  globalSetup: '<rootDir>/test/helpers/serverGlobalSetup.ts',
  globalTeardown: '<rootDir>/test/helpers/serverGlobalTeardown.ts',
} satisfies NonNullable<Config['projects']>[number]

const config: Config = {
  // Jest's default is one worker fewer than the cores: a single worker on a 2-core machine, which leaves a core idle
  // whenever its file waits on a database, a child process or a timer. One more worker than the cores fills those
  // waits: on two cores `npm test` took 408 s with two workers and 315 s with three (docs/benchmarks.md).
  maxWorkers: availableParallelism() + 1,
  // Hooks and tests on a loaded 2-core machine can take seconds; a project's own testTimeout does not reach hooks.
  testTimeout: 60_000,
  projects: [
    serverProject,
    {
      displayName: 'client',
      // Rendering MUI screens on a shared 2-core machine is slow; user-event typing alone can take seconds.
      testTimeout: 30_000,
      testEnvironment: 'jest-fixed-jsdom',
      testMatch: ['<rootDir>/test/client/**/*.test.tsx'],
      moduleNameMapper,
      transform,
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
      setupFiles: ['<rootDir>/test/helpers/clientEnv.ts'],
      setupFilesAfterEnv: ['<rootDir>/test/helpers/clientSetup.ts'],
      testEnvironmentOptions: { customExportConditions: [''] },
    },
  ],
}

export default config
