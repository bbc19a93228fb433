// A preview as HTML: the <title> and the Open Graph and Twitter meta tags that link-preview
// robots (Telegram's, which reads og:* and twitter:card) take from a page without running it,
// put into the SPA's index.html in place of its own title and description. No script: the
// content security policy allows none inline.
import { OG_LOCALES } from './catalogue';
import type { Preview } from './describe';

/** What the rendered images measure (1200×630 is what Open Graph consumers crop least). */
export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 630;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe in an element and in a double- or single-quoted attribute. */
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** Titles and names from Telegram may hold control characters; descriptions are kept short. */
const clean = (text: string, max: number): string => {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this strips
  const flat = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** The tags, with `origin` (scheme, host and port) making the page's and the image's addresses absolute. */
export function metaTags(preview: Preview, origin: string, path: string): string {
  const title = clean(preview.title, 200);
  const description = clean(preview.description, 300);
  const alt = clean(preview.imageAlt, 420);
  const image = `${origin}${preview.image}`;
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}" />`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(clean(preview.documentTitle, 200))}</title>`,
    named('description', description),
    property('og:type', 'website'),
    property('og:site_name', preview.words.t('site.name')),
    property('og:locale', OG_LOCALES[preview.words.language]),
    property('og:title', title),
    property('og:description', description),
    property('og:url', `${origin}${path}`),
    property('og:image', image),
    property('og:image:type', 'image/png'),
    property('og:image:width', String(IMAGE_WIDTH)),
    property('og:image:height', String(IMAGE_HEIGHT)),
    property('og:image:alt', alt),
    named('twitter:card', 'summary_large_image'),
    named('twitter:title', title),
    named('twitter:description', description),
    named('twitter:image', image),
    named('twitter:image:alt', alt),
  ].join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name=["']description["'][^>]*>\s*/i;

/**
 * index.html with the tags in place of its <title> (and without its generic description).
 * A template without a title gets them at the end of its <head>, or first of all.
 */
export function injectMeta(template: string, tags: string): string {
  const html = template.replace(DESCRIPTION, '');
  if (TITLE.test(html)) return html.replace(TITLE, () => tags);
  if (/<\/head>/i.test(html)) return html.replace(/<\/head>/i, () => `${tags}\n</head>`);
  return html.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${tags}`);
}
