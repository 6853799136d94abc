// The lobby, GET /v1/games: public (no token needed), open games with a
// free open seat by default, active and finished ones on asking; filters by
// ruleset, options, creator and player; and nothing in an entry that a
// spectator may not see.

import { test } from 'node:test';

import assert from './lib/checks.mjs';
import { createAccount, createGame } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';

const ctx = useServer();

const ids = (list) => list.games.map((g) => g.id);
const lobby = async (query, opts = {}) => (await ctx.api.get(`/v1/games?${query}`, { expect: 200, ...opts })).body;

async function steamGame(token, seats, options) {
  const res = await ctx.api.post('/v1/games', { token, body: { ruleset: 'steam', seats, options }, expect: 201 });
  return res.body.game.id;
}

test('open games with a free open seat, newest first, with who sits where and nothing hidden', async () => {
  const a = await createAccount(ctx.api);
  const b = await createAccount(ctx.api);
  const open = (await createGame(ctx.api, a.token, [{ account_id: a.id }, { open: true }])).game.id;
  const invite = (await createGame(ctx.api, a.token, [{ account_id: a.id }, { invite: true }])).game.id;
  const joined = (await createGame(ctx.api, a.token, [{ account_id: a.id }, { open: true }])).game.id;
  const newest = (await createGame(ctx.api, a.token, [{ account_id: a.id }, { open: true }])).game.id;
  await ctx.api.post(`/v1/games/${joined}/join`, { token: b.token, body: {}, expect: 200 });

  const list = await lobby(`created_by=${a.id}`);
  assert.deepEqual(ids(list), [newest, open], 'the open ones, newest first: not the invite-only one, nor the one filled');
  assert.equal(list.next, null);
  const e = list.games[1];
  assert.equal(e.status, 'open');
  assert.equal(e.ruleset, 'ironfuture');
  assert.deepEqual(e.options, {});
  assert.equal(e.created_by, a.id);
  assert.equal(e.created_by_name, a.name);
  assert.deepEqual(e.seats, [
    { seat: 0, kind: 'account', account_id: a.id, name: a.name, filled: true },
    { seat: 1, kind: 'open', account_id: null, name: null, filled: false },
  ]);
  assert.equal(e.finished_at, null);
  assert.equal(e.result, null);
  for (const hidden of ['state', 'seed', 'commitment', 'entropy', 'invite_epoch']) {
    assert.equal(JSON.stringify(list).includes(`"${hidden}"`), false, `no ${hidden} anywhere`);
  }
  // a token may be sent; then it must be good
  assert.deepEqual(ids(await lobby(`created_by=${a.id}`, { token: b.token })), [newest, open]);
  await ctx.api.get(`/v1/games?created_by=${a.id}`, { token: 'tp1.bad.token', expect: 401, code: 'invalid_token' });

  const active = await lobby(`status=active&created_by=${a.id}`);
  assert.deepEqual(ids(active), [joined], 'status=active: the game that started');
  assert.deepEqual(active.games[0].seats.map((s) => s.name), [a.name, b.name]);
  assert.deepEqual(ids(await lobby(`status=active&player=${b.id}`)), [joined], 'player: where b sits');
  assert.deepEqual(ids(await lobby(`player=${b.id}`)), [], 'b sits in no open game');
  // the invite-only game is the creator's to hand out: /v1/me/games has it
  const mine = (await ctx.api.get('/v1/me/games?status=open', { token: a.token, expect: 200 })).body;
  assert.ok(mine.games.some((g) => g.id === invite));
});

test('filters: ruleset, options (typed or as text), creator, together', async () => {
  const a = await createAccount(ctx.api);
  const b = await createAccount(ctx.api);
  const seats3 = [{ account_id: a.id }, { open: true }, { open: true }];
  const tide = await steamGame(a.token, seats3, { map: 'tidewater', turn_order: 'random' });
  const auction = await steamGame(a.token, seats3, { map: 'tidewater' });
  const short = (await createGame(ctx.api, a.token, [{ account_id: a.id }, { open: true }],
    { options: { rounds_to_win: 2 } })).game.id;
  const other = (await createGame(ctx.api, b.token, [{ account_id: b.id }, { open: true }],
    { options: { rounds_to_win: 2 } })).game.id;

  const by = `created_by=${a.id}`;
  assert.deepEqual(ids(await lobby(`${by}&ruleset=steam`)), [auction, tide]);
  assert.deepEqual(ids(await lobby(`${by}&ruleset=ironfuture`)), [short]);
  assert.deepEqual(ids(await lobby(`${by}&option.map=tidewater`)), [auction, tide], 'a plain string');
  assert.deepEqual(ids(await lobby(`${by}&option.map=%22tidewater%22`)), [auction, tide], 'a quoted string');
  assert.deepEqual(ids(await lobby(`${by}&option.map=tidewater&option.turn_order=random`)), [tide], 'both options');
  assert.deepEqual(ids(await lobby(`${by}&option.map=rhinegold`)), []);
  assert.deepEqual(ids(await lobby(`${by}&option.rounds_to_win=2`)), [short], 'a number');
  assert.deepEqual(ids(await lobby(`${by}&option.rounds_to_win=%222%22`)), [], 'the string "2" is not the number 2');
  assert.deepEqual(ids(await lobby(`${by}&ruleset=steam&option.rounds_to_win=2`)), [], 'filters go together');
  const both = ids(await lobby('option.rounds_to_win=2&limit=500'));
  assert.ok(both.includes(short) && both.includes(other), 'without created_by, every creator');
  assert.deepEqual(ids(await lobby(`created_by=${b.id}`)), [other]);
});

test('bad lobby parameters are refused with a problem', async () => {
  for (const q of ['status=done', 'ruleset=chess', 'created_by=me', 'player=42', 'option.=1', 'option.a-b=1',
    `option.${'x'.repeat(65)}=1`, 'sort=new', 'limit=0', 'limit=501', 'status=open&status=open', 'cursor=zz']) {
    const res = await ctx.api.get(`/v1/games?${q}`, { expect: 400, code: 'invalid_parameter' });
    assert.ok(res.body.detail, `${q}: says why`);
  }
});

test('a ninth query parameter is refused, not dropped', async () => {
  const a = await createAccount(ctx.api);
  await createGame(ctx.api, a.token, [{ account_id: a.id }, { open: true }]);
  const eight = `created_by=${a.id}&ruleset=ironfuture&status=open&limit=5&option.a=1&option.b=2&option.c=3&option.d=4`;
  assert.deepEqual(ids(await lobby(eight)), [], 'eight are read (no game has these options)');
  const res = await ctx.api.get(`/v1/games?${eight}&option.e=5`, { expect: 400, code: 'invalid_parameter' });
  assert.match(res.body.detail, /8 query parameters/);
});
