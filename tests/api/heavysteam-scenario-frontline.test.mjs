// heavysteam-scenario-frontline.test.mjs - Heavy Steam's Scenario 4,
// Frontline Fight, through HTTP only (RULINGS.md HS-R-190 to HS-R-197).
// Checks that:
//   - a game created with "scenario": 4 starts with each team's mobile
//     cannon and three infantry on the track, the infantry marked white,
//     for every viewer alike, and no seat sees another's hand;
//   - a refused move (a support unit moved before the titan's move) is
//     problem+json naming the rule and changes neither state nor move log;
//   - played to its end by legal moves (standing orders answering the
//     defender's questions), it ends with a game_over whose reason is one
//     of the scenario's (all enemy infantry or all enemy titans destroyed).

import { test } from 'node:test';

import assert from './lib/checks.mjs';
import { moveLog, refusedLeavesGame, seededRandom } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { gameOver, playOn, scenarioGame, toFirstRound, viewsOf } from './lib/heavysteam-scenario.mjs';

const ctx = useServer();
const SEED = Number(process.env.TURNPOST_TEST_SEED ?? 20261203);

test('Frontline Fight: the setup\'s units, a refused move changing nothing, a whole game to one of its victories', async () => {
  const api = ctx.api;
  const g = await scenarioGame(api, 4, `frontline-${SEED}`);
  const rand = seededRandom(SEED);
  const views = await viewsOf(api, g);
  const units = views.spectator.state.units;
  assert.equal(views.spectator.state.scenario, 4);
  assert.equal(units.length, 8, 'a cannon and three infantry a team');
  for (const team of [0, 1]) {
    const mine = units.filter((u) => u.team === team);
    assert.deepEqual(mine.map((u) => u.kind).sort(), ['cannon', 'infantry', 'infantry', 'infantry']);
    for (const u of mine) assert.equal(u.white_cube, u.kind === 'infantry', 'the setup\'s infantry are marked white');
    assert.deepEqual(mine.map((u) => u.sector), team === 0 ? [1, 2, 3, 3] : [6, 5, 4, 4]);
  }
  for (const s of [0, 1]) assert.deepEqual(views[s].state.units, units, 'every viewer sees the units');

  let v = await toFirstRound(api, g, rand);
  assert.equal(v.state.question.ask, 'move');
  const seat = v.state.question.seat;
  const inf = v.state.units.findIndex((u) => u.team === v.state.seats[seat].team && u.kind === 'infantry');
  await refusedLeavesGame(api, g.id, g.viewers, 'a unit moved before the titan', async () => {
    const move = { type: 'done', infantry: { unit: inf, sector: v.state.units[inf].sector + 1 } };
    const res = await api.post(`/v1/games/${g.id}/moves`, { token: g.players[seat].token, body: { move, seat } });
    assert.equal(res.status, 422);
    assert.match(res.headers.get('content-type'), /^application\/problem\+json/);
    assert.equal(res.body.code, 'illegal_move');
    assert.equal(res.body.violation, 'unknown_field');
    assert.match(res.body.rule, /^HS-R-11/);
    return res;
  });

  v = await playOn(api, g, rand);
  assert.equal(v.status, 'finished', `the game ends (round ${v.state.round})`);
  const log = await moveLog(api, g.id, g.players[0].token);
  const over = gameOver(log);
  assert.ok(['all_infantry_destroyed', 'all_titans_destroyed'].includes(over?.reason), `reason ${over?.reason}`);
  assert.equal(v.winners.length, 1);
  if (over.reason === 'all_infantry_destroyed') {
    assert.equal(v.state.units.filter((u) => u.team === 1 - over.winner_team && u.kind === 'infantry').length, 0);
  }
  console.log(`# Frontline Fight: ${over.reason}, round ${v.state.round}, ${log.length} moves`);
});
