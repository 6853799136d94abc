// heavysteam-scenario-frontline.test.mjs - Heavy Steam's Scenario 4,
// Frontline Fight, through HTTP only (RULINGS.md HS-R-190 to HS-R-197).
// Checks that:
//   - a game created with "scenario": 4 starts with each team's mobile
//     cannon and three infantry on the track, the infantry marked white,
//     for every viewer alike, and no seat sees another's hand;
//   - played to its end by legal moves (standing orders answering the
//     defender's questions), it ends with a game_over whose reason is one
//     of the scenario's (all enemy infantry or all enemy titans destroyed);
//   - a refused move (a support unit moved before the titan's move) is
//     problem+json naming the rule and changes neither state nor move log.

import { test } from 'node:test';

import assert from './lib/checks.mjs';
import { createAccount, moveLog, refusedLeavesGame, seededRandom } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { hsPublicPart } from './lib/hidden.mjs';
import { playSeat } from './lib/heavysteam-player.mjs';

const ctx = useServer();
const SEED = Number(process.env.TURNPOST_TEST_SEED ?? 20261203);
const MAX_MOVES = 3000;
const ORDERS = {
  type: 'orders', evade: 'never', cards_when_attacked: 'never', reroll: [],
  damage: ['shield', 'vent', 'conduit', 'repair', 'weapon_slot', 'mobility', 'boiler', 'command'],
};

async function frontlineGame(entropy) {
  const api = ctx.api;
  const a = await createAccount(api);
  const b = await createAccount(api);
  const spectator = await createAccount(api);
  const body = {
    ruleset: 'heavysteam', seats: [{ account_id: a.id }, { account_id: b.id }],
    options: { scenario: 4 }, entropy,
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

test('Frontline Fight: the setup\'s units, a whole game to one of its victories, a refused move changing nothing', async () => {
  const g = await frontlineGame(`frontline-${SEED}`);
  const rand = seededRandom(SEED);
  const views = { 0: await get(g, g.players[0].token), 1: await get(g, g.players[1].token), spectator: await get(g, g.spectator.token) };
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
  // each seat's view is the spectator's and its own hand, orders, pilot
  for (const s of [0, 1]) {
    assert.ok(Array.isArray(views[s].state.battle_cards.hand), `seat ${s} sees its hand`);
    assert.deepEqual(hsPublicPart(views[s], s), hsPublicPart(views.spectator, null), `seat ${s}: nothing more`);
  }
  assert.equal(views.spectator.state.battle_cards.hand, undefined, 'the spectator sees no hand');

  // the pilots, then the first Move phase: a unit moved before the titan
  // moved or held is refused, changing nothing
  let v = await play(g, rand, (x) => x.state.stage === 'round');
  for (const p of g.players) {
    await ctx.api.post(`/v1/games/${g.id}/moves`, { token: p.token, body: { move: ORDERS, seat: p.seat }, expect: 201 });
  }
  v = await get(g, g.spectator.token);
  assert.equal(v.state.question.ask, 'move');
  const seat = v.state.question.seat;
  const inf = v.state.units.findIndex((u) => u.team === v.state.seats[seat].team && u.kind === 'infantry');
  await refusedLeavesGame(ctx.api, g.id, g.viewers, 'a unit moved before the titan', async () => {
    const move = { type: 'done', infantry: { unit: inf, sector: v.state.units[inf].sector + 1 } };
    const res = await ctx.api.post(`/v1/games/${g.id}/moves`, { token: g.players[seat].token, body: { move, seat } });
    assert.equal(res.status, 422);
    assert.match(res.headers.get('content-type'), /^application\/problem\+json/);
    assert.equal(res.body.code, 'illegal_move');
    assert.equal(res.body.violation, 'unknown_field');
    assert.match(res.body.rule, /^HS-R-11/);
    return res;
  });

  v = await play(g, rand);
  assert.equal(v.status, 'finished', `the game ends within ${MAX_MOVES} moves (round ${v.state.round})`);
  const log = await moveLog(ctx.api, g.id, g.players[0].token);
  const over = log.flatMap((m) => m.events ?? []).find((e) => e.type === 'game_over');
  assert.ok(over, 'a game_over event');
  assert.ok(['all_infantry_destroyed', 'all_titans_destroyed'].includes(over.reason), `reason ${over.reason}`);
  assert.equal(v.winners.length, 1);
  const loser = 1 - over.winner_team;
  if (over.reason === 'all_infantry_destroyed') {
    assert.equal(v.state.units.filter((u) => u.team === loser && u.kind === 'infantry').length, 0);
  }
  console.log(`# Frontline Fight: ${over.reason}, round ${v.state.round}, ${log.length} moves`);
});
