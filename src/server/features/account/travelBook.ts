import type { ExportData } from '@shared/account'
import { PRODUCT_NAME, RARITIES } from '@shared/constants'
import { placesBeenTo } from '@shared/travel'

/**
 * index.html of the export: the traveller's memories as a travel book, one page per memory on the card it belongs to,
 * that opens from the unzipped folder with no network (docs/export-format.md#travel-book). Plain HTML and one inline
 * style sheet: no script, no font or picture from elsewhere, every path relative to the folder.
 */

type ExportedMemory = ExportData['memories'][number]

const RARITY_COLORS: Record<number, string> = {
  1: '#64748B',
  2: '#2A7F50',
  3: '#2F6FD6',
  4: '#7C4DEB',
  5: '#C9972B',
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  )
}

/** A path inside the archive, as an attribute: each segment encoded, the slashes kept. */
function relativeUrl(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/')
}

function plural(count: number, word: string, words = `${word}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? word : words}`
}

function journeyDates(memory: ExportedMemory): string {
  const dates = [memory.startDate, memory.endDate].filter((date): date is string => Boolean(date))
  return [...new Set(dates)].join(' – ')
}

/** The date a memory sorts by: when the journey started, or when it was written. */
function journeyStart(memory: ExportedMemory): string {
  return memory.startDate || memory.createdAt.slice(0, 10)
}

function rarityLabel(rarity: number): string {
  const found = RARITIES.find((entry) => entry.rarity === rarity)
  return found ? `${found.mark} ${found.name}` : ''
}

function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('\n')
}

function memoryPage(memory: ExportedMemory, index: number, count: number): string {
  const id = `memory-${index + 1}`
  const cardAlt = `${memory.cardName}, ${memory.rarityName} card`
  const card = memory.cardImage
    ? `<img class="card-art" src="${relativeUrl(memory.cardImage)}" width="250" height="350" alt="${escapeHtml(cardAlt)}">`
    : `<div class="card-art card-missing" role="img" aria-label="${escapeHtml(cardAlt)}">${escapeHtml(memory.cardName)}</div>`
  const pictures = memory.pictures
    .map((picture, position) => {
      const alt = `Picture ${position + 1} of ${memory.pictures.length} from ${memory.cardName}`
      if (!picture.file) return `<p class="picture-missing">${escapeHtml(alt)} could not be included.</p>`
      const src = relativeUrl(picture.file)
      return `<a href="${src}"><img src="${src}" width="${picture.width}" height="${picture.height}" alt="${escapeHtml(alt)}" loading="lazy"></a>`
    })
    .join('\n')
  const dates = journeyDates(memory)
  const details = [
    memory.taggedFriends.length > 0
      ? `With ${memory.taggedFriends.map((friend) => `@${escapeHtml(friend.username)}`).join(', ')}`
      : null,
    memory.visibility,
    plural(memory.likeCount, 'like'),
    plural(memory.commentCount, 'comment'),
    `Written ${memory.createdAt.slice(0, 10)}`,
  ].filter(Boolean)
  const previous = index > 0 ? `<a href="#memory-${index}">← Previous</a>` : '<span></span>'
  const next = index + 1 < count ? `<a href="#memory-${index + 2}">Next →</a>` : '<span></span>'
  return `<article class="memory" id="${id}" aria-labelledby="${id}-title">
<div class="card">${card}</div>
<div class="story">
<p class="rarity" style="--rarity:${RARITY_COLORS[memory.rarity] ?? '#64748B'}">${escapeHtml(rarityLabel(memory.rarity))} · ${escapeHtml(memory.collectionName)}</p>
<h2 id="${id}-title">${escapeHtml(memory.cardName)}</h2>
${dates ? `<p class="dates">${escapeHtml(dates)}</p>` : ''}
<div class="text">${paragraphs(memory.content) || '<p class="quiet">No words for this one, only the card.</p>'}</div>
${pictures ? `<div class="pictures">${pictures}</div>` : ''}
<p class="details">${details.join(' · ')}</p>
<nav class="pager" aria-label="Pages">${previous}<a href="#contents">Contents</a>${next}</nav>
</div>
</article>`
}

function collectionTable(data: ExportData): string {
  if (data.copies.length === 0) return '<p class="quiet">No cards collected yet.</p>'
  const rows = [...data.copies]
    .sort(
      (a, b) => b.rarity - a.rarity || a.cardName.localeCompare(b.cardName) || a.acquiredAt.localeCompare(b.acquiredAt),
    )
    .map(
      (copy) =>
        `<tr><td>${escapeHtml(copy.cardName)}</td><td>${escapeHtml(rarityLabel(copy.rarity))}</td><td>${escapeHtml(copy.collectionName)}</td><td>${copy.acquiredAt.slice(0, 10)}</td></tr>`,
    )
    .join('\n')
  return `<div class="table-wrap"><table>
<thead><tr><th scope="col">Card</th><th scope="col">Rarity</th><th scope="col">Collection</th><th scope="col">Collected</th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>`
}

export function renderTravelBook(data: ExportData): string {
  const { username } = data.account
  const memories = [...data.memories].sort(
    (a, b) => journeyStart(a).localeCompare(journeyStart(b)) || a.createdAt.localeCompare(b.createdAt),
  )
  const contents = memories
    .map((memory, index) => {
      const dates = journeyDates(memory)
      return `<li><a href="#memory-${index + 1}">${escapeHtml(memory.cardName)}</a>${dates ? ` <span>${escapeHtml(dates)}</span>` : ''}</li>`
    })
    .join('\n')
  const title = `${username}'s travel book`
  const summary = [
    plural(memories.length, 'memory', 'memories'),
    plural(data.copies.length, 'card'),
    `${plural(placesBeenTo(data.beenThere, data.verifiedVisits).size, 'place')} been to`,
  ].join(' · ')

  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">
<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>
<style>${STYLE}</style>
</head>
<body>
<header class="cover">
<p class="brand">${PRODUCT_NAME}</p>
<h1>${escapeHtml(title)}</h1>
<p class="summary">${summary}</p>
<p class="quiet">A traveller since ${data.account.createdAt.slice(0, 10)}. Exported on ${data.exportedAt.slice(0, 10)}; this book works without a connection, and data.json beside it holds all your data.</p>
</header>
<main>
<nav class="contents" id="contents" aria-labelledby="contents-title">
<h2 id="contents-title">Contents</h2>
${memories.length > 0 ? `<ol>\n${contents}\n</ol>` : '<p class="quiet">You have not written any memories yet.</p>'}
<p><a href="#collection">My collection</a></p>
</nav>
${memories.map((memory, index) => memoryPage(memory, index, memories.length)).join('\n')}
<section class="collection" id="collection" aria-labelledby="collection-title">
<h2 id="collection-title">My collection</h2>
${collectionTable(data)}
</section>
</main>
<footer><p>${PRODUCT_NAME} export, format version ${data.formatVersion}. <a href="${ARCHIVE_DATA_LINK}">data.json</a></p></footer>
</body>
</html>
`
}

const ARCHIVE_DATA_LINK = 'data.json'

const STYLE = `
:root { color-scheme: light dark; --paper: #FAF7F2; --surface: #FFFFFF; --ink: #1B1B1B; --quiet: #5B5650;
  --teal: #0F5C63; --line: #E4DDD2; }
@media (prefers-color-scheme: dark) {
  :root { --paper: #14191A; --surface: #1E2527; --ink: #F2EEE8; --quiet: #B9B2A8; --teal: #7FC8CF; --line: #33403F; }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--paper); color: var(--ink);
  font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
h1, h2 { font-family: Georgia, "Iowan Old Style", "Palatino Linotype", serif; line-height: 1.2; margin: 0 0 .5rem; }
a { color: var(--teal); }
a:focus-visible { outline: 3px solid var(--teal); outline-offset: 2px; }
.cover { padding: 3rem 1.25rem 2rem; text-align: center; border-bottom: 1px solid var(--line); }
.brand { margin: 0 0 .5rem; color: var(--teal); font-weight: 700; letter-spacing: .08em; text-transform: uppercase; }
.cover h1 { font-size: clamp(2rem, 6vw, 3.25rem); }
.summary { font-size: 1.125rem; margin: 0 0 .5rem; }
.quiet { color: var(--quiet); }
main { max-width: 64rem; margin: 0 auto; padding: 1.5rem 1.25rem 3rem; }
.contents, .memory, .collection { background: var(--surface); border: 1px solid var(--line); border-radius: 12px;
  padding: 1.5rem; margin: 0 0 1.5rem; }
.contents ol { padding-left: 1.5rem; margin: 0 0 1rem; }
.contents li { margin: .25rem 0; }
.contents li span { color: var(--quiet); }
.memory { display: grid; grid-template-columns: minmax(0, 250px) minmax(0, 1fr); gap: 1.5rem; align-items: start; }
@media (max-width: 640px) { .memory { grid-template-columns: 1fr; } .card { max-width: 250px; margin: 0 auto; } }
.card-art { display: block; width: 100%; height: auto; aspect-ratio: 5 / 7; border-radius: 16px; }
.card-missing { display: grid; place-items: center; background: var(--line); font-family: Georgia, serif; }
.rarity { margin: 0 0 .25rem; font-weight: 600; color: var(--quiet); }
.rarity::first-letter { color: var(--rarity); }
.dates { margin: 0 0 1rem; color: var(--quiet); }
.text { max-width: 70ch; }
.text p { margin: 0 0 1rem; }
.pictures { display: grid; grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr)); gap: .75rem; margin: 1rem 0; }
.pictures img { display: block; width: 100%; height: auto; border-radius: 8px; }
.picture-missing { margin: 0; padding: 1rem; border: 1px dashed var(--line); border-radius: 8px; color: var(--quiet); }
.details { color: var(--quiet); font-size: .9375rem; }
.pager { display: flex; justify-content: space-between; gap: 1rem; border-top: 1px solid var(--line); padding-top: .75rem; }
.table-wrap { overflow-x: auto; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: .375rem .5rem; border-bottom: 1px solid var(--line); }
footer { text-align: center; padding: 0 1.25rem 2rem; color: var(--quiet); }
@media print { .pager, .contents { break-after: page; } .memory { break-inside: avoid; } }
`
