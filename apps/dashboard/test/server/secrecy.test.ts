// THE SECRECY TEST. Games with forced dice are played move by move through GameService; after
// every move every route's answer and every live message (the stream, and a fresh snapshot) is
// collected and checked: no dice the game has not revealed, and statistics that count finished
// games only. The checker is itself shown to catch leaks injected on purpose.
import { DEFAULT_SETTINGS, spectatorView, type GameState } from '@mia/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GroupPage, LiveGame, PlayerPage } from '../../shared/api';
import { toLiveGame } from '../../server/mappers/live-game';
import { encode } from '../../server/live/messages';
import { encodePublic } from '../../server/live/public-messages';
import { encodeSpectators } from '../../server/live/spectators';
import { diceKey, findLeaks, revealedDice, secretDice } from './leak-check';
import { ADA, BO, CLEO, DOV, group, listen, LiveClient, Table, world, type Move, type World } from './support';

const CHAT = -100_777n;

/**
 * Game 1 (Ada, Bo, Cleo; 2 lives; blind passes on): every kind of move and secret. The comments
 * say what lies under the cup and what is still secret after the move. Each round's starter is
 * dealt the dice as it starts (`GAME_1_DEAL`, and `deal` on the move that ends a round).
 */
const GAME_1_DEAL: [number, number] = [3, 1]; // Ada looks at 31 as the game starts: the cup's dice are hers alone
const GAME_1: Move[] = [
  { type: 'announce', value: 52 }, // a bluff: 31 behind "52"
  { type: 'believe' }, // Bo takes the cup unseen
  { type: 'roll', dice: [6, 5] }, // Bo rolls 65
  { type: 'announce', value: 64 }, // under: 65 behind "64"
  { type: 'passBlind', value: 64 }, // Cleo passes the same dice on unseen
  { type: 'call', deal: [2, 2] }, // Ada calls: 65 revealed, the claim held, Ada loses a life; Bo starts, looking at 22
  { type: 'announce', value: 55 }, // a bluff: 22 behind "55", never revealed
  { type: 'believe' }, // Cleo
  { type: 'announceBlind', value: 21, dice: [2, 1] }, // Cleo rolls Mia unseen by anyone and announces it blind
  { type: 'lookAtMia', deal: [4, 3] }, // Ada looks: 21 revealed, she is out; Bo starts, looking at 43
  { type: 'announce', value: 61 }, // a bluff, never revealed
  { type: 'timeout', deal: [6, 6] }, // Cleo misses her turn: 43 stays secret for good; Bo starts, looking at 66
  { type: 'announce', value: 21 }, // a false Mia
  { type: 'giveUp' }, // Cleo gives up without looking: 66 never revealed; Cleo is out, Bo wins
];

/** Game 2 (Ada, Dov), left running: looked announcements that must not count anywhere. */
const GAME_2_DEAL: [number, number] = [5, 1];
const GAME_2: Move[] = [
  { type: 'announce', value: 62 },
  { type: 'believe' },
  { type: 'roll', dice: [6, 6] },
  { type: 'announce', value: 66 },
  { type: 'believe' },
  { type: 'roll', dice: [1, 1] },
  { type: 'announce', value: 21 },
];

describe('the leak checker', () => {
  // A game mid-round, as the engine holds it: Ada looked at 31 and announced 52, Bo rolled 65.
  const state = {
    phase: 'playing',
    settings: { ...DEFAULT_SETTINGS, lives: 2 },
    creator: '1',
    seats: [
      { id: '1', name: 'Ada', ai: false, lives: 2, out: null, missedTurns: 0 },
      { id: '2', name: 'Bo', ai: false, lives: 2, out: null, missedTurns: 0 },
    ],
    round: {
      number: 1,
      starter: '1',
      actor: '2',
      stage: 'announce',
      cup: { dice: [6, 5], lookedBy: '2' },
      announcements: [{ player: '1', value: 52, kind: 'looked', dice: [3, 1], class: 'over' }],
      reveal: null,
      losses: [],
      ended: null,
    },
    lastRound: null,
    move: 3,
    result: null,
  } as unknown as GameState;
  const none = new Set<string>();

  it('passes the spectator view of that game', () => {
    expect(findLeaks({ view: spectatorView(state) }, none)).toEqual([]);
  });

  it('catches the engine state itself: the cup and the dice behind the announcement', () => {
    const leaks = findLeaks({ view: state }, none);
    expect(leaks.some((l) => l.includes('round.cup'))).toBe(true);
    expect(leaks.some((l) => l.includes('announcements.0') && l.includes('dice'))).toBe(true);
    expect(leaks.some((l) => l.includes('class'))).toBe(true);
  });

  it('catches dice injected anywhere, under any name, and an announcement with more than it should show', () => {
    const view = spectatorView(state);
    const inject = (patch: (v: Record<string, unknown>) => void) => {
      const copy = structuredClone(view) as unknown as Record<string, unknown>;
      patch(copy);
      return findLeaks({ games: [{ view: copy }] }, none);
    };
    expect(inject((v) => (v.hint = [6, 5]))).toHaveLength(1);
    expect(inject((v) => ((v.round as { announcements: object[] }).announcements[0] = { player: '1', value: 52, kind: 'looked', truth: 31 }))).toHaveLength(1);
    expect(inject((v) => ((v.round as Record<string, unknown>).dice = { high: 6, low: 5 }))).not.toEqual([]);
    expect(inject((v) => (v.seats = [{ id: '1', secret: { diceHigh: 6 } }]))).not.toEqual([]);
  });

  it('accepts revealed dice in a reveal only, and only if they were revealed', () => {
    const reveal = { dice: [6, 5], announced: 64, announcer: '3', by: '1', reason: 'call', outcome: 'claim-held' };
    const payload = { view: { lastRound: { reveal } } };
    expect(findLeaks(payload, new Set(['6,5']))).toEqual([]);
    expect(findLeaks(payload, new Set(['3,1']))).toHaveLength(1);
    expect(findLeaks({ view: { lastRound: { revealed: reveal } } }, new Set(['6,5']))).not.toEqual([]);
  });

  it('knows which dice are secret from the events', () => {
    const events = [
      { type: 'diceRolled', player: '1', dice: [3, 1], looked: true },
      { type: 'announced', player: '1', value: 52, kind: 'looked', dice: [3, 1], class: 'over' },
      { type: 'diceRolled', player: '2', dice: [6, 5], looked: true },
      { type: 'revealed', round: 1, dice: [6, 5], announced: 64, announcer: '2', by: '3', reason: 'call', outcome: 'claim-held' },
    ] as const;
    expect([...secretDice(events as never)]).toEqual(['3,1']);
    expect([...revealedDice(events as never)]).toEqual(['6,5']);
  });

  it('the live serializer drops what its schema has no place for (the second guard)', () => {
    const leaky = { ...toLiveGame({ id: 'g', status: 'PLAYING', version: 3, deadlineAt: null, state }, new Date()), view: state } as unknown as LiveGame;
    expect(findLeaks({ view: state }, none)).not.toEqual([]);
    const written = JSON.parse(encode.game(leaky)) as { game: LiveGame };
    expect(findLeaks(written, none)).toEqual([]);
    expect(written.game.view.round!.announcements).toEqual([{ player: '1', value: 52, kind: 'looked' }]);
  });

  it('so do the public channel’s serializers and the spectator counts', () => {
    const leaky = { ...toLiveGame({ id: 'g', status: 'PLAYING', version: 3, deadlineAt: null, state }, new Date()), view: state } as unknown as LiveGame;
    const game = { group: { token: 't'.repeat(24), title: 'T' }, game: leaky };
    for (const frame of [encodePublic.game(game), encodePublic.ended(game), encodePublic.snapshot([game], 'g')]) {
      expect(findLeaks(JSON.parse(frame), none)).toEqual([]);
    }
    const counts = JSON.parse(encodePublic.spectators([{ game: 'g', watching: 2, dice: [6, 5] } as never]));
    expect(counts).toEqual({ type: 'spectators', counts: [{ game: 'g', watching: 2 }] });
    expect(JSON.parse(encodeSpectators(2))).toEqual({ type: 'spectators', watching: 2 });
  });
});

describe('secrecy over whole games played move by move', () => {
  let w: World;
  let base: string;
  let token: string;
  let stream: LiveClient;
  let checkedUpTo = 0;
  /** The public channel (the index's previews and TV): the group is listed, so its games are there too. */
  let publicStream: LiveClient;
  let publicCheckedUpTo = 0;
  let checks = 0;

  beforeAll(async () => {
    w = await world();
    base = await listen(w.app);
    token = await group(w.games, CHAT, 'Secret society', true);
    stream = await LiveClient.connect(`${base}/api/g/${token}/ws`);
    await stream.next('snapshot');
    publicStream = await LiveClient.connect(`${base}/api/live/ws`);
    await publicStream.next('snapshot');
  });
  afterAll(async () => {
    stream?.close();
    publicStream?.close();
    await w?.close();
  });

  const get = async <T>(url: string): Promise<{ status: number; body: T }> => {
    const res = await w.app.inject({ url });
    return { status: res.statusCode, body: res.json() as T };
  };

  /** Every payload a spectator can get right now: each route, a fresh snapshot, and the stream since the last check. */
  async function everyPayload(table: Table, people: { id: string }[]): Promise<{ label: string; body: unknown }[]> {
    const out: { label: string; body: unknown }[] = [];
    for (const url of ['/api/groups', '/api/odds', '/api/live', `/api/g/${token}`, `/api/g/${token}/live`, `/api/g/${token}/stats`]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(200);
      out.push({ label: url, body });
    }
    for (const p of people) {
      for (const url of [`/api/g/${token}/players/${p.id}`, `/api/g/${token}/players/${p.id}/games`]) {
        const { status, body } = await get(url);
        expect(status, url).toBe(200);
        out.push({ label: url, body });
      }
    }
    // A running game has no replay: its rolls are secret.
    if (table.game!.status === 'PLAYING' || table.game!.status === 'LOBBY') {
      expect((await get(`/api/g/${token}/games/${table.game!.id}`)).status).toBe(404);
    }
    const fresh = await LiveClient.connect(`${base}/api/g/${token}/ws`);
    out.push({ label: 'snapshot on connect', body: await fresh.next('snapshot') });
    fresh.close();
    // The stream: this move's message must have arrived (within a second), then all new ones are checked.
    const version = table.game!.version;
    const running = table.game!.status === 'LOBBY' || table.game!.status === 'PLAYING';
    const id = table.game!.id;
    const seen = stream.messages.some((m) => (m.type === 'game' || m.type === 'ended') && m.game.id === id && m.game.version === version);
    if (!seen) await stream.next(running ? 'game' : 'ended', (m) => m.game.id === id && m.game.version === version, 1000);
    for (const m of stream.messages.slice(checkedUpTo)) out.push({ label: `live ${m.type}`, body: m });
    checkedUpTo = stream.messages.length;
    // The public channel likewise: a fresh snapshot, and this move's frame with all before it.
    const freshPublic = await LiveClient.connect(`${base}/api/live/ws`);
    out.push({ label: 'public snapshot on connect', body: await freshPublic.next('snapshot') });
    freshPublic.close();
    const publicFrame = (m: unknown) => {
      const g = (m as { game?: { game?: { id?: string; version?: number } } }).game?.game;
      return g?.id === id && g.version === version;
    };
    if (!publicStream.messages.some(publicFrame)) await publicStream.next(running ? 'game' : 'ended', publicFrame as never, 1000);
    for (const m of publicStream.messages.slice(publicCheckedUpTo)) out.push({ label: `public live ${m.type}`, body: m });
    publicCheckedUpTo = publicStream.messages.length;
    return out;
  }

  function expectNoLeaks(payloads: { label: string; body: unknown }[], table: Table, move: string) {
    const revealed = revealedDice(table.events);
    for (const { label, body } of payloads) {
      expect(findLeaks(body, revealed), `${label} after ${move}`).toEqual([]);
      checks++;
    }
    // Belt and braces: no payload's text holds a secret pair in any notation.
    const text = payloads.map((p) => JSON.stringify(p.body)).join('\n');
    for (const d of secretDice(table.events)) {
      const [a, b] = d.split(',');
      expect(text, `secret ${d} after ${move}`).not.toMatch(new RegExp(`\\[\\s*${a}\\s*,\\s*${b}\\s*\\]`));
    }
  }

  const pageOf = (payloads: { label: string; body: unknown }[], id: string) =>
    payloads.find((p) => p.label === `/api/g/${token}/players/${id}`)!.body as PlayerPage;
  const groupPageOf = (payloads: { label: string; body: unknown }[]) => payloads.find((p) => p.label === `/api/g/${token}`)!.body as GroupPage;

  let afterGame1: { pages: Map<string, PlayerPage>; group: GroupPage };

  it('game 1: no payload shows a die before it is revealed; statistics stay empty while it runs', async () => {
    const table = new Table(w.games, w.dice, CHAT);
    const people = [ADA, BO, CLEO];
    await table.open(people, { lives: 2, blindPass: true, turnSeconds: 90 });
    await table.start(GAME_1_DEAL);
    expect(table.game!.state.round).toMatchObject({ stage: 'announce', cup: { dice: GAME_1_DEAL, lookedBy: ADA.id } });
    expectNoLeaks(await everyPayload(table, people), table, 'start');
    for (const [i, move] of GAME_1.entries()) {
      await table.play(move);
      const payloads = await everyPayload(table, people);
      expectNoLeaks(payloads, table, `move ${i + 1} (${move.type})`);
      if (table.game!.status !== 'FINISHED') {
        for (const p of people) {
          const page = pageOf(payloads, p.id);
          expect(page.games, `${p.name} after move ${i + 1}`).toBe(0);
          expect(page.announcements.total).toBe(0);
          expect(page.announcedVsActual).toEqual([]);
          expect(page.recent.games).toEqual([]);
          expect(page.tells).toEqual([]);
          expect(page.series.points).toEqual([]);
          expect(page.rating).toBeNull();
        }
        const g = groupPageOf(payloads);
        expect(g.ratings.people).toEqual([]);
        expect(g.games).toEqual([]);
        expect(g.live.map((l) => l.id)).toEqual([table.game!.id]);
      }
    }
    // The script reached every secret it meant to: some dice were revealed, others never will be.
    expect(table.game!.status).toBe('FINISHED');
    expect([...revealedDice(table.events)].sort()).toEqual(['2,1', '6,5']);
    expect([...secretDice(table.events)].sort()).toEqual(['2,2', '3,1', '4,3', '6,6']);

    // Now finished: its replay shows every roll, and the statistics count it.
    const replay = await get<{ rounds: { announcements: { dice: number[] }[] }[] }>(`/api/g/${token}/games/${table.game!.id}`);
    expect(replay.status).toBe(200);
    expect(replay.body.rounds.flatMap((r) => r.announcements.map((a) => diceKey(a.dice)))).toContain('3,1');

    const payloads = await everyPayload(table, people);
    afterGame1 = { pages: new Map(people.map((p) => [p.id, pageOf(payloads, p.id)])), group: groupPageOf(payloads) };
    // Looked announcements against their dice, exactly as the engine's events say.
    const looked = (player: string) =>
      table.events
        .filter((e) => e.type === 'announced' && e.player === player && e.kind === 'looked')
        .map((e) => (e.type === 'announced' ? { announced: e.value, actual: e.dice[0] * 10 + e.dice[1], count: 1 } : null))
        .sort((a, b) => a!.announced - b!.announced || a!.actual - b!.actual);
    for (const p of people) expect(afterGame1.pages.get(p.id)!.announcedVsActual, p.name).toEqual(looked(p.id));
    expect(afterGame1.pages.get(ADA.id)!.announcedVsActual).toEqual([{ announced: 52, actual: 31, count: 1 }]);
    expect(afterGame1.pages.get(BO.id)!.games).toBe(1);
    expect(afterGame1.pages.get(BO.id)!.wins).toBe(1);
    expect(afterGame1.group.ratings.people[0]).toMatchObject({ position: 1, name: 'Bo', wins: 1 });
    expect(afterGame1.group.games.map((g) => g.id)).toEqual([table.game!.id]);
  });

  it('game 2, left running then aborted: secrets kept, and none of its announcements is ever counted', async () => {
    const table = new Table(w.games, w.dice, CHAT);
    const people = [ADA, DOV];
    await table.open(people, { lives: 3 });
    await table.start(GAME_2_DEAL);
    for (const [i, move] of GAME_2.entries()) {
      await table.play(move);
      const payloads = await everyPayload(table, [...people, BO, CLEO]);
      expectNoLeaks(payloads, table, `game 2 move ${i + 1} (${move.type})`);
      for (const [id, before] of afterGame1.pages) expect(pageOf(payloads, id), `player ${id} after game 2 move ${i + 1}`).toEqual(before);
      const dov = pageOf(payloads, DOV.id);
      expect([dov.games, dov.announcements.total, dov.announcedVsActual, dov.recent.games, dov.tells]).toEqual([0, 0, [], [], []]);
      const g = groupPageOf(payloads);
      expect(g.ratings).toEqual(afterGame1.group.ratings);
      expect(g.games).toEqual(afterGame1.group.games);
      expect(g.group.finishedGames).toBe(1);
    }
    // Its looked announcements are in the database (so the filter, not their absence, keeps them out).
    const rows = await w.db.prisma.announcement.count({ where: { game: { id: table.game!.id }, kind: 'LOOKED' } });
    expect(rows).toBe(3);
    expect(secretDice(table.events).size).toBe(3);

    // Aborted (/stop): never counted either, and its replay is never given.
    await w.games.abort(CHAT, table.game!.id);
    const ended = await stream.next('ended', (m) => m.game.id === table.game!.id, 3000);
    expect(ended.game.status).toBe('ABORTED');
    expect(findLeaks(ended, revealedDice(table.events))).toEqual([]);
    expect((await get(`/api/g/${token}/games/${table.game!.id}`)).status).toBe(404);
    for (const [id, before] of afterGame1.pages) expect((await get<PlayerPage>(`/api/g/${token}/players/${id}`)).body).toEqual(before);
    expect(checks).toBeGreaterThan(200);
  });
});
