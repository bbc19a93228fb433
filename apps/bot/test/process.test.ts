import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TelegramSim } from '@mia/telegram-sim';
import { GROUP_COMMANDS, PRIVATE_COMMANDS, commandList } from '../src/commands';
import { LOCALES } from '../src/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const appDir = new URL('..', import.meta.url).pathname;

/** The bot as an operator runs it: `npm start -w @mia/bot`, configured by the environment only. */
describe('the bot process (src/main.ts)', { timeout: 120_000 }, () => {
  let sim: TelegramSim;
  let dataDir: string;
  let child: ChildProcess | null = null;
  let output = '';

  beforeAll(async () => {
    sim = await TelegramSim.start({ limits: false });
    dataDir = await mkdtemp(join(tmpdir(), 'mia-bot-'));
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await sim.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  function start(env: Record<string, string>) {
    const base: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env };
    delete base.DATABASE_URL;
    if (process.env.TEST_DATABASE_URL) delete base.DATA_DIR; // the PG run still uses the embedded default here
    const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: appDir, env: base });
    proc.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    return proc;
  }

  it('refuses to start without a token, saying where to get one', async () => {
    const proc = start({ BOT_TOKEN: '' });
    const code = await new Promise((r) => proc.on('exit', r));
    expect(code).not.toBe(0);
    expect(output).toMatch(/BOT_TOKEN/);
  });

  it('long polls telegram-sim, registers its commands, plays, and stops cleanly on SIGTERM', async () => {
    output = '';
    const token = sim.createBot({ username: 'mia_bot' });
    child = start({ BOT_TOKEN: token, TELEGRAM_API_ROOT: sim.apiRoot });
    const ada = sim.user({ firstName: 'Ada' });
    const group = sim.group({ title: 'Process', admins: [ada], bots: [token] });
    await sim.waitFor(() => output.includes('bot: long polling'), 60_000);
    // Registered per scope and language: English by default, each of the five by its code.
    expect(sim.commands(token, { scope: { type: 'all_group_chats' } }).map((c) => c.command)).toEqual([...GROUP_COMMANDS]);
    expect(sim.commands(token, { scope: { type: 'all_private_chats' } }).map((c) => c.command)).toEqual([...PRIVATE_COMMANDS]);
    for (const locale of LOCALES) {
      expect(sim.commands(token, { scope: { type: 'all_group_chats' }, languageCode: locale })).toEqual(commandList(GROUP_COMMANDS, locale));
    }
    expect(sim.commands(token, { scope: { type: 'all_group_chats' }, languageCode: 'ru' }).find((c) => c.command === 'rules')?.description).not.toBe(
      sim.commands(token, { scope: { type: 'all_group_chats' } }).find((c) => c.command === 'rules')?.description,
    );
    ada.startPrivateChat(token);
    await ada.send(group, '/newgame@mia_bot');
    const lobby = await sim.waitFor(() => sim.messages(group).find((m) => m.text?.includes('a new game by Ada')), 20_000);
    expect(lobby.reply_markup?.inline_keyboard.flat().map((b) => b.text)).toContain('✋ Join');
    // Info logs name games and actions, never dice or the token.
    expect(output).not.toContain(token.split(':')[1]!);
    child.kill('SIGTERM');
    const code = await new Promise((r) => child!.on('exit', r));
    expect(code).toBe(0);
    child = null;
  });
});
