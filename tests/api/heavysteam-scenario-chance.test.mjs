// heavysteam-scenario-chance.test.mjs - Heavy Steam Scenario 2, Chance
// Encounter, through HTTP (RULINGS.md HS-R-160..167): a light game's
// titans placed in the open, the team with initiative first, the Smoke
// event face up for everyone, 2 steam cubes each; a bad placement refused
// as problem+json changing neither the state nor the log; the game played
// to its end by legal moves with standing orders.

import { test } from 'node:test';

import assert from './lib/checks.mjs';
import { refusedLeavesGame, seededRandom } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { playOn, scenarioGame, toFirstRound, viewOf } from './lib/heavysteam-scenario.mjs';

const ctx = useServer();
const SEED = Number(process.env.TURNPOST_TEST_SEED ?? 20261203);

test('HS-R-163 HS-R-164 HS-R-165 HS-R-167: Chance Encounter placed, refused, played to the end', async () => {
  const api = ctx.api;
  const rand = seededRandom(SEED);
  const g = await scenarioGame(api, 2, `hs-chance-${SEED}`, { size: 'light' });
  // the pilots and standing orders, then the first placing
  let v = await toFirstRound(api, g, rand);
  assert.equal(v.state.question.ask, 'place');
  const first = v.state.question.seat;
  assert.deepEqual(v.must_act, [first]);
  assert.equal(v.state.seats[first].team, v.state.initiative, 'the team with initiative places first');
  for (const who of g.viewers) {
    const w = await viewOf(api, g, who.token);
    assert.deepEqual(w.state.battle_cards.events_done, ['smoke'], 'the Smoke event lies face up for all');
    assert.deepEqual(w.state.smoke_sectors, [1, 6]);
  }
  const bad = await refusedLeavesGame(api, g.id, g.viewers, 'a titan placed outside its half', () =>
    api.post(`/v1/games/${g.id}/moves`, {
      token: g.players[first].token, body: { move: { type: 'place', sector: 3 }, seat: first }, expect: 422,
    }));
  assert.match(bad.headers.get('content-type'), /application\/problem\+json/);
  assert.match(bad.body.rule, /HS-R-163/);
  const asked = new Set();
  v = await playOn(api, g, rand, {
    each: (w) => { asked.add(w.state.question.ask); },
  });
  assert.ok(asked.has('place') && asked.has('place_steam'), `the placing questions: ${[...asked]}`);
  assert.equal(v.status, 'finished', 'the game ends');
  const log = (await api.get(`/v1/games/${g.id}/moves?after=0&limit=500`, { token: g.spectator.token, expect: 200 })).body.moves;
  assert.ok(log.some((m) => (m.events ?? []).some((e) => e.type === 'titan_placed')), 'placements are public');
});
