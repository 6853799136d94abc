// concurrency.test.mjs - concurrent submissions of the same turn to one
// game apply exactly once, through one server or two sharing the database.

import assert from './lib/checks.mjs';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';

import { client } from './lib/client.mjs';
import { createAccount, moveLog, seededRandom, startedGame, uniqueName, view } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { chooseMove } from './lib/play.mjs';
import { startServer } from './lib/server.mjs';

const ctx = useServer();
const N = 8;

// Sends N copies of one move at once (through apis, round robin) and
// returns the answers with the game's version and log length before.
async function race(apis, g, c, headersOf) {
  const before = await view(ctx.api, g.id, g.spectator.token);
  const logBefore = await moveLog(ctx.api, g.id, g.spectator.token);
  const answers = await Promise.all(Array.from({ length: N }, (_, i) =>
    apis[i % apis.length].post(`/v1/games/${g.id}/moves`, {
      token: c.token, body: { move: c.move, seat: c.seat }, headers: headersOf(i),
    })));
  const afterV = await view(ctx.api, g.id, g.spectator.token);
  const logAfter = await moveLog(ctx.api, g.id, g.spectator.token);
  return { answers, before, after: afterV, added: logAfter.length - logBefore.length };
}

function statuses(answers) {
  return answers.map((a) => a.status).sort();
}

describe('one turn, many submissions', () => {
  let second;
  before(async () => {
    second = await startServer({ keysDir: ctx.server.keysDir });
  });
  after(async () => {
    await second?.stop();
  });

  test('with one If-Match: exactly one applies, the rest are 412', async () => {
    const g = await startedGame(ctx.api);
    const c = await chooseMove(ctx.api, g.id, g.players, seededRandom(1));
    const r = await race([ctx.api], g, c, () => ({ 'if-match': `"${c.version}"` }));
    assert.deepEqual(statuses(r.answers), [201, ...Array(N - 1).fill(412)], JSON.stringify(statuses(r.answers)));
    assert.equal(r.after.version, r.before.version + 1);
    assert.equal(r.added, 1);
  });

  test('without If-Match: the same move applies once, the others are refused', async () => {
    const g = await startedGame(ctx.api);
    const c = await chooseMove(ctx.api, g.id, g.players, seededRandom(2));
    const r = await race([ctx.api], g, c, () => ({}));
    const ok = r.answers.filter((a) => a.status === 201);
    const refused = r.answers.filter((a) => a.status !== 201);
    // A move can be legal twice in a row (a seat that acts again); then more
    // than one may apply, but each applied answer must be its own version.
    assert.ok(ok.length >= 1);
    assert.equal(r.after.version, r.before.version + ok.length);
    assert.equal(r.added, ok.length);
    assert.equal(new Set(ok.map((a) => a.body.version)).size, ok.length, 'no two applied at the same version');
    // Every refusal came after the last move that applied (a request the
    // game at that point allows applies), so that game decides it: the seat
    // no longer to act is refused not_your_turn, else the move is illegal.
    const [status, code] = r.after.must_act.includes(c.seat) ? [422, 'illegal_move'] : [409, 'not_your_turn'];
    for (const a of refused) {
      assert.equal(a.status, status, `refused with ${a.status}: ${a.text}`);
      assert.equal(a.body.code, code);
    }
  });

  test('with one Idempotency-Key: applied once, every answer the same bytes', async () => {
    const g = await startedGame(ctx.api);
    const c = await chooseMove(ctx.api, g.id, g.players, seededRandom(3));
    const key = randomUUID();
    const r = await race([ctx.api], g, c, () => ({ 'idempotency-key': key }));
    assert.deepEqual(statuses(r.answers), Array(N).fill(201), r.answers.map((a) => `${a.status} ${a.text.slice(0, 200)}`).join('\n'));
    assert.equal(new Set(r.answers.map((a) => a.text)).size, 1, 'every answer is the first, byte for byte');
    assert.equal(r.after.version, r.before.version + 1);
    assert.equal(r.added, 1);
  });

  test('two servers on one database: exactly one applies', async () => {
    const g = await startedGame(ctx.api);
    const c = await chooseMove(ctx.api, g.id, g.players, seededRandom(4));
    const apis = [ctx.api, client(second.url)];
    const r = await race(apis, g, c, () => ({ 'if-match': `"${c.version}"` }));
    assert.deepEqual(statuses(r.answers), [201, ...Array(N - 1).fill(412)]);
    assert.equal(r.after.version, r.before.version + 1);
    assert.equal(r.added, 1);
    const key = randomUUID();
    const c2 = await chooseMove(ctx.api, g.id, g.players, seededRandom(5));
    const r2 = await race(apis, g, c2, () => ({ 'idempotency-key': key }));
    assert.deepEqual(statuses(r2.answers), Array(N).fill(201));
    assert.equal(new Set(r2.answers.map((a) => a.text)).size, 1);
    assert.equal(r2.added, 1);
  });

  test('one Idempotency-Key on concurrent game creations: one game', async () => {
    const a = await createAccount(ctx.api);
    const key = randomUUID();
    const body = { ruleset: 'ironfuture', seats: [{ account_id: a.id }, { open: true }] };
    const answers = await Promise.all(Array.from({ length: N }, () =>
      ctx.api.post('/v1/games', { token: a.token, body, headers: { 'idempotency-key': key } })));
    assert.deepEqual(statuses(answers), Array(N).fill(201), answers.map((x) => x.text.slice(0, 120)).join('\n'));
    assert.equal(new Set(answers.map((x) => x.body.game.id)).size, 1, 'every retry answers the same game');
    const mine = (await ctx.api.get('/v1/me/games', { token: a.token, expect: 200 })).body.games;
    assert.equal(mine.length, 1, `one game was created, not ${mine.length}`);
  });

  test('one Idempotency-Key on concurrent account creations: one account, same answer', async () => {
    const key = randomUUID();
    const body = { name: uniqueName('race'), kind: 'bot' };
    const answers = await Promise.all(Array.from({ length: N }, () =>
      ctx.api.post('/v1/accounts', { body, headers: { 'idempotency-key': key } })));
    assert.deepEqual(statuses(answers), Array(N).fill(201), answers.map((x) => `${x.status} ${x.text.slice(0, 120)}`).join('\n'));
    assert.equal(new Set(answers.map((x) => x.text)).size, 1);
  });

  test('different games proceed in parallel', async () => {
    const games = await Promise.all([1, 2, 3, 4].map(() => startedGame(ctx.api)));
    const chosen = await Promise.all(games.map((g, i) => chooseMove(ctx.api, g.id, g.players, seededRandom(10 + i))));
    const answers = await Promise.all(games.map((g, i) => ctx.api.post(`/v1/games/${g.id}/moves`, {
      token: chosen[i].token, body: { move: chosen[i].move, seat: chosen[i].seat },
      headers: { 'if-match': `"${chosen[i].version}"` },
    })));
    assert.deepEqual(answers.map((a) => a.status), [201, 201, 201, 201]);
  });
});
