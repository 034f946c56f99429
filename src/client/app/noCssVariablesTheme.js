// Stands in for MUI's CSS-variables theme builder in the web build (webpack.config.js): the app's themes are plain
// themes, one per colour scheme, so reaching this is a programming error rather than a theme to build.
export default function createThemeWithVars() {
  throw new Error('No CSS-variables themes (app/theme.ts)')
}
