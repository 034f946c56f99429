import {
  APP_VERSION,
  COPYRIGHT_YEAR,
  INVITATION_CERTIFICATE_CREDIT,
  PRODUCT_NAME,
  PRODUCT_TAGLINE,
  SMALL_ICON_SIZE,
} from '@shared/constants'
import { inviteUrl } from '@shared/share'

import type { SharePageContent, SharePicture } from '../../lib/sharePages'

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

/** Every value that reaches the page goes through here: usernames and card names are user or catalogue text. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char)
}

/**
 * Visible text: escaped, with each YYYY-MM-DD date kept on one line. A nowrap span rather than non-breaking hyphens,
 * so the date reads, copies and searches as typed.
 */
function textHtml(text: string): string {
  return escapeHtml(text).replace(/\b\d{4}-\d{2}-\d{2}\b/g, '<span class="date">$&</span>')
}

export interface RenderOptions {
  publicUrl: string
  /** The canonical address of this page (og:url). */
  pageUrl: string
}

function absolute(publicUrl: string, path: string): string {
  return `${publicUrl}${path}`
}

function meta(attribute: 'property' | 'name', key: string, content: string): string {
  return `<meta ${attribute}="${escapeHtml(key)}" content="${escapeHtml(content)}">`
}

function img(publicUrl: string, picture: SharePicture, className: string, lazy: boolean): string {
  const size = picture.width && picture.height ? ` width="${picture.width}" height="${picture.height}"` : ''
  return `<img class="${className}" src="${escapeHtml(absolute(publicUrl, picture.path))}" alt="${escapeHtml(picture.alt)}"${size}${lazy ? ' loading="lazy"' : ''}>`
}

function pageTitle(page: string): string {
  return `${page} | ${PRODUCT_NAME} | ${PRODUCT_TAGLINE}`
}

function layout(head: string, body: string, publicUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="${escapeHtml(absolute(publicUrl, `/api/image/icon.png?size=${SMALL_ICON_SIZE}`))}">
${head}
<style>${STYLES}</style>
</head>
<body>
<header class="bar"><a class="brand" href="${escapeHtml(`${publicUrl}/`)}">${escapeHtml(PRODUCT_NAME)}</a></header>
<main>
${body}
</main>
<footer>© ${COPYRIGHT_YEAR} ${escapeHtml(PRODUCT_NAME)} · version ${APP_VERSION}</footer>
</body>
</html>
`
}

/** A public page with Open Graph and Twitter card tags, so a shared link unfolds with a preview. */
export function renderSharePage(page: SharePageContent, { publicUrl, pageUrl }: RenderOptions): string {
  const previewImage = page.linkPreview ?? page.preview ?? page.image
  const imageUrl = absolute(publicUrl, previewImage.path)
  const wide =
    previewImage.width != null && previewImage.height != null && previewImage.width / previewImage.height >= 1.5
  const head = [
    `<title>${escapeHtml(pageTitle(page.heading))}</title>`,
    meta('name', 'description', page.description),
    `<link rel="canonical" href="${escapeHtml(pageUrl)}">`,
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:type', page.ogType),
    meta('property', 'og:title', page.title),
    meta('property', 'og:description', page.description),
    meta('property', 'og:url', pageUrl),
    meta('property', 'og:image', imageUrl),
    meta('property', 'og:image:alt', previewImage.alt),
    ...(previewImage.width && previewImage.height
      ? [
          meta('property', 'og:image:width', String(previewImage.width)),
          meta('property', 'og:image:height', String(previewImage.height)),
        ]
      : []),
    meta('name', 'twitter:card', wide ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', page.title),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', imageUrl),
    meta('name', 'twitter:image:alt', previewImage.alt),
  ].join('\n')

  const facts = page.facts
    .map((fact) => `<div class="fact"><dt>${escapeHtml(fact.label)}</dt><dd>${textHtml(fact.value)}</dd></div>`)
    .join('')
  const gallery =
    page.gallery.length === 0
      ? ''
      : `<section aria-labelledby="gallery-title"><h2 id="gallery-title">${escapeHtml(page.galleryTitle ?? '')}</h2><ul class="gallery">${page.gallery
          .map(
            (item) =>
              `<li>${img(publicUrl, item.picture, 'card', true)}<span class="caption">${textHtml(item.caption)}</span>${
                item.detail ? `<span class="detail">${textHtml(item.detail)}</span>` : ''
              }</li>`,
          )
          .join('')}</ul></section>`
  const signUpUrl = page.invite ? inviteUrl(publicUrl, page.invite.friendCode) : `${publicUrl}/`
  const invitation = page.invite
    ? `Sign up with ${page.invite.username}'s friend code ${page.invite.friendCode}: you become friends and receive a ${INVITATION_CERTIFICATE_CREDIT.toLocaleString('en-US')}-credit certificate.`
    : 'Collect travel cards for the places you have been and keep your memories on them.'
  const body = `<article class="sheet">
<div class="hero">${img(publicUrl, page.image, page.image.shape === 'card' ? 'hero-card' : 'avatar', false)}<div><h1>${escapeHtml(page.heading)}</h1>${
    page.subheading ? `<p class="sub">${textHtml(page.subheading)}</p>` : ''
  }</div></div>
${facts ? `<dl class="facts">${facts}</dl>` : ''}
${page.preview ? `<figure class="preview">${img(publicUrl, page.preview, 'wide', true)}</figure>` : ''}
${
  page.figures
    ? `<section aria-labelledby="figures-title"><h2 id="figures-title">${escapeHtml(page.figures.title)}</h2><dl class="figures">${page.figures.rows
        .map((row) => `<div><dt>${escapeHtml(row.label)}</dt><dd>${textHtml(row.value)}</dd></div>`)
        .join('')}</dl></section>`
    : ''
}
${
  page.story
    ? `<section class="story" aria-labelledby="story-title"><h2 id="story-title">${escapeHtml(page.story.title)}</h2>${page.story.text
        .split(/\n\s*\n/)
        .map((paragraph) => `<p>${textHtml(paragraph.trim())}</p>`)
        .join('')}</section>`
    : ''
}
${gallery}
<section class="cta" aria-labelledby="cta-title">
<h2 id="cta-title">Start your own travel collection</h2>
<p>${escapeHtml(invitation)}</p>
<a class="button" href="${escapeHtml(signUpUrl)}">Join ${escapeHtml(PRODUCT_NAME)}</a>
</section>
</article>`
  return layout(head, body, publicUrl)
}

/** Unknown or removed share ids: a friendly page that still leads somewhere useful. */
export function renderShareNotFound(publicUrl: string): string {
  const head = [
    `<title>${escapeHtml(pageTitle('Page Not Found'))}</title>`,
    '<meta name="robots" content="noindex">',
  ].join('\n')
  const body = `<article class="sheet empty">
<h1>This link leads nowhere (yet)</h1>
<p>The page you were sent may have been removed, or the link was not copied completely.</p>
<a class="button" href="${escapeHtml(`${publicUrl}/`)}">Discover ${escapeHtml(PRODUCT_NAME)}</a>
</article>`
  return layout(head, body, publicUrl)
}

const STYLES = `
:root{color-scheme:light dark;--ink:#1f2a2e;--muted:#5b6b70;--paper:#FAF7F2;--surface:#fff;--primary:#0F5C63;--accent:#E8773A;--on-accent:#1B1B1B}
@media (prefers-color-scheme:dark){:root{--ink:#ecf1f1;--muted:#a9b8bb;--paper:#121a1c;--surface:#1b2629;--primary:#5fb3ba}}
*{box-sizing:border-box}
body{margin:0;background:var(--paper);color:var(--ink);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.bar{padding:12px 16px;background:var(--primary)}
.brand{color:#fff;font-weight:700;font-size:20px;text-decoration:none}
main{max-width:860px;margin:0 auto;padding:16px}
.sheet{background:var(--surface);border-radius:12px;padding:24px 16px;box-shadow:0 1px 4px rgba(0,0,0,.08)}
.hero{display:flex;gap:16px;align-items:center;flex-wrap:wrap}
.avatar{width:96px;height:96px;border-radius:50%;object-fit:cover;background:var(--paper)}
.hero-card{width:160px;height:auto;aspect-ratio:5/7;border-radius:16px;object-fit:cover;background:var(--paper)}
h1{margin:0;font-size:28px;overflow-wrap:anywhere}
h2{font-size:20px;margin:24px 0 8px}
.sub{margin:4px 0 0;color:var(--muted)}
.facts{display:grid;grid-template-columns:repeat(auto-fill,minmax(140px,1fr));gap:8px;margin:24px 0 0}
.fact{background:var(--paper);border-radius:12px;padding:8px 12px}
dt{color:var(--muted);font-size:14px}
dd{margin:0;font-size:22px;font-weight:700}
.gallery{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(130px,1fr));gap:12px}
.gallery li{display:flex;flex-direction:column;gap:2px}
.card{width:100%;height:auto;aspect-ratio:5/7;border-radius:16px;object-fit:cover;background:var(--paper)}
.caption{font-weight:600}
.detail{color:var(--muted);font-size:14px}
.cta{margin-top:24px;padding:16px;border-radius:12px;background:var(--paper)}
.button{display:inline-block;margin-top:8px;padding:10px 20px;border-radius:12px;background:var(--accent);color:var(--on-accent);font-weight:700;text-decoration:none}
.button:focus-visible,.brand:focus-visible{outline:3px solid var(--ink);outline-offset:2px}
.preview{margin:24px 0 0}
.wide{display:block;width:100%;height:auto;aspect-ratio:40/21;border-radius:12px;background:var(--paper)}
.figures{margin:0;display:grid;gap:4px}
.figures div{display:flex;flex-wrap:wrap;gap:0 12px;padding:6px 0;border-bottom:1px solid var(--paper)}
.figures dt{font-weight:600;color:var(--ink);font-size:16px;min-width:12em}
.figures dd{font-size:16px;font-weight:400;color:var(--muted)}
.empty{text-align:center}
.date{white-space:nowrap}
.story p{max-width:75ch;white-space:pre-line;overflow-wrap:anywhere}
footer{text-align:center;color:var(--muted);font-size:14px;padding:24px 16px}
`
