// heavysteam-scenario.mjs - what the Heavy Steam scenario tests share
// (heavysteam-scenario-*.test.mjs): a two-seat game of a scenario made
// through HTTP with a spectator, and a whole game played from legal-moves
// with standing orders answering the defender's questions.

import assert from './checks.mjs';
import { createAccount } from './fixtures.mjs';
import { playSeat } from './heavysteam-player.mjs';

const STATION_TYPES = ['shield', 'vent', 'conduit', 'repair', 'weapon_slot', 'mobility', 'boiler', 'command'];
export const ALL_ORDERS = { type: 'orders', evade: 'never', cards_when_attacked: 'never', damage: STATION_TYPES, reroll: [] };

// A started game: {id, players: [{token, seat}], spectator, viewers}.
export async function scenarioGame(api, options, entropy) {
  const a = await createAccount(api);
  const b = await createAccount(api);
  const spectator = await createAccount(api);
  const game = (await api.post('/v1/games', {
    token: a.token, expect: 201,
    body: { ruleset: 'heavysteam', seats: [{ account_id: a.id }, { account_id: b.id }], options, entropy },
  })).body.game;
  assert.equal(game.status, 'active');
  return {
    id: game.id, players: [{ ...a, seat: 0 }, { ...b, seat: 1 }], spectator,
    viewers: [{ token: a.token, seat: 0 }, { token: b.token, seat: 1 }, { token: spectator.token }],
  };
}

export const viewOf = async (api, g, token) => (await api.get(`/v1/games/${g.id}`, { token, expect: 200 })).body;

// Plays g by legal moves until stop(spectator's view) or the end; each(view,
// played) sees every move. Returns the last spectator's view.
export async function playGame(api, g, rand, { max = 3000, stop, each } = {}) {
  let v = await viewOf(api, g, g.spectator.token);
  for (let n = 0; n < max && v.status === 'active'; n++) {
    if (stop && stop(v)) return v;
    const seat = rand.pick(v.must_act);
    const played = await playSeat(api, g.id, g.players, seat, rand, {});
    if (each) await each(v, played);
    v = await viewOf(api, g, g.spectator.token);
  }
  return v;
}

// Both seats' standing orders, so that attacks ask only the attacker.
export async function giveOrders(api, g) {
  for (const p of g.players)
    await api.post(`/v1/games/${g.id}/moves`, { token: p.token, body: { move: ALL_ORDERS, seat: p.seat }, expect: 201 });
}
