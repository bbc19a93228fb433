// The SPA's index.html for a page address, with that page's link preview in its <head> (see
// meta.ts): the group, its live table, a finished game or a player, each read through its
// group's token; any other page, or an unknown or malformed link, the site's own preview.
// Link-preview robots (Telegram's "TelegramBot (like TwitterBot)", which asks with Accept: */*)
// get the page as browsers do.
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Reader } from '@mia/db/queries';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import type { Logger } from 'pino';
import { toLanguage } from '../mappers/groups';
import { groupByToken } from '../read/groups';
import { wordsFor } from './catalogue';
import { gamePreview, groupPreview, playerPreview, sitePreview, type Preview } from './describe';
import { injectMeta, metaTags } from './meta';
import { finishedGame, finishedGames, groupScene, leaders, playerRecord } from './read';
import { pageTarget, type PageTarget } from './target';

export type PreviewPage = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

export interface PreviewPageOptions {
  reads: Reader;
  log: Logger;
  /** The built SPA's folder (its index.html is the template). */
  webRoot: string;
  /** The dashboard's public address (PUBLIC_URL); without it, the request's own scheme and Host. */
  publicUrl?: string | undefined;
}

/** A page GET from a link-preview robot (or any crawler) for an address the SPA has a page for. */
export function isPreviewRobot(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && isbot(request.headers['user-agent'] ?? '') && pageTarget(request.url).kind !== 'other';
}

/** The page's preview, read through the token in its address. */
export async function previewOf(reads: Reader, target: PageTarget): Promise<Preview> {
  const site = wordsFor('en');
  if (target.kind === 'index' || target.kind === 'other') return sitePreview('index', site);
  if (target.kind === 'odds') return sitePreview('odds', site);
  const group = target.token ? await groupByToken(reads, target.token) : null;
  if (!group) return sitePreview('index', site);
  const words = wordsFor(toLanguage(group.language));
  if (target.kind === 'game' && target.gameId) {
    const game = await finishedGame(reads, group, target.gameId);
    if (game) return gamePreview(group, game, words, { spoilerFree: target.spoilerFree });
  }
  if (target.kind === 'player' && target.userId !== null) {
    const [record, finished] = await Promise.all([playerRecord(reads, group, target.userId), finishedGames(reads, group)]);
    if (record) return playerPreview(group, target.userId, record, finished, words);
  }
  // The group's pages, and a game or a person the group does not have: the group's own preview.
  const scene = await groupScene(reads, group);
  const [leader] = scene.running ? [] : await leaders(reads, group, 1);
  return groupPreview(group, scene, leader, target.kind === 'group' && target.live, words);
}

/** A Host header fit to go into an address (it is the client's own input). */
const HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

function originOf(request: FastifyRequest, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const host = typeof request.host === 'string' && HOST.test(request.host) ? request.host : 'localhost';
  return `${request.protocol}://${host}`;
}

/** The template, read again only when the build changed it. */
function templateReader(path: string): () => Promise<string> {
  let cached: { mtimeMs: number; html: string } | null = null;
  return async () => {
    const { mtimeMs } = await stat(path);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: await readFile(path, 'utf8') };
    return cached.html;
  };
}

/** The pages with their previews; null when the SPA is not built (there is no index.html to fill in). */
export function previewPage(options: PreviewPageOptions): PreviewPage | null {
  const index = join(options.webRoot, 'index.html');
  if (!existsSync(index)) return null;
  const template = templateReader(index);
  return async (request, reply) => {
    const target = pageTarget(request.url);
    let preview: Preview;
    try {
      preview = await previewOf(options.reads, target);
    } catch (error) {
      // The page itself must still load (the SPA says what is wrong): the site's preview then.
      options.log.warn({ err: error, page: target.kind }, 'dashboard: link preview not read');
      preview = sitePreview('index', wordsFor('en'));
    }
    const path = request.url.split(/[?#]/, 1)[0]!;
    const html = injectMeta(await template(), metaTags(preview, originOf(request, options.publicUrl), path));
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
}
