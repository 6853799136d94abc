// tournaments.test.mjs - an organiser runs tournaments through the API
// alone; bots play their games through legal-moves. Checks that:
//   - an 8-player rated Swiss of Iron Future runs from registration to
//     final standings: each round is paired and its games started when the
//     last game of the round before ends, nobody meets an opponent twice,
//     the standings equal a recomputation from the games' results, and
//     every entrant's rating moved, with a history entry per game;
//   - a double elimination bracket of Iron Future ends with a champion who
//     lost at most once, everyone else out after exactly two losses;
//   - a 12-player Steam table tournament seats tables of four by score and
//     scores by finishing place;
//   - bad input (an unknown format, a format the ruleset cannot take,
//     registering twice, a result for a game not in the event, an action
//     by someone who is not the organiser, a count the format cannot seat)
//     gets a problem+json and changes nothing;
//   - when the last two games of a round end at the same instant on two
//     replicas, the round advances exactly once and no result is lost;
//   - standings read as Markdown for a chat bot, public without a token;
//   - a round robin handles a no-show (the organiser's forfeit), a draw
//     the organiser records, a withdrawal whose later opponents get byes,
//     and the re-pairing of a round before its games start;
//   - in a double round robin, a withdrawn entrant's later games are
//     forfeit wins for their opponents;
//   - a game lost on time ends its tournament round like any other;
//   - a single elimination bracket of five gives the byes to the top seeds;
//   - a Steam league plays a season in two divisions to its final
//     standings, and the next season promotes the best of the lower
//     division and relegates the worst of the upper.

import assert from './lib/checks.mjs';
import { describe, test } from 'node:test';

import { createAccount, seededRandom, sleep } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { concretize } from './lib/play.mjs';
import { startServer } from './lib/server.mjs';
import { client } from './lib/client.mjs';
import { openStream } from './lib/sse.mjs';

// one sweeper, so that a timed game's clock runs out here
const ctx = useServer({ env: { TURNPOST_SWEEPERS: '1' } });

async function accounts(n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(await createAccount(ctx.api));
  return out;
}

async function create(organiser, body) {
  return (await ctx.api.post('/v1/tournaments', { token: organiser.token, body, expect: 201 })).body;
}

// Everything public about a tournament, as text: equal before and after a
// refused request.
async function everything(id) {
  const parts = [];
  for (const p of [`/v1/tournaments/${id}`, `/v1/tournaments/${id}/games`, `/v1/tournaments/${id}/standings`]) {
    parts.push((await ctx.api.get(p, { expect: 200 })).text);
  }
  return parts.join('\n');
}

async function refusedChangesNothing(id, why, fn) {
  const before = await everything(id);
  await fn();
  assert.equal(await everything(id), before, `${why}: nothing changed`);
}

async function games(id) {
  return (await ctx.api.get(`/v1/tournaments/${id}/games`, { expect: 200 })).body;
}

// Plays the game to its end by random legal moves of its players.
async function playGame(gameId, byId, rand, { resignAfter = Infinity } = {}) {
  const v = (await ctx.api.get(`/v1/games/${gameId}`, { expect: 200, token: Object.values(byId)[0].token })).body;
  const players = v.seats.map((s) => ({ seat: s.seat, token: byId[s.account_id].token }));
  for (let n = 0; ; n++) {
    const now = (await ctx.api.get(`/v1/games/${gameId}`, { token: players[0].token, expect: 200 })).body;
    if (now.status === 'finished') return now;
    if (n >= resignAfter) {
      const seat = rand.pick(now.must_act.length ? now.must_act : [0]);
      await ctx.api.post(`/v1/games/${gameId}/resign`, {
        token: players[seat].token, body: { seat }, expect: 200,
      });
      continue;
    }
    assert.ok(n < 3000, `game ${gameId} ends`);
    const seat = rand.pick(now.must_act);
    const lm = (await ctx.api.get(`/v1/games/${gameId}/legal-moves?seat=${seat}`, {
      token: players[seat].token, expect: 200,
    })).body;
    // a concrete entry as it is (Steam marks them "form": "move"), a shape filled in
    const entries = lm.moves.filter((m) => m.form !== 'shape');
    if (entries.length === 0) {
      await ctx.api.post(`/v1/games/${gameId}/resign`, { token: players[seat].token, body: { seat }, expect: 200 });
      continue;
    }
    const move = concretize(rand.pick(entries), rand);
    await ctx.api.post(`/v1/games/${gameId}/moves`, {
      token: players[seat].token, body: { move, seat }, headers: { 'if-match': `"${now.version}"` }, expect: 201,
    });
  }
}

// Plays every unfinished game of the current round.
async function playRound(id, byId, rand, opts) {
  const g = await games(id);
  const open = g.games.filter((x) => x.round === g.round && !x.done && x.game_id);
  for (const x of open) await playGame(x.game_id, byId, rand, opts);
  return open.length;
}

// Standings recomputed from the games alone (two-player points 1, 1/2, 0;
// a bye or forfeit win 1), by account id.
function recompute(list) {
  const pts = {};
  for (const g of list) {
    for (const p of g.players) pts[p.account_id] ??= 0;
    if (!g.done) continue;
    if (g.how === 'bye') { pts[g.players[0].account_id] += 1; continue; }
    const [a, b] = g.players;
    if (a.place === b.place) { pts[a.account_id] += 0.5; pts[b.account_id] += 0.5; } else {
      pts[(a.place < b.place ? a : b).account_id] += 1;
    }
  }
  return pts;
}

describe('tournaments', () => {
  test('an 8-player rated Swiss of Iron Future, from registration to final standings', async () => {
    const [org, ...players] = await accounts(9);
    const byId = Object.fromEntries(players.map((p) => [p.id, p]));
    const t = await create(org, {
      name: 'Autumn Swiss', ruleset: 'ironfuture', options: { rounds_to_win: 1 }, format: 'swiss',
      rounds: 3, rated: true, tiebreaks: ['buchholz', 'sonneborn_berger', 'wins'],
    });
    const id = t.tournament.id;
    assert.equal(t.tournament.status, 'registration');
    for (const p of players) {
      await ctx.api.post(`/v1/tournaments/${id}/entrants`, { token: p.token, body: {}, expect: 201 });
    }
    await refusedChangesNothing(id, 'registering twice', () => ctx.api.post(`/v1/tournaments/${id}/entrants`, {
      token: players[0].token, body: {}, expect: 409, code: 'conflict',
    }));
    await refusedChangesNothing(id, 'a start by an entrant', () => ctx.api.post(`/v1/tournaments/${id}/start`, {
      token: players[0].token, body: {}, expect: 403, code: 'forbidden',
    }));
    const started = (await ctx.api.post(`/v1/tournaments/${id}/start`, { token: org.token, body: {}, expect: 200 })).body;
    assert.equal(started.tournament.status, 'running');
    assert.deepEqual(started.entrants.map((e) => e.seed), [0, 1, 2, 3, 4, 5, 6, 7], 'entrants seeded');
    await refusedChangesNothing(id, 'registering after the start', () => ctx.api.post(`/v1/tournaments/${id}/entrants`, {
      token: org.token, body: {}, expect: 409, code: 'conflict',
    }));
    await refusedChangesNothing(id, 'a result for a game not in the event', () => ctx.api.post(
      `/v1/tournaments/${id}/rounds/0/games/9/result`, { token: org.token, body: { places: [1, 2] }, expect: 404, code: 'not_found' }));
    await refusedChangesNothing(id, 'a result by an entrant', () => ctx.api.post(
      `/v1/tournaments/${id}/rounds/0/games/0/result`, { token: players[1].token, body: { places: [1, 2] }, expect: 403, code: 'forbidden' }));

    const rand = seededRandom(4242);
    const met = new Set();
    for (let round = 0; round < 3; round++) {
      const g = await games(id);
      assert.equal(g.round, round, `round ${round + 1} is being played`);
      const mine = g.games.filter((x) => x.round === round);
      assert.equal(mine.length, 4, `round ${round + 1} has four games`);
      for (const x of mine) {
        const pair = x.players.map((p) => p.account_id).sort().join();
        assert.ok(!met.has(pair), `round ${round + 1}: no rematch`);
        met.add(pair);
        const v = (await ctx.api.get(`/v1/games/${x.game_id}`, { token: byId[x.players[0].account_id].token, expect: 200 })).body;
        assert.deepEqual(v.seats.map((s) => s.account_id), x.players.map((p) => p.account_id), 'the game seats the pairing');
        assert.equal(v.rated, true, 'a rated tournament\'s games are rated');
        if (v.move_count === 1) {
          assert.equal(v.state.first_player, 0, 'seat 0 of the pairing holds the first-player token');
          assert.deepEqual(v.must_act, [0], 'and moves first');
        }
      }
      await playRound(id, byId, rand, { resignAfter: round === 2 ? 4 : Infinity });
    }
    const end = (await ctx.api.get(`/v1/tournaments/${id}/standings`, { expect: 200 })).body;
    assert.equal(end.status, 'finished', 'the last result finished the tournament');
    const all = (await games(id)).games;
    assert.ok(all.every((x) => x.done && x.recorded_by === 'game'), 'every result came from its game');
    const pts = recompute(all);
    for (const s of end.standings) assert.equal(s.points, pts[s.account_id], `${s.name}: points recomputed`);
    assert.equal(end.standings.reduce((a, s) => a + s.points, 0), 12, 'twelve games, twelve points');
    for (let i = 1; i < end.standings.length; i++) {
      assert.ok(end.standings[i - 1].points >= end.standings[i].points, 'sorted by points');
    }
    const md = await ctx.api.get(`/v1/tournaments/${id}/standings`, { headers: { accept: 'text/markdown' }, expect: 200 });
    assert.match(md.text, /\| # \| Player \| Points/);
    for (const p of players) assert.ok(md.text.includes(p.name), 'every entrant in the Markdown');

    const board = (await ctx.api.get('/v1/ratings/ironfuture?limit=200', { expect: 200 })).body;
    for (const p of players) {
      const r = (await ctx.api.get(`/v1/ratings/ironfuture/${p.name}`, { expect: 200 })).body;
      assert.equal(r.rating.games, 3, `${p.name} has three rated games`);
      assert.equal(r.history.length, 3);
      assert.notEqual(r.rating.rating, 1500, `${p.name}'s rating moved`);
      assert.ok(r.rating.rd < 350, `${p.name}'s deviation shrank`);
      assert.ok(board.ratings.some((x) => x.account_id === p.id), `${p.name} on the leaderboard`);
      const won = end.standings.find((s) => s.account_id === p.id);
      assert.equal(r.rating.wins, won.wins, `${p.name}: rated wins are the tournament's`);
    }
  });

  test('a double elimination bracket of Iron Future ends with its champion', async () => {
    const [org, ...players] = await accounts(7);
    const byId = Object.fromEntries(players.map((p) => [p.id, p]));
    const t = await create(org, {
      name: 'Winter Cup', ruleset: 'ironfuture', options: { rounds_to_win: 1 }, format: 'double_elimination',
      registration: 'invite', rated: true,
    });
    const id = t.tournament.id;
    await refusedChangesNothing(id, 'registering oneself where it is by invitation', () => ctx.api.post(
      `/v1/tournaments/${id}/entrants`, { token: players[0].token, body: {}, expect: 403, code: 'forbidden' }));
    for (const p of players) {
      await ctx.api.post(`/v1/tournaments/${id}/entrants`, { token: org.token, body: { name: p.name }, expect: 201 });
      await ctx.api.post(`/v1/tournaments/${id}/check-in`, { token: p.token, body: {}, expect: 200 });
    }
    await ctx.api.post(`/v1/tournaments/${id}/start`, { token: org.token, body: {}, expect: 200 });
    const rand = seededRandom(77);
    for (let i = 0; i < 40; i++) {
      const s = (await ctx.api.get(`/v1/tournaments/${id}`, { expect: 200 })).body.tournament;
      if (s.status === 'finished') break;
      assert.ok(await playRound(id, byId, rand, { resignAfter: 6 }) > 0, 'a running bracket has a game to play');
    }
    const all = (await games(id)).games;
    const losses = Object.fromEntries(players.map((p) => [p.id, 0]));
    for (const g of all) {
      if (g.players.length < 2) continue;
      const loser = g.players.find((p) => p.place === 2);
      assert.ok(loser, 'every bracket game is decided');
      losses[loser.account_id]++;
    }
    const end = (await ctx.api.get(`/v1/tournaments/${id}/standings`, { expect: 200 })).body;
    assert.equal(end.status, 'finished');
    const champion = end.standings.find((s) => s.place === 1);
    assert.ok(champion, 'a champion');
    assert.ok(losses[champion.account_id] <= 1, 'the champion lost at most once');
    for (const p of players) {
      if (p.id !== champion.account_id) assert.equal(losses[p.id], 2, `${p.name} is out after two losses`);
    }
    assert.ok(all.some((g) => g.slot?.part === 'losers'), 'a losers\' bracket was played');
    for (const p of players) {
      const r = (await ctx.api.get(`/v1/ratings/ironfuture/${p.id}`, { expect: 200 })).body;
      const played = all.filter((g) => g.players.length === 2 && g.players.some((x) => x.account_id === p.id)).length;
      assert.equal(r.rating.games, played, `${p.name}: every bracket game was rated`);
    }
  });

  test('a 12-player Steam table tournament seats tables of four by score', async () => {
    const [org, ...players] = await accounts(13);
    const byId = Object.fromEntries(players.map((p) => [p.id, p]));
    await ctx.api.post('/v1/tournaments', {
      token: org.token, body: { name: 'no', ruleset: 'steam', format: 'swiss' }, expect: 400, code: 'bad_request',
    });
    const t = await create(org, { name: 'Rail Barons', ruleset: 'steam', format: 'tables', seats: 4, min_seats: 4, rounds: 2 });
    const id = t.tournament.id;
    for (const p of players.slice(0, 11)) {
      await ctx.api.post(`/v1/tournaments/${id}/entrants`, { token: p.token, body: {}, expect: 201 });
    }
    await refusedChangesNothing(id, 'eleven players at tables of four', () => ctx.api.post(
      `/v1/tournaments/${id}/start`, { token: org.token, body: {}, expect: 409, code: 'conflict' }));
    await ctx.api.post(`/v1/tournaments/${id}/entrants`, { token: players[11].token, body: {}, expect: 201 });
    await ctx.api.post(`/v1/tournaments/${id}/start`, { token: org.token, body: {}, expect: 200 });
    const rand = seededRandom(9);
    for (let round = 0; round < 2; round++) {
      const g = await games(id);
      const mine = g.games.filter((x) => x.round === round);
      assert.equal(mine.length, 3, `round ${round + 1}: three tables`);
      assert.ok(mine.every((x) => x.players.length === 4), 'of four');
      await playRound(id, byId, rand, { resignAfter: 12 });
    }
    const end = (await ctx.api.get(`/v1/tournaments/${id}/standings`, { expect: 200 })).body;
    assert.equal(end.status, 'finished');
    const all = (await games(id)).games;
    const pts = {};
    for (const g of all) for (const p of g.players) pts[p.account_id] = (pts[p.account_id] ?? 0) + (4 - p.place);
    for (const s of end.standings) assert.equal(s.points, pts[s.account_id], `${s.name}: points by place`);
    // round 2's first table holds the four best after round 1
    const r1 = {};
    for (const g of all.filter((x) => x.round === 0)) for (const p of g.players) r1[p.account_id] = 4 - p.place;
    const top = Object.entries(r1).sort((a, b) => b[1] - a[1]);
    const first = all.find((x) => x.round === 1 && x.board === 0).players.map((p) => r1[p.account_id]);
    assert.ok(Math.min(...first) >= top[4][1], 'the leaders share the first table');
  });

  test('bad input is refused and changes nothing', async () => {
    const [org, a] = await accounts(2);
    const before = (await ctx.api.get('/v1/tournaments?limit=100', { expect: 200 })).text;
    for (const body of [
      { name: 'x', ruleset: 'ironfuture', format: 'knockout' },
      { name: 'x', ruleset: 'nonesuch', format: 'swiss' },
      { name: 'x', ruleset: 'ironfuture', format: 'swiss', tiebreaks: ['coin_toss'] },
      { name: 'x', ruleset: 'ironfuture', format: 'swiss', options: { rounds_to_win: 99 } },
      { name: 'x', ruleset: 'ironfuture', format: 'round_robin', rounds: 4 },
    ]) {
      const r = await ctx.api.post('/v1/tournaments', { token: org.token, body, expect: 400, code: 'bad_request' });
      assert.ok(r.body.detail.length > 0);
    }
    assert.equal((await ctx.api.get('/v1/tournaments?limit=100', { expect: 200 })).text, before, 'no tournament was created');
    const t = await create(org, { name: 'Lonely', ruleset: 'ironfuture', format: 'round_robin' });
    await ctx.api.post(`/v1/tournaments/${t.tournament.id}/entrants`, { token: a.token, body: {}, expect: 201 });
    await refusedChangesNothing(t.tournament.id, 'a start with one entrant', () => ctx.api.post(
      `/v1/tournaments/${t.tournament.id}/start`, { token: org.token, body: {}, expect: 409, code: 'conflict' }));
    await ctx.api.get('/v1/tournaments/00000000-0000-4000-8000-000000000000', { expect: 404, code: 'not_found' });
    // the list comes a page at a time, newest first, and the next page follows on
    await create(org, { name: 'Paged', ruleset: 'ironfuture', format: 'swiss' });
    const first = (await ctx.api.get('/v1/tournaments?limit=1', { expect: 200 })).body;
    assert.equal(first.tournaments.length, 1);
    assert.equal(first.tournaments[0].name, 'Paged');
    assert.ok(first.next, 'a next page');
    const second = (await ctx.api.get(first.next, { expect: 200 })).body;
    assert.equal(second.tournaments[0].id, t.tournament.id, 'the next page goes on where the first stopped');
  });

  test('the last two games of a round ending at once on two replicas advance it once', async () => {
    const second = await startServer({ keysDir: ctx.server.keysDir });
    const api2 = client(second.url);
    try {
      for (let trial = 0; trial < 3; trial++) {
        const [org, ...players] = await accounts(5);
        const t = await create(org, { name: `Race ${trial}`, ruleset: 'ironfuture', format: 'swiss', rounds: 2 });
        const id = t.tournament.id;
        for (const p of players) await ctx.api.post(`/v1/tournaments/${id}/entrants`, { token: p.token, body: {}, expect: 201 });
        await ctx.api.post(`/v1/tournaments/${id}/start`, { token: org.token, body: {}, expect: 200 });
        const byId = Object.fromEntries(players.map((p) => [p.id, p]));
        const r0 = (await games(id)).games.filter((x) => x.round === 0);
        assert.equal(r0.length, 2);
        await Promise.all(r0.map((x, i) => (i ? api2 : ctx.api).post(`/v1/games/${x.game_id}/resign`, {
          token: byId[x.players[1].account_id].token, body: { seat: 1 }, expect: 200,
        })));
        const g = await games(id);
        assert.equal(g.round, 1, 'round 2 is being played');
        assert.ok(g.games.filter((x) => x.round === 0).every((x) => x.done), 'both results were recorded');
        assert.equal(g.games.filter((x) => x.round === 1).length, 2, 'round 2 was paired once');
        const st = (await ctx.api.get(`/v1/tournaments/${id}/standings`, { expect: 200 })).body;
        assert.equal(st.standings.reduce((a, s) => a + s.points, 0), 2, 'two games, two points');
      }
    } finally {
      await second.stop();
    }
  });

  test('a Steam league season, from registration to final standings, then promotion and relegation', async () => {
    const [org, outsider, ...players] = await accounts(9);
    const byId = Object.fromEntries(players.map((p) => [p.id, p]));
    const l = (await ctx.api.post('/v1/leagues', {
      token: org.token, expect: 201,
      body: { name: 'Iron Horse League', ruleset: 'steam', seats: 4, division_size: 4, games: 2, promote: 1, relegate: 1, round_days: 3, rated: true },
    })).body.league;
    const listed = (await ctx.api.get('/v1/leagues?limit=1', { expect: 200 })).body;
    assert.deepEqual(listed.leagues.map((x) => x.id), [l.id], 'the newest league comes first');
    assert.ok(listed.next === null || typeof listed.next === 'string');
    for (const p of players) await ctx.api.post(`/v1/leagues/${l.id}/members`, { token: p.token, body: {}, expect: 201 });
    await ctx.api.post(`/v1/leagues/${l.id}/members`, { token: players[0].token, body: {}, expect: 409, code: 'conflict' });
    const before = (await ctx.api.get(`/v1/leagues/${l.id}`, { expect: 200 })).text;
    await ctx.api.post(`/v1/leagues/${l.id}/seasons`, { token: outsider.token, body: {}, expect: 403, code: 'forbidden' });
    assert.equal((await ctx.api.get(`/v1/leagues/${l.id}`, { expect: 200 })).text, before, 'a refused season changes nothing');
    const s1 = (await ctx.api.post(`/v1/leagues/${l.id}/seasons`, { token: org.token, body: {}, expect: 201 })).body.league;
    assert.equal(s1.season, 1);
    assert.deepEqual(s1.divisions.map((d) => d.division), [1, 2], 'seven members, two divisions');
    await ctx.api.post(`/v1/leagues/${l.id}/seasons`, { token: org.token, body: {}, expect: 409, code: 'conflict' });
    const rand = seededRandom(31);
    for (let round = 0; round < 2; round++) {
      for (const d of s1.divisions) await playRound(d.tournament_id, byId, rand, { resignAfter: 8 });
    }
    const season = (await ctx.api.get(`/v1/leagues/${l.id}/seasons/1`, { expect: 200 })).body;
    assert.ok(season.divisions.every((d) => d.status === 'finished'), 'every division finished');
    for (const d of season.divisions) {
      assert.deepEqual(d.fixtures.map((f) => f.round), [0, 1], 'the fixture list has both rounds');
      assert.ok(d.fixtures.every((f) => f.paired && f.games.length === 1 && f.due), 'each round: one table, due on its date');
      assert.equal(Date.parse(d.fixtures[1].due) - Date.parse(d.fixtures[0].due), 3 * 86400000, 'rounds three days apart');
    }
    const [top, low] = season.divisions.map((d) => d.standings.map((s) => s.account_id));
    assert.equal(top.length + low.length, 7);
    // each table's finishing order is rated pairwise
    const r = (await ctx.api.get(`/v1/ratings/steam/${top[0]}`, { expect: 200 })).body;
    assert.equal(r.rating.games, 2, 'two rated Steam games');
    assert.equal(r.history[0].results.length, 3, 'a table of four: a result against each other seat');
    assert.ok(r.history.every((h) => Math.abs(h.results.reduce((a, x) => a + x.weight, 0) - 1) < 1e-9),
      'the results of a game weigh one game');
    const s2 = (await ctx.api.post(`/v1/leagues/${l.id}/seasons`, { token: org.token, body: {}, expect: 201 })).body.league;
    assert.equal(s2.season, 2);
    const next = (await ctx.api.get(`/v1/leagues/${l.id}/seasons/2`, { expect: 200 })).body;
    const [top2, low2] = next.divisions.map((d) => d.standings.map((s) => s.account_id));
    assert.ok(top2.includes(low[0]), 'the lower division\'s winner went up');
    assert.ok(low2.includes(top[top.length - 1]), 'the upper division\'s last went down');
    assert.ok(next.divisions.every((d) => d.status === 'running'), 'season 2 is being played');
  });

  test('a round robin: a no-show, a recorded draw, a withdrawal and a round paired again', async () => {
    const [org, ...players] = await accounts(6);
    const byId = Object.fromEntries(players.map((p) => [p.id, p]));
    const t = await create(org, {
      name: 'Club Night', ruleset: 'ironfuture', options: { rounds_to_win: 1 }, format: 'round_robin',
      withdrawals: 'bye', tiebreaks: ['sonneborn_berger', 'head_to_head'],
    });
    const id = t.tournament.id;
    for (const p of players) await ctx.api.post(`/v1/tournaments/${id}/entrants`, { token: p.token, body: {}, expect: 201 });
    const st = (await ctx.api.post(`/v1/tournaments/${id}/start`, { token: org.token, body: {}, expect: 200 })).body;
    assert.equal(st.tournament.rounds, 5, 'five entrants: five rounds, one bye each');
    let g = (await games(id)).games.filter((x) => x.round === 0);
    assert.equal(g.length, 3, 'two games and a bye');
    assert.equal(g[2].how, 'bye');
    // board 0: a no-show, decided by the organiser; board 1: a draw by agreement
    await ctx.api.post(`/v1/tournaments/${id}/rounds/0/games/0/result`, {
      token: org.token, body: { places: [1, 2] }, expect: 200,
    });
    await refusedChangesNothing(id, 'a second result for the same game', () => ctx.api.post(
      `/v1/tournaments/${id}/rounds/0/games/0/result`, { token: org.token, body: { places: [2, 1] }, expect: 409, code: 'conflict' }));
    await refusedChangesNothing(id, 'places that do not fit the game', () => ctx.api.post(
      `/v1/tournaments/${id}/rounds/0/games/1/result`, { token: org.token, body: { places: [1, 2, 3] }, expect: 400, code: 'bad_request' }));
    await ctx.api.post(`/v1/tournaments/${id}/rounds/0/games/1/result`, {
      token: org.token, body: { places: [1, 1], how: 'played' }, expect: 200,
    });
    g = (await games(id)).games;
    assert.equal(g.filter((x) => x.round === 1).length, 3, 'the organiser\'s last result paired round 2');
    assert.equal(g[0].how, 'forfeit');
    assert.equal(g[0].recorded_by, 'organiser');
    // the no-show's game itself ends later: the organiser's result stands
    await ctx.api.post(`/v1/games/${g[0].game_id}/resign`, {
      token: byId[g[0].players[0].account_id].token, body: { seat: 0 }, expect: 200,
    });
    assert.deepEqual((await games(id)).games[0].players.map((p) => p.place), [1, 2], 'the recorded result stands');
    // someone withdraws while round 2 is still unplayed; the organiser pairs it again
    const r1 = g.filter((x) => x.round === 1);
    const quitter = r1[0].players[0];
    await ctx.api.request('DELETE', `/v1/tournaments/${id}/entrants/${quitter.account_id}`, { token: byId[quitter.account_id].token, expect: 200 });
    await refusedChangesNothing(id, 'a re-pairing by an entrant', () => ctx.api.post(
      `/v1/tournaments/${id}/rounds/1/repair`, { token: players[0].token, body: {}, expect: 403, code: 'forbidden' }));
    await ctx.api.post(`/v1/tournaments/${id}/rounds/1/repair`, { token: org.token, body: {}, expect: 200 });
    const again = (await games(id)).games.filter((x) => x.round === 1);
    assert.ok(again.every((x) => x.players.length === 1 || x.players.every((p) => p.account_id !== quitter.account_id)),
      'the withdrawn entrant plays no more');
    const opp = r1[0].players[1].account_id;
    assert.ok(again.some((x) => x.how === 'bye' && x.players[0].account_id === opp), 'their opponent has a bye instead');
    // the rest is played out
    const rand = seededRandom(5);
    for (let i = 0; i < 10; i++) {
      const s = (await ctx.api.get(`/v1/tournaments/${id}`, { expect: 200 })).body.tournament;
      if (s.status === 'finished') break;
      await playRound(id, byId, rand, { resignAfter: 3 });
    }
    const end = (await ctx.api.get(`/v1/tournaments/${id}/standings`, { expect: 200 })).body;
    assert.equal(end.status, 'finished');
    assert.ok(end.standings.find((x) => x.account_id === quitter.account_id).withdrawn);
    const all = (await games(id)).games;
    const pts = recompute(all);
    for (const x of end.standings) assert.equal(x.points, pts[x.account_id], `${x.name}: points recomputed`);
    const meetings = new Set();
    for (const x of all.filter((y) => y.players.length === 2)) {
      const k = x.players.map((p) => p.account_id).sort().join();
      assert.ok(!meetings.has(k), 'each pair meets once');
      meetings.add(k);
    }
  });

  test('a single elimination bracket of five gives the first round\'s byes to the top seeds', async () => {
    const [org, ...players] = await accounts(6);
    const byId = Object.fromEntries(players.map((p) => [p.id, p]));
    const t = await create(org, { name: 'Knockout', ruleset: 'ironfuture', options: { rounds_to_win: 1 }, format: 'single_elimination' });
    const id = t.tournament.id;
    for (const p of players) await ctx.api.post(`/v1/tournaments/${id}/entrants`, { token: p.token, body: {}, expect: 201 });
    const stream = openStream(`${ctx.server.url}/v1/me/events`, players[4].token);
    assert.equal((await stream.response).status, 200);
    await sleep(300);   // the stream is held before the start
    await ctx.api.post(`/v1/tournaments/${id}/start`, { token: org.token, body: {}, expect: 200 });
    const r0 = (await games(id)).games.filter((x) => x.round === 0);
    const byes = r0.filter((x) => x.how === 'bye').map((x) => x.players[0].seed).sort();
    assert.deepEqual(byes, [0, 1, 2], 'seeds 1 to 3 have byes');
    const rand = seededRandom(12);
    for (let i = 0; i < 10; i++) {
      const s = (await ctx.api.get(`/v1/tournaments/${id}`, { expect: 200 })).body.tournament;
      if (s.status === 'finished') break;
      await playRound(id, byId, rand, { resignAfter: 5 });
    }
    const end = (await ctx.api.get(`/v1/tournaments/${id}/standings`, { expect: 200 })).body;
    assert.equal(end.status, 'finished');
    const all = (await games(id)).games.filter((x) => x.players.length === 2);
    assert.equal(all.length, 4, 'five entrants, four games');
    const champion = end.standings.find((x) => x.place === 1);
    assert.ok(all.every((x) => x.players.find((p) => p.account_id === champion.account_id)?.place !== 2),
      'the champion lost no game');
    // the lowest seed heard the pairings, its game being ready, and the end
    await stream.until((e) => e.event === 'tournament.finished', 15000);
    stream.close();
    const heard = stream.events.filter((e) => e.event);
    const round = heard.find((e) => e.event === 'tournament.round');
    assert.ok(round, 'tournament.round was heard');
    assert.equal(round.data.data.competition_id, id);
    assert.ok(round.data.data.games.some((x) => x.players.includes(players[4].name)), 'the pairing names the player');
    assert.ok(heard.some((e) => e.event === 'game.started'), 'its game being ready was heard');
    assert.ok(heard.some((e) => e.event === 'tournament.result'), 'a result was heard');
    const fin = heard.find((e) => e.event === 'tournament.finished');
    assert.equal(fin.data.data.standings.length, 5, 'the final standings came with the end');
  });

  test('a game lost on time is a result like any other', async () => {
    const [org, a, b] = await accounts(3);
    const t = await create(org, {
      name: 'Blitz', ruleset: 'ironfuture', format: 'round_robin', clock: { per_move: 'PT1S', on_timeout: 'forfeit' },
    });
    const id = t.tournament.id;
    for (const p of [a, b]) await ctx.api.post(`/v1/tournaments/${id}/entrants`, { token: p.token, body: {}, expect: 201 });
    await ctx.api.post(`/v1/tournaments/${id}/start`, { token: org.token, body: {}, expect: 200 });
    const g0 = (await games(id)).games[0];
    const v = (await ctx.api.get(`/v1/games/${g0.game_id}`, { token: a.token, expect: 200 })).body;
    assert.equal(v.clock.per_move, 'PT1S', 'the game keeps the tournament\'s pace');
    let s;
    for (let i = 0; i < 60; i++) {
      s = (await ctx.api.get(`/v1/tournaments/${id}/standings`, { expect: 200 })).body;
      if (s.status === 'finished') break;
      await sleep(500);
    }
    assert.equal(s.status, 'finished', 'the timeout finished the tournament');
    const g = (await games(id)).games[0];
    assert.equal(g.recorded_by, 'game');
    const log = (await ctx.api.get(`/v1/games/${g.game_id}/moves`, { token: a.token, expect: 200 })).body;
    const timeout = log.moves.find((m) => m.kind === 'timeout');
    assert.ok(timeout, 'the game ended on time');
    assert.equal(g.players[timeout.seat].place, 2, 'the seat whose time ran out lost');
  });

  test('a double round robin: a withdrawn entrant\'s later games are forfeit wins', async () => {
    const [org, ...players] = await accounts(4);
    const byId = Object.fromEntries(players.map((p) => [p.id, p]));
    const t = await create(org, {
      name: 'Twice Round', ruleset: 'ironfuture', options: { rounds_to_win: 1 }, format: 'double_round_robin',
    });
    const id = t.tournament.id;
    for (const p of players) await ctx.api.post(`/v1/tournaments/${id}/entrants`, { token: p.token, body: {}, expect: 201 });
    const st = (await ctx.api.post(`/v1/tournaments/${id}/start`, { token: org.token, body: {}, expect: 200 })).body;
    assert.equal(st.tournament.rounds, 6, 'three entrants meet twice: six rounds with a bye each');
    const quitter = st.entrants[2];
    await ctx.api.request('DELETE', `/v1/tournaments/${id}/entrants/${quitter.account_id}`, { token: org.token, expect: 200 });
    await ctx.api.request('DELETE', `/v1/tournaments/${id}/entrants/${quitter.account_id}`, {
      token: org.token, expect: 409, code: 'conflict',
    });
    const rand = seededRandom(8);
    for (let i = 0; i < 10; i++) {
      const s = (await ctx.api.get(`/v1/tournaments/${id}`, { expect: 200 })).body.tournament;
      if (s.status === 'finished') break;
      await playRound(id, byId, rand, { resignAfter: 3 });
    }
    const all = (await games(id)).games;
    assert.equal((await ctx.api.get(`/v1/tournaments/${id}`, { expect: 200 })).body.tournament.status, 'finished');
    const later = all.filter((x) => x.round >= 1 && x.players.some((p) => p.account_id === quitter.account_id));
    assert.ok(later.length > 0, 'the withdrawn entrant had games left');
    for (const x of later) {
      assert.equal(x.how, 'forfeit', `round ${x.round + 1}: decided without play`);
      assert.equal(x.game_id, null, 'no game was started for it');
      assert.equal(x.players.find((p) => p.account_id === quitter.account_id).place, 2, 'the withdrawn entrant loses it');
    }
    const seats = {};
    for (const x of all.filter((y) => y.players.length === 2 && y.how === 'played')) {
      const k = x.players.map((p) => p.account_id).join();
      seats[k] = (seats[k] ?? 0) + 1;
    }
    assert.ok(Object.values(seats).every((n) => n === 1), 'each pair played once with each seat order');
  });
});
