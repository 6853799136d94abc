// Heavy Steam of three and four players in two teams, through HTTP only
// (RULINGS.md HS-R-151 to HS-R-154): whole games played by legal moves
// with standing orders set, won by a whole team, exported and verified;
// each seat's view and move log show its team's hands and pilots and never
// the other team's; team chat reaches the team alone; refusals change
// nothing.

import { test } from 'node:test';

import assert from './lib/checks.mjs';
import { createAccount, moveLog, refusedLeavesGame, seededRandom } from './lib/fixtures.mjs';
import { verifyExport } from './lib/export.mjs';
import { useServer } from './lib/harness.mjs';
import { playSeat } from './lib/heavysteam-player.mjs';
import { teamOf } from './lib/heavysteam-scenario.mjs';

const ctx = useServer();
const SEED = Number(process.env.TURNPOST_TEST_SEED ?? 20261203);
const MAX_MOVES = Number(process.env.TURNPOST_TEST_MAX_MOVES ?? 3000);
const STATION_TYPES = ['shield', 'vent', 'conduit', 'repair', 'weapon_slot', 'mobility', 'boiler', 'command'];
const ALL_ORDERS = { type: 'orders', evade: 'never', cards_when_attacked: 'never', damage: STATION_TYPES, reroll: [] };

// A started game of n accounts: {id, game, players: [{token, seat}], spectator, viewers}.
async function teamGame(n, { options, entropy } = {}) {
  const accounts = [];
  for (let i = 0; i < n; i++) accounts.push(await createAccount(ctx.api));
  const spectator = await createAccount(ctx.api);
  const body = { ruleset: 'heavysteam', seats: accounts.map((a) => ({ account_id: a.id })) };
  if (options) body.options = options;
  if (entropy) body.entropy = entropy;
  const game = (await ctx.api.post('/v1/games', { token: accounts[0].token, body, expect: 201 })).body.game;
  assert.equal(game.status, 'active');
  const players = accounts.map((a, seat) => ({ ...a, seat }));
  return {
    id: game.id, game, players, spectator,
    viewers: [...players.map((p) => ({ token: p.token, seat: p.seat })), { token: spectator.token }],
  };
}

const get = async (g, token) => (await ctx.api.get(`/v1/games/${g.id}`, { token, expect: 200 })).body;

// Every string in value, for counting card ids.
function strings(value, out = []) {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) strings(v, out);
  return out;
}

const count = (list, id) => list.filter((x) => x === id).length;

// Each seat's view holds its own hand and its teammates' (HS-R-154), the
// other team's only as counts: an id of the other team's hands appears in
// a seat's view no more often than in the spectator's (where it lies in
// the open) plus in that seat's own team's hands.
function checkHands(views, spectatorView, seats) {
  const hands = views.map((v, s) => {
    const bc = v.state.battle_cards;
    assert.equal(bc.hand.length, bc.hands[s], `seat ${s}: hand has its count`);
    return bc.hand;
  });
  for (const [s, v] of views.entries()) {
    const bc = v.state.battle_cards;
    const mates = [...Array(seats).keys()].filter((t) => t !== s && teamOf(t, seats) === teamOf(s, seats));
    assert.deepEqual(bc.teammates.map((m) => m.seat), mates, `seat ${s}: its teammates' hands are shown`);
    for (const m of bc.teammates) assert.deepEqual(m.hand, hands[m.seat], `seat ${s} sees seat ${m.seat}'s hand as it is`);
    const mine = strings(v.state);
    const open = strings(spectatorView.state);
    const team = [...Array(seats).keys()].filter((t) => teamOf(t, seats) === teamOf(s, seats)).flatMap((t) => hands[t]);
    for (let o = 0; o < seats; o++) {
      if (teamOf(o, seats) === teamOf(s, seats)) continue;
      for (const id of new Set(hands[o])) {
        assert.ok(count(mine, id) <= count(open, id) + count(team, id),
          `seat ${s} sees no card of seat ${o}'s hand (${id})`);
      }
    }
  }
}

// Events naming a hand's cards reach only the teams they concern.
function checkLog(log, viewer, seats) {
  for (const m of log) {
    for (const e of m.events ?? []) {
      if (!['cards_dealt', 'drawn', 'pilot_chosen'].includes(e.type) || !('cards' in e || 'pilot' in e)) continue;
      assert.equal(teamOf(e.seat, seats), teamOf(viewer, seats),
        `seat ${viewer} sees ${e.type} of seat ${e.seat} only on its team`);
    }
  }
}

for (const [seats, options, label] of [[4, undefined, '4 players, a heavy and a light a team'],
  [4, { size: 'light' }, '4 players, lights'], [3, undefined, '3 players, a heavy against two lights']]) {
  test(`a whole Meeting Engagement of ${label}, by legal moves with standing orders: a whole team wins; views and log by team; the export verifies`, async () => {
    const g = await teamGame(seats, { options, entropy: `hs-teams-${seats}-${label}-${SEED}` });
    const rand = seededRandom(SEED + seats);
    for (const p of g.players) {
      await ctx.api.post(`/v1/games/${g.id}/moves`, { token: p.token, body: { move: ALL_ORDERS, seat: p.seat }, expect: 201 });
    }
    let v = await get(g, g.spectator.token);
    let moves = 0;
    for (; moves < MAX_MOVES && v.status === 'active'; moves++) {
      if (moves % 60 === 0) {
        const views = [];
        for (const p of g.players) views.push(await get(g, p.token));
        checkHands(views, v, seats);
      }
      const seat = rand.pick(v.must_act);
      await playSeat(ctx.api, g.id, g.players, seat, rand, { heat: true });
      v = await get(g, g.spectator.token);
    }
    assert.equal(v.status, 'finished', `${label}: the game ends within ${MAX_MOVES} moves (round ${v.state.round})`);
    const team = teamOf(v.winners[0], seats);
    assert.deepEqual(v.winners, [...Array(seats).keys()].filter((s) => teamOf(s, seats) === team), 'the winners are one whole team');
    assert.equal(v.state.winner_team, team);
    const lost = v.state.titans.filter((t) => t.destroyed).map((t) => teamOf(t.owner, seats));
    assert.ok(lost.includes(1 - team), `${label}: the losing team lost a titan`);
    for (const p of g.players) {
      // while it was being played: each seat's log, as it read it then, is
      // checked in the hidden-information test; here the finished log is whole
      const log = await moveLog(ctx.api, g.id, p.token);
      assert.equal(log.length, v.move_count);
    }
    console.log(`# ${label}: ${moves} moves, round ${v.state.round}, team ${team} won`);
    const ex = (await ctx.api.get(`/v1/games/${g.id}/export`, { token: g.players[0].token, expect: 200 })).body;
    verifyExport(ex, label);
  });
}

test('hidden information by team, in the move log while the game is on: dealt and drawn cards and pilots reach the team alone', async () => {
  const seats = 4;
  const g = await teamGame(seats, { entropy: `hs-teams-hidden-${SEED}` });
  const rand = seededRandom(SEED + 11);
  // the pilots: seat 0 chooses; seat 2 (its teammate) sees it, 1 and 3 do not
  const legal = (await ctx.api.get(`/v1/games/${g.id}/legal-moves?seat=0`, { token: g.players[0].token, expect: 200 })).body;
  const pilot = legal.moves.find((m) => m.type === 'pilot').pilot;
  const chosen = typeof pilot === 'string' ? pilot : pilot.of[0];
  await ctx.api.post(`/v1/games/${g.id}/moves`, { token: g.players[0].token, body: { move: { type: 'pilot', pilot: chosen, charge: {} }, seat: 0 } })
    .then((r) => assert.equal(r.status, 201, r.text));
  for (const p of g.players) {
    const view = await get(g, p.token);
    const shown = view.state.seats[0].pilot;
    assert.equal(shown, teamOf(p.seat, seats) === 0 ? chosen : null, `seat ${p.seat} sees seat 0's pilot only on its team`);
    const log = await moveLog(ctx.api, g.id, p.token);
    const entry = log.find((m) => m.seat === 0 && m.move?.type === 'pilot');
    assert.equal(entry.move.pilot ?? null, teamOf(p.seat, seats) === 0 ? chosen : null, `seat ${p.seat}: the logged pilot move`);
  }
  const spec = await moveLog(ctx.api, g.id, g.spectator.token);
  assert.equal(JSON.stringify(spec).includes(`"${chosen}"`), false, 'the spectator sees no pilot before the reveal');
  // some rounds, then every seat's log
  let v = await get(g, g.spectator.token);
  for (let n = 0; n < 250 && v.status === 'active'; n++) {
    await playSeat(ctx.api, g.id, g.players, rand.pick(v.must_act), rand, {});
    v = await get(g, g.spectator.token);
  }
  assert.ok(v.state.round >= 2, 'the game got into its rounds');
  const views = [];
  for (const p of g.players) {
    views.push(await get(g, p.token));
    if (v.status === 'active') checkLog(await moveLog(ctx.api, g.id, p.token), p.seat, seats);
  }
  if (v.status === 'active') checkHands(views, v, seats);
});

test('team chat: a message to the team is read by the team alone; no team in a two-player game or in Steam, refused changing nothing', async () => {
  const g = await teamGame(4, { entropy: `hs-teams-chat-${SEED}` });
  const posted = await ctx.api.post(`/v1/games/${g.id}/messages`, {
    token: g.players[1].token, body: { text: 'I take their heavy', to: 'team' }, expect: 201,
  });
  assert.deepEqual(posted.body.message.to, [1, 3], 'to the team: its seats');
  await ctx.api.post(`/v1/games/${g.id}/messages`, { token: g.players[0].token, body: { text: 'Good luck, all' }, expect: 201 });
  const read = async (token) => (await ctx.api.get(`/v1/games/${g.id}/messages`, { token, expect: 200 })).body.messages.map((m) => m.text);
  assert.deepEqual(await read(g.players[1].token), ['I take their heavy', 'Good luck, all']);
  assert.deepEqual(await read(g.players[3].token), ['I take their heavy', 'Good luck, all'], 'the teammate reads it');
  assert.deepEqual(await read(g.players[0].token), ['Good luck, all'], 'the other team does not');
  assert.deepEqual(await read(g.players[2].token), ['Good luck, all']);
  assert.deepEqual(await read(g.spectator.token), ['Good luck, all'], 'nor a spectator');
  // with a move: the pilot of seat 2, and a word to seat 0
  const legal = (await ctx.api.get(`/v1/games/${g.id}/legal-moves?seat=2`, { token: g.players[2].token, expect: 200 })).body;
  const pilot = legal.moves.find((m) => m.type === 'pilot').pilot;
  const moved = await ctx.api.post(`/v1/games/${g.id}/moves`, {
    token: g.players[2].token,
    body: { move: { type: 'pilot', pilot: typeof pilot === 'string' ? pilot : pilot.of[0], charge: {} }, seat: 2, message: { text: 'Mine is chosen', to: 'team' } },
  });
  assert.equal(moved.status, 201, moved.text);
  assert.deepEqual(moved.body.message.to, [0, 2]);
  assert.deepEqual(await read(g.players[0].token), ['Good luck, all', 'Mine is chosen']);
  assert.deepEqual(await read(g.players[1].token), ['I take their heavy', 'Good luck, all']);

  // refused: a bad "to", a team of one, a game without teams
  const bad = await refusedLeavesGame(ctx.api, g.id, g.viewers, 'a bad to', () =>
    ctx.api.post(`/v1/games/${g.id}/messages`, { token: g.players[0].token, body: { text: 'x', to: 'everyone' } }));
  assert.equal(bad.status, 400);
  assert.equal(bad.headers.get('content-type'), 'application/problem+json');
  assert.equal((await read(g.players[0].token)).length, 2, 'nothing was posted');
  const duel = await teamGame(2, { entropy: `hs-teams-duel-${SEED}` });
  const alone = await refusedLeavesGame(ctx.api, duel.id, duel.viewers, 'a team of one', () =>
    ctx.api.post(`/v1/games/${duel.id}/messages`, { token: duel.players[0].token, body: { text: 'x', to: 'team' } }));
  assert.equal(alone.status, 400);
  assert.match(alone.body.detail, /no teammate/);
  const players = [];
  for (let i = 0; i < 3; i++) players.push(await createAccount(ctx.api));
  const steam = (await ctx.api.post('/v1/games', {
    token: players[0].token, body: { ruleset: 'steam', seats: players.map((p) => ({ account_id: p.id })) }, expect: 201,
  })).body.game;
  const noTeams = await ctx.api.post(`/v1/games/${steam.id}/messages`, { token: players[0].token, body: { text: 'x', to: 'team' } });
  assert.equal(noTeams.status, 400);
  assert.match(noTeams.body.detail, /not played in teams/);
  const none = (await ctx.api.get(`/v1/games/${steam.id}/messages`, { token: players[1].token, expect: 200 })).body.messages;
  assert.deepEqual(none, [], 'nothing was posted');
});

test('a composition no scenario lists is refused naming the rule, and no game is made', async () => {
  const accounts = [];
  for (let i = 0; i < 3; i++) accounts.push(await createAccount(ctx.api));
  const before = (await ctx.api.get('/v1/games?ruleset=heavysteam&limit=100', { token: accounts[0].token, expect: 200 })).body;
  const res = await ctx.api.post('/v1/games', {
    token: accounts[0].token,
    body: { ruleset: 'heavysteam', seats: accounts.map((a) => ({ account_id: a.id })), options: { size: 'light' } },
  });
  assert.equal(res.status, 400, res.text);
  assert.equal(res.headers.get('content-type'), 'application/problem+json');
  assert.match(res.body.detail, /HS-R-152/);
  const after = (await ctx.api.get('/v1/games?ruleset=heavysteam&limit=100', { token: accounts[0].token, expect: 200 })).body;
  assert.deepEqual(after.games.map((x) => x.id), before.games.map((x) => x.id), 'no game was made');
});
