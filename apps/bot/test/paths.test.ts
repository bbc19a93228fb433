import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allTexts,
  buttonText,
  claimButton,
  DICE_PAIR,
  lastWithButton,
  openPrivateChats,
  scriptedRng,
  type SimGroup,
  type SimUser,
  world,
  type World,
} from './support';

/**
 * Every path of the rules in one scripted game, dice forced: truth called wrongly, a bluff called
 * rightly, an under-announcement, believing blind, passing blind, a real Mia looked at, a false
 * Mia looked at, a Mia given up, eliminations and the winner.
 */
describe('every path of the rules through the bot', () => {
  let w: World;
  let group: SimGroup;
  let ada: SimUser, bo: SimUser, cleo: SimUser;
  // Starter Ada (draw 0 of 3); then each roll is two draws of 0–5 (die − 1).
  const draws = [0, 4, 2, 2, 0, 5, 4, 0, 0, 1, 0, 3, 1, 2, 2];

  beforeAll(async () => {
    w = await world({ seed: 5, rng: scriptedRng(draws) });
    w.sim.setLimits(false);
    [ada, bo, cleo] = ['Ada', 'Bo', 'Cleo'].map((firstName) => w.sim.user({ firstName })) as [SimUser, SimUser, SimUser];
    group = w.sim.group({ title: 'Paths', admins: [ada], members: [bo, cleo], bots: [w.token] });
    await openPrivateChats(w, [ada, bo, cleo]);
    // House rules come with the settings issue; here the game is opened with them directly.
    const created = await w.games.act({
      chatId: BigInt(group.id),
      user: { id: String(ada.id), name: 'Ada' },
      chat: { title: 'Paths', type: 'group' },
      action: { type: 'create', creator: String(ada.id), settings: { lives: 3, blindPass: true } },
    });
    expect(created.status).toBe('applied');
    await w.settle();
    const lobby = lastWithButton(w.sim.messages(group), /Join/)!;
    for (const p of [ada, bo, cleo]) await p.press(lobby, '✋ Join');
    await w.settle();
    await ada.press(w.sim.messages(group).find((m) => m.message_id === lobby.message_id)!, '▶️ Start');
    await w.settle();
  });
  afterAll(() => w.close());

  /** A claim's button in the player's private prompt ("53 · 33%", "🎯 53 · 33%" on the truth). */
  const privately = async (user: SimUser, claim: string) => {
    const msg = lastWithButton(w.sim.messages(user.privateChat(w.token)), claimButton(claim));
    expect(msg, `${user.firstName} has a private button "${claim}"`).toBeDefined();
    const popup = await user.press(msg!, buttonText(msg!, claimButton(claim)));
    await w.settle();
    return popup;
  };
  const onTable = async (user: SimUser, label: RegExp) => {
    const msg = lastWithButton(w.sim.messages(group), label)!;
    const text = msg.reply_markup!.inline_keyboard.flat().find((b) => label.test(b.text))!.text;
    const popup = await user.press(msg, text);
    await w.settle();
    return popup;
  };
  const tableMessage = () =>
    w.sim
      .messages(group)
      .filter((m) => m.text?.startsWith('🎲 Mia — round'))
      .at(-1)!;
  const table = () => tableMessage().text!;
  const lives = async () => {
    const g = await w.db.prisma.game.findFirstOrThrow({ where: { chatId: BigInt(group.id) }, include: { seats: { include: { user: true } } } });
    return Object.fromEntries(g.seats.map((s) => [s.user.firstName, s.lives]));
  };

  it('round 1: the truth (53 on 5-3) called wrongly — the caller loses a life', async () => {
    // The starter has rolled and looked with the round's start: their one prompt shows the dice
    // and marks the truthful claim.
    const prompt = w.sim.messages(ada.privateChat(w.token)).at(-1)!;
    expect(prompt.text).toContain('Your dice: ⚄⚂ 53');
    expect(buttonText(prompt, claimButton('53'))).toMatch(/^🎯 53 · \d+%$/);
    await privately(ada, '53');
    expect(table()).toContain('📣 Ada: 53');
    await onTable(bo, /Liar/);
    expect(table()).toMatch(/Bo calls liar: ⚄⚂ 53[\s\S]*Bo loses a life \(wrong call\)/);
    expect(await lives()).toEqual({ Ada: 3, Bo: 2, Cleo: 3 });
  });

  it('round 2: a bluff (62 on 3-1) called rightly — the bluffer loses a life', async () => {
    await privately(cleo, '62');
    await onTable(ada, /Liar/);
    expect(table()).toMatch(/Ada calls liar: ⚂⚀ 31[\s\S]*Cleo loses a life \(caught bluffing\)/);
    expect(await lives()).toEqual({ Ada: 3, Bo: 2, Cleo: 2 });
  });

  it('round 3: under (43 on 6-5), believed blind, passed on blind, called: the passer is answerable', async () => {
    await privately(ada, '43');
    await onTable(bo, /Believe, roll blind/);
    // Bo's prompt is edited: no dice in view, the blind claims, and the way back to rolling.
    const boPrompt = w.sim.messages(bo.privateChat(w.token)).at(-1)!;
    expect(boPrompt.text).toContain('You believed. Announce blind, without looking at the dice');
    expect(boPrompt.text).not.toMatch(DICE_PAIR);
    expect(buttonText(boPrompt, /^🎲 Roll and look instead$/)).toBeDefined();
    expect(buttonText(boPrompt, claimButton('54'))).toBe(buttonText(boPrompt, /^54 · /));
    await privately(bo, '54');
    expect(table()).toContain('📣 Bo: 54 (blind)');
    await onTable(cleo, /Pass blind/);
    expect(table()).toContain('📣 Cleo: 54 (passed on unseen)');
    await onTable(ada, /Liar/);
    // 11 beats 54: the claim held, so the caller loses.
    expect(table()).toMatch(/Ada calls liar: ⚀⚀ 11[\s\S]*Ada loses a life \(wrong call\)/);
    expect(await lives()).toEqual({ Ada: 2, Bo: 2, Cleo: 2 });
  });

  it('round 4: a real Mia looked at costs the receiver 2 lives — Cleo is out', async () => {
    await privately(bo, 'Mia');
    await onTable(cleo, /Look/);
    expect(table()).toMatch(/Cleo looks: ⚁⚀ Mia[\s\S]*Cleo loses 2 lives \(looked at a real Mia\)/);
    expect(await lives()).toEqual({ Ada: 2, Bo: 2, Cleo: 0 });
    // Cleo is struck through on the lives line, with no hearts.
    const out = tableMessage();
    expect(out.text).toMatch(/Cleo ✖ out/);
    expect(out.text).not.toMatch(/Cleo ❤️/);
    const struck = (out.entities ?? []).filter((e) => e.type === 'strikethrough').map((e) => out.text!.slice(e.offset, e.offset + e.length));
    expect(struck).toContain('Cleo');
  });

  it('round 5: a false Mia looked at costs the announcer a life', async () => {
    await privately(ada, 'Mia');
    await onTable(bo, /Look/);
    expect(table()).toMatch(/Bo looks: ⚃⚁ 42[\s\S]*Ada loses a life \(caught bluffing\)/);
    expect(await lives()).toEqual({ Ada: 1, Bo: 2, Cleo: 0 });
  });

  it('round 6: a Mia given up costs a life, unseen — Ada is out and Bo wins', async () => {
    await privately(bo, 'Mia');
    const popupForOthers = await onTable(cleo, /Give up/);
    expect(popupForOthers?.text).toBe("You're out of this game.");
    await onTable(ada, /Give up/);
    expect(await lives()).toEqual({ Ada: 0, Bo: 2, Cleo: 0 });
    // Round 6's message holds its outcome; one more message has the winner and the ranking.
    expect(table()).toMatch(/📣 Bo: Mia\n🏳️ Ada gives up on the Mia\.\n💔 Ada loses a life \(gave up on Mia\)/);
    expect(tableMessage().reply_markup).toBeUndefined();
    expect(w.sim.lastMessage(group)!.text).toBe('🏆 Bo wins the game of Mia!\n1. Bo ❤️2\n2. Ada\n3. Cleo\n6 rounds played.');
    // The given-up dice (3-3) were never shown in the group.
    expect(allTexts(w.sim.messages(group)).join('\n')).not.toContain('⚂⚂');
    const game = await w.db.prisma.game.findFirstOrThrow({ where: { chatId: BigInt(group.id) } });
    expect(game.status).toBe('FINISHED');
  });

  it("told each player's own part in their private chat as theirs, not in the third person", () => {
    const closed = (user: SimUser) => allTexts(w.sim.messages(user.privateChat(w.token))).filter((t) => t.startsWith('🏁 Round'));
    expect(closed(ada)).toEqual([
      '🏁 Round 2 is over.\n❗ You call liar: ⚂⚀ 31\n31 is lower than 62: Cleo was bluffing.\n💔 Cleo loses a life (caught bluffing)\nyou ❤️3 · Bo ❤️2 · Cleo ❤️2',
      '🏁 Round 3 is over.\n❗ You call liar: ⚀⚀ 11\n11 is at least 54: Cleo was not bluffing.\n💔 You lose a life (wrong call)\nyou ❤️2 · Bo ❤️2 · Cleo ❤️2',
      '🏁 Round 6 is over.\n🏳️ You give up on the Mia.\n💔 You lose a life (gave up on Mia)\n🏆 The game is over: Bo wins.\nYour place: 2 of 3.',
    ]);
    expect(closed(bo)).toEqual([
      '🏁 Round 1 is over.\n❗ You call liar: ⚄⚂ 53\n53 is at least 53: Ada was not bluffing.\n💔 You lose a life (wrong call)\nAda ❤️3 · you ❤️2 · Cleo ❤️3',
      '🏁 Round 5 is over.\n👀 You look: ⚃⚁ 42\nNot a Mia: Ada was bluffing.\n💔 Ada loses a life (caught bluffing)\nAda ❤️1 · you ❤️2 · Cleo ✖ out',
    ]);
    expect(closed(cleo)).toEqual([
      '🏁 Round 4 is over.\n👀 You look: ⚁⚀ Mia\nA real Mia!\n💔 You lose 2 lives (looked at a real Mia)\nAda ❤️2 · Bo ❤️2 · you ✖ out',
    ]);
    // The group reads the same rounds by name.
    const group_ = allTexts(w.sim.messages(group)).join('\n');
    expect(group_).toContain('Cleo loses 2 lives (looked at a real Mia)');
    expect(group_).not.toMatch(/You (call|look|lose|give up)|you were/);
  });

  it('showed no dice in the group before their reveal', () => {
    const lines = allTexts(w.sim.messages(group)).flatMap((t) => t.split('\n'));
    for (const line of lines.filter((l) => DICE_PAIR.test(l))) expect(line).toMatch(/calls liar|looks:/);
  });
});
