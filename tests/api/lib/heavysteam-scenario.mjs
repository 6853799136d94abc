// heavysteam-scenario.mjs - what the HTTP tests of Heavy Steam's
// scenarios share: a started two-seat game of a scenario with a
// spectator, its views, standing orders that answer every question an
// attack asks the defender, and play by legal moves (heavysteam-player.mjs).

import { createAccount } from './fixtures.mjs';
import { playSeat } from './heavysteam-player.mjs';
import { hsPublicPart } from './hidden.mjs';
import assert from './checks.mjs';

export const ORDERS = {
  type: 'orders', evade: 'never', cards_when_attacked: 'never', reroll: [],
  damage: ['shield', 'vent', 'conduit', 'repair', 'weapon_slot', 'mobility', 'boiler', 'command'],
};

// HS-R-151: the seats alternate between the teams; of three, seat 0 alone.
export const teamOf = (seat, seats) => (seats === 3 ? Number(seat !== 0) : seat % 2);

// A started game of scenario for seats players (more options in extra):
// {id, players: [{token, seat}...], spectator, viewers}.
export async function scenarioGame(api, scenario, entropy, extra = {}, seats = 2) {
  const accounts = [];
  for (let i = 0; i < seats; i++) accounts.push(await createAccount(api));
  const spectator = await createAccount(api);
  const body = {
    ruleset: 'heavysteam', seats: accounts.map((a) => ({ account_id: a.id })),
    options: { scenario, ...extra }, entropy,
  };
  const game = (await api.post('/v1/games', { token: accounts[0].token, body, expect: 201 })).body.game;
  const players = accounts.map((a, seat) => ({ ...a, seat }));
  return {
    id: game.id, players, spectator,
    viewers: [...players.map((p) => ({ token: p.token, seat: p.seat })), { token: spectator.token }],
  };
}

export const viewOf = async (api, g, token) => (await api.get(`/v1/games/${g.id}`, { token, expect: 200 })).body;

// Each seat's view and the spectator's; checked that a seat sees the
// spectator's view and its own hand, orders and pilot, nothing more.
export async function viewsOf(api, g) {
  const views = { spectator: await viewOf(api, g, g.spectator.token) };
  for (const p of g.players) views[p.seat] = await viewOf(api, g, p.token);
  for (const p of g.players) {
    assert.ok(Array.isArray(views[p.seat].state.battle_cards.hand), `seat ${p.seat} sees its hand`);
    assert.deepEqual(hsPublicPart(views[p.seat], p.seat), hsPublicPart(views.spectator, null),
      `seat ${p.seat} sees nothing hidden but its own`);
  }
  assert.equal(views.spectator.state.battle_cards.hand, undefined, 'the spectator sees no hand');
  return views;
}

// Plays g on by legal moves of a seat that must act (with heat), at most
// max moves, until stop(view); each(view, played) sees every move. Returns
// the spectator's last view.
export async function playOn(api, g, rand, { max = 3000, stop = () => false, each } = {}) {
  let v = await viewOf(api, g, g.spectator.token);
  for (let n = 0; n < max && v.status === 'active' && !stop(v); n++) {
    const played = await playSeat(api, g.id, g.players, rand.pick(v.must_act), rand, { heat: true });
    v = await viewOf(api, g, g.spectator.token);
    if (each) each(v, played);
  }
  return v;
}

// The pilots chosen, then both seats' standing orders: the first round's
// view.
export async function toFirstRound(api, g, rand) {
  await playOn(api, g, rand, { stop: (x) => x.state.stage === 'round' });
  for (const p of g.players) {
    await api.post(`/v1/games/${g.id}/moves`, { token: p.token, body: { move: ORDERS, seat: p.seat }, expect: 201 });
  }
  return viewOf(api, g, g.spectator.token);
}

// The game_over event of g's log.
export function gameOver(log) {
  return log.flatMap((m) => m.events ?? []).find((e) => e.type === 'game_over');
}
