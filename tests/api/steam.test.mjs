// steam.test.mjs - a 4-player Steam game created and played through HTTP to
// its final scoring, moves picked from legal-moves (shapes made concrete),
// then exported and verified by `turnpost verify`.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { createAccount, createGame, seededRandom } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { concretize } from './lib/play.mjs';
import { requireEnv } from './lib/server.mjs';

const ctx = useServer();
const MAX_MOVES = 5000;

// Steam's legal-moves shapes (see GET /v1/rulesets/steam): build and
// redirect list hexes, each with tiles, each with rotations; urbanize and
// grow give each field its allowed values as a list; bid's amount is
// {min, max}. Everything else is a concrete move.
function steamMove(entry, rand) {
  if ((entry.type === 'build' || entry.type === 'redirect') && Array.isArray(entry.options)) {
    const o = rand.pick(entry.options);
    const t = rand.pick(o.tiles);
    return { type: entry.type, hex: o.hex, tile: t.tile, rotation: rand.pick(t.rotations) };
  }
  const move = {};
  for (const [k, v] of Object.entries(entry)) {
    if (Array.isArray(v) && (entry.type === 'grow' || entry.type === 'urbanize')) move[k] = rand.pick(v);
    else if (v && typeof v === 'object' && 'min' in v && 'max' in v) move[k] = v.min + rand.int(v.max - v.min + 1);
    else move[k] = v;
  }
  return concretize(move, rand);
}

// A cautious player, so that the game runs to its final scoring rather
// than to everybody's bankruptcy: it delivers whenever it can, builds only
// what its cash pays for, takes early points as income, and leaves the
// auction at once.
// Hex "e4" is column e, row 4; odd rows (counting from 0) sit half a hex
// to the right, as the maps' data says.
function neighbours(name) {
  const c = name.charCodeAt(0) - 97;
  const r = Number(name.slice(1)) - 1;
  const dc = r & 1 ? [1, 1, 0, -1, 0, 1] : [1, 0, -1, -1, -1, 0];
  const dr = [0, 1, 1, 0, -1, -1];
  return dc.map((d, i) => String.fromCharCode(97 + c + d) + (r + dr[i] + 1));
}

function choose(moves, me, rand, last) {
  const of = (type) => moves.filter((m) => m.type === type);
  if (of('deliver').length) return rand.pick(of('deliver'));
  if (of('score').length) {
    const want = me.income < 8 ? 'income' : 'vp';
    return of('score').find((m) => JSON.stringify(m).includes(want)) ?? rand.pick(of('score'));
  }
  if (of('pass').length && of('bid').length) return of('pass')[0];
  const builds = of('build').flatMap((b) => b.options.flatMap((o) => o.tiles
    .filter((t) => t.cost <= me.cash)
    .map((t) => ({ type: 'build', hex: o.hex, tile: t.tile, rotation: rand.pick(t.rotations) }))));
  // Carry on from the tile laid last, so that track reaches a town or city.
  const onward = last ? builds.filter((b) => neighbours(last).includes(b.hex)) : [];
  if (onward.length) return rand.pick(onward);
  if (builds.length && rand() < 0.8) return rand.pick(builds);
  if (of('locomotive').length && me.locomotive < 3 && rand() < 0.5) return of('locomotive')[0];
  for (const t of ['done', 'pass']) if (of(t).length) return of(t)[0];
  return rand.pick(moves);
}

test('four players play Steam to its final scoring through the API', async () => {
  const api = ctx.api;
  const desc = (await api.get('/v1/rulesets/steam', { expect: 200 })).body;
  assert.equal(desc.min_seats, 3);
  assert.equal(desc.max_seats, 6);

  const players = [];
  for (let i = 0; i < 4; i++) players.push(await createAccount(api));
  const created = await createGame(api, players[0].token,
    players.map((p) => ({ account_id: p.id })), { ruleset: 'steam', options: { turn_order: 'random' } });
  const g = created.game;
  assert.equal(g.status, 'active');
  const rand = seededRandom(20261129);

  let moves = 0;
  let refusedAfterListed = 0;
  const lastBuild = {};
  for (; moves < MAX_MOVES; moves++) {
    const v = (await api.get(`/v1/games/${g.id}`, { token: players[0].token, expect: 200 })).body;
    if (v.status === 'finished') break;
    assert.equal(v.must_act.length, 1, 'one seat decides at a time');
    const seat = v.must_act[0];
    const p = players[seat];
    const lm = (await api.get(`/v1/games/${g.id}/legal-moves`, { token: p.token, expect: 200 })).body;
    assert.ok(lm.moves.length > 0, `seat ${seat} must act but has no legal move`);
    const move = steamMove(choose(lm.moves, v.state.players[seat], rand, lastBuild[seat]), rand);
    if (move.type === 'build') lastBuild[seat] = move.hex;
    const res = await api.post(`/v1/games/${g.id}/moves`, {
      token: p.token, body: { move }, expect: [201, 422],
    });
    if (res.status === 422) {
      refusedAfterListed++;
      if (refusedAfterListed === 1) console.log('refused', JSON.stringify(move), res.text);
    }
  }
  assert.equal(refusedAfterListed, 0, 'every move made from legal-moves is accepted');
  const end = (await api.get(`/v1/games/${g.id}`, { token: players[1].token, expect: 200 })).body;
  assert.equal(end.status, 'finished', `the game ended within ${MAX_MOVES} moves`);
  assert.equal(end.winners.length, 1, 'a single winner');
  assert.match(end.result.summary, /after turn 8/, 'four players play 8 turns');
  console.log(`steam: ${moves} moves; ${end.result.summary}`);

  const ex = await api.get(`/v1/games/${g.id}/export`, { token: players[2].token, expect: 200 });
  const dir = mkdtempSync(join(tmpdir(), 'turnpost-steam-'));
  try {
    writeFileSync(join(dir, 'export.json'), ex.text);
    execFileSync(requireEnv('TURNPOST_BIN'), ['verify', join(dir, 'export.json')], { stdio: 'pipe' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
