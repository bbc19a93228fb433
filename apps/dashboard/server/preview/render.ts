// A card to a PNG: satori lays it out as SVG (text as paths, in the shipped fonts), resvg
// rasterises it. resvg's renderAsync runs on libuv's thread pool, so only the layout (a few
// milliseconds once the fonts are parsed) runs on the event loop; at most two images rasterise at
// once and each gets a deadline.
import { renderAsync } from '@resvg/resvg-js';
import pLimit from 'p-limit';
import satori from 'satori';
import type { Card } from './cards';
import { previewFonts } from './fonts';
import { cardImage } from './layout/cards';
import { IMAGE_HEIGHT, IMAGE_WIDTH } from './meta';

/** A rasterisation still running after this is given up (the request answers 500). */
export const RASTER_TIMEOUT_MS = 5_000;

export interface Rendered {
  png: Buffer;
  /** satori's layout, on the event loop. */
  layoutMs: number;
  /** resvg, off it. */
  rasterMs: number;
}

const rasterSlots = pLimit(2);

/** The card as SVG (what is rasterised: every text drawn as a path). */
export function cardSvg(card: Card): Promise<string> {
  return satori(cardImage(card), { width: IMAGE_WIDTH, height: IMAGE_HEIGHT, fonts: previewFonts() });
}

export async function renderCard(card: Card): Promise<Rendered> {
  const started = performance.now();
  const svg = await cardSvg(card);
  const laidOut = performance.now();
  const image = await rasterSlots(() =>
    renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }, AbortSignal.timeout(RASTER_TIMEOUT_MS)),
  );
  const png = image.asPng();
  return { png, layoutMs: laidOut - started, rasterMs: performance.now() - laidOut };
}
