const path = require('node:path')

const HtmlWebpackPlugin = require('html-webpack-plugin')
const { DefinePlugin } = require('webpack')

/** The web app: TypeScript through ts-loader, one chunk per route, hashed file names for long caching. */
module.exports = (_env, argv) => {
  const production = argv.mode !== 'development'
  return {
    entry: './src/client/main.tsx',
    output: {
      path: path.resolve(__dirname, 'dist/web'),
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      publicPath: '/',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        '@client': path.resolve(__dirname, 'src/client'),
        '@shared': path.resolve(__dirname, 'src/shared'),
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
        { test: /\.css$/, use: ['style-loader', 'css-loader'] },
        { test: /\.(woff2?|ttf|png|svg|jpg|webp)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: './public/index.html' }),
      new DefinePlugin({
        'process.env.WANDERCARDS_API_BASE': JSON.stringify(process.env.WANDERCARDS_API_BASE ?? '/api'),
        'process.env.WANDERCARDS_API_KEY': JSON.stringify(process.env.WANDERCARDS_API_KEY ?? 'dev-web-key'),
        'process.env.WANDERCARDS_SHARE_BASE': JSON.stringify(process.env.WANDERCARDS_SHARE_BASE ?? ''),
      }),
    ],
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    performance: { hints: false },
    stats: 'errors-warnings',
  }
}
