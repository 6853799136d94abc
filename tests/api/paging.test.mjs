// Pagination, the same on every list: limit and cursor in, the list and
// next (with a Link header) out. Each list is walked page by page with a
// small limit while new items are added between the fetches, and the pages
// must join into exactly the full list, in order, with no duplicates and
// none missing. Lists that grow at their end (the move log, messages,
// webhooks) show the new items on later pages; lists with the newest first
// (my games, the lobby, deliveries) keep them before the first page, so
// the walk is the list as it was when it began.

import { test } from 'node:test';

import assert from './lib/checks.mjs';
import { createAccount, createGame, seededRandom, sleep, startedGame } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { playOne } from './lib/play.mjs';
import { startReceiver } from './lib/receiver.mjs';

const ctx = useServer({ env: { TURNPOST_WEBHOOK_ALLOW: '127.0.0.1', TURNPOST_DISPATCHERS: '1' } });

// Follows next from path, checking each page's Link header against it;
// between(n) runs after page n when there is a page after it.
async function walk(path, key, { token, between } = {}) {
  const items = [];
  let url = path;
  let pages = 0;
  for (;;) {
    const res = await ctx.api.get(url, { token, expect: 200 });
    const { next } = res.body;
    pages++;
    if (next === null) {
      assert.equal(res.headers.get('link'), null, `${url}: no Link on the last page`);
    } else {
      assert.equal(res.headers.get('link'), `<${next}>; rel="next"`, `${url}: Link is next`);
    }
    items.push(...res.body[key]);
    if (next === null) return { items, pages };
    if (between) await between(pages);
    url = next;
  }
}

// The whole list in one page.
async function whole(path, key, token) {
  const sep = path.includes('?') ? '&' : '?';
  const res = await ctx.api.get(`${path}${sep}limit=500`, { token, expect: 200 });
  assert.equal(res.body.next, null, `${path}: fits in one page`);
  return res.body[key];
}

function assertJoined(got, want, id, why) {
  const ids = got.map((x) => x[id]);
  assert.equal(new Set(ids).size, ids.length, `${why}: no item twice`);
  assert.deepEqual(ids, want.map((x) => x[id]), `${why}: every item, in order`);
  assert.deepEqual(got, want, `${why}: the items as the full list shows them`);
}

test('the move log, walked two entries a page while moves are made, is the whole log', async () => {
  const g = await startedGame(ctx.api);
  const rand = seededRandom(7);
  for (let i = 0; i < 4; i++) await playOne(ctx.api, g.id, g.players, rand);
  const tok = g.players[0].token;
  const path = `/v1/games/${g.id}/moves?limit=2`;
  const { items, pages } = await walk(path, 'moves', {
    token: tok, between: async (n) => { if (n <= 3) await playOne(ctx.api, g.id, g.players, rand); },
  });
  assert.equal(pages, 4, 'five entries and three more, two a page');
  assertJoined(items, await whole(`/v1/games/${g.id}/moves`, 'moves', tok), 'seq', 'move log');
  assert.deepEqual(items.map((m) => m.seq), items.map((_, i) => i + 1), 'seq 1, 2, 3, ...');

  // after= still starts a page, and its next goes on with a cursor
  const from = (await ctx.api.get(`/v1/games/${g.id}/moves?after=2&limit=2`, { token: tok, expect: 200 })).body;
  assert.deepEqual(from.moves.map((m) => m.seq), [3, 4]);
  assert.match(from.next, /^\/v1\/games\/[^?]+\/moves\?limit=2&cursor=[A-Za-z0-9_-]+$/);
  const on = (await ctx.api.get(from.next, { token: tok, expect: 200 })).body;
  assert.deepEqual(on.moves.map((m) => m.seq), [5, 6]);
});

test('messages, walked two a page while more are posted, are every message', async () => {
  const g = await startedGame(ctx.api);
  const [a, b] = g.players;
  let n = 0;
  const post = (p) => ctx.api.post(`/v1/games/${g.id}/messages`, {
    token: p.token, body: { text: `message ${++n}` }, expect: 201,
  });
  for (let i = 0; i < 5; i++) await post(i % 2 ? a : b);
  const path = `/v1/games/${g.id}/messages?limit=2`;
  const { items } = await walk(path, 'messages', {
    token: a.token, between: async (p) => { if (p <= 3) await post(b); },
  });
  assert.equal(items.length, 8, 'the five and the three posted while walking');
  assertJoined(items, await whole(`/v1/games/${g.id}/messages`, 'messages', a.token), 'id', 'messages');
});

test('my games and the lobby, walked while games are created, are the lists as the walk began', async () => {
  const a = await createAccount(ctx.api);
  const make = async () => (await createGame(ctx.api, a.token, [{ account_id: a.id }, { open: true }])).game.id;
  for (let i = 0; i < 5; i++) await make();
  for (const [path, token] of [['/v1/me/games', a.token], [`/v1/games?created_by=${a.id}`, undefined]]) {
    const made = [];
    const before = await whole(path, 'games', token);
    const sep = path.includes('?') ? '&' : '?';
    const { items, pages } = await walk(`${path}${sep}limit=2`, 'games', {
      token, between: async (p) => { if (p <= 2) made.unshift(await make()); },
    });
    assert.equal(pages, Math.ceil(before.length / 2), `${path}: pages of two`);
    assertJoined(items, before, 'id', path);
    const now = await whole(path, 'games', token);
    assert.deepEqual(now.map((x) => x.id), [...made, ...before.map((x) => x.id)],
      `${path}: the games made meanwhile come first, newest first`);
  }
});

test('finished games in the lobby, walked while more games end, newest ending first', async () => {
  const a = await createAccount(ctx.api);
  const b = await createAccount(ctx.api);
  const finish = async () => {
    const id = (await createGame(ctx.api, a.token, [{ account_id: a.id }, { account_id: b.id }])).game.id;
    await ctx.api.post(`/v1/games/${id}/resign`, { token: b.token, body: {}, expect: 200 });
    return id;
  };
  const ended = [];
  for (let i = 0; i < 4; i++) ended.unshift(await finish());
  const path = `/v1/games?status=finished&player=${b.id}`;
  const before = await whole(path, 'games');
  assert.deepEqual(before.map((x) => x.id), ended, 'the last finished first');
  const { items } = await walk(`${path}&limit=1`, 'games', {
    between: async (p) => { if (p === 1) ended.unshift(await finish()); },
  });
  assertJoined(items, before, 'id', 'finished games');
  for (const x of items) {
    assert.equal(x.status, 'finished');
    assert.ok(x.finished_at && x.result, 'a finished game shows when and how it ended');
  }
});

test('webhooks, walked two a page while more are made, are every webhook, oldest first', async () => {
  const a = await createAccount(ctx.api);
  const make = () => ctx.api.post('/v1/webhooks', {
    token: a.token, body: { url: 'http://127.0.0.1:9/hook', events: ['turn.yours'] }, expect: 201,
  });
  for (let i = 0; i < 5; i++) await make();
  const { items } = await walk('/v1/webhooks?limit=2', 'webhooks', {
    token: a.token, between: async (p) => { if (p <= 2) await make(); },
  });
  assert.equal(items.length, 7, 'the five and the two made while walking');
  assertJoined(items, await whole('/v1/webhooks', 'webhooks', a.token), 'id', 'webhooks');
});

test('a delivery log, walked while deliveries are made, is the log as the walk began, newest first', async () => {
  const rx = await startReceiver();
  try {
    const g = await startedGame(ctx.api);
    const me = g.players[0];
    const hook = (await ctx.api.post('/v1/webhooks', {
      token: me.token, body: { url: rx.url('/log'), events: ['*'], game_id: g.id }, expect: 201,
    })).body.id;
    const rand = seededRandom(11);
    const log = `/v1/webhooks/${hook}/deliveries`;
    const count = async () => (await ctx.api.get(`${log}?limit=500`, { token: me.token, expect: 200 })).body.deliveries.length;
    for (let i = 0; i < 6; i++) await playOne(ctx.api, g.id, g.players, rand);
    for (let i = 0; i < 300 && await count() < 6; i++) await sleep(100);
    const before = await whole(log, 'deliveries', me.token);
    assert.ok(before.length >= 6, `deliveries to walk (${before.length})`);
    const { items } = await walk(`${log}?limit=2`, 'deliveries', {
      token: me.token, between: async (p) => { if (p <= 2) await playOne(ctx.api, g.id, g.players, rand); },
    });
    const ids = items.map((d) => d.id);
    assert.deepEqual(ids, [...ids].sort((x, y) => y - x), 'newest first');
    // deliveries change as they are attempted; the walk is about which and in what order
    assert.deepEqual(ids, before.map((d) => d.id), 'every delivery there was when the walk began');
    const now = (await whole(log, 'deliveries', me.token)).map((d) => d.id);
    assert.deepEqual(now.filter((id) => id <= ids[0]), ids, 'and no other below the first');
  } finally {
    await rx.stop();
  }
});

test('a cursor that is malformed, forged, or for another list or filter is refused', async () => {
  const a = await createAccount(ctx.api);
  const b = await createAccount(ctx.api);
  for (let i = 0; i < 3; i++) await createGame(ctx.api, a.token, [{ account_id: a.id }, { open: true }]);
  const g = await startedGame(ctx.api);
  await playOne(ctx.api, g.id, g.players, seededRandom(3));
  const lobby = (await ctx.api.get(`/v1/games?created_by=${a.id}&limit=1`, { expect: 200 })).body;
  const cursor = new URL(lobby.next, 'http://x').searchParams.get('cursor');
  const mine = (await ctx.api.get('/v1/me/games?limit=1', { token: a.token, expect: 200 })).body.next;
  const moves = (await ctx.api.get(`/v1/games/${g.id}/moves?limit=1`, { token: g.players[0].token, expect: 200 })).body;
  const flip = (s, i) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
  const refused = async (path, token, why) => {
    const res = await ctx.api.get(path, { token, expect: 400, code: 'invalid_parameter' });
    assert.ok(res.body.detail.length > 0, `${why}: says why`);
  };
  const before = await whole(`/v1/games?created_by=${a.id}`, 'games');
  for (const [c, why] of [
    [flip(cursor, 0), 'a changed key'], [flip(cursor, cursor.length - 1), 'a changed tag'],
    [cursor.slice(0, -3), 'cut short'], ['', 'empty'], ['!!!', 'not base64url'], ['QUJD', 'too short for a tag'],
    [`${cursor}AAAA`, 'longer'],
  ]) {
    await refused(`/v1/games?created_by=${a.id}&cursor=${encodeURIComponent(c)}`, undefined, why);
  }
  await refused(`/v1/games?created_by=${b.id}&cursor=${cursor}`, undefined, 'another filter');
  await refused(`/v1/games?cursor=${cursor}`, undefined, 'without the filter');
  await refused(`/v1/games?created_by=${a.id}&status=finished&cursor=${cursor}`, undefined, 'another status');
  await refused(`/v1/me/games?cursor=${cursor}`, a.token, 'another list');
  await refused(`/v1/games?created_by=${a.id}&${new URL(mine, 'http://x').searchParams}`, undefined, 'my games\' cursor');
  const other = await startedGame(ctx.api);
  await refused(`${moves.next.replace(g.id, other.id)}`, other.players[0].token, 'another game\'s log');
  await refused(`${moves.next}&after=1`, g.players[0].token, 'cursor and after');
  for (const l of ['0', '501', 'x', '-1']) await refused(`/v1/games?limit=${l}`, undefined, `limit=${l}`);
  // the limit may change from page to page; the cursor is not bound to it
  const rest = (await ctx.api.get(`/v1/games?created_by=${a.id}&limit=5&cursor=${cursor}`, { expect: 200 })).body;
  assert.deepEqual(rest.games.map((x) => x.id), before.slice(1).map((x) => x.id));
  assert.deepEqual(await whole(`/v1/games?created_by=${a.id}`, 'games'), before, 'nothing changed');
});

test('nothing is cut off at 500: my games and the lobby list all of 505 games', async () => {
  const a = await createAccount(ctx.api);
  const seats = [{ account_id: a.id }, { open: true }];
  for (let i = 0; i < 505; i += 8) {
    await Promise.all(Array.from({ length: Math.min(8, 505 - i) }, () => createGame(ctx.api, a.token, seats)));
  }
  for (const [path, token] of [['/v1/me/games?limit=500', a.token], [`/v1/games?created_by=${a.id}&limit=500`]]) {
    const { items, pages } = await walk(path, 'games', { token });
    assert.equal(pages, 2, `${path}: a full page and one more`);
    assert.equal(new Set(items.map((x) => x.id)).size, 505, `${path}: every game once`);
  }
  const { items } = await walk('/v1/me/games', 'games', { token: a.token });
  assert.equal(items.length, 505, 'pages of the default 100');
});
