// heavysteam-scenario-recon.test.mjs - Heavy Steam Scenario 5, Recon in
// Force, through HTTP (RULINGS.md HS-R-170..179): recon draws at the
// Initiative phase's start, the pile seen by its side only (views and the
// move log), a refused move as problem+json changing nothing, and the
// game played to its end by legal moves with standing orders.

import { test } from 'node:test';

import assert from './lib/checks.mjs';
import { moveLog, refusedLeavesGame, seededRandom } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { playSeat } from './lib/heavysteam-player.mjs';
import { playOn, scenarioGame, toFirstRound, viewOf } from './lib/heavysteam-scenario.mjs';

const ctx = useServer();
const SEED = Number(process.env.TURNPOST_TEST_SEED ?? 20261203);

// Plays on without heat (titans live long enough to go scouting) until stop(view).
async function calmlyUntil(api, g, rand, stop, max = 3000) {
  let v = await viewOf(api, g, g.spectator.token);
  for (let n = 0; n < max && v.status === 'active' && !stop(v); n++) {
    await playSeat(api, g.id, g.players, rand.pick(v.must_act), rand, {});
    v = await viewOf(api, g, g.spectator.token);
  }
  return v;
}

test('HS-R-170 HS-R-174 HS-R-176 HS-R-179: Recon in Force drawn in secret and played to the end', async () => {
  const api = ctx.api;
  let drawnBy = null;
  for (let k = 0; k < 6 && drawnBy === null; k++) {
    const rand = seededRandom(SEED + k);
    const g = await scenarioGame(api, 5, `hs-recon-${SEED}-${k}`, { size: 'light' });
    await toFirstRound(api, g, rand);
    let v = await calmlyUntil(api, g, rand, (x) => x.state.question?.ask === 'recon');
    if (v.status !== 'active') continue;
    const seat = v.state.question.seat;
    const other = 1 - seat;
    assert.equal(v.state.phase, 'initiative');
    const bad = await refusedLeavesGame(api, g.id, g.viewers, 'a declaration while a recon draw is asked', () =>
      api.post(`/v1/games/${g.id}/moves`, {
        token: g.players[seat].token, body: { move: { type: 'declare_over' }, seat }, expect: 422,
      }));
    assert.match(bad.headers.get('content-type'), /application\/problem\+json/);
    assert.match(bad.body.rule, /HS-R-170/);
    await api.post(`/v1/games/${g.id}/moves`, { token: g.players[seat].token, body: { move: { type: 'recon' }, seat }, expect: 201 });
    drawnBy = seat;
    const own = await viewOf(api, g, g.players[seat].token);
    const theirs = await viewOf(api, g, g.players[other].token);
    const spec = await viewOf(api, g, g.spectator.token);
    const team = own.state.seats[seat].team;
    const pile = own.state.battle_cards.recon_pile;
    assert.ok(pile.length >= 1, 'the drawer sees its side\'s pile');
    for (const w of [theirs, spec]) {
      assert.equal(w.state.battle_cards.recon[team], pile.length, 'the others see how many');
      assert.ok(w.state.battle_cards.recon.every(Number.isInteger), 'only counts');
    }
    assert.equal(spec.state.battle_cards.recon_pile, undefined);
    const card = (await moveLog(api, g.id, g.players[seat].token)).flatMap((m) => m.events ?? [])
      .filter((e) => e.type === 'recon_card');
    assert.ok(card.length >= 1, 'the card drawn is told to its side');
    for (const t of [g.players[other].token, g.spectator.token]) {
      const events = (await moveLog(api, g.id, t)).flatMap((m) => m.events ?? []);
      assert.ok(!events.some((e) => e.type === 'recon_card'), 'and to no one else');
    }
    v = await playOn(api, g, rand);
    assert.equal(v.status, 'finished', 'the game ends');
  }
  assert.notEqual(drawnBy, null, 'a recon draw was reached');
});
