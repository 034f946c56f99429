import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

import { importX } from 'eslint-plugin-import-x'
import ts from 'typescript'

/**
 * The import boundaries of the code base, as zones for import-x's `no-restricted-paths`, plus `no-cycle`.
 *
 * - `src/shared` is the contract: it imports nothing from the client, the server, tests or scripts.
 * - The client and the server never import each other.
 * - A feature imports another feature only through that feature's public modules: `api.ts` on the client (its RTK
 *   Query endpoints and hooks); on the server the modules `serverPublicModules` below declares per feature (plain
 *   functions taking `db` or a transaction: its `service.ts`, and the modules of a concern other features share, like
 *   wallet's ledger). Pages, components, slices, routes, queries and every other module are the feature's own.
 * - The client's `app/` (router, shell, store) composes everything else and is imported by nothing below it (type-only
 *   imports of the store's types aside).
 * - `lib/`, `components/` and `api/` on the client and `lib/`, `db/` and `plugins/` (cross-cutting request handling:
 *   authentication, the envelope, rate limits) on the server sit below the features and import none. What composes
 *   features (app.ts, main.ts, seedDatabase.ts) sits at the top of src/server, outside every zone, and hands a plugin
 *   what it needs from a feature.
 * - Features depend on each other in one direction only: `no-feature-cycle` refuses an import from feature A into
 *   feature B when B already reaches A through its own imports (type-only imports included, since they couple the
 *   code just the same). import-x's `no-cycle` catches cycles between single modules.
 *
 * Every boundary holds with no exception: a new import that breaks one is moved, never allowed.
 */

const root = path.resolve(import.meta.dirname, '../..')

const featuresOf = (side) =>
  readdirSync(path.join(root, 'src', side, 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()

/**
 * What another server feature may import of each feature. A feature's public surface is declared here rather than
 * re-exported through a barrel `service.ts`: an importer names the module that holds the function (a reader and
 * go-to-definition land on the code, not on a list of re-exports), and widening the surface is a reviewed line in
 * this table. A feature's `service.ts` (its rules and transactions) is public wherever it exists; the other modules
 * listed are the concerns other features use (wallet's ledger, memories' read model), and a module joins the list
 * when another feature needs it. app.ts, main.ts and tests compose the features from above and may import any module.
 */
const serverPublicModules = {
  account: ['service.ts'],
  acquire: ['service.ts', 'freeDrawClaim.ts'],
  blocks: ['service.ts'],
  catalogue: ['service.ts', 'catalogueCache.ts'],
  clientErrors: ['service.ts'],
  collection: ['service.ts', 'gifts.ts'],
  console: ['service.ts'],
  content: ['service.ts'],
  copies: ['service.ts'],
  feed: ['service.ts'],
  friends: ['service.ts', 'friendships.ts'],
  health: [],
  mail: ['service.ts'],
  memories: ['accountData.ts', 'moderation.ts', 'readModel.ts', 'writing.ts'],
  moderation: ['standing.ts'],
  notifications: ['service.ts'],
  operator: ['service.ts', 'auditLog.ts', 'requestOperator.ts'],
  session: ['credentials.ts', 'emailVerification.ts', 'passwordRules.ts', 'service.ts', 'userStats.ts'],
  share: [],
  travel: ['service.ts', 'mapImage.ts', 'photoPlaces.ts', 'profilePreview.ts', 'worldMap.ts'],
  trips: ['service.ts', 'reading.ts', 'sharePage.ts'],
  wallet: ['service.ts', 'certificates.ts', 'ledger.ts', 'referrals.ts', 'registration.ts'],
}

/** The modules of a feature other features may import; the table must name every server feature and only files that exist. */
function publicModulesOf(side, feature) {
  if (side === 'client') return ['api.ts']
  const modules = serverPublicModules[feature]
  if (!modules)
    throw new Error(
      `scripts/lint/boundaries.mjs: declare the public modules of src/server/features/${feature} in serverPublicModules.`,
    )
  for (const module of modules) {
    if (!existsSync(path.join(root, 'src/server/features', feature, module)))
      throw new Error(
        `scripts/lint/boundaries.mjs: serverPublicModules names ${feature}/${module}, which does not exist.`,
      )
  }
  return modules
}

function featureZones(side) {
  const features = featuresOf(side)
  return features.flatMap((importer) =>
    features
      .filter((imported) => imported !== importer)
      .map((imported) => {
        const modules = publicModulesOf(side, imported)
        return {
          target: `src/${side}/features/${importer}`,
          from: `src/${side}/features/${imported}`,
          except: modules.map((module) => `./${module}`),
          message:
            side === 'client'
              ? `A feature imports another feature only through its public entry, features/${imported}/api.ts.`
              : `A feature imports another feature only through the public modules serverPublicModules declares for it in scripts/lint/boundaries.mjs (${modules.map((module) => `features/${imported}/${module}`).join(', ') || 'none'}).`,
        }
      }),
  )
}

const sidesApart = 'The client and the server never import each other: what both need belongs in src/shared.'

export const boundaryZones = [
  {
    target: 'src/shared',
    from: ['src/client', 'src/server', 'test', 'scripts'],
    message: 'src/shared is the contract between client and server and imports neither.',
  },
  { target: 'src/client', from: 'src/server', message: sidesApart },
  { target: 'src/server', from: 'src/client', message: sidesApart },
  {
    target: ['src/client/lib', 'src/client/components', 'src/client/api'],
    from: 'src/client/features',
    message:
      'lib/, components/ and api/ sit below the features and import none: take what you need as props or arguments.',
  },
  {
    target: ['src/client/features', 'src/client/components', 'src/client/api', 'src/client/lib'],
    from: 'src/client/app',
    // The store's types: a value import from store.ts would be a cycle (the store imports the features), which
    // no-cycle refuses, so only `import type` of RootState or AppDispatch gets through.
    except: ['./store.ts'],
    message:
      'app/ composes the features (router, shell, store) and sits above them: features, components, api and lib never import it. Move what they need to lib/.',
  },
  {
    target: 'src/server/lib',
    from: 'src/server/features',
    message: 'lib/ sits below the features and imports none.',
  },
  {
    target: 'src/server/db',
    from: ['src/server/features', 'src/server/plugins'],
    message:
      'db/ (schema, migrations, reference data) sits below the features and imports none: seedDatabase.ts composes the seeds.',
  },
  {
    target: 'src/server/plugins',
    from: 'src/server/features',
    message:
      'plugins/ (cross-cutting request handling) sit below the features and import none: app.ts hands a plugin what it needs from a feature (the auth plugin gets the session lookup), and a feature with a plugin of its own keeps it in the feature.',
  },
  ...featureZones('client'),
  ...featureZones('server'),
]

const featurePattern = /^src\/(client|server)\/features\/([^/]+)\//

/** `client/memories` for a file inside src/client/features/memories, otherwise undefined. */
function featureOf(absolutePath) {
  const match = featurePattern.exec(path.relative(root, absolutePath).split(path.sep).join('/'))
  return match ? `${match[1]}/${match[2]}` : undefined
}

const compilerOptions = ts.getParsedCommandLineOfConfigFile(
  path.join(root, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'))
    },
  },
).options
const resolutionCache = ts.createModuleResolutionCache(root, (name) => name, compilerOptions)

/** The project file an import specifier names, or undefined for packages and files that do not exist. */
function resolveImport(specifier, importingFile) {
  const { resolvedModule } = ts.resolveModuleName(specifier, importingFile, compilerOptions, ts.sys, resolutionCache)
  if (!resolvedModule || resolvedModule.isExternalLibraryImport) return undefined
  return path.resolve(resolvedModule.resolvedFileName)
}

function sourceFilesUnder(directory) {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
}

let featureGraph

/** feature → imported feature → the first import seen that makes the edge, read from the files on disk once a run. */
function loadFeatureGraph() {
  if (featureGraph) return featureGraph
  featureGraph = new Map()
  for (const side of ['client', 'server']) {
    for (const file of sourceFilesUnder(path.join(root, 'src', side, 'features'))) {
      const importer = featureOf(file)
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true)
      for (const { fileName: specifier } of importedFiles) {
        const target = resolveImport(specifier, file)
        const imported = target && featureOf(target)
        if (!importer || !imported || imported === importer) continue
        if (!featureGraph.has(importer)) featureGraph.set(importer, new Map())
        const edges = featureGraph.get(importer)
        if (!edges.has(imported)) edges.set(imported, { file: path.relative(root, file), specifier })
      }
    }
  }
  return featureGraph
}

/** The shortest chain of feature imports from `start` back to `goal`, as edges, or undefined when there is none. */
function findFeaturePath(start, goal) {
  const graph = loadFeatureGraph()
  const cameFrom = new Map([[start, undefined]])
  const queue = [start]
  while (queue.length > 0) {
    const feature = queue.shift()
    if (feature === goal) {
      const edges = []
      for (let step = goal; cameFrom.get(step); step = cameFrom.get(step).from) edges.unshift(cameFrom.get(step))
      return edges
    }
    for (const [next, edge] of graph.get(feature) ?? []) {
      if (cameFrom.has(next)) continue
      cameFrom.set(next, { from: feature, to: next, ...edge })
      queue.push(next)
    }
  }
  return undefined
}

const noFeatureCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid an import between two features that already depend on each other the other way.' },
    schema: [],
    messages: {
      cycle:
        'Features {{importer}} and {{imported}} depend on each other: {{imported}} reaches {{importer}} through {{chain}}. Let app/ compose them, or move what both need to a lower layer.',
    },
  },
  create(context) {
    const importer = featureOf(context.physicalFilename)
    if (!importer) return {}
    const check = (source) => {
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return
      const target = resolveImport(source.value, context.physicalFilename)
      const imported = target && featureOf(target)
      if (!imported || imported === importer) return
      const back = findFeaturePath(imported, importer)
      if (!back) return
      const chain = back.map((edge) => `${edge.file} → ${edge.specifier}`).join(', ')
      context.report({ node: source, messageId: 'cycle', data: { importer, imported, chain } })
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    }
  },
}

export const boundariesPlugin = {
  meta: { name: 'wandercards-boundaries' },
  rules: {
    'no-restricted-paths': importX.rules['no-restricted-paths'],
    'no-cycle': importX.rules['no-cycle'],
    'no-feature-cycle': noFeatureCycle,
  },
}

export const boundaryRules = {
  'boundaries/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
  'boundaries/no-cycle': ['error', { ignoreExternal: true }],
  'boundaries/no-feature-cycle': 'error',
}
