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
//     the dirigible shown once all the way.

import { test } from 'node:test';

import assert from './lib/checks.mjs';
import { createAccount, moveLog, refusedLeavesGame, seededRandom } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { hsPublicPart } from './lib/hidden.mjs';
import { playSeat } from './lib/heavysteam-player.mjs';

const ctx = useServer();
const SEED = Number(process.env.TURNPOST_TEST_SEED ?? 20261204);
const MAX_MOVES = 3000;
const ORDERS = {
  type: 'orders', evade: 'never', cards_when_attacked: 'never', reroll: [],
  damage: ['shield', 'vent', 'conduit', 'repair', 'weapon_slot', 'mobility', 'boiler', 'command'],
};

async function recoveryGame(entropy) {
  const api = ctx.api;
  const a = await createAccount(api);
  const b = await createAccount(api);
  const spectator = await createAccount(api);
  const body = {
    ruleset: 'heavysteam', seats: [{ account_id: a.id }, { account_id: b.id }],
    options: { scenario: 3 }, entropy,
  };
  const game = (await api.post('/v1/games', { token: a.token, body, expect: 201 })).body.game;
  const players = [{ ...a, seat: 0 }, { ...b, seat: 1 }];
  return {
    id: game.id, players, spectator,
    viewers: [{ token: a.token, seat: 0 }, { token: b.token, seat: 1 }, { token: spectator.token }],
  };
}

const get = async (g, token) => (await ctx.api.get(`/v1/games/${g.id}`, { token, expect: 200 })).body;

// Plays g on by legal moves of a seat that must act, until stop(view).
async function play(g, rand, stop = () => false) {
  let v = await get(g, g.spectator.token);
  for (let n = 0; n < MAX_MOVES && v.status === 'active' && !stop(v); n++) {
    const seat = rand.pick(v.must_act);
    await playSeat(ctx.api, g.id, g.players, seat, rand, { heat: true });
    v = await get(g, g.spectator.token);
  }
  return v;
}

test('Critical Recovery: the dirigible between 3 and 4, a recovery out of its phase refused, a whole game to one of its victories', async () => {
  const g = await recoveryGame(`recovery-${SEED}`);
  const rand = seededRandom(SEED);
  const views = { 0: await get(g, g.players[0].token), 1: await get(g, g.players[1].token), spectator: await get(g, g.spectator.token) };
  const st = views.spectator.state;
  assert.equal(st.scenario, 3);
  assert.deepEqual(st.scenario_state, { sectors: [3, 4], carrier: null, tried: [] });
  assert.deepEqual(st.titans.map((t) => t.sector), [0, 7], 'every titan in its starting sector');
  for (const s of [0, 1]) assert.deepEqual(views[s].state.scenario_state, st.scenario_state, 'every viewer sees the dirigible');
  // each seat's view is the spectator's and its own hand, orders, pilot
  for (const s of [0, 1]) {
    assert.ok(Array.isArray(views[s].state.battle_cards.hand), `seat ${s} sees its hand`);
    assert.deepEqual(hsPublicPart(views[s], s), hsPublicPart(views.spectator, null), `seat ${s}: nothing more`);
  }
  assert.equal(views.spectator.state.battle_cards.hand, undefined, 'the spectator sees no hand');

  let v = await play(g, rand, (x) => x.state.stage === 'round');
  for (const p of g.players) {
    await ctx.api.post(`/v1/games/${g.id}/moves`, { token: p.token, body: { move: ORDERS, seat: p.seat }, expect: 201 });
  }
  v = await get(g, g.spectator.token);
  const seat = v.state.question.seat;
  await refusedLeavesGame(ctx.api, g.id, g.viewers, 'a recovery in the Move phase', async () => {
    const res = await ctx.api.post(`/v1/games/${g.id}/moves`, { token: g.players[seat].token, body: { move: { type: 'recover' }, seat } });
    assert.equal(res.status, 422);
    assert.match(res.headers.get('content-type'), /^application\/problem\+json/);
    assert.equal(res.body.code, 'illegal_move');
    assert.equal(res.body.violation, 'not_now');
    assert.match(res.body.rule, /HS-R-181/);
    return res;
  });

  let rolls = 0;
  for (let n = 0; n < MAX_MOVES && v.status === 'active'; n++) {
    const s = rand.pick(v.must_act);
    const played = await playSeat(ctx.api, g.id, g.players, s, rand, { heat: true });
    rolls += (played.res.body.events ?? []).filter((e) => e.type === 'recovery_roll').length;
    v = await get(g, g.spectator.token);
    const d = v.state.scenario_state;
    assert.ok(d.sectors[1] - d.sectors[0] <= 1 && d.sectors[0] >= 0 && d.sectors[1] <= 7, 'the dirigible lies in one sector or two');
    if (d.carrier !== null) {
      const t = v.state.titans[v.state.seats[d.carrier].titan];
      assert.ok(!t.destroyed && t.sector === d.sectors[0] && d.sectors[0] === d.sectors[1], 'it moves with its carrier');
    }
  }
  assert.equal(v.status, 'finished', `the game ends within ${MAX_MOVES} moves (round ${v.state.round})`);
  const log = await moveLog(ctx.api, g.id, g.players[0].token);
  const over = log.flatMap((m) => m.events ?? []).find((e) => e.type === 'game_over');
  assert.ok(over, 'a game_over event');
  assert.ok(['dirigible_recovered', 'all_titans_destroyed'].includes(over.reason), `reason ${over.reason}`);
  assert.equal(v.winners.length, 1);
  console.log(`# Critical Recovery: ${over.reason}, round ${v.state.round}, ${log.length} moves, ${rolls} recovery rolls`);
});
