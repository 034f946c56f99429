/* exported startEarlyCalls */
/**
 * Inlined into index.html by the web build (webpack.config.js) and run while the page is parsed, before the main bundle
 * has arrived: with a stored session it starts the session check and the opened screen's first call, so on a slow phone
 * connection they travel alongside the bundle instead of after it has run. The app adopts the answers instead of asking
 * again (src/client/api/earlyCalls.ts). Kept to what every browser the app supports runs without a build step.
 *
 * `loggedInShell` lists the script files of the logged-in header and banner, which every screen shows a traveller with
 * a session: preloaded here, they arrive with the main bundle instead of a round trip after it has run
 * (preloadLoggedInShell in src/client/app/shell/Layout.tsx asks for the same files, and gets these).
 */
function startEarlyCalls(apiBase, apiKey, artVersion, loggedInShell) {
  /**
   * The screens whose first call is made ahead of the bundle (those src/client/app/router.tsx prefetches), and the
   * picture the screen shows largest in the first screen, fetched as soon as the call has answered which one it is.
   */
  var screens = {
    '/cardCollections': {
      calls: ['/getCardCollections'],
      // The first collection's picture, at the address the app asks for it (collectionPicturePath).
      picture: function (collections) {
        return (
          apiBase +
          '/image/collection?collectionId=' +
          encodeURIComponent(collections[0].collectionId) +
          '&v=' +
          encodeURIComponent(artVersion)
        )
      },
    },
    // The feed shows with On This Day above it, asked for the device's calendar day as localToday
    // (src/client/lib/localToday.ts) writes it.
    '/feed': { calls: ['/feed/getMemoryFeed', '/memory/getOnThisDay?today=' + localToday()] },
  }

  /**
   * Today's YYYY-MM-DD on this device, from the date's own fields. Written with a locale's format, it was the page's
   * first use of Intl, which sets up the browser's locale data: that held the parsing of the page for 35-130 ms on
   * every load, a visitor's included (docs/benchmarks.md).
   */
  function localToday() {
    var now = new Date()
    function twoDigits(value) {
      return (value < 10 ? '0' : '') + value
    }
    return now.getFullYear() + '-' + twoDigits(now.getMonth() + 1) + '-' + twoDigits(now.getDate())
  }

  /**
   * A failed early call (the app makes it again) or picture lookup (a refusal, no collections: the app shows them);
   * neither may be reported as unhandled.
   */
  function leaveToTheApp() {
    return undefined
  }

  function preload(as, href, priority) {
    var link = document.createElement('link')
    link.setAttribute('rel', 'preload')
    link.setAttribute('as', as)
    link.setAttribute('href', href)
    if (priority) link.setAttribute('fetchpriority', priority)
    document.head.appendChild(link)
  }

  try {
    // STORAGE_KEYS.authToken in src/client/lib/storage.ts.
    var authKey = window.localStorage.getItem('wandercards.authToken')
    if (!authKey) return
    // Every key starts with "/", which no property of a plain object does.
    var screen = screens[window.location.pathname]
    var calls = ['/getUser'].concat(screen ? screen.calls : [])
    window.wandercardsEarlyCalls = calls.map(function (call) {
      var url = new URL(apiBase + call, document.baseURI).href
      var response = fetch(url, { headers: { 'X-Api-Key': apiKey, 'X-Auth-Key': authKey } })
      response.catch(leaveToTheApp)
      return { url: url, authKey: authKey, response: response }
    })
    // With a query the address shows a collection's cards or search results instead of the list (CardCollectionsPage).
    if (screen && screen.picture && !window.location.search) {
      var pictureOf = screen.picture
      window.wandercardsEarlyCalls[1].response
        .then(function (response) {
          // A copy: the app reads the answer itself.
          return response.clone().json()
        })
        .then(function (envelope) {
          // A refusal's data is null, and an empty list has no first collection: both throw, and nothing is preloaded.
          preload('image', pictureOf(envelope.data), 'high')
        })
        .catch(leaveToTheApp)
    }
    // After the calls, which are smaller and which the screen waits on too.
    loggedInShell.forEach(function (file) {
      preload('script', file)
    })
  } catch {
    // Without storage or fetch the app makes every call itself.
  }
}
