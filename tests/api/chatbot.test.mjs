// The reference chat bot (chatbot/bot.mjs) plays a whole Iron Future game
// for two people in its "channel" (its stdin and stdout): it creates the
// game with a seat for each, hears whose turn it is by verified webhooks,
// shows each player her view and her moves in a private line, and relays
// what she types in the game's notation. This test is the channel: it
// reads what the bot writes and types a move from the list it was shown.

import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

import assert from './lib/checks.mjs';
import { createAccount, seededRandom } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { freePort } from './lib/server.mjs';

const BOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../chatbot/bot.mjs');
const ctx = useServer({ env: { TURNPOST_DISPATCHERS: '1', TURNPOST_WEBHOOK_ALLOW: '127.0.0.1' } });

test('the reference chat bot plays an Iron Future game in text, driven by webhooks', async () => {
  const account = await createAccount(ctx.api, { kind: 'bot' });
  const port = await freePort();
  const bot = spawn(process.execPath, [BOT, '--server', ctx.server.url, '--token', account.token,
    '--listen', `127.0.0.1:${port}`], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  bot.stderr.on('data', (d) => { stderr += d; });
  const exited = new Promise((r) => bot.on('exit', (code) => r(code)));
  const rand = seededRandom(11);
  const channel = [];
  const dms = { alice: [], bob: [] };
  const block = { alice: null, bob: null };   // the moves a player is being shown
  let gameId = null;
  let typed = 0;
  let refused = 0;
  let saidHello = false;
  const type = (line) => bot.stdin.write(`${line}\n`);
  const over = new Promise((resolveOver, rejectOver) => {
    const timer = setTimeout(() => rejectOver(new Error(`no end of game in 240 s; stderr: ${stderr.slice(-2000)}`)), 240000);
    createInterface({ input: bot.stdout }).on('line', (line) => {
      const dm = /^\[dm (\w+)\] ?(.*)$/.exec(line);
      if (line.startsWith('#channel ')) {
        const text = line.slice(9);
        channel.push(text);
        if (text.startsWith('the bot is listening')) type('!new ironfuture alice bob');
        const g = /^game ([0-9a-f-]{36}): /.exec(text);
        if (g) gameId = g[1];
        if (text === 'game over') { clearTimeout(timer); resolveOver(); }
      } else if (dm) {
        const [, who, text] = dm;
        dms[who]?.push(text);
        if (text === 'moves:') block[who] = [];
        else if (text === 'end' && block[who]) {
          const moves = block[who].filter(Boolean);
          block[who] = null;
          if (!saidHello) { saidHello = true; type(`${who}: say good luck`); }
          if (typed === 3) { type(`${who}: fly to the moon`); }
          const pick = rand.pick(moves).split('  (')[0].trim();
          typed++;
          type(`${who}: ${pick}`);
        } else if (block[who]) block[who].push(text);
        else if (text.startsWith('not taken:')) refused++;
      }
    });
  });
  await over;
  bot.stdin.end();
  assert.equal(await exited, 0, `the bot exits cleanly: ${stderr.slice(-1000)}`);
  assert.ok(gameId, 'the bot named its game');
  const ex = (await ctx.api.get(`/v1/games/${gameId}/export`, { token: account.token, expect: 200 })).body;
  assert.equal(ex.moves.length, typed, 'every move was typed in the channel, and each was taken');
  assert.equal(refused, 1, 'the one unreadable line was refused, privately');
  assert.ok(dms.alice.some((l) => /unreadable_move/.test(l)) || dms.bob.some((l) => /unreadable_move/.test(l)));
  assert.ok(typed > 20, `a whole game (${typed} moves)`);
  assert.ok(channel.includes('alice says: good luck') || channel.includes('bob says: good luck'), 'messages reach the channel');
  assert.ok(channel.some((l) => /^(alice|bob), it is your move/.test(l)), 'turns are announced');
  // what each player was shown privately stays out of the channel
  const shown = new Set([...dms.alice, ...dms.bob].filter((l) => /hand/i.test(l)));
  assert.ok(shown.size > 0, 'each player was shown her hand, privately');
  for (const l of channel) assert.ok(!shown.has(l), `a private line reached the channel: ${l}`);
  assert.ok(channel.every((l) => l.length <= 2000));
});
