import { Link } from 'react-router';
import { pagePaths } from '../api/client';
import { AiBadge } from './AiBadge';

/**
 * A player's name wherever it appears (live tables, the TV, game cards, replays, leaderboards):
 * a link to that player's page in the group's scope, with the AI badge for a computer seat.
 */
export function PlayerLink({ token, userId, name, ai = false }: { token: string; userId: string; name: string; ai?: boolean }) {
  return (
    <>
      <Link to={pagePaths.player(token, userId)}>{name}</Link>
      {ai && <AiBadge />}
    </>
  );
}
