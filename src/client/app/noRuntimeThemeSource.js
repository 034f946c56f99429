// Stands in for MUI's stringifyTheme in the web build (webpack.config.js): it writes a theme out as source for Pigment
// CSS, which the app does not use, yet createTheme attaches it to every theme and so to the first load.
export function stringifyTheme() {
  throw new Error('No Pigment CSS theme source')
}
