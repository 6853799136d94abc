// steam.test.mjs - a 4-player Steam game played through HTTP to its final
// scoring by players who lay track between cities and deliver goods
// (lib/steam-policy.mjs). Along the way it checks that:
//   - every move chosen from legal-moves is accepted, one version at a time,
//     and every seat and a spectator see the same state (open information);
//   - each delivery's track points go to the owners of the links it used
//     (the view's scoring list), and each score move adds them to income or
//     VP as chosen;
//   - deliberately illegal moves (out of turn, a tile across an impassable
//     side, a tile the manifest lacks, a route that visits a node twice, a
//     route longer than the locomotive) are refused with problem+json
//     naming the rule, and change nothing any viewer sees: view, ETag,
//     move log, legal moves;
//   - the final scoring matches the view: income and links converted to
//     VP, and the winner ranked first by VP, income, action tile, seat;
//   - the seed appears in no answer before the export, and the export
//     passes `turnpost verify`.

import assert from './lib/checks.mjs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import { createAccount, legalMoves, moveLog, refusedLeavesGame, seededRandom, view } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { requireEnv } from './lib/server.mjs';
import { Board, steamPlayer } from './lib/steam-policy.mjs';

const ctx = useServer();
const MAX_MOVES = 2000;
const SEED = Number(process.env.TURNPOST_TEST_SEED ?? 20261129);

// Completed links as [{a, b, owner}].
function completeLinks(state) {
  return state.links.filter((l) => l.complete).map((l) => ({ a: l.ends[0], b: l.ends[1], owner: l.owner }));
}

function linksAt(links, node) {
  return links.filter((l) => l.a === node || l.b === node)
    .map((l) => ({ to: l.a === node ? l.b : l.a, owner: l.owner }));
}

// A delivery along real completed links that comes back to a node it has
// passed: from A through B and C back to B (RULINGS ST-AMB-12, `revisit`),
// needing a level-3 locomotive. The cube's colour is neither B's nor C's,
// so the route is not cut short at either. Null when the track has no
// such place yet.
function revisitRoute(state, seat) {
  if (state.players[seat].locomotive < 3) return null;
  const board = new Board(state);
  const links = completeLinks(state);
  for (const [from, cubes] of Object.entries(state.cubes)) {
    for (const ab of linksAt(links, from)) {
      for (const bc of linksAt(links, ab.to)) {
        if (bc.to === from) continue;
        const colour = cubes.find((c) => c !== board.colour.get(ab.to) && c !== board.colour.get(bc.to));
        if (!colour) continue;
        return {
          type: 'deliver', from, colour,
          route: [{ to: ab.to, owner: ab.owner }, { to: bc.to, owner: bc.owner }, { to: ab.to, owner: bc.owner }],
        };
      }
    }
  }
  return null;
}

// A delivery along real completed links, one link longer than seat's
// locomotive may pull (a simple path from a city holding a cube); null
// when there is none.
function tooLongRoute(state, seat) {
  const n = state.players[seat].locomotive + 1;
  if (n > 6) return null;
  const links = completeLinks(state);
  for (const [from, cubes] of Object.entries(state.cubes)) {
    const path = [];
    const seen = new Set([from]);
    const dfs = (at) => {
      if (path.length === n) return true;
      for (const step of linksAt(links, at)) {
        if (seen.has(step.to)) continue;
        seen.add(step.to);
        path.push(step);
        if (dfs(step.to)) return true;
        path.pop();
        seen.delete(step.to);
      }
      return false;
    };
    if (dfs(from)) return { type: 'deliver', from, colour: cubes[0], route: path.map((s) => ({ ...s })) };
  }
  return null;
}

// A straight tile on an empty hex, one of whose ends crosses an
// impassable side (RULINGS ST-R-04); null when every such hex is built.
function impassableBuild(state) {
  const board = new Board(state);
  for (const key of board.blocked) {
    const [hex, side] = key.split('/');
    if (board.isOpenGround(hex)) return { type: 'build', hex, tile: 'straight', rotation: Number(side) };
  }
  return null;
}

test('four players play Steam to its final scoring through the API, delivering goods', async () => {
  const api = ctx.api;
  const texts = [];
  const keep = (res) => { texts.push(res.text); return res; };
  const ruleset = (await api.get('/v1/rulesets/steam', { expect: 200 })).body;
  assert.equal(ruleset.min_seats, 3);
  assert.equal(ruleset.max_seats, 6);
  const actionValue = new Map(ruleset.actions.map((a) => [a.id, a.value]));

  const players = [];
  for (let i = 0; i < 4; i++) players.push(await createAccount(api));
  const spectator = await createAccount(api);
  const created = keep(await api.post('/v1/games', {
    token: players[0].token,
    body: { ruleset: 'steam', seats: players.map((p) => ({ account_id: p.id })), options: { turn_order: 'auction' } },
    expect: 201,
  })).body;
  const g = created.game;
  assert.equal(g.status, 'active');
  assert.equal(g.state.map.id, 'tidewater', 'four players play on Tidewater by default');
  const viewers = [...players.map((p, seat) => ({ token: p.token, seat })), { token: spectator.token }];
  const rand = seededRandom(SEED);
  const choose = steamPlayer(ruleset, rand);

  // What the game saw, for the assertions after the end.
  const count = {};
  const taken = { income: 0, vp: 0 };
  let foreignPoints = 0;
  let routePoints = 0;
  let scoredPoints = 0;
  const minIncome = [0, 0, 0, 0];
  const refused = {};
  let lastEvents = [];

  // Posts a move that must be refused, and checks that no viewer sees any
  // change. Returns the problem body.
  const refuse = async (why, token, move, status, code) => {
    const res = await refusedLeavesGame(api, g.id, viewers, why, () =>
      api.post(`/v1/games/${g.id}/moves`, { token, body: { move }, expect: status, code }));
    keep(res);
    assert.match(res.headers.get('content-type'), /^application\/problem\+json/);
    assert.equal(res.body.type, `urn:turnpost:problem:${code}`);
    refused[why] = res.body;
    return res.body;
  };

  let moves = 0;
  for (; moves < MAX_MOVES; moves++) {
    const v = keep(await api.get(`/v1/games/${g.id}`, { token: spectator.token, expect: 200 })).body;
    if (v.status === 'finished') break;
    const state = v.state;
    assert.equal(v.must_act.length, 1, 'one seat decides at a time');
    const seat = v.must_act[0];
    assert.equal(state.to_act, seat);
    const p = players[seat];
    const own = keep(await api.get(`/v1/games/${g.id}`, { token: p.token, expect: 200 })).body;
    assert.deepEqual({ ...own.state, viewer: null }, { ...state, viewer: null },
      'a seat sees what the spectator sees (Steam has no hidden information)');
    const lm = keep(await api.get(`/v1/games/${g.id}/legal-moves`, { token: p.token, expect: 200 })).body;
    assert.equal(lm.version, v.version);
    assert.equal(lm.seat, seat);
    assert.ok(lm.moves.length > 0, `seat ${seat} must act but has no legal move`);
    state.players.forEach((pl, s) => { minIncome[s] = Math.min(minIncome[s], pl.income); });
    const move = choose(v, lm.moves, seat);

    // The refusals, each once, where the position allows it.
    if (state.phase === 'build' && !refused.out_of_turn) {
      const other = (seat + 1) % 4;
      const idle = keep(await api.get(`/v1/games/${g.id}/legal-moves`, { token: players[other].token, expect: 200 })).body;
      assert.deepEqual(idle.moves, [], 'a seat that need not act has no legal move');
      await refuse('out_of_turn', players[other].token, move, 409, 'not_your_turn');
    }
    if (state.phase === 'build' && !refused.impassable) {
      const bad = impassableBuild(state);
      if (bad) {
        const pb = await refuse('impassable', p.token, bad, 422, 'illegal_move');
        assert.equal(pb.violation, 'impassable');
        assert.equal(pb.rule, 'Steam: Other Track Building Limitations');
      }
    }
    if (state.phase === 'build' && !refused.no_such_tile) {
      const opt = lm.moves.find((m) => m.type === 'build')?.options[0];
      if (opt) {
        const pb = await refuse('no_such_tile', p.token, { type: 'build', hex: opt.hex, tile: 'junction', rotation: 0 }, 422, 'illegal_move');
        assert.equal(pb.violation, 'bad_tile');
        assert.equal(pb.rule, 'Turnpost: move format');
      }
    }
    if (state.phase === 'move' && !refused.revisit) {
      const bad = revisitRoute(state, seat);
      if (bad) {
        const pb = await refuse('revisit', p.token, bad, 422, 'illegal_move');
        assert.equal(pb.violation, 'revisit', JSON.stringify(bad));
        assert.equal(pb.rule, 'Steam: Phase 3 - Move Goods');
      }
    }
    if (state.phase === 'move' && !refused.too_long) {
      const bad = tooLongRoute(state, seat);
      if (bad) {
        const pb = await refuse('too_long', p.token, bad, 422, 'illegal_move');
        assert.equal(pb.violation, 'locomotive_too_small', JSON.stringify(bad));
        assert.equal(pb.rule, 'Steam: Phase 3 - Move Goods');
      }
    }

    const res = keep(await api.post(`/v1/games/${g.id}/moves`, {
      token: p.token, body: { move }, headers: { 'if-match': `"${v.version}"` }, expect: 201,
    }));
    assert.equal(res.body.version, v.version + 1, 'a move raises the version by one');
    count[move.type] = (count[move.type] ?? 0) + 1;
    lastEvents = res.body.events;
    const after = res.body.game.state;

    if (move.type === 'deliver') {
      // The scorers: the mover first, then every other owner of a link
      // used, in turn order, each with the links of theirs used.
      const used = new Map();
      for (const step of move.route) if (step.owner >= 0) used.set(step.owner, (used.get(step.owner) ?? 0) + 1);
      const want = [{ seat, points: used.get(seat) ?? 0 }];
      for (const s of state.turn_order) if (s !== seat && used.get(s)) want.push({ seat: s, points: used.get(s) });
      assert.equal(after.phase, 'score');
      assert.deepEqual(after.scoring, want, `track points of ${JSON.stringify(move)}`);
      assert.ok(want[0].points >= 1, 'a delivery uses one of the mover\'s own links');
      routePoints += want.reduce((a, w) => a + w.points, 0);
      foreignPoints += want.slice(1).reduce((a, w) => a + w.points, 0);
    }
    if (move.type === 'score') {
      const pts = state.scoring[0].points;
      assert.equal(state.scoring[0].seat, seat);
      const ev = res.body.events.find((e) => e.type === 'score');
      assert.deepEqual(ev, { type: 'score', seat, points: pts, take: move.take });
      // The last score of a turn also runs Phase 4, where expenses may
      // lower income (and VP): compare the track only when it did not.
      if (!res.body.events.some((e) => e.type === 'income')) {
        const before = state.players[seat];
        const now = after.players[seat];
        assert.equal(now.income, before.income + (move.take === 'income' ? pts : 0), 'income after scoring');
        assert.equal(now.vp, before.vp + (move.take === 'vp' ? pts : 0), 'VP after scoring');
      }
      taken[move.take]++;
      scoredPoints += pts;
    }
  }

  const end = keep(await api.get(`/v1/games/${g.id}`, { token: players[1].token, expect: 200 })).body;
  const fin = end.state;
  assert.equal(end.status, 'finished', `the game ended within ${MAX_MOVES} moves`);
  assert.deepEqual(end.must_act, []);
  assert.equal(fin.phase, 'over');
  assert.match(end.result.summary, /after turn 8/, 'four players play 8 turns');
  console.log(`steam: ${moves} moves ${JSON.stringify(count)}; points ${routePoints} ` +
    `(${foreignPoints} to other owners), taken as income ${taken.income}, as VP ${taken.vp}; ` +
    `refused: ${Object.keys(refused).join(', ')}; ${end.result.summary}`);

  // Goods moved, and their points were scored.
  assert.ok(count.deliver >= 6, `several deliveries (${count.deliver ?? 0})`);
  assert.equal(scoredPoints, routePoints, 'every track point of every delivery was scored');
  assert.ok(taken.income > 0 && taken.vp > 0, 'points taken as income early and as VP late');
  assert.ok(fin.players.some((pl, s) => pl.income > minIncome[s]), 'some income rose from deliveries');
  assert.ok(count.build >= 12, `track was built (${count.build ?? 0} tiles)`);
  assert.ok(count.locomotive >= 1, 'a locomotive was improved');
  assert.deepEqual(Object.keys(refused).sort(),
    ['impassable', 'no_such_tile', 'out_of_turn', 'revisit', 'too_long'], 'every illegal move was tried');

  // The final scoring, as the last move's game_over event tells it, agrees
  // with the view: income and completed links turned into VP.
  const over = lastEvents.find((e) => e.type === 'game_over');
  assert.ok(over, 'the last move ended the game');
  for (const sc of over.scores) {
    const pl = fin.players[sc.seat];
    if (sc.bankrupt) {
      assert.equal(pl.bankrupt, true);
      continue;
    }
    assert.equal(sc.vp, pl.vp);
    assert.equal(sc.income, pl.income);
    const fromIncome = pl.income > 0 ? Math.floor(pl.income / 2) : pl.income < 0 ? 2 * pl.income : 0;
    assert.equal(sc.from_income, fromIncome, `seat ${sc.seat}: VP from income`);
    assert.equal(sc.links, fin.links.filter((l) => l.complete && l.owner === sc.seat).length,
      `seat ${sc.seat}: one VP per completed link owned`);
  }
  // The winner ranks first: most VP, then income, then the lower action
  // tile, then the lower seat (RULINGS ST-R-10).
  const rank = fin.players.filter((pl) => !pl.bankrupt).sort((a, b) => b.vp - a.vp || b.income - a.income ||
    (actionValue.get(a.action) ?? 8) - (actionValue.get(b.action) ?? 8) || a.seat - b.seat);
  assert.equal(over.winner, rank[0].seat);
  assert.deepEqual(end.winners, [rank[0].seat]);
  assert.equal(fin.winner, rank[0].seat);
  assert.match(end.result.summary, new RegExp(`seat ${rank[0].seat} wins with ${rank[0].vp} VP`));
  assert.ok(rank[0].vp > 0, 'the winner scored');

  // The seed is secret until the export, which verifies.
  const ex = await api.get(`/v1/games/${g.id}/export`, { token: players[2].token, expect: 200 });
  assert.equal(ex.body.commitment, g.commitment, 'the commitment is the one shown from the start');
  const log = JSON.stringify(await moveLog(api, g.id, spectator.token));
  for (const t of [...texts, log]) assert.ok(!t.includes(ex.body.seed), 'the seed was visible before the export');
  const dir = mkdtempSync(join(tmpdir(), 'turnpost-steam-'));
  try {
    writeFileSync(join(dir, 'export.json'), ex.text);
    execFileSync(requireEnv('TURNPOST_BIN'), ['verify', join(dir, 'export.json')], { stdio: 'pipe' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

// ---- Track up to, over and through other track -------------------------------
// The rulebook's improvements (RULINGS ST-R-04, ST-AMB-07, ST-AMB-10), each
// reached by moves from a new game: a track end may face a side of another
// tile that has no track (an open end), and the next build improves that
// tile with a crossing, a passing tile or a town tile with more exits whose
// new track continues it. Tidewater geometry (sides 0 E, 1 SE, 2 SW, 3 W,
// 4 NW, 5 NE): d7 straight rot 1 joins Millbrook (c6) and Stonebridge (d8);
// c7 sharp rot 5 runs from c6 into d7's west side; b4 straight rot 0 and
// a one-exit town tile on c4 (rot 3) join Westhaven (a4) and the town
// Ferris (c4); c5 gentle rot 5 runs from c6 into c4's south-west side; on
// the hills b5, straight rot 1 leaves a4 south-east and c5 gentle rot 1 runs
// from c6 into b5's east side.

// A new three-player game on Tidewater in which each seat, in turn order,
// took a free action tile: the first player in the turn order builds.
async function buildPhaseGame(api) {
  const players = [];
  for (let i = 0; i < 3; i++) players.push(await createAccount(api));
  const spectator = await createAccount(api);
  const g = (await api.post('/v1/games', {
    token: players[0].token,
    body: { ruleset: 'steam', seats: players.map((p) => ({ account_id: p.id })), options: { turn_order: 'random', map: 'tidewater' } },
    expect: 201,
  })).body.game;
  const game = {
    id: g.id, players, spectator,
    viewers: [...players.map((p, seat) => ({ token: p.token, seat })), { token: spectator.token }],
  };
  for (const action of ['turn_order', 'first_move', 'engineer']) {
    const v = await view(api, game.id, spectator.token);
    await api.post(`/v1/games/${game.id}/moves`, {
      token: players[v.state.to_act].token, body: { move: { type: 'select', action } }, expect: 201,
    });
  }
  const v = await view(api, game.id, spectator.token);
  assert.equal(v.state.phase, 'build');
  game.order = v.state.turn_order;
  return game;
}

// The cost legal-moves lists for this build or redirect, or undefined.
function listedCost(moves, move) {
  const opt = moves.find((m) => m.type === move.type)?.options.find((o) => o.hex === move.hex);
  const tile = opt?.tiles.find((t) => t.tile === move.tile && t.rotations.includes(move.rotation));
  return tile?.cost;
}

// What seat paid between two views: cash spent plus what it raised ($5
// for each income step, or for each 2 VP, given up).
function paidBetween(before, after, seat) {
  const p = before.state.players[seat];
  const q = after.state.players[seat];
  return p.cash - q.cash + 5 * (p.income - q.income) + 5 * (p.vp - q.vp) / 2;
}

// Seat builds (a move listed by legal-moves at the cost the rulebook
// gives, `cost`); checks what it paid and the event, returns the answer.
async function buildListed(api, game, seat, move, cost, event = 'build') {
  const token = game.players[seat].token;
  const before = await view(api, game.id, game.spectator.token);
  assert.equal(before.state.to_act, seat);
  const lm = await legalMoves(api, game.id, token);
  assert.equal(listedCost(lm.moves, move), cost, `legal-moves lists ${JSON.stringify(move)} at $${cost}`);
  const res = await api.post(`/v1/games/${game.id}/moves`, { token, body: { move }, expect: 201 });
  const after = await view(api, game.id, game.spectator.token);
  assert.equal(paidBetween(before, after, seat), cost, `${JSON.stringify(move)} costs $${cost}`);
  const ev = res.body.events.find((e) => e.type === event);
  assert.ok(ev, `a ${event} event for ${JSON.stringify(move)}`);
  assert.equal(ev.cost, cost);
  return res.body;
}

// A build that must be refused with violation `why`, leaving every
// viewer's view, move log and legal moves as they were; not listed.
async function buildRefused(api, game, seat, move, why) {
  const token = game.players[seat].token;
  const lm = await legalMoves(api, game.id, token);
  assert.equal(listedCost(lm.moves, move), undefined, `legal-moves does not list ${JSON.stringify(move)}`);
  const res = await refusedLeavesGame(api, game.id, game.viewers, why, () =>
    api.post(`/v1/games/${game.id}/moves`, { token, body: { move }, expect: 422, code: 'illegal_move' }));
  assert.equal(res.body.violation, why, JSON.stringify(move));
}

// The owner of the track on hex between sides a and b ('town' for a town).
function segOwner(state, hex, a, b) {
  const t = state.track.find((x) => x.hex === hex);
  const s = t?.segments.find((x) => (x.ends[0] === a && x.ends[1] === b) || (x.ends[0] === b && x.ends[1] === a));
  return s ? s.owner : undefined;
}

// The link holding the track on hex between sides a and b.
function linkOf(state, hex, a, b) {
  const t = state.track.find((x) => x.hex === hex);
  const s = t.segments.find((x) => (x.ends[0] === a && x.ends[1] === b) || (x.ends[0] === b && x.ends[1] === a));
  return state.links.find((l) => l.link === s.link);
}

const build = (hex, tile, rotation) => ({ type: 'build', hex, tile, rotation });
const done = async (api, game, seat) =>
  api.post(`/v1/games/${game.id}/moves`, { token: game.players[seat].token, body: { move: { type: 'done' } }, expect: 201 });

test('Steam: crossing another player\'s straight and adding an exit to his town tile, through the API', async () => {
  const api = ctx.api;
  const game = await buildPhaseGame(api);
  const [b, a, c] = game.order;
  // b: Millbrook-Stonebridge through d7, Westhaven to the town Ferris
  await buildListed(api, game, b, build('d7', 'straight', 1), 2);
  await buildListed(api, game, b, build('b4', 'straight', 0), 2);
  await buildListed(api, game, b, build('c4', 'town_1', 3), 2);
  // a: the crossing first touches nothing of his; up to d7, then across
  await buildRefused(api, game, a, build('d7', 'cross_x', 0), 'not_connected');
  await buildListed(api, game, a, build('c7', 'sharp', 5), 2);
  let st = (await view(api, game.id, game.spectator.token)).state;
  const approach = linkOf(st, 'c7', 5, 0);
  assert.equal(approach.complete, false);
  assert.equal(approach.open_hex, 'c7');
  assert.equal(approach.open_side, 0, 'a\'s track ends facing d7\'s side without track');
  await buildRefused(api, game, a, build('d7', 'straight', 0), 'must_preserve');
  await buildListed(api, game, a, build('d7', 'cross_x', 0), 4, 'improve');
  st = (await view(api, game.id, game.spectator.token)).state;
  assert.equal(segOwner(st, 'd7', 1, 4), b, 'b\'s straight stays his');
  assert.equal(segOwner(st, 'd7', 0, 3), a, 'the new track is a\'s');
  assert.deepEqual(linkOf(st, 'd7', 1, 4).ends.sort(), ['c6', 'd8']);
  assert.equal(linkOf(st, 'd7', 1, 4).owner, b);
  assert.equal(linkOf(st, 'd7', 0, 3).link, linkOf(st, 'c7', 5, 0).link, 'a\'s line runs on through d7');
  assert.equal(st.players[a].built, 2);
  await done(api, game, a);
  // c: Ferris holds b's town tile; c runs up to its side without exit
  await buildRefused(api, game, c, build('c4', 'town_sharp', 2), 'not_connected');
  await buildListed(api, game, c, build('c5', 'gentle', 5), 2);
  await buildRefused(api, game, c, build('c4', 'town_sharp', 0), 'must_preserve');
  await buildListed(api, game, c, build('c4', 'town_sharp', 2), 3, 'improve');
  st = (await view(api, game.id, game.spectator.token)).state;
  assert.equal(segOwner(st, 'c4', 'town', 3), b);
  assert.equal(segOwner(st, 'c4', 'town', 2), c);
  const cLink = linkOf(st, 'c5', 5, 1);
  assert.deepEqual([cLink.complete, cLink.owner, [...cLink.ends].sort()], [true, c, ['c4', 'c6']]);
  const bLink = linkOf(st, 'b4', 0, 3);
  assert.deepEqual([bLink.complete, bLink.owner, [...bLink.ends].sort()], [true, b, ['a4', 'c4']]);
});

test('Steam: passing another player\'s straight and crossing one\'s own track, through the API', async () => {
  const api = ctx.api;
  const game = await buildPhaseGame(api);
  const [b, a, c] = game.order;
  await buildListed(api, game, b, build('d7', 'straight', 1), 2);
  await done(api, game, b);
  // a: up to d7's west side, then a passing tile: b's straight and a's
  // sharp curve from the west side to the south-west side
  await buildListed(api, game, a, build('c7', 'sharp', 5), 2);
  await buildListed(api, game, a, build('d7', 'pass_straight', 1), 4, 'improve');
  let st = (await view(api, game.id, game.spectator.token)).state;
  assert.equal(segOwner(st, 'd7', 1, 4), b);
  assert.equal(segOwner(st, 'd7', 2, 3), a);
  assert.equal(linkOf(st, 'd7', 1, 4).complete, true);
  assert.equal(linkOf(st, 'd7', 2, 3).link, linkOf(st, 'c7', 5, 0).link);
  assert.deepEqual([linkOf(st, 'd7', 2, 3).open_hex, linkOf(st, 'd7', 2, 3).open_side], ['d7', 2]);
  await done(api, game, a);
  // c (Engineer): from Westhaven over the hills b5, then from Millbrook up
  // to b5's east side and across his own track: the crossing pays its
  // four exits, not the hills
  await buildListed(api, game, c, build('b5', 'straight', 1), 4);
  await buildListed(api, game, c, build('c5', 'gentle', 1), 2);
  await buildListed(api, game, c, build('b5', 'cross_x', 0), 4, 'improve');
  st = (await view(api, game.id, game.spectator.token)).state;
  assert.equal(segOwner(st, 'b5', 1, 4), c);
  assert.equal(segOwner(st, 'b5', 0, 3), c);
  assert.notEqual(linkOf(st, 'b5', 1, 4).link, linkOf(st, 'b5', 0, 3).link, 'two links cross on b5');
  assert.equal(linkOf(st, 'b5', 0, 3).link, linkOf(st, 'c5', 1, 3).link);
  assert.equal(st.players[c].built, 3);
});
