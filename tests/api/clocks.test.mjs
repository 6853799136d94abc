// Clocks: a game's pace, reminders and timeouts swept by the server, the
// forfeit logged and replayed by `turnpost verify`, vacations that stop a
// clock, and the refusals of a bad pace or vacation, which change nothing.
// The clocks here are seconds long; in real use they are days.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';

import assert from './lib/checks.mjs';
import { createAccount } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { startReceiver } from './lib/receiver.mjs';
import { requireEnv } from './lib/server.mjs';

const ctx = useServer({
  env: { TURNPOST_DISPATCHERS: '1', TURNPOST_SWEEPERS: '1', TURNPOST_WEBHOOK_ALLOW: '127.0.0.1' },
});
let rx;
after(async () => { await rx?.stop(); });

async function timedGame(clock, accounts) {
  const [a, b] = accounts ?? [await createAccount(ctx.api), await createAccount(ctx.api)];
  const res = await ctx.api.post('/v1/games', {
    token: a.token,
    body: { ruleset: 'ironfuture', seats: [{ account_id: a.id }, { account_id: b.id }], clock },
    expect: 201,
  });
  return { game: res.body.game, seats: [a, b] };
}

// The view once the game is past version (a long poll: no timing here).
async function after_(game, token, version, seconds = 30) {
  return (await ctx.api.get(`/v1/games/${game.id}?wait=${seconds}&after_version=${version}`, { token, expect: 200 })).body;
}

test('a 2-second clock reminds the seat, then times it out: it forfeits, and verify replays the timeout', async () => {
  rx ??= await startReceiver();
  const a = await createAccount(ctx.api);
  const b = await createAccount(ctx.api);
  const hooks = [];
  for (const [i, p] of [a, b].entries()) {
    hooks.push((await ctx.api.post('/v1/webhooks', {
      token: p.token, body: { url: rx.url(`/clock${i}`), events: ['clock.reminder', 'clock.timeout', 'game.finished'] }, expect: 201,
    })).body);
  }
  const { game } = await timedGame({ per_move: 'PT2S', remind_before: 'PT1S' }, [a, b]);
  assert.deepEqual(game.clock.per_move, 'PT2S');
  assert.equal(game.clock.on_timeout, 'forfeit', 'forfeit is the default');
  const seat = game.must_act[0];
  const other = 1 - seat;
  const deadline = game.clock.seats[seat].deadline;
  assert.ok(deadline, 'the seat that must act has a deadline');
  assert.equal(game.clock.seats[other].deadline, null, 'the other\'s clock is not running');
  const v = await after_(game, a.token, game.version);
  assert.equal(v.status, 'finished');
  assert.deepEqual(v.winners, [other], 'the seat that timed out forfeits');
  assert.ok(Date.now() >= Date.parse(deadline) - 50, 'not before its deadline');
  const log = (await ctx.api.get(`/v1/games/${game.id}/moves?after=1`, { token: a.token, expect: 200 })).body.moves;
  assert.equal(log.length, 1);
  assert.equal(log[0].kind, 'timeout');
  assert.deepEqual(log[0].move, { type: 'timeout', seat });
  assert.equal(log[0].seat, seat);
  const mine = `/clock${seat}`;
  const reminded = await rx.waitFor((h) => h.path === mine && h.body?.type === 'clock.reminder' && h.body.data.game_id === game.id);
  assert.equal(reminded.body.data.seat, seat);
  assert.equal(Date.parse(reminded.body.data.deadline), Date.parse(deadline));
  assert.equal(rx.hits.filter((h) => h.path === `/clock${other}` && h.body?.type === 'clock.reminder' && h.body.data.game_id === game.id).length, 0,
    'only the seat that must act is reminded');
  for (const path of ['/clock0', '/clock1']) {
    const t = await rx.waitFor((h) => h.path === path && h.body?.type === 'clock.timeout' && h.body.data.game_id === game.id);
    assert.equal(t.body.data.timed_out, seat);
    assert.equal(t.body.data.policy, 'forfeit');
    await rx.waitFor((h) => h.path === path && h.body?.type === 'game.finished' && h.body.data.game_id === game.id);
  }
  const ex = (await ctx.api.get(`/v1/games/${game.id}/export`, { token: a.token, expect: 200 })).body;
  const dir = mkdtempSync(join(tmpdir(), 'turnpost-clock-'));
  try {
    writeFileSync(join(dir, 'export.json'), JSON.stringify(ex));
    const r = spawnSync(requireEnv('TURNPOST_BIN'), ['verify', join(dir, 'export.json')], { encoding: 'utf8', timeout: 60000 });
    assert.equal(r.status, 0, `verify accepts the timeout: ${r.stdout}${r.stderr}`);
    ex.moves[0].kind = 'move';
    writeFileSync(join(dir, 'export.json'), JSON.stringify(ex));
    const bad = spawnSync(requireEnv('TURNPOST_BIN'), ['verify', join(dir, 'export.json')], { encoding: 'utf8', timeout: 60000 });
    assert.notEqual(bad.status, 0, 'verify refuses a timeout made a move');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a vacation stops the clock of its account\'s seat; ended, the clock goes on', async () => {
  const clock = { per_move: 'PT2S' };
  const control = await timedGame(clock);
  const held = await timedGame(clock);
  const seat = held.game.must_act[0];
  const away = held.seats[seat];
  const started = await ctx.api.post('/v1/me/vacation', { token: away.token, body: { days: 2 }, expect: 201 });
  assert.ok(Date.parse(started.body.until) - Date.now() > 47 * 3600e3, 'two days from now');
  assert.equal(started.body.days_used, 2);
  assert.equal((await ctx.api.get('/v1/me/vacation', { token: away.token, expect: 200 })).body.until, started.body.until);
  // The control game, of the same pace, times out meanwhile.
  const ended = await after_(control.game, control.seats[0].token, control.game.version);
  assert.equal(ended.status, 'finished');
  const v = (await ctx.api.get(`/v1/games/${held.game.id}`, { token: held.seats[1 - seat].token, expect: 200 })).body;
  assert.equal(v.status, 'active', 'the seat on vacation has not timed out');
  assert.equal(Date.parse(v.clock.seats[seat].on_vacation_until), Date.parse(started.body.until),
    'its opponent sees the vacation in the view');
  assert.ok(Date.parse(v.clock.seats[seat].deadline) > Date.parse(started.body.until), 'the deadline is after the vacation');
  await ctx.api.post('/v1/me/vacation', { token: away.token, body: { days: 1 }, expect: 409, code: 'conflict' });
  const back = await ctx.api.delete('/v1/me/vacation', { token: away.token, expect: 200 });
  assert.equal(back.body.days_used, 1, 'the day begun is used, the day not begun given back');
  const later = await after_(held.game, away.token, v.version);
  const final = later.status === 'finished' ? later : await after_(held.game, away.token, later.version);
  assert.equal(final.status, 'finished', 'once back, the clock ran out');
  assert.deepEqual(final.winners, [1 - seat]);
  await ctx.api.delete('/v1/me/vacation', { token: away.token, expect: 404, code: 'not_found' });
});

test('a bad pace or vacation is refused with a problem and changes nothing', async () => {
  const a = await createAccount(ctx.api);
  const b = await createAccount(ctx.api);
  const games = async () => (await ctx.api.get('/v1/me/games', { token: a.token, expect: 200 })).text;
  const before = await games();
  for (const clock of [
    { per_move: '2 seconds' }, { per_move: 'PT0S' }, { per_move: 'P61D' }, { per_move: 'P1M' },
    { per_move: 'PT2S', reserve: 'P400D' }, { per_move: 'PT2S', on_timeout: 'skip' },
    { per_move: 'PT2S', pause: true }, { reserve: 'P1D' }, 'P1D', { per_move: 5 },
    { per_move: 'PT2S', remind_before: 'PT0S' },
  ]) {
    const res = await ctx.api.post('/v1/games', {
      token: a.token,
      body: { ruleset: 'ironfuture', seats: [{ account_id: a.id }, { account_id: b.id }], clock },
      expect: 400, code: 'bad_request',
    });
    assert.match(res.body.detail, /clock/, `${JSON.stringify(clock)}: the detail names the clock`);
  }
  assert.equal(await games(), before, 'no game was created');
  const vac = async () => (await ctx.api.get('/v1/me/vacation', { token: a.token, expect: 200 })).text;
  const quiet = await vac();
  for (const body of [{ days: 0 }, { days: 31 }, { days: 'x' }, {}, { days: 1, from: 'now' }]) {
    await ctx.api.post('/v1/me/vacation', { token: a.token, body, expect: 400, code: 'bad_request' });
  }
  await ctx.api.delete('/v1/me/vacation', { token: a.token, expect: 404, code: 'not_found' });
  assert.equal(await vac(), quiet, 'no vacation was started');
});

test('auto: the clock moves for a seat whose time is up, the least committal move, and verify replays it', async () => {
  const { game, seats } = await timedGame({ per_move: 'PT1S', on_timeout: 'auto' });
  assert.equal(game.clock.on_timeout, 'auto');
  let v = game;
  while (v.move_count < game.move_count + 3) v = await after_(game, seats[0].token, v.version);
  assert.equal(v.status, 'active', 'the game goes on');
  const log = (await ctx.api.get(`/v1/games/${game.id}/moves?after=1`, { token: seats[0].token, expect: 200 })).body.moves;
  assert.ok(log.length >= 3);
  for (const m of log) {
    assert.equal(m.kind, 'auto', 'made by the clock');
    assert.ok(['deploy', 'hold_fire', 'pass', 'trophy', 'choose_first'].includes(m.move.type), `a least committal move: ${m.move.type}`);
  }
  assert.equal(log[0].move.type, 'deploy', 'a turn must begin with a deployment');
  await ctx.api.post(`/v1/games/${game.id}/resign`, { token: seats[0].token, expect: 200 });
  const ex = (await ctx.api.get(`/v1/games/${game.id}/export`, { token: seats[0].token, expect: 200 })).body;
  const dir = mkdtempSync(join(tmpdir(), 'turnpost-auto-'));
  try {
    writeFileSync(join(dir, 'export.json'), JSON.stringify(ex));
    const r = spawnSync(requireEnv('TURNPOST_BIN'), ['verify', join(dir, 'export.json')], { encoding: 'utf8', timeout: 60000 });
    assert.equal(r.status, 0, `verify replays the clock's moves: ${r.stdout}${r.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  // Steam too: a seat out of time passes the auction
  const a = await createAccount(ctx.api);
  const b = await createAccount(ctx.api);
  const c = await createAccount(ctx.api);
  const st = (await ctx.api.post('/v1/games', {
    token: a.token,
    body: { ruleset: 'steam', seats: [a, b, c].map((p) => ({ account_id: p.id })), clock: { per_move: 'PT1S', on_timeout: 'auto' } },
    expect: 201,
  })).body.game;
  await after_(st, a.token, st.version);
  const first = (await ctx.api.get(`/v1/games/${st.id}/moves?after=1`, { token: a.token, expect: 200 })).body.moves[0];
  assert.equal(first.kind, 'auto');
  assert.deepEqual(first.move, { type: 'pass' }, 'the least committal move of an auction');
});
