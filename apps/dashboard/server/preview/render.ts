// A card to a PNG: satori lays it out as SVG (text as paths, in the shipped fonts), resvg
// rasterises it. resvg's renderAsync runs on libuv's thread pool, so only the layout (a few
// milliseconds once the fonts are parsed) runs on the event loop; at most two images rasterise at
// once and each gets a deadline.
import pLimit from 'p-limit';
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

// satori (with its WebAssembly layout engine) and resvg are loaded on the first preview, not at
// start-up: a process that never draws one does not hold them (about 20 MB resident).
let satori: Promise<typeof import('satori').default> | undefined;
let resvg: Promise<typeof import('@resvg/resvg-js')> | undefined;

/** The card as SVG (what is rasterised: every text drawn as a path). */
export async function cardSvg(card: Card): Promise<string> {
  satori ??= import('satori').then((m) => m.default);
  return (await satori)(cardImage(card), { width: IMAGE_WIDTH, height: IMAGE_HEIGHT, fonts: previewFonts() });
}

export async function renderCard(card: Card): Promise<Rendered> {
  const started = performance.now();
  const svg = await cardSvg(card);
  const laidOut = performance.now();
  resvg ??= import('@resvg/resvg-js');
  const { renderAsync } = await resvg;
  const image = await rasterSlots(() =>
    renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } }, AbortSignal.timeout(RASTER_TIMEOUT_MS)),
  );
  const png = image.asPng();
  return { png, layoutMs: laidOut - started, rasterMs: performance.now() - laidOut };
}
