// heavysteam-scenario-recovery.test.mjs - Heavy Steam's Scenario 3,
// Critical Recovery, through HTTP only (RULINGS.md HS-R-180 to HS-R-186).
// Checks that:
//   - a game created with "scenario": 3 starts with every titan in its
//     starting sector and the dirigible between sectors 3 and 4, shown
//     alike to both seats and the spectator, and no seat sees another's
//     hand;
//   - a recovery tried outside the Battle Card phase is problem+json
//     naming the rule and changes neither state nor move log;
//   - played to its end by legal moves (standing orders answering the
//     defender's questions), it ends with a game_over whose reason is one
//     of the scenario's (the dirigible home, or all enemy titans destroyed),
//     the dirigible in one place all the way.

import { test } from 'node:test';

import assert from './lib/checks.mjs';
import { moveLog, refusedLeavesGame, seededRandom } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { gameOver, playOn, scenarioGame, toFirstRound, viewsOf } from './lib/heavysteam-scenario.mjs';

const ctx = useServer();
const SEED = Number(process.env.TURNPOST_TEST_SEED ?? 20261204);

test('Critical Recovery: the dirigible between 3 and 4, a recovery out of its phase refused, a whole game to one of its victories', async () => {
  const api = ctx.api;
  const g = await scenarioGame(api, 3, `recovery-${SEED}`);
  const rand = seededRandom(SEED);
  const views = await viewsOf(api, g);
  const st = views.spectator.state;
  assert.equal(st.scenario, 3);
  assert.deepEqual(st.scenario_state, { sectors: [3, 4], carrier: null, tried: [] });
  assert.deepEqual(st.titans.map((t) => t.sector), [0, 7], 'every titan in its starting sector');
  for (const s of [0, 1]) assert.deepEqual(views[s].state.scenario_state, st.scenario_state, 'every viewer sees the dirigible');

  let v = await toFirstRound(api, g, rand);
  const seat = v.state.question.seat;
  await refusedLeavesGame(api, g.id, g.viewers, 'a recovery in the Move phase', async () => {
    const res = await api.post(`/v1/games/${g.id}/moves`, { token: g.players[seat].token, body: { move: { type: 'recover' }, seat } });
    assert.equal(res.status, 422);
    assert.match(res.headers.get('content-type'), /^application\/problem\+json/);
    assert.equal(res.body.code, 'illegal_move');
    assert.equal(res.body.violation, 'not_now');
    assert.match(res.body.rule, /HS-R-181/);
    return res;
  });

  let rolls = 0;
  v = await playOn(api, g, rand, {
    each: (x, played) => {
      rolls += (played.res.body.events ?? []).filter((e) => e.type === 'recovery_roll').length;
      const d = x.state.scenario_state;
      assert.ok(d.sectors[1] - d.sectors[0] <= 1 && d.sectors[0] >= 0 && d.sectors[1] <= 7, 'the dirigible lies in one sector or two');
      if (d.carrier !== null) {
        const t = x.state.titans[x.state.seats[d.carrier].titan];
        assert.ok(!t.destroyed && t.sector === d.sectors[0] && d.sectors[0] === d.sectors[1], 'it moves with its carrier');
      }
    },
  });
  assert.equal(v.status, 'finished', `the game ends (round ${v.state.round})`);
  const log = await moveLog(api, g.id, g.players[0].token);
  const over = gameOver(log);
  assert.ok(['dirigible_recovered', 'all_titans_destroyed'].includes(over?.reason), `reason ${over?.reason}`);
  assert.equal(v.winners.length, 1);
  console.log(`# Critical Recovery: ${over.reason}, round ${v.state.round}, ${log.length} moves, ${rolls} recovery rolls`);
});
