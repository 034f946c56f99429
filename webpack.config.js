const fs = require('node:fs')
const path = require('node:path')
const zlib = require('node:zlib')

const CompressionPlugin = require('compression-webpack-plugin')
const HtmlWebpackPlugin = require('html-webpack-plugin')
const MiniCssExtractPlugin = require('mini-css-extract-plugin')
const { DefinePlugin, NormalModuleReplacementPlugin } = require('webpack')

/** Text assets worth compressing ahead of time; the server sends the .br or .gz twin the browser accepts. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/

/** The script files of each named chunk group, by group name. */
function scriptFilesByChunkGroup(compilation) {
  const groups = new Map()
  for (const [name, group] of compilation.namedChunkGroups) {
    const files = new Set()
    for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) files.add(`/${file}`)
    groups.set(name, [...files])
  }
  return groups
}

/** The logged-in header's and banner's files (the chunk groups named `logged-in-*`, src/client/app/shell). */
function loggedInShellFiles(compilation) {
  const files = new Set()
  for (const [name, urls] of scriptFilesByChunkGroup(compilation)) {
    if (name.startsWith('logged-in-')) for (const url of urls) files.add(url)
  }
  return [...files]
}

/**
 * Writes route-preloads.json: for each screen's first path segment (`""` for the home page), the script files its
 * lazily loaded chunk needs. The server turns it into preload links in index.html, so the browser fetches the opened
 * screen in parallel with the main bundle. Fonts are not preloaded: on a slow phone connection they would compete with
 * the main bundle for bandwidth, and text is painted in the fallback font until they arrive anyway.
 */
class RoutePreloadManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('RoutePreloadManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RoutePreloadManifestPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE },
        () => {
          const routes = {}
          const loggedInShell = {}
          for (const [name, urls] of scriptFilesByChunkGroup(compilation)) {
            if (name.startsWith('page-')) routes[name === 'page-home' ? '' : name.slice('page-'.length)] = urls
            else if (name.startsWith('logged-in-')) loggedInShell[name] = urls
          }
          // The logged-in shell's files are listed for the first-load check (scripts/bench/bundleBudget.mjs); the
          // server reads only the routes, and index.html's inline script carries the shell's (earlyCallsScript).
          const manifest = { routes, loggedInShell }
          compilation.emitAsset(
            'route-preloads.json',
            new compiler.webpack.sources.RawSource(JSON.stringify(manifest, null, 2)),
          )
        },
      )
    })
  }
}

/**
 * index.html's inline script that starts a stored session's first calls while the page is parsed (public/earlyCalls.js),
 * called with the build's API settings and the logged-in shell's files. The server allows it by its hash in the page's
 * content security policy. Webpack's final content hashes, given to the files after this runs, are written into the
 * page too (realContentHash updates every asset that names a file).
 */
function earlyCallsScript(apiBase, apiKey, loggedInShell) {
  const source = fs.readFileSync(path.resolve(__dirname, 'public/earlyCalls.js'), 'utf8')
  // JSON is valid JavaScript; "<" escaped so that no setting can end the script element early.
  const literal = (value) => JSON.stringify(value).replace(/</g, '\\u003c')
  const args = [apiBase, apiKey, artVersion(), loggedInShell].map(literal).join(', ')
  return `${source.trim()}\nstartEarlyCalls(${args})`
}

/** The pictures' version (src/shared/artVersion.ts), which this configuration cannot import as it is TypeScript. */
function artVersion() {
  const source = fs.readFileSync(path.resolve(__dirname, 'src/shared/artVersion.ts'), 'utf8')
  const constant = (name) => {
    const value = new RegExp(`^export const ${name} = (\\d+)$`, 'm').exec(source)?.[1]
    if (!value) throw new Error(`src/shared/artVersion.ts no longer declares ${name} as a number`)
    return value
  }
  return `${constant('CATALOGUE_VERSION')}.${constant('ART_REVISION')}`
}

/** The web app: TypeScript through ts-loader, one chunk per route, hashed file names for long caching. */
module.exports = (_env, argv) => {
  const production = argv.mode !== 'development'
  const apiBase = process.env.WANDERCARDS_API_BASE ?? '/api'
  const apiKey = process.env.WANDERCARDS_API_KEY ?? 'dev-web-key'
  return {
    mode: production ? 'production' : 'development',
    entry: './src/client/main.tsx',
    output: {
      path: path.resolve(__dirname, 'dist/web'),
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      // Chunks by id, not name: the runtime's table of every chunk's file would otherwise carry each name too. Eight
      // hex digits of hash are enough to tell one build's chunk from the next (a stale match is 1 in 4 billion) and
      // keep that table, part of every first load, 2 characters per chunk shorter.
      chunkFilename: production ? 'assets/[id].[contenthash:8].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      publicPath: '/',
      clean: true,
    },
    optimization: {
      // The console (operators only) keeps every module it needs in its own chunk: split out, the modules it shares
      // with the travellers' screens would make new shared chunks, each a row of the runtime's chunk table, which is
      // part of every traveller's first load. Webpack's other defaults stay.
      splitChunks: { chunks: (chunk) => !chunk.canBeInitial() && chunk.name !== 'page-console' },
      // Short numeric chunk ids (webpack's "size" order) instead of hashed 3–4 digit ones: every screen's entry in the
      // route table lists its chunks by id, and short ids keep that table, part of every first load, about 340 bytes
      // smaller (docs/benchmarks.md). Module ids stay deterministic.
      chunkIds: 'size',
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        '@client': path.resolve(__dirname, 'src/client'),
        '@shared': path.resolve(__dirname, 'src/shared'),
        // React Router publishes its production build only under dist/production, with no export condition that
        // selects it, so every bundler gets the development build (extra checks and warnings) unless told otherwise.
        ...(production
          ? {
              'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs'),
              'react-router/dom$': path.resolve(__dirname, 'node_modules/react-router/dist/production/dom-export.mjs'),
            }
          : {}),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          use: {
            loader: 'ts-loader',
            options: { transpileOnly: true, configFile: path.resolve(__dirname, 'tsconfig.json') },
          },
          exclude: /node_modules/,
        },
        // In production the font faces go to a stylesheet of their own, so fonts are not waiting for the script.
        { test: /\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', 'css-loader'] },
        { test: /\.(woff2?|ttf|png|svg|jpg|webp)$/, type: 'asset/resource' },
        // @emotion/react imports it for its side effects only; it has none, and nothing the app renders uses it.
        { test: /node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: './public/index.html',
        // Called once the chunks have their files, so the script can name the logged-in shell's.
        templateParameters: (compilation) => ({
          earlyCallsScript: earlyCallsScript(apiBase, apiKey, loggedInShellFiles(compilation)),
        }),
        // html-webpack-plugin's production defaults, and the inline script minified too: every page load carries it.
        minify: production && {
          collapseWhitespace: true,
          keepClosingSlash: true,
          removeComments: true,
          removeRedundantAttributes: true,
          removeScriptTypeAttributes: true,
          removeStyleLinkTypeAttributes: true,
          useShortDoctype: true,
          minifyJS: true,
        },
      }),
      // MUI's createTheme carries the CSS-variables theme builder for themes that ask for it; the app's two plain
      // themes never do (src/client/app/theme.ts), so the builder is replaced by a module that says so if ever called.
      new NormalModuleReplacementPlugin(/^\.\/createThemeWithVars\.js$/, (resource) => {
        if (/[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/]createTheme\.js$/.test(resource.contextInfo.issuer)) {
          resource.request = path.resolve(__dirname, 'src/client/app/noCssVariablesTheme.js')
        }
      }),
      // createTheme also attaches MUI's Pigment CSS serializer to every theme; nothing here calls it.
      new NormalModuleReplacementPlugin(/^\.\/stringifyTheme\.js$/, (resource) => {
        if (/[\\/]@mui[\\/]material[\\/]esm[\\/]styles[\\/]createThemeNoVars\.js$/.test(resource.contextInfo.issuer)) {
          resource.request = path.resolve(__dirname, 'src/client/app/noRuntimeThemeSource.js')
        }
      }),
      new DefinePlugin({
        'process.env.WANDERCARDS_API_BASE': JSON.stringify(apiBase),
        'process.env.WANDERCARDS_API_KEY': JSON.stringify(apiKey),
        'process.env.WANDERCARDS_SHARE_BASE': JSON.stringify(process.env.WANDERCARDS_SHARE_BASE ?? ''),
        // The build named in crash reports (src/client/app/errorReport.ts): a commit or tag, else the app's version.
        'process.env.WANDERCARDS_RELEASE': JSON.stringify(
          process.env.WANDERCARDS_RELEASE || require('./package.json').version,
        ),
      }),
      ...(production
        ? [
            new MiniCssExtractPlugin({
              filename: 'assets/[name].[contenthash:10].css',
              chunkFilename: 'assets/[name].[contenthash:10].css',
            }),
            new RoutePreloadManifestPlugin(),
            new CompressionPlugin({
              test: COMPRESSIBLE,
              algorithm: 'gzip',
              compressionOptions: { level: 9 },
              filename: '[path][base].gz',
              threshold: 1024,
              minRatio: 0.9,
            }),
            new CompressionPlugin({
              test: COMPRESSIBLE,
              algorithm: 'brotliCompress',
              compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
              filename: '[path][base].br',
              threshold: 1024,
              minRatio: 0.9,
            }),
          ]
        : []),
    ],
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    performance: { hints: false },
    stats: 'errors-warnings',
  }
}
