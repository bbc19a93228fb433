import { aiAction, calculator, rankingFor, type GameState } from '@mia/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimLabel } from '../src/render/claims';
import { allTexts, buttonText, DICE_PAIR, lastWithButton, world, type SimGroup, type SimUser, type World } from './support';

describe('a whole game in a group, through the real bot and telegram-sim', () => {
  let w: World;
  let group: SimGroup;
  let players: SimUser[];
  const presses: { user: string; button: string; popup?: string }[] = [];

  beforeAll(async () => {
    w = await world(7);
    // A scripted game moves far faster than people: Telegram's per-group flood limit is tested on its own.
    w.sim.setLimits(false);
    const [ada, bo, cleo] = ['Ada', 'Bo', 'Cleo'].map((firstName) => w.sim.user({ firstName }));
    players = [ada!, bo!, cleo!];
    group = w.sim.group({ title: 'Dice night', admins: [ada!], members: [bo!, cleo!], bots: [w.token] });
    for (const p of players) await p.startPrivateChat(w.token);
  });
  afterAll(() => w.close());

  const game = async () => (await w.games.currentGame(BigInt(group.id)))!;
  const userById = (id: string) => players.find((p) => String(p.id) === id)!;
  const press = async (user: SimUser, message: Parameters<SimUser['press']>[0], label: RegExp) => {
    const text = buttonText(message, label);
    const popup = await user.press(message, text);
    presses.push({ user: user.firstName, button: text, ...(popup?.text ? { popup: popup.text } : {}) });
    await w.settle();
    return popup;
  };

  it('opens a lobby, seats three players and starts', async () => {
    const [ada, bo, cleo] = players as [SimUser, SimUser, SimUser];
    await ada.send(group, '/newgame@mia_bot');
    const lobby = await w.sim.waitFor(() => lastWithButton(w.sim.messages(group), /Join/));
    expect(lobby.text).toContain('a new game by Ada');
    for (const p of [ada, bo, cleo]) expect((await press(p, lobby, /Join/))?.text).toBe('✋ You joined the game.');
    expect(w.sim.messages(group).find((m) => m.message_id === lobby.message_id)!.text).toMatch(/Players \(3\/10\)[\s\S]*Ada[\s\S]*Bo[\s\S]*Cleo/);
    // Only the creator or an admin may start.
    expect((await press(bo, w.sim.messages(group).find((m) => m.message_id === lobby.message_id)!, /Start/))?.text).toMatch(
      /creator or a group admin/,
    );
    await press(ada, w.sim.messages(group).find((m) => m.message_id === lobby.message_id)!, /Start/);
    expect((await game()).state.phase).toBe('playing');
  });

  it('plays to a winner: private dice and announcements, group calls, one table message per round', async () => {
    const strategy = calculator();
    let steps = 0;
    let foreignChecked = false;
    for (let state: GameState = (await game()).state; state.phase === 'playing'; state = (await w.games.game((await game())?.id ?? ''))?.state ?? state) {
      if (steps++ > 400) throw new Error('the game did not finish');
      const current = await w.games.currentGame(BigInt(group.id));
      if (!current) break;
      state = current.state;
      const actorId = state.round!.actor;
      const actor = userById(actorId);
      const action = aiAction(state, actorId, strategy, () => 0)!;
      const privateChat = actor.privateChat(w.token);
      switch (action.type) {
        case 'roll':
          await press(actor, lastWithButton(w.sim.messages(privateChat), /Roll and look/)!, /Roll and look/);
          break;
        case 'announce': {
          const label = new RegExp(`^${claimLabel(state.settings.ranking, action.value)}$`);
          await press(actor, lastWithButton(w.sim.messages(privateChat), label)!, label);
          break;
        }
        case 'believe':
        case 'call': {
          const table = lastWithButton(w.sim.messages(group), /Liar/)!;
          if (!foreignChecked) {
            // Anyone else pressing the receiver's buttons is told whose turn it is, and nothing changes.
            const other = players.find((p) => p !== actor)!;
            const before = (await game()).version;
            expect((await press(other, table, /Liar/))?.text).toBe(`It's ${actor.firstName}'s turn, not yours.`);
            expect((await game()).version).toBe(before);
            foreignChecked = true;
          }
          await press(actor, table, action.type === 'call' ? /Liar/ : /Believe & roll/);
          break;
        }
        case 'lookAtMia':
        case 'giveUp':
          await press(actor, lastWithButton(w.sim.messages(group), /Look/)!, action.type === 'lookAtMia' ? /Look/ : /Give up/);
          break;
        default:
          throw new Error(`unexpected ${action.type}`);
      }
    }
    const final = await w.db.prisma.game.findFirstOrThrow({ where: { chatId: BigInt(group.id) }, orderBy: { createdAt: 'desc' } });
    expect(final.status).toBe('FINISHED');
    const winner = players.find((p) => BigInt(p.id) === final.winnerId)!;
    expect(w.sim.lastMessage(group)?.text).toBe(`🏆 ${winner.firstName} wins the game of Mia!`);
    const rounds = await w.db.prisma.round.count({ where: { gameId: final.id } });
    const tables = w.sim.messages(group).filter((m) => m.text?.startsWith('🎲 Mia — round'));
    expect(tables).toHaveLength(rounds);
    expect(foreignChecked).toBe(true);
    void rankingFor;
  });

  it('never shows dice in the group before they are revealed', () => {
    const lines = allTexts(w.sim.messages(group)).flatMap((t) => t.split('\n'));
    const withDice = lines.filter((l) => DICE_PAIR.test(l));
    expect(withDice.length).toBeGreaterThan(0);
    for (const line of withDice) expect(line).toMatch(/calls liar|looks:/);
  });

  it('counts Bot API calls per player action', () => {
    const actions = presses.length;
    const calls = w.sim.calls.filter((c) => !['getUpdates', 'getMe', 'getChatMember'].includes(c.method)).length;
    const perAction = calls / actions;
    console.log(`Bot API calls: ${calls} for ${actions} button presses = ${perAction.toFixed(2)} per action`);
    expect(perAction).toBeLessThanOrEqual(3); // the goal
  });
});
