// The fonts the preview images are drawn with: Noto Sans from @fontsource/noto-sans (OFL), its
// Latin, Cyrillic, Greek, Vietnamese and Devanagari subsets in two weights, read from the
// package so a render never depends on the machine's fonts. satori shapes Devanagari with
// HarfBuzz. Characters no subset has (emoji, CJK…) would come out as boxes: `drawable` drops them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { SatoriOptions } from 'satori';

const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'vietnamese', 'devanagari'] as const;
const WEIGHTS = [400, 700] as const;

/** The CSS font-family that lists every subset (each is a font of its own to satori). */
export const FONT_FAMILY = SUBSETS.map((s) => `Noto Sans ${s}`).join(', ');

const packageDir = dirname(createRequire(import.meta.url).resolve('@fontsource/noto-sans/package.json'));

type Font = SatoriOptions['fonts'][number];
let fonts: Font[] | null = null;

/** Read once, on the first render (about 1 MB of WOFF2). */
export function previewFonts(): Font[] {
  fonts ??= WEIGHTS.flatMap((weight) =>
    SUBSETS.map((subset) => ({
      name: `Noto Sans ${subset}`,
      data: readFileSync(join(packageDir, 'files', `noto-sans-${subset}-${weight}-normal.woff2`)),
      weight,
      style: 'normal' as const,
    })),
  );
  return fonts;
}

/** The code point ranges the subsets cover, from the package's unicode.json ("U+0400-045F,U+2116"). */
function coverage(): [number, number][] {
  const ranges = JSON.parse(readFileSync(join(packageDir, 'unicode.json'), 'utf8')) as Record<string, string>;
  return SUBSETS.flatMap((subset) =>
    (ranges[subset] ?? '').split(',').map((range): [number, number] => {
      const [from, to] = range.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(from!, 16), parseInt(to ?? from!, 16)];
    }),
  );
}

let ranges: [number, number][] | null = null;

/** Control characters are in the Latin range but draw nothing useful. */
const isControl = (code: number): boolean => code < 0x20 || (code >= 0x7f && code < 0xa0);

const covered = (code: number): boolean => (ranges ??= coverage()).some(([from, to]) => code >= from && code <= to);

/** `text` with what the fonts cannot draw left out (spaces closed up), so no box shows. */
export function drawable(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (isControl(code)) out += ' ';
    else if (covered(code)) out += char;
  }
  return out.replace(/\s+/g, ' ').trim();
}
