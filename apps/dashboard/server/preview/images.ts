// The preview images, rendered on demand and kept briefly: an LRU (lru-cache) keyed by what the
// image shows (the running game's version, or the group's finished games, and its title and
// language), bounded in bytes and in time. lru-cache's fetch() shares one render between
// concurrent requests for the same key, so a link posted in a busy group renders once.
import type { Reader } from '@mia/db/queries';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { toLanguage } from '../mappers/groups';
import type { Group } from '../read/groups';
import { boardCard, BOARD_ROWS, playerCard, resultCard, siteCard, tableCard, type Card } from './cards';
import { wordsFor } from './catalogue';
import { finishedVersion, sceneVersion } from './model';
import { finishedGame, finishedGames, groupScene, leaders, playerRecord } from './read';
import { renderCard, type Rendered } from './render';

/** An image as the routes send it. */
export type Image = Rendered & { cached: boolean };

export interface PreviewImagesOptions {
  /** Bytes of PNG kept (default 32 MB: some 800 images). */
  maxBytes?: number;
  /** How long an image is kept, even when nothing changed (default 10 minutes). */
  ttlMs?: number;
}

type Build = () => Promise<Card | null>;

export class PreviewImages {
  private readonly cache: LRUCache<string, Rendered, Build>;

  constructor(
    private readonly reads: Reader,
    private readonly log: Logger,
    options: PreviewImagesOptions = {},
  ) {
    this.cache = new LRUCache<string, Rendered, Build>({
      maxSize: options.maxBytes ?? 32 * 1024 * 1024,
      sizeCalculation: (image) => image.png.length,
      ttl: options.ttlMs ?? 10 * 60_000,
      fetchMethod: async (key, _stale, { context }) => {
        const card = await context();
        if (!card) return undefined; // nothing to show (the route answers 404): nothing kept
        const image = await renderCard(card);
        this.log.debug(
          { key: key.split(':')[0], ms: { layout: Math.round(image.layoutMs), raster: Math.round(image.rasterMs) }, bytes: image.png.length },
          'dashboard: preview image rendered',
        );
        return image;
      },
    });
  }

  private async image(key: string, build: Build): Promise<Image | null> {
    const hit = this.cache.get(key);
    if (hit) return { ...hit, cached: true };
    const image = await this.cache.fetch(key, { context: build });
    return image ? { ...image, cached: false } : null;
  }

  /** The site's own image (the index, the odds page, unknown links): English. */
  site(): Promise<Image | null> {
    return this.image('site:en', async () => siteCard(wordsFor('en')));
  }

  /** The group's table while a game runs, else its leaderboard. */
  async group(group: Group): Promise<Image | null> {
    const words = wordsFor(toLanguage(group.language));
    const scene = await groupScene(this.reads, group);
    const key = `group:${group.id}:${words.language}:${sceneVersion(scene)}:${group.title ?? ''}`;
    return this.image(key, async () =>
      scene.running ? tableCard(group, scene.running, words) : boardCard(group, scene, await leaders(this.reads, group, BOARD_ROWS), words),
    );
  }

  /** A player's card in the group; null if they never played there. */
  async player(group: Group, userId: bigint): Promise<Image | null> {
    const words = wordsFor(toLanguage(group.language));
    const finished = await finishedGames(this.reads, group);
    const key = `player:${group.id}:${userId}:${words.language}:${finishedVersion(finished)}:${group.title ?? ''}`;
    return this.image(key, async () => {
      const record = await playerRecord(this.reads, group, userId);
      return record ? playerCard(group, record, words) : null;
    });
  }

  /** A finished game's result; null for any other game. A finished game never changes. */
  game(group: Group, gameId: string): Promise<Image | null> {
    const words = wordsFor(toLanguage(group.language));
    const key = `game:${group.id}:${gameId}:${words.language}:${group.title ?? ''}`;
    return this.image(key, async () => {
      const game = await finishedGame(this.reads, group, gameId);
      return game ? resultCard(group, game, words) : null;
    });
  }
}
