// verify.test.mjs - the export of a finished game replays under
// `turnpost verify`, and any change to a die roll, the seed, a move or the
// final state makes it fail.

import assert from './lib/checks.mjs';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { seededRandom, startedGame } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { playOne } from './lib/play.mjs';
import { requireEnv } from './lib/server.mjs';

const ctx = useServer();
let dir;

before(() => { dir = mkdtempSync(join(tmpdir(), 'turnpost-verify-')); });
after(() => { rmSync(dir, { recursive: true, force: true }); });

let n = 0;
// Runs `turnpost verify` on the export value; returns {status, output}.
function verify(exp) {
  const file = join(dir, `export-${n++}.json`);
  writeFileSync(file, typeof exp === 'string' ? exp : JSON.stringify(exp));
  const r = spawnSync(requireEnv('TURNPOST_BIN'), ['verify', file], { encoding: 'utf8', timeout: 60000 });
  return { status: r.status, signal: r.signal, output: `${r.stdout}${r.stderr}` };
}

function assertRefused(exp, what) {
  const r = verify(exp);
  assert.equal(r.signal, null, `verify crashed (${r.signal}) on ${what}: ${r.output}`);
  assert.notEqual(r.status, 0, `verify accepted ${what}: ${r.output}`);
  assert.ok(r.status > 0 && r.status < 128, `verify exits with an error, not a crash, on ${what}: ${r.status}`);
  if (process.env.TURNPOST_TEST_VERBOSE) console.log(`verify on ${what}: ${r.output.trim()}`);
}

// Every event of the export (setup and moves) that carries dice: [{where, event}].
function diceEvents(ex) {
  const out = [];
  ex.setup.events.forEach((e, i) => { if (Array.isArray(e.dice) && e.dice.length) out.push({ where: ['setup', i], e }); });
  ex.moves.forEach((m, k) => m.events.forEach((e, i) => {
    if (Array.isArray(e.dice) && e.dice.length) out.push({ where: ['moves', k, i], e });
  }));
  return out;
}

function eventAt(ex, where) {
  return where[0] === 'setup' ? ex.setup.events[where[1]] : ex.moves[where[1]].events[where[2]];
}

// A game played through legal moves until an attack has rolled dice, then
// resigned by seat 0: a finished game with dice in its moves.
async function resignedGameWithDice(seed) {
  const g = await startedGame(ctx.api);   // three rounds: it will not end first
  const rand = seededRandom(seed);
  for (let i = 0; i < 1000; i++) {
    const r = await playOne(ctx.api, g.id, g.players, rand);
    assert.ok(r, 'the game went on until dice were rolled');
    if (i >= 10 && r.events.some((e) => Array.isArray(e.dice))) break;
  }
  await ctx.api.post(`/v1/games/${g.id}/resign`, { token: g.players[0].token, expect: 200 });
  return (await ctx.api.get(`/v1/games/${g.id}/export`, { token: g.players[1].token, expect: 200 })).body;
}

// A one-round game played through legal moves to its end.
async function playedGame(seed) {
  const g = await startedGame(ctx.api, { options: { rounds_to_win: 1 } });
  const rand = seededRandom(seed);
  for (let i = 0; i < 3000; i++) {
    if (!(await playOne(ctx.api, g.id, g.players, rand))) break;
  }
  return (await ctx.api.get(`/v1/games/${g.id}/export`, { token: g.players[0].token, expect: 200 })).body;
}

describe('turnpost verify', () => {
  let ex;       // resigned by seat 0 after dice were rolled
  let played;   // played to its end
  before(async () => {
    ex = await resignedGameWithDice(77);
    played = await playedGame(4242);
  });

  test('accepts the export of a resigned game and of a game played to its end', () => {
    assert.equal(ex.moves.at(-1).kind, 'resign');
    assert.deepEqual(ex.winners, [1]);
    assert.ok(played.moves.every((m) => m.kind === 'move'), 'played to the end, nobody resigned');
    for (const e of [ex, played]) {
      const r = verify(e);
      assert.equal(r.status, 0, r.output);
    }
  });

  test('refuses a changed die roll in a move', () => {
    const rolls = diceEvents(ex).filter((d) => d.where[0] === 'moves');
    assert.ok(rolls.length > 0, 'the game rolled dice in its moves');
    for (const d of [rolls[0], rolls.at(-1)]) {
      const t = structuredClone(ex);
      const e = eventAt(t, d.where);
      e.dice[0] = (e.dice[0] % 6) + 1;
      assertRefused(t, `a die changed at ${d.where.join('/')}`);
    }
  });

  test('refuses a changed roll-off in the setup', () => {
    const rolls = diceEvents(ex).filter((d) => d.where[0] === 'setup');
    assert.ok(rolls.length > 0, 'the setup rolled dice');
    const t = structuredClone(ex);
    const e = eventAt(t, rolls[0].where);
    e.dice[0] = (e.dice[0] % 6) + 1;
    assertRefused(t, 'a changed roll-off');
  });

  test('refuses a changed seed, commitment or entropy', () => {
    const flip = (hex) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
    assertRefused({ ...ex, seed: flip(ex.seed) }, 'a changed seed');
    assertRefused({ ...ex, commitment: flip(ex.commitment) }, 'a changed commitment');
    const seats = structuredClone(ex.seats);
    seats[0].entropy += 'x';
    assertRefused({ ...ex, seats }, 'changed entropy');
  });

  test('refuses a changed move, a dropped move, or a changed final state or winner', () => {
    const moves = ex.moves.filter((m) => m.kind === 'move');
    const t1 = structuredClone(ex);
    const m = t1.moves.find((x) => x.seq === moves[0].seq);
    m.move = { ...m.move, location: ((m.move.location ?? 0) + 1) % 3 };
    assertRefused(t1, 'a changed move');
    const t2 = structuredClone(ex);
    t2.moves.splice(1, 1);
    assertRefused(t2, 'a dropped move');
    const t3 = structuredClone(ex);
    t3.final_state = { ...t3.final_state, winner: 1 - (t3.final_state.winner ?? 0) };
    assertRefused(t3, 'a changed final state');
    assertRefused({ ...played, winners: played.winners.map((w) => 1 - w) }, 'changed winners of a played game');
    const t4 = structuredClone(ex);
    t4.moves.at(-2).rng_pos += 1;
    assertRefused(t4, 'a changed stream position');
  });

  test('refuses a resigned game whose winners or resigning seat changed', () => {
    assertRefused({ ...ex, winners: [0] }, 'the resigner named the winner');
    assertRefused({ ...ex, winners: [] }, 'no winner after a resignation');
    const t = structuredClone(ex);
    t.moves.at(-1).seat = 1;
    assertRefused(t, 'the other seat named as the resigner');
  });

  test('refuses files that are no export', () => {
    for (const bad of ['', 'not json', '[]', '{}', JSON.stringify({ ...ex, format: 'turnpost-export-0' })]) {
      assertRefused(bad, `"${bad.slice(0, 30)}"`);
    }
    const r = spawnSync(requireEnv('TURNPOST_BIN'), ['verify', join(dir, 'no-such-file.json')], { encoding: 'utf8' });
    assert.ok(r.status > 0 && r.status < 128, `a missing file is an error: ${r.status}`);
  });

});
