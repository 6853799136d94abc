// verify.test.mjs - the export of a finished game replays under
// `turnpost verify`, and any change to a die roll, the seed, a move or the
// final state makes it fail; so does any change to the move log's
// numbering or hash chain, and a head kept from an earlier answer proves
// the log up to it.

import assert from './lib/checks.mjs';
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { chainOf } from './lib/chain.mjs';
import { seededRandom, startedGame } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { playOne } from './lib/play.mjs';
import { requireEnv } from './lib/server.mjs';

const ctx = useServer();
let dir;

before(() => { dir = mkdtempSync(join(tmpdir(), 'turnpost-verify-')); });
after(() => { rmSync(dir, { recursive: true, force: true }); });

let n = 0;
function exportFile(exp) {
  const file = join(dir, `export-${n++}.json`);
  writeFileSync(file, typeof exp === 'string' ? exp : JSON.stringify(exp));
  return file;
}

// Runs `turnpost verify` on the export value, with any kept SEQ:HEAD
// arguments; returns {status, output}.
function verify(exp, kept = []) {
  const r = spawnSync(requireEnv('TURNPOST_BIN'), ['verify', exportFile(exp), ...kept], { encoding: 'utf8', timeout: 60000 });
  return { status: r.status, signal: r.signal, output: `${r.stdout}${r.stderr}` };
}

// The same without blocking, for the tests that run it many times: the
// server's idle keep-alive connections must not go stale meanwhile.
function verifyAsync(exp) {
  return new Promise((resolve) => {
    execFile(requireEnv('TURNPOST_BIN'), ['verify', exportFile(exp)], { encoding: 'utf8', timeout: 60000 },
      (err, stdout, stderr) => resolve({
        status: err ? (typeof err.code === 'number' ? err.code : null) : 0,
        signal: err?.signal ?? null,
        output: `${stdout}${stderr}`,
      }));
  });
}

// verify must refuse exp; when why is given, for that reason (a RegExp of
// its message), so that each case shows which check caught it.
function assertRefused(exp, what, why, kept = []) {
  assertRefusal(verify(exp, kept), what, why);
}

function assertRefusal(r, what, why) {
  assert.notEqual(r.status, 0, `verify accepted ${what}: ${r.output}`);
  assert.ok(r.status > 0 && r.status < 128, `verify exits with an error, not a crash, on ${what}: ${r.status}`);
  if (why) assert.match(r.output, why, `verify refused ${what}, for the reason expected`);
  if (process.env.TURNPOST_TEST_VERBOSE) console.log(`verify on ${what}: ${r.output.trim()}`);
}

// The export's log entries in order: the setup is entry 1.
function entries(ex) {
  return [ex.setup, ...ex.moves];
}

const flipHex = (hex) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
const NUMBERING = /numbered|counts \d+ log entries/;
const CHAIN = /log entry (\d+): its hash does not match/;

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
      // the chain computed apart from the server's code
      assert.deepEqual(entries(e).map((x) => x.hash), chainOf(e), 'every hash is the one the contract describes');
      assert.equal(e.log_head, chainOf(e).at(-1));
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

  test('refuses a move removed from anywhere in the log, renumbered or not', async () => {
    for (const [name, e] of [['resigned', ex], ['played', played]]) {
      assert.ok(e.moves.length >= 10, `the ${name} game has moves to remove`);
      // Every position but the last: removing the last one shows at the head.
      for (let k = 0; k < e.moves.length - 1; k++) {
        const t = structuredClone(e);
        t.moves.splice(k, 1);
        // the rest renumbered and the count made to fit: the chain shows it
        const renumbered = structuredClone(t);
        renumbered.moves.forEach((m, i) => { m.seq = i + 2; });
        renumbered.move_count -= 1;
        const [r1, r2] = await Promise.all([verifyAsync(t), verifyAsync(renumbered)]);
        assertRefusal(r1, `entry ${k + 2} of the ${name} game removed`, NUMBERING);
        assertRefusal(r2, `entry ${k + 2} of the ${name} game removed, the rest renumbered`, CHAIN);
      }
    }
    const t = structuredClone(ex);
    t.moves.pop();
    t.move_count -= 1;
    assertRefused(t, 'the last entry removed and the count made to fit', /head/);
  });

  test('refuses two entries swapped, an entry inserted, or a count changed', () => {
    const k = Math.floor(ex.moves.length / 2);
    const swapped = structuredClone(ex);
    [swapped.moves[k], swapped.moves[k + 1]] = [swapped.moves[k + 1], swapped.moves[k]];
    assertRefused(swapped, 'two entries swapped', NUMBERING);
    [swapped.moves[k].seq, swapped.moves[k + 1].seq] = [swapped.moves[k + 1].seq, swapped.moves[k].seq];
    const r = verify(swapped);
    assert.notEqual(r.status, 0, `verify accepted two entries swapped and renumbered: ${r.output}`);
    assert.match(r.output, CHAIN);
    assert.equal(Number(r.output.match(CHAIN)[1]), k + 2, 'the first swapped entry is the one named');
    const inserted = structuredClone(ex);
    inserted.moves.splice(k, 0, structuredClone(inserted.moves[k]));
    inserted.moves.forEach((m, i) => { m.seq = i + 2; });
    inserted.move_count += 1;
    assertRefused(inserted, 'an entry repeated and the rest renumbered', CHAIN);
    assertRefused({ ...ex, move_count: ex.move_count + 1 }, 'a count one too high', NUMBERING);
    assertRefused({ ...ex, move_count: ex.move_count - 1 }, 'a count one too low', NUMBERING);
  });

  test('refuses changed events, a changed entry hash and a changed head', () => {
    const k = Math.floor(ex.moves.length / 2);
    const t1 = structuredClone(ex);
    t1.moves[k].events.push({ type: 'note', text: 'added later' });
    assertRefused(t1, 'an event added to an entry', CHAIN);
    const t2 = structuredClone(ex);
    assert.ok(t2.setup.events.length > 0, 'the setup has events');
    t2.setup.events.pop();
    assertRefused(t2, 'an event of the setup removed', /log entry 1: its hash/);
    for (const j of [0, k, ex.moves.length - 1]) {
      const t = structuredClone(ex);
      t.moves[j].hash = flipHex(t.moves[j].hash);
      assertRefused(t, `the hash of entry ${j + 2} changed`, new RegExp(`log entry ${j + 2}: its hash`));
    }
    const t3 = structuredClone(ex);
    t3.setup.hash = null;
    assertRefused(t3, 'the setup without its hash', /log entry 1: its hash/);
    assertRefused({ ...ex, log_head: flipHex(ex.log_head) }, 'a changed head', /head/);
    assertRefused({ ...ex, log_head: null }, 'no head', /head/);
    assertRefused({ ...ex, log_head: ex.moves.at(-2).hash }, 'the head of one entry earlier', /head/);
    // Nobody can claim that the log predates the chain.
    assertRefused({ ...ex, chain_from: 2 }, 'the chain said to start at entry 2', /precedes the chain/);
    const t4 = structuredClone(ex);
    t4.chain_from = ex.move_count + 1;
    for (const e of entries(t4)) e.hash = null;
    t4.log_head = null;
    // the replay alone would pass: only a head kept from an answer shows it
    assert.equal(verify(t4).status, 0, 'an export whose log is all older than the chain replays');
    assertRefused(t4, 'the chain removed, against a kept head', /precedes the chain/,
      [`${ex.move_count}:${ex.log_head}`]);
    assertRefused({ ...ex, chain_from: 0 }, 'a chain starting at entry 0', /outside the log/);
    // An entry rewritten and the chain rebuilt over it (the seed is public
    // now): the chain holds, so the replay is what refuses it.
    const t5 = structuredClone(ex);
    t5.moves[k].events.push({ type: 'note', text: 'added later' });
    const rebuilt = chainOf(t5);
    entries(t5).forEach((e, i) => { e.hash = rebuilt[i]; });
    t5.log_head = entries(t5).at(-1).hash;
    assert.notEqual(t5.log_head, ex.log_head);
    assertRefused(t5, 'an entry rewritten and the chain rebuilt', /differ from the replay/);
    assertRefused({ ...ex, format: 'turnpost-export-1' }, 'the format before the chain', /predates the move log's hash chain/);
  });

  test('refuses files that are no export', () => {
    for (const bad of ['', 'not json', '[]', '{}', JSON.stringify({ ...ex, format: 'turnpost-export-0' })]) {
      assertRefused(bad, `"${bad.slice(0, 30)}"`);
    }
    const r = spawnSync(requireEnv('TURNPOST_BIN'), ['verify', join(dir, 'no-such-file.json')], { encoding: 'utf8' });
    assert.ok(r.status > 0 && r.status < 128, `a missing file is an error: ${r.status}`);
  });

});

describe('the move log chain', () => {
  test('every answer shows the head; a kept head proves the log up to it', async () => {
    const g = await startedGame(ctx.api);
    const rand = seededRandom(9001);
    const kept = [[g.game.move_count, g.game.log_head]];   // the creation answer
    assert.equal(g.game.move_count, 1, 'the setup is entry 1');
    assert.match(g.game.log_head, /^[0-9a-f]{64}$/);
    for (let i = 0; i < 30; i++) {
      const r = await playOne(ctx.api, g.id, g.players, rand);
      assert.ok(r, 'the game goes on for 30 moves');
      assert.equal(r.game.move_count, r.seq, 'the answer counts its own entry');
      assert.notEqual(r.game.log_head, kept.at(-1)[1], 'each entry moves the head');
      kept.push([r.game.move_count, r.game.log_head]);
    }
    const v = (await ctx.api.get(`/v1/games/${g.id}`, { token: g.spectator.token, expect: 200 })).body;
    assert.deepEqual([v.move_count, v.log_head], kept.at(-1), 'a spectator view shows the same head');
    const page = (await ctx.api.get(`/v1/games/${g.id}/moves?after=0&limit=500`, { token: g.players[0].token, expect: 200 })).body;
    assert.deepEqual(page.moves.map((m) => [m.seq, m.hash]), kept, 'the log pages show each entry\'s hash');
    const resigned = (await ctx.api.post(`/v1/games/${g.id}/resign`, { token: g.players[1].token, expect: 200 })).body;
    assert.equal(resigned.move_count, kept.length + 1, 'a resignation is an entry');
    kept.push([resigned.move_count, resigned.log_head]);
    const exp = (await ctx.api.get(`/v1/games/${g.id}/export`, { token: g.players[0].token, expect: 200 })).body;
    assert.equal(exp.move_count, kept.length);
    assert.equal(exp.chain_from, 1);
    assert.equal(exp.log_head, kept.at(-1)[1]);
    assert.deepEqual(entries(exp).map((e) => [e.seq, e.hash]), kept, 'the export passes through every kept head');
    assert.deepEqual(chainOf(exp), kept.map(([, head]) => head), 'every head is the one the contract describes');
    const all = kept.map(([seq, head]) => `${seq}:${head}`);
    const r = verify(exp, all);
    assert.equal(r.status, 0, r.output);
    assert.match(r.output, /passes through each of the 32 kept heads/);
    // A head paired with another entry, or a head that was never shown.
    assertRefused(exp, 'a kept head of another entry', /rewritten/, [`${kept[5][0]}:${kept[6][1]}`]);
    assertRefused(exp, 'a head never shown', /rewritten/, [`3:${flipHex(kept[2][1])}`]);
    assertRefused(exp, 'a kept head past the end', /no entry/, [`${kept.length + 1}:${kept[0][1]}`]);
    assertRefused(exp, 'a malformed kept head', /not SEQ:HEAD/, ['three:abc']);
  });

  // migrations/0002_move_chain.sql leaves a game that already had entries
  // with NULL hashes and its chain starting at its next entry; this puts a
  // game of this run in that state, as the migration would have left it.
  test('a game older than the chain chains its later entries and says so', async () => {
    const g = await startedGame(ctx.api);
    const rand = seededRandom(515);
    for (let i = 0; i < 6; i++) assert.ok(await playOne(ctx.api, g.id, g.players, rand));
    const psql = spawnSync('psql', [requireEnv('DATABASE_URL'), '-v', 'ON_ERROR_STOP=1', '-qc',
      `BEGIN; UPDATE moves SET hash = NULL WHERE game_id = '${g.id}';
       UPDATE games SET log_head = NULL, chain_from = move_count + 1 WHERE id = '${g.id}'; COMMIT;`],
    { encoding: 'utf8' });
    assert.equal(psql.status, 0, psql.stderr);
    const before = (await ctx.api.get(`/v1/games/${g.id}`, { token: g.spectator.token, expect: 200 })).body;
    assert.equal(before.move_count, 7);
    assert.equal(before.log_head, null, 'no head until the next entry');
    const r = await playOne(ctx.api, g.id, g.players, rand);
    assert.match(r.game.log_head, /^[0-9a-f]{64}$/, 'the next entry starts the chain');
    for (let i = 0; i < 4; i++) assert.ok(await playOne(ctx.api, g.id, g.players, rand));
    await ctx.api.post(`/v1/games/${g.id}/resign`, { token: g.players[0].token, expect: 200 });
    const exp = (await ctx.api.get(`/v1/games/${g.id}/export`, { token: g.players[1].token, expect: 200 })).body;
    assert.equal(exp.chain_from, 8);
    assert.deepEqual(entries(exp).map((e) => e.hash === null), entries(exp).map((e) => e.seq < 8));
    assert.deepEqual(entries(exp).map((e) => e.hash), chainOf(exp), 'the chain from entry 8 is the one the contract describes');
    const ok = verify(exp, [`8:${r.game.log_head}`]);
    assert.equal(ok.status, 0, ok.output);
    assert.match(ok.output, /entries 1 to 7 were written before the log was chained/);
    // The numbering still covers the older entries; the chain the newer.
    const t1 = structuredClone(exp);
    t1.moves.splice(2, 1);
    assertRefused(t1, 'an entry older than the chain removed', NUMBERING);
    const t2 = structuredClone(exp);
    t2.moves.at(-3).events.push({ type: 'note' });
    assertRefused(t2, 'a chained entry changed', CHAIN);
    assertRefused({ ...exp, chain_from: 9 }, 'the chain said to start later', /precedes the chain/);
    const t3 = structuredClone(exp);
    t3.moves[0].hash = exp.moves.at(-1).hash;
    assertRefused(t3, 'an older entry given a hash', /precedes the chain/);
  });
});
