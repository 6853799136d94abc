// Messages, the "post" of play-by-post: to everyone or to one seat, alone or
// with a move; each seat and spectator reads what it may, through the list,
// the event streams, the webhooks and the export; and every bad message is
// refused with a problem and changes nothing.

import { after, test } from 'node:test';

import assert from './lib/checks.mjs';
import { createAccount, refusedLeavesGame } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { startReceiver } from './lib/receiver.mjs';
import { startServer } from './lib/server.mjs';
import { openStream } from './lib/sse.mjs';

const ctx = useServer({ env: { TURNPOST_WEBHOOK_ALLOW: '127.0.0.1' } });
let rx;
let replica;
after(async () => {
  await replica?.stop();
  await rx?.stop();
});

// A three-player Steam game, every seat an account, and a spectator.
async function table() {
  const players = [];
  for (let i = 0; i < 3; i++) players.push(await createAccount(ctx.api));
  const spectator = await createAccount(ctx.api);
  const game = (await ctx.api.post('/v1/games', {
    token: players[0].token,
    body: { ruleset: 'steam', seats: players.map((p) => ({ account_id: p.id })) },
    expect: 201,
  })).body.game;
  return { game, players, spectator };
}

const texts = async (id, token) =>
  (await ctx.api.get(`/v1/games/${id}/messages`, { token, expect: 200 })).body.messages.map((m) => m.text);

test('each seat and the spectator read what they may: lists, streams, webhooks and the export', async () => {
  rx ??= await startReceiver();
  replica ??= await startServer({
    keysDir: ctx.server.keysDir, env: { TURNPOST_DISPATCHERS: '1', TURNPOST_WEBHOOK_ALLOW: '127.0.0.1' },
  });
  const { game, players, spectator } = await table();
  for (const [i, p] of players.entries()) {
    await ctx.api.post('/v1/webhooks', { token: p.token, body: { url: rx.url(`/m${i}`), events: ['game.message'] }, expect: 201 });
  }
  const streams = [...players, spectator].map((p) => openStream(`${replica.url}/v1/games/${game.id}/events?after=0`, p.token));
  const hello = await ctx.api.post(`/v1/games/${game.id}/messages`, { token: players[0].token, body: { text: 'Good luck, all' }, expect: 201 });
  assert.deepEqual({ ...hello.body.message, created_at: null }, { id: 1, seat: 0, to: null, text: 'Good luck, all', move_seq: null, created_at: null });
  const secret = await ctx.api.post(`/v1/games/${game.id}/messages`, { token: players[1].token, body: { text: 'Shall we block seat 0?', to: 2 }, expect: 201 });
  assert.equal(secret.body.message.to, 2);
  // with a move: the seat that must act bids or passes, and says so
  const v = (await ctx.api.get(`/v1/games/${game.id}`, { token: players[0].token, expect: 200 })).body;
  const s = v.must_act[0];
  const moved = await ctx.api.post(`/v1/games/${game.id}/moves`, {
    token: players[s].token, body: { move: { type: 'pass' }, message: { text: 'I pass' } }, expect: 201,
  });
  assert.equal(moved.body.message.text, 'I pass');
  assert.equal(moved.body.message.move_seq, moved.body.seq, 'the message names the move it came with');
  assert.equal(moved.body.game.version, v.version + 1);

  const everyone = ['Good luck, all', 'I pass'];
  const all = ['Good luck, all', 'Shall we block seat 0?', 'I pass'];
  assert.deepEqual(await texts(game.id, players[0].token), everyone, 'seat 0 does not read the others\' secret');
  assert.deepEqual(await texts(game.id, players[1].token), all, 'its sender does');
  assert.deepEqual(await texts(game.id, players[2].token), all, 'its addressee does');
  assert.deepEqual(await texts(game.id, spectator.token), everyone, 'a spectator reads the public ones');
  const page = (await ctx.api.get(`/v1/games/${game.id}/messages?after=1&limit=1`, { token: players[1].token, expect: 200 })).body;
  assert.deepEqual(page.messages.map((m) => m.id), [2]);
  assert.match(page.next, new RegExp(`^/v1/games/${game.id}/messages\\?limit=1&cursor=[A-Za-z0-9_-]+$`));
  assert.equal(page.next.includes('after='), false, 'the cursor takes after\'s place');
  const last = (await ctx.api.get(page.next, { token: players[1].token, expect: 200 })).body;
  assert.deepEqual(last.messages.map((m) => m.id), [3], 'next goes on after message 2');
  assert.equal(last.next, null, 'and that was the last page');

  const seen = [everyone, all, all, everyone];
  for (const [i, st] of streams.entries()) {
    const got = [];
    while (got.length < seen[i].length) {
      const e = await st.until((x) => x.event === 'message', 15000);
      got.push(e.data.text);
    }
    assert.deepEqual(got, seen[i], `stream ${i}: the messages it may read, in order`);
    // a resumed stream goes on after the last message it had
    const last = st.lastId;
    st.close();
    const again = openStream(`${replica.url}/v1/games/${game.id}/events`, [...players, spectator][i].token, { lastEventId: last });
    await again.until((x) => x.event === 'game', 15000);
    again.close();
    assert.equal(again.events.filter((x) => x.event === 'message').length, 0, `stream ${i}: nothing twice after a resume`);
  }
  for (const [i, want] of [everyone, all, all].entries()) {
    for (const text of want) {
      const hit = await rx.waitFor((h) => h.path === `/m${i}` && h.body?.data?.message?.text === text && h.body.data.game_id === game.id);
      assert.equal(hit.body.type, 'game.message');
      assert.equal(hit.body.data.seat, i);
    }
  }
  assert.equal(rx.hits.filter((h) => h.path === '/m0' && h.body?.data?.message?.to === 2).length, 0,
    'the secret reached no other seat\'s webhook');
  // a resignation ends a 3-player game only when two have gone: make it end
  for (const p of players.slice(0, 2)) await ctx.api.post(`/v1/games/${game.id}/resign`, { token: p.token, expect: 200 });
  for (const [i, want] of [[0, everyone], [2, all]]) {
    const ex = (await ctx.api.get(`/v1/games/${game.id}/export`, { token: players[i].token, expect: 200 })).body;
    assert.deepEqual(ex.messages.map((m) => m.text), want, `seat ${i}'s export holds what it may read`);
  }
  const gg = await ctx.api.post(`/v1/games/${game.id}/messages`, { token: players[0].token, body: { text: 'gg' }, expect: 201 });
  assert.equal(gg.body.message.id, 4, 'players may still talk once the game is over');
});

test('a bad message is refused with a problem and changes nothing', async () => {
  const { game, players, spectator } = await table();
  const viewers = [...players.map((p, seat) => ({ token: p.token, seat })), { token: spectator.token }];
  const before = await texts(game.id, players[0].token);
  const v = (await ctx.api.get(`/v1/games/${game.id}`, { token: players[0].token, expect: 200 })).body;
  const mover = players[v.must_act[0]];
  const post = (token, body, status, code) => refusedLeavesGame(ctx.api, game.id, viewers, JSON.stringify(body).slice(0, 60), () =>
    ctx.api.post(`/v1/games/${game.id}/messages`, { token, body, expect: status, code }));
  await post(players[0].token, { text: 'x'.repeat(2001) }, 422, 'message_too_long');
  await post(players[0].token, { text: '' }, 400, 'bad_request');
  await post(players[0].token, { text: 'me', to: 0 }, 400, 'bad_request');
  await post(players[0].token, { text: 'nobody', to: 3 }, 400, 'bad_request');
  await post(players[0].token, { text: 'hi', colour: 'red' }, 400, 'bad_request');
  await post(players[0].token, { words: 'hi' }, 400, 'bad_request');
  await post(spectator.token, { text: 'hi from the stands' }, 403, 'forbidden');
  // with a move: neither the move nor the message is taken
  for (const [message, status, code] of [['y'.repeat(2001), 422, 'message_too_long'], [{ text: 'x', to: 9 }, 400, 'bad_request'],
    [{ text: 'x', font: 'big' }, 400, 'bad_request'], [7, 400, 'bad_request']]) {
    await refusedLeavesGame(ctx.api, game.id, viewers, `a move with ${JSON.stringify(message).slice(0, 30)}`, () =>
      ctx.api.post(`/v1/games/${game.id}/moves`, { token: mover.token, body: { move: { type: 'pass' }, message }, expect: status, code }));
  }
  assert.deepEqual(await texts(game.id, players[0].token), before, 'no message was stored');
  assert.equal((await ctx.api.post(`/v1/games/${game.id}/messages`, { token: players[0].token, body: { text: 'x'.repeat(2000) }, expect: 201 })).body.message.id, 1,
    '2000 bytes is allowed');
});
