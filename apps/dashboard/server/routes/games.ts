// A finished game's replay, through the token of the group it was played in.
import { gameReplay } from '@mia/db/queries';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { groupOf, loadGroup } from '../access';
import { notFound } from '../errors';
import { toGameReplay } from '../mappers/replay';
import { GameParams, GameReplay } from '../schemas';
import { responses, type RouteDeps } from './context';

export const gameRoutes: FastifyPluginAsyncTypebox<RouteDeps> = async (app, { reads }) => {
  app.get(
    '/api/g/:token/games/:gameId',
    {
      schema: {
        summary: "A finished game's replay",
        params: GameParams,
        response: responses(GameReplay, 'The game round by round: every roll, announcement class and reveal.'),
      },
      preHandler: loadGroup(reads),
    },
    async (request) => {
      const group = groupOf(request);
      // gameReplay gives FINISHED games only: a running game's rolls are secret, and the same
      // 404 answers a game of another group, so a token tells nothing about other groups' games.
      const replay = await gameReplay(reads, request.params.gameId);
      if (!replay || replay.game.chatId !== group.id) {
        throw notFound('no finished game of this group has this id (a game can be replayed once it has finished)');
      }
      return toGameReplay(replay);
    },
  );
};
