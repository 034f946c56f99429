import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

import { boundariesPlugin, boundaryRules } from './scripts/lint/boundaries.mjs'

const typeScriptFiles = ['**/*.ts', '**/*.tsx']
const javaScriptFiles = ['**/*.js', '**/*.mjs']

const muiByPath = [
  { name: '@mui/material', message: 'Import MUI components by path (@mui/material/Button) to keep bundles small.' },
  { name: '@mui/icons-material', message: 'Import icons by path (@mui/icons-material/Add) to keep bundles small.' },
]
/**
 * Every query of the server is built in a feature's `queries.ts` (or, where a feature's module has many, its own
 * `<module>.queries.ts` beside it), so a reviewer finds a feature's SQL by name and services keep to rules and
 * transactions. The selectors catch the ways a query starts: Kysely's builders
 * (on `db`, a transaction or an expression builder `eb`), the `sql` template tag, and the import of `sql` itself.
 */
const queryBuilderMethods = 'selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto'
const queryOutsideQueriesFile =
  'Queries are built only in a queries.ts or <module>.queries.ts (or db/): call a function from there instead.'
const queriesOnlyInQueriesFiles = [
  {
    selector: `CallExpression[callee.property.name=/^(${queryBuilderMethods})$/]`,
    message: queryOutsideQueriesFile,
  },
  {
    selector: "ImportDeclaration[source.value='kysely'] > ImportSpecifier[imported.name='sql']",
    message: queryOutsideQueriesFile,
  },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: queryOutsideQueriesFile },
]

/**
 * A server feature's public surface is declared in scripts/lint/boundaries.mjs (serverPublicModules), not re-exported:
 * a service.ts that passed on another module's exports would be a barrel again, hiding where the code lives.
 */
const serviceReExports = [
  {
    selector: 'ExportAllDeclaration, ExportNamedDeclaration[source], ExportNamedDeclaration[declaration=null]',
    message:
      'A service.ts exports only what it defines: import from the module that holds it, declared public in serverPublicModules (scripts/lint/boundaries.mjs).',
  },
]

/**
 * Client tests answer the API through onGet/onPost (test/helpers/msw.ts), whose data the contract types
 * (src/shared/calls.ts): a raw MSW handler or a hand-built response would let a fixture drift from what the server
 * sends. No client test needs raw MSW today; a request outside the contract (a third-party script, say) would be the
 * reason to list a file as an exception below, with why.
 */
const rawMswImports = [
  {
    name: 'msw',
    importNames: ['http', 'HttpResponse', 'graphql'],
    message: 'Answer calls with onGet/onPost from @test/helpers/msw, which type the data by src/shared/calls.ts.',
  },
  { name: 'msw/node', message: 'Tests share the one MSW server of @test/helpers/msw.' },
]
const handBuiltResponses = [
  {
    selector:
      'NewExpression[callee.name=/^(Http)?Response$/], MemberExpression[object.name=/^(Http)?Response$/][property.name=/^(json|text|error)$/]',
    message:
      'Return the data (typed by the contract), refusal(...), networkError() or neverAnswered() from onGet/onPost.',
  },
]

const untypedReduxHooks = {
  name: 'react-redux',
  importNames: ['useSelector', 'useDispatch'],
  message: 'Use the typed useAppSelector and useAppDispatch from lib/hooks.ts.',
}

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'coverage/**', 'data/**'] },

  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: javaScriptFiles,
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },
  {
    // Inlined into index.html as a classic script, run by the browser without a build step.
    files: ['public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
  },
  {
    files: ['webpack.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    // webpack-cli loads its configuration as CommonJS.
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },

  {
    files: typeScriptFiles,
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // Counts, levels and amounts read naturally in messages; objects and nullish values stay refused.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `onClick={() => setOpen(false)}` is how React handlers read; a void value in any other place is still refused.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // React ignores what an event handler returns, so an async handler passed as a JSX attribute is fine; promises
      // handed to anything else that expects a void callback are still refused.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // react-router's navigate settles by itself (a failed loader shows the route's error element) and never rejects.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] },
      ],
      // Fastify plugins and hooks, Kysely's migration provider and test doubles are async by contract even when their
      // body has nothing to wait for; the type checker already refuses a missing await where a promise is used.
      '@typescript-eslint/require-await': 'off',
      // An empty string means "not given" for environment variables and trimmed input, so `||` is meant there.
      '@typescript-eslint/prefer-nullish-coalescing': ['error', { ignorePrimitives: { string: true } }],
      // It would turn `value as T` into `value!`, which no-non-null-assertion refuses as well: narrow with a guard.
      '@typescript-eslint/non-nullable-type-assertion-style': 'off',
      // As the compiler's noUnusedParameters: a leading underscore marks a parameter a signature requires; a property
      // named only to leave it out of a rest object is not unused.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    files: ['test/**/*.{ts,tsx}'],
    // app.inject's json() and Jest's asymmetric matchers (expect.any, expect.stringMatching) are typed any; in a test
    // a value of the wrong shape fails its assertion, so passing them around is not the hazard it is in src.
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    files: ['src/client/features/*/api.ts'],
    // RTK Query spells "takes no argument" as build.query<Result, void>.
    rules: { '@typescript-eslint/no-invalid-void-type': 'off' },
  },
  {
    files: ['src/server/db/migrations/*.ts'],
    // A migration must not depend on today's schema types, so it works on Kysely<any>.
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  {
    files: ['src/client/**/*.{ts,tsx}', 'test/client/**/*.{ts,tsx}', 'test/helpers/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },

  {
    plugins: { 'import-x': importX, boundaries: boundariesPlugin },
    settings: {
      // Without these, import-x reads no TypeScript module's imports and no-cycle sees no cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: `${import.meta.dirname}/tsconfig.json`, alwaysTryTypes: true }),
      ],
      'import-x/internal-regex': '^@(client|server|shared|test)/',
    },
    rules: {
      ...boundaryRules,
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', ['sibling', 'index']],
          pathGroups: [
            { pattern: '@shared/**', group: 'internal', position: 'before' },
            { pattern: '@test/**', group: 'internal', position: 'after' },
          ],
          pathGroupsExcludedImportTypes: ['builtin', 'external'],
          distinctGroup: false,
          'newlines-between': 'always',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [untypedReduxHooks, ...muiByPath],
        },
      ],
    },
  },
  {
    files: ['src/client/lib/hooks.ts'],
    rules: {
      // The one place that wraps react-redux's hooks in typed ones.
      'no-restricted-imports': ['error', { paths: muiByPath }],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    // db/ is where queries may live besides queries.ts: migrations build the schema with raw SQL, the seeds write the
    // reference data before any feature runs, and catalogueJoins.ts is the one join several features' queries share.
    ignores: ['src/server/**/queries.ts', 'src/server/**/*.queries.ts', 'src/server/db/**'],
    rules: { 'no-restricted-syntax': ['error', ...queriesOnlyInQueriesFiles] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    // The seed's place lists are data, not code to read.
    ignores: ['src/server/db/seed/**'],
    // A file a newcomer reads in one sitting; past it, the module holds more than one idea and should be split.
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['src/server/features/*/service.ts'],
    rules: { 'no-restricted-syntax': ['error', ...queriesOnlyInQueriesFiles, ...serviceReExports] },
  },
  {
    files: ['test/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [untypedReduxHooks, ...muiByPath, ...rawMswImports] }],
      'no-restricted-syntax': ['error', ...handBuiltResponses],
    },
  },
)
