/** A new bot's record, as @BotFather creates it: no updates, commands or webhook yet. */
import { Window } from '../limits';
import type { BotRecord } from './records';

export function newBotRecord(
  id: number,
  token: string,
  username: string,
  options: { firstName?: string; privacy?: boolean; canJoinGroups?: boolean },
  random: () => number,
): BotRecord {
  return {
    id,
    token,
    username,
    user: { id, is_bot: true, first_name: options.firstName ?? (username.replace(/_?bot$/i, '') || username), username },
    privacy: options.privacy ?? true,
    canJoinGroups: options.canJoinGroups ?? true,
    queue: [],
    nextUpdateId: 100_000_001 + Math.floor(random() * 800_000_000),
    allowedUpdates: null,
    webhook: null,
    poll: null,
    commands: new Map(),
    texts: new Map(),
    menuButtons: new Map(),
    defaultAdminRights: new Map(),
    known: new Set(),
    queries: new Map(),
    sendWindow: new Window(1000),
    chatWindows: new Map(),
  };
}
