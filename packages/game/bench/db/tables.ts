// Rows, column-wise, for INSERT … SELECT * FROM unnest($1::type[], …).

export type Column = readonly [name: string, pgType: string];

export class Table {
  readonly cols: unknown[][];
  readonly sql: string;
  constructor(
    readonly name: string,
    columns: readonly Column[],
  ) {
    this.cols = columns.map(() => []);
    // Identifiers and types are this file's constants; every value goes as a parameter.
    const names = columns.map(([c]) => `"${c}"`).join(', ');
    const arrays = columns.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ');
    this.sql = `INSERT INTO "${name}" (${names}) SELECT * FROM unnest(${arrays})`;
  }
  push(...values: unknown[]): void {
    for (const [i, v] of values.entries()) this.cols[i]!.push(v);
  }
  get size(): number {
    return this.cols[0]!.length;
  }
  take(): unknown[][] {
    const out = this.cols.map((c) => c.splice(0));
    return out;
  }
}

export const tables = () => ({
  User: new Table('User', [
    ['id', 'bigint'],
    ['firstName', 'text'],
    ['username', 'text'],
    ['isAi', 'boolean'],
    ['privateChatOk', 'boolean'],
    ['createdAt', 'timestamptz'],
    ['updatedAt', 'timestamptz'],
  ]),
  Chat: new Table('Chat', [
    ['id', 'bigint'],
    ['title', 'text'],
    ['type', 'text'],
    ['dashboardToken', 'text'],
    ['createdAt', 'timestamptz'],
    ['updatedAt', 'timestamptz'],
  ]),
  Game: new Table('Game', [
    ['id', 'text'],
    ['ref', 'int'],
    ['chatId', 'bigint'],
    ['status', '"GameStatus"'],
    ['settings', 'jsonb'],
    ['state', 'jsonb'],
    ['version', 'int'],
    ['createdById', 'bigint'],
    ['winnerId', 'bigint'],
    ['deadlineAt', 'timestamptz'],
    ['turnStartedAt', 'timestamptz'],
    ['createdAt', 'timestamptz'],
    ['startedAt', 'timestamptz'],
    ['finishedAt', 'timestamptz'],
    ['updatedAt', 'timestamptz'],
  ]),
  Seat: new Table('Seat', [
    ['gameId', 'text'],
    ['userId', 'bigint'],
    ['order', 'int'],
    ['lives', 'int'],
    ['outAt', 'timestamptz'],
    ['outReason', 'text'],
    ['place', 'int'],
  ]),
  Round: new Table('Round', [
    ['gameRef', 'int'],
    ['number', 'smallint'],
    ['starterId', 'bigint'],
    ['loserId', 'bigint'],
    ['livesLost', 'smallint'],
    ['cause', '"LossCause"'],
    ['end', '"RoundEnd"'],
    ['startedAt', 'timestamptz'],
    ['endedAt', 'timestamptz'],
  ]),
  Announcement: new Table('Announcement', [
    ['gameRef', 'int'],
    ['roundNumber', 'smallint'],
    ['seq', 'smallint'],
    ['userId', 'bigint'],
    ['value', 'smallint'],
    ['rank', 'smallint'],
    ['diceHigh', 'smallint'],
    ['diceLow', 'smallint'],
    ['kind', '"AnnouncementKind"'],
    ['classification', '"Classification"'],
    ['answers', 'smallint'],
    ['thinkMs', 'int'],
    ['createdAt', 'timestamptz'],
  ]),
  Reveal: new Table('Reveal', [
    ['gameRef', 'int'],
    ['roundNumber', 'smallint'],
    ['announcementSeq', 'smallint'],
    ['diceHigh', 'smallint'],
    ['diceLow', 'smallint'],
    ['outcome', '"RevealOutcome"'],
    ['value', 'smallint'],
    ['classification', '"Classification"'],
    ['callerId', 'bigint'],
    ['announcerId', 'bigint'],
    ['createdAt', 'timestamptz'],
  ]),
  GameEvent: new Table('GameEvent', [
    ['gameId', 'text'],
    ['seq', 'int'],
    ['type', 'text'],
    ['payload', 'jsonb'],
    ['createdAt', 'timestamptz'],
  ]),
});
export type Tables = ReturnType<typeof tables>;
/** Foreign keys first. */
export const INSERT_ORDER = ['User', 'Chat', 'Game', 'Seat', 'Round', 'Announcement', 'Reveal', 'GameEvent'] as const;

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
export const big = (v: bigint | null | undefined) => (v === null || v === undefined ? null : v.toString());
