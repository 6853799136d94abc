// A tournament of teams: Heavy Steam two against two (team_size 2). Each
// captain registers with a teammate; each game seats the two teams on
// their teams' seats (HS-R-151: 0 and 2 against 1 and 3); a game's result
// is its team's; the rated games move all four players' ratings; bad
// registrations are refused changing nothing.

import { test } from 'node:test';

import assert from './lib/checks.mjs';
import { createAccount, seededRandom } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { playSeat } from './lib/heavysteam-player.mjs';

const ctx = useServer();
const SEED = Number(process.env.TURNPOST_TEST_SEED ?? 20261203);
const STATION_TYPES = ['shield', 'vent', 'conduit', 'repair', 'weapon_slot', 'mobility', 'boiler', 'command'];
const ALL_ORDERS = { type: 'orders', evade: 'never', cards_when_attacked: 'never', damage: STATION_TYPES, reroll: [] };

async function everything(id) {
  const parts = [];
  for (const p of [`/v1/tournaments/${id}`, `/v1/tournaments/${id}/games`, `/v1/tournaments/${id}/standings`]) {
    parts.push((await ctx.api.get(p, { expect: 200 })).text);
  }
  return parts.join('\n');
}

async function refused(id, why, fn, status) {
  const before = await everything(id);
  const res = await fn();
  assert.equal(res.status, status, `${why}: ${res.text}`);
  assert.equal(res.headers.get('content-type'), 'application/problem+json');
  assert.equal(await everything(id), before, `${why}: nothing changed`);
  return res;
}

// Plays Heavy Steam game id to its end by legal moves, every seat with
// standing orders for the defender's questions.
async function playGame(id, byId, rand) {
  const token = Object.values(byId)[0].token;
  const v = (await ctx.api.get(`/v1/games/${id}`, { token, expect: 200 })).body;
  const players = v.seats.map((s) => ({ seat: s.seat, token: byId[s.account_id].token }));
  for (const p of players) {
    await ctx.api.post(`/v1/games/${id}/moves`, { token: p.token, body: { move: ALL_ORDERS, seat: p.seat }, expect: 201 });
  }
  for (let n = 0; ; n++) {
    const now = (await ctx.api.get(`/v1/games/${id}`, { token, expect: 200 })).body;
    if (now.status === 'finished') return now;
    assert.ok(n < 3000, `game ${id} ends`);
    await playSeat(ctx.api, id, players, rand.pick(now.must_act), rand, { heat: true });
  }
}

test('a Heavy Steam tournament of teams of two: teams on their seats, results by team, four ratings a game', async () => {
  const people = [];
  for (let i = 0; i < 6; i++) people.push(await createAccount(ctx.api));
  const byId = Object.fromEntries(people.map((p) => [p.id, p]));
  const [org] = people;
  const created = (await ctx.api.post('/v1/tournaments', {
    token: org.token,
    body: { name: `teams-${SEED}`, ruleset: 'heavysteam', format: 'round_robin', team_size: 2, rated: true },
    expect: 201,
  })).body;
  const id = created.tournament.id;
  assert.equal(created.tournament.team_size, 2);
  assert.equal(created.tournament.seats, 2, 'two teams a game');

  // captains 0, 1, 2 with teammates 3, 4, 5
  await refused(id, 'a player alone', () => ctx.api.post(`/v1/tournaments/${id}/entrants`, { token: people[0].token, body: {} }), 400);
  await refused(id, 'a team of the captain twice', () => ctx.api.post(`/v1/tournaments/${id}/entrants`, {
    token: people[0].token, body: { team: [people[0].id] } }), 400);
  await refused(id, 'a team too big', () => ctx.api.post(`/v1/tournaments/${id}/entrants`, {
    token: people[0].token, body: { team: [people[3].id, people[4].id] } }), 400);
  for (let k = 0; k < 3; k++) {
    const r = (await ctx.api.post(`/v1/tournaments/${id}/entrants`, {
      token: people[k].token, body: { team: [people[k + 3].id] }, expect: 201,
    })).body;
    const me = r.entrants.find((e) => e.account_id === people[k].id);
    assert.deepEqual(me.team, [{ account_id: people[k + 3].id, name: people[k + 3].name }], 'the captain and the teammate');
  }
  await refused(id, 'a teammate registering again', () => ctx.api.post(`/v1/tournaments/${id}/entrants`, {
    token: people[3].token, body: { team: [people[4].id] } }), 409);
  await refused(id, 'a team taking another team\'s player', () => ctx.api.post(`/v1/tournaments/${id}/entrants`, {
    token: org.token, body: { account_id: people[4].id, team: [people[5].id] } }), 409);

  await ctx.api.post(`/v1/tournaments/${id}/start`, { token: org.token, body: {}, expect: 200 });
  const rand = seededRandom(SEED);
  const captainOf = {};
  for (let k = 0; k < 3; k++) { captainOf[people[k].id] = people[k].id; captainOf[people[k + 3].id] = people[k].id; }
  const mateOf = Object.fromEntries([0, 1, 2].map((k) => [people[k].id, people[k + 3].id]));
  for (let round = 0; round < 3; round++) {
    const g = (await ctx.api.get(`/v1/tournaments/${id}/games`, { expect: 200 })).body;
    const open = g.games.filter((x) => x.round === g.round && !x.done && x.game_id);
    assert.equal(open.length, 1, 'three teams: one game a round and a bye');
    for (const x of open) {
      const v = (await ctx.api.get(`/v1/games/${x.game_id}`, { token: org.token, expect: 200 })).body;
      assert.equal(v.seats.length, 4, 'two teams of two');
      const acct = v.seats.map((s) => s.account_id);
      // team 0 on seats 0 and 2, team 1 on 1 and 3, each its captain first
      assert.equal(captainOf[acct[2]], acct[0], 'seat 2 is seat 0\'s teammate');
      assert.equal(captainOf[acct[3]], acct[1], 'seat 3 is seat 1\'s teammate');
      assert.equal(mateOf[acct[0]], acct[2]);
      assert.notEqual(captainOf[acct[0]], captainOf[acct[1]]);
      const end = await playGame(x.game_id, byId, rand);
      const won = end.winners;
      assert.ok(won.length === 2 && won[0] % 2 === won[1] % 2, 'a whole team wins');
      const after = (await ctx.api.get(`/v1/tournaments/${id}/games`, { expect: 200 })).body.games
        .find((y) => y.game_id === x.game_id);
      assert.equal(after.done, true);
      // the tournament's game names the teams by captain, the winners first
      const placeOf = Object.fromEntries(after.players.map((p) => [p.account_id, p.place]));
      assert.equal(placeOf[captainOf[acct[won[0]]]], 1, 'the winning team places first');
      assert.equal(placeOf[captainOf[acct[1 - won[0] % 2]]], 2, 'the other second');
      for (const a of acct) {
        const r = (await ctx.api.get(`/v1/ratings/heavysteam/${a}`, { expect: 200 })).body;
        assert.ok(r.history.some((h) => h.game_id === x.game_id), 'every player of the game is rated by it');
      }
    }
  }
  const end = (await ctx.api.get(`/v1/tournaments/${id}/standings`, { expect: 200 })).body;
  assert.equal(end.status, 'finished');
  assert.equal(end.standings.length, 3, 'the teams stand, by captain');
  assert.equal(end.standings.reduce((a, s) => a + s.points, 0), 3 + 3, 'three games and three byes, a point each');
});

test('a Heavy Steam league of teams: members join as teams, a season\'s division plays team against team', async () => {
  const people = [];
  for (let i = 0; i < 5; i++) people.push(await createAccount(ctx.api));
  const byId = Object.fromEntries(people.map((p) => [p.id, p]));
  const [org] = people;
  const l = (await ctx.api.post('/v1/leagues', {
    token: org.token, expect: 201,
    body: { name: `team league ${SEED}`, ruleset: 'heavysteam', team_size: 2, division_size: 4, rated: true },
  })).body.league;
  assert.equal(l.team_size, 2);
  const alone = await ctx.api.post(`/v1/leagues/${l.id}/members`, { token: people[1].token, body: {} });
  assert.equal(alone.status, 400, 'a member of a league of teams is a team');
  for (const k of [1, 2]) {
    const m = (await ctx.api.post(`/v1/leagues/${l.id}/members`, {
      token: people[k].token, body: { team: [people[k + 2].id] }, expect: 201,
    })).body.members.find((x) => x.account_id === people[k].id);
    assert.deepEqual(m.team, [{ account_id: people[k + 2].id, name: people[k + 2].name }]);
  }
  const taken = await ctx.api.post(`/v1/leagues/${l.id}/members`, { token: org.token, body: { team: [people[3].id] } });
  assert.equal(taken.status, 409, 'a player of another team');
  assert.equal((await ctx.api.get(`/v1/leagues/${l.id}`, { expect: 200 })).body.league.member_count, 2, 'nothing joined');
  const s1 = (await ctx.api.post(`/v1/leagues/${l.id}/seasons`, { token: org.token, body: {}, expect: 201 })).body.league;
  const div = s1.divisions[0].tournament_id;
  const games = (await ctx.api.get(`/v1/tournaments/${div}/games`, { expect: 200 })).body.games;
  assert.equal(games.length, 1, 'two teams: one game');
  const v = (await ctx.api.get(`/v1/games/${games[0].game_id}`, { token: org.token, expect: 200 })).body;
  assert.equal(v.seats.length, 4);
  const acct = v.seats.map((x) => x.account_id);
  const teamOf = { [people[1].id]: 1, [people[3].id]: 1, [people[2].id]: 2, [people[4].id]: 2 };
  assert.equal(teamOf[acct[0]], teamOf[acct[2]], 'seats 0 and 2 one team');
  assert.equal(teamOf[acct[1]], teamOf[acct[3]], 'seats 1 and 3 the other');
  assert.notEqual(teamOf[acct[0]], teamOf[acct[1]]);
  const end = await playGame(games[0].game_id, byId, seededRandom(SEED + 7));
  const season = (await ctx.api.get(`/v1/leagues/${l.id}/seasons/1`, { expect: 200 })).body;
  const standings = season.divisions[0].standings;
  const winner = acct[end.winners[0]];
  const captain = [people[1].id, people[2].id].find((c) => teamOf[c] === teamOf[winner]);
  assert.equal(standings[0].account_id, captain, 'the winning team heads the division');
});

test('team_size is refused where teams cannot play', async () => {
  const org = await createAccount(ctx.api);
  for (const [body, why] of [
    [{ name: 'x', ruleset: 'steam', format: 'round_robin', team_size: 2 }, 'Steam has no teams'],
    [{ name: 'x', ruleset: 'heavysteam', format: 'tables', team_size: 2 }, 'teams play team against team'],
    [{ name: 'x', ruleset: 'heavysteam', format: 'swiss', team_size: 3 }, 'Heavy Steam has no teams of three'],
    [{ name: 'x', ruleset: 'heavysteam', format: 'swiss', team_size: 9 }, 'team_size out of range'],
  ]) {
    const res = await ctx.api.post('/v1/tournaments', { token: org.token, body });
    assert.equal(res.status, 400, `${why}: ${res.text}`);
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
  }
  for (const [body, why] of [
    [{ name: 'x', ruleset: 'steam', seats: 4, team_size: 2 }, 'Steam has no teams'],
    [{ name: 'x', ruleset: 'heavysteam', seats: 3, team_size: 2 }, 'teams of two, three a game'],
  ]) {
    const res = await ctx.api.post('/v1/leagues', { token: org.token, body });
    assert.equal(res.status, 400, `league: ${why}: ${res.text}`);
  }
});
