// play.test.mjs - whole Iron Future games through HTTP, moves picked from
// legal-moves, and at every step: no seat nor the spectator sees a card of
// another seat's hand, no view or event lists a deck, a seat's view is the
// spectator's plus its own hand, and the seed stays secret until the end.
// Hidden cards are looked for by value too (lib/hidden.mjs): every view
// against the hands the seats' own views show at that version, the final
// views against the export's full final state; every log page and move
// answer must be the export's events as that viewer may see them, and a
// private event goes to exactly the seat it names.

import assert from './lib/checks.mjs';
import { describe, test } from 'node:test';

import {
  createAccount, createGame, moveLog, refusedLeavesGame, seededRandom, startedGame, viewersOf,
} from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import {
  assertEventsHidden, assertHidden, assertNoRunOf, assertPrivateToNamed, assertShowsNoHiddenCard,
  cardIds, eventsFor, learnKinds,
} from './lib/hidden.mjs';
import { concretize } from './lib/play.mjs';

const ctx = useServer();
const MAX_MOVES = Number(process.env.TURNPOST_TEST_MAX_MOVES ?? 3000);

// Plays g to the end. players: [{token, seat}], spectator: a token.
// Returns {moves, texts, final, answers, kinds}: texts is every response
// body seen, answers every move answer with its seat, kinds each card id's
// kind.
async function playToEnd(g, rand, label) {
  const api = ctx.api;
  const texts = [];
  const answers = [];
  const kinds = new Map();
  const get = async (path, token) => {
    const r = await api.get(path, { token, expect: 200 });
    texts.push(r.text);
    learnKinds(r.body, kinds);
    return r.body;
  };
  let moves = 0;
  let answered = null;   // the last move's answer, checked at its version
  for (;;) {
    const views = {
      0: await get(`/v1/games/${g.id}`, g.players[0].token),
      1: await get(`/v1/games/${g.id}`, g.players[1].token),
      spectator: await get(`/v1/games/${g.id}`, g.spectator),
    };
    const v = views.spectator;
    assert.equal(views[0].version, v.version);
    assert.equal(views[1].version, v.version);
    const at = `${label} v${v.version}`;
    const hands = assertHidden(views, at);
    const handsBySeat = { 0: hands[0], 1: hands[1] };
    for (const [who, seat] of [['0', 0], ['1', 1], ['spectator', null]]) {
      assertShowsNoHiddenCard(views[who], seat, handsBySeat, kinds, `${at}: view of ${who}`);
    }
    if (answered) {
      assertShowsNoHiddenCard(answered.body.game, answered.seat, handsBySeat, kinds, `${at}: move answer to seat ${answered.seat}`);
    }
    if (v.status === 'finished') {
      assert.deepEqual(v.must_act, []);
      assert.equal(v.winners.length, 1, `${at}: one winner`);
      assert.equal(v.state.winner, v.winners[0]);
      assert.equal(v.state.phase, 'over');
      return { moves, texts, final: views, answers, kinds };
    }
    assert.equal(v.status, 'active');
    assert.equal(v.must_act.length, 1, `${at}: one seat acts`);
    assert.ok(moves < MAX_MOVES, `${at}: no end after ${MAX_MOVES} moves`);
    const seat = v.must_act[0];
    const p = g.players[seat];
    const other = g.players[1 - seat];
    const lm = await get(`/v1/games/${g.id}/legal-moves`, p.token);
    assert.equal(lm.seat, seat);
    assert.ok(lm.moves.length > 0, `${at}: seat ${seat} must act but has no legal move`);
    const idle = await get(`/v1/games/${g.id}/legal-moves`, other.token);
    assert.deepEqual(idle.moves, [], `${at}: the other seat has no legal move`);
    // Legal moves name only cards the mover may see.
    const mine = new Set(views[seat].state.players[seat].hand.map((c) => c.card));
    const publicIds = cardIds(v.state);
    for (const id of cardIds(lm.moves)) {
      assert.ok(mine.has(id) || publicIds.has(id), `${at}: a legal move names card ${id}, which seat ${seat} cannot see`);
    }
    const move = concretize(rand.pick(lm.moves), rand);
    const res = await api.post(`/v1/games/${g.id}/moves`, {
      token: p.token, body: { move }, headers: { 'if-match': `"${v.version}"` }, expect: 201,
    });
    texts.push(res.text);
    learnKinds(res.body, kinds);
    answered = { body: res.body, seat };
    answers.push(answered);
    assert.equal(res.body.version, v.version + 1);
    assert.equal(res.body.game.viewer_seat, seat);
    assertEventsHidden(res.body.events, seat, `${at} answer to seat ${seat}`);
    moves++;
  }
}

// The whole log as each viewer sees it, checked for private events and
// against the export: entry for entry, the events are the export's as that
// viewer may see them. Returns the logs' texts.
async function checkLogs(g, label, ex) {
  const texts = [];
  const full = [{ seq: 1, seat: -1, kind: 'setup', events: ex.setup.events }, ...ex.moves];
  for (const m of full) assertPrivateToNamed(m.events, `${label} export seq ${m.seq}`);
  for (const [who, token, seat] of [['0', g.players[0].token, 0], ['1', g.players[1].token, 1], ['spectator', g.spectator, null]]) {
    const log = await moveLog(ctx.api, g.id, token);
    texts.push(JSON.stringify(log));
    for (const m of log) assertEventsHidden(m.events, seat, `${label} log of ${who} seq ${m.seq}`);
    assert.deepEqual(log.map((m) => [m.seq, m.seat, m.kind]), full.map((m) => [m.seq, m.seat, m.kind]),
      `${label}: the log of ${who} has the export's entries`);
    log.forEach((m, i) => assert.deepEqual(m.events, eventsFor(full[i].events, seat),
      `${label}: log of ${who} seq ${m.seq} is not the export's events as ${who} may see them`));
  }
  return texts;
}

// The export, and what it says of everything seen during the game: the
// seed was secret, each move answer carried the export's events as its
// seat may see them, and the final views show no card of another seat's
// hand nor any deck in order, by the full final state.
async function exportAndCheck(g, r, label) {
  const ex = (await ctx.api.get(`/v1/games/${g.id}/export`, { token: g.players[0].token, expect: 200 })).body;
  assert.equal(ex.final_state.phase ?? 'over', 'over');
  for (const t of r.texts) assert.ok(!t.includes(ex.seed), `${label}: the seed was visible before the export`);
  for (const a of r.answers) {
    const m = ex.moves.find((x) => x.seq === a.body.seq);
    assert.ok(m, `${label}: move ${a.body.seq} is in the export`);
    assert.deepEqual(a.body.events, eventsFor(m.events, a.seat),
      `${label}: the answer to move ${a.body.seq} is not the export's events as seat ${a.seat} may see them`);
  }
  const st = ex.final_state;
  const hands = Object.fromEntries(st.seats.map((p, s) => [s, new Set(p.hand)]));
  const decks = [...st.seats.map((p) => p.deck), st.unit_deck, st.location_deck];
  for (const [who, seat] of [['0', 0], ['1', 1], ['spectator', null]]) {
    assertShowsNoHiddenCard(r.final[who], seat, hands, r.kinds, `${label} final view of ${who}`);
    assertNoRunOf(r.final[who], decks, `${label} final view of ${who}`);
  }
  return ex;
}

describe('whole games', () => {
  test('two accounts play a one-round game to the end', async () => {
    const g0 = await startedGame(ctx.api, { options: { rounds_to_win: 1 } });
    const g = { id: g0.id, players: g0.players, spectator: g0.spectator.token };
    const rand = seededRandom(1001);
    const r = await playToEnd(g, rand, 'game A');
    assert.ok(r.moves > 5);
    const ex = await exportAndCheck(g, r, 'game A');
    const logs = await checkLogs(g, 'game A', ex);
    for (const t of logs) assert.ok(!t.includes(ex.seed), 'game A: the seed is not in the log');
    assert.deepEqual(ex.winners, r.final.spectator.winners);
  });

  test('an account and an invited seat play the rulebook\'s three rounds', async () => {
    const a = await createAccount(ctx.api);
    const spectator = await createAccount(ctx.api);
    const created = await createGame(ctx.api, a.token, [{ invite: true }, { account_id: a.id }]);
    const seatTok = created.invites[0].token;
    await ctx.api.post(`/v1/games/${created.game.id}/join`, { token: seatTok, body: { entropy: 'invitee dice' }, expect: 200 });
    const g = {
      id: created.game.id,
      players: [{ token: seatTok, seat: 0 }, { token: a.token, seat: 1 }],
      spectator: spectator.token,
    };
    const rand = seededRandom(2002);
    const r = await playToEnd(g, rand, 'game B');
    assert.equal(r.final.spectator.state.rounds_to_win, 3);
    const winner = r.final.spectator.winners[0];
    assert.equal(r.final.spectator.state.players[winner].rounds_won, 3);
    const ex = await exportAndCheck(g, r, 'game B');
    const logs = await checkLogs(g, 'game B', ex);
    for (const t of logs) assert.ok(!t.includes(ex.seed), 'game B: the seed is not in the log');
    assert.deepEqual(ex.seats.map((s) => s.entropy), ['invitee dice', '']);
    const finished = (await ctx.api.get('/v1/me/games?status=finished', { token: a.token, expect: 200 })).body.games;
    assert.ok(finished.some((x) => x.id === g.id && x.must_act === false));
  });

  test('more games with other seeds', async () => {
    const n = Number(process.env.TURNPOST_TEST_GAMES ?? 3);
    for (let i = 0; i < n; i++) {
      const g0 = await startedGame(ctx.api, { options: { rounds_to_win: 1 + (i % 2) } });
      const g = { id: g0.id, players: g0.players, spectator: g0.spectator.token };
      const r = await playToEnd(g, seededRandom(3000 + i), `game C${i}`);
      await checkLogs(g, `game C${i}`, await exportAndCheck(g, r, `game C${i}`));
    }
  });
});

// Events that draw on the random stream other than by rolling dice.
const SHUFFLES = new Set(['shuffle', 'reshuffle', 'location_reshuffle', 'market_returned', 'warehouse']);

// The dice a move rolled first, when rolling was the first thing it drew
// from the random stream; null otherwise.
function firstDice(events) {
  for (const e of events) {
    if (SHUFFLES.has(e.type)) return null;
    if (Array.isArray(e.dice) && e.dice.length > 0) return e.dice;
  }
  return null;
}

describe('the random stream', () => {
  test('goes on from move to move: the dice of one move do not repeat the last', async () => {
    const g0 = await startedGame(ctx.api, { options: { rounds_to_win: 2 } });
    const g = { id: g0.id, players: g0.players, spectator: g0.spectator.token };
    const r = await playToEnd(g, seededRandom(4004), 'game D');
    // Each of these moves drew its first numbers from where the last move
    // left the stream. Were that position not saved, every one of them
    // would start from the same place and roll the same first die.
    const firsts = r.answers.map((a) => firstDice(a.body.events)).filter((d) => d !== null);
    assert.ok(firsts.length >= 6, `only ${firsts.length} moves rolled dice first`);
    const distinct = new Set(firsts.map((d) => d.join(',')));
    assert.ok(new Set(firsts.map((d) => d[0])).size > 1,
      `the first die of ${firsts.length} moves is always ${firsts[0][0]}: the stream restarts each move`);
    assert.ok(distinct.size > firsts.length / 3, `${firsts.length} moves rolled only ${distinct.size} different first rolls`);
  });
});

// Plays g by pick(view, legal, seat) -> move until stop(view) holds; returns
// the spectator's view where it stopped, or fails after max moves.
async function playUntil(g, pick, stop, max = 400) {
  const api = ctx.api;
  for (let k = 0; k < max; k++) {
    const v = (await api.get(`/v1/games/${g.id}`, { token: g.spectator.token, expect: 200 })).body;
    if (stop(v)) return v;
    assert.equal(v.status, 'active', 'the game goes on until the position arises');
    const seat = v.must_act[0];
    const p = g.players[seat];
    const lm = (await api.get(`/v1/games/${g.id}/legal-moves`, { token: p.token, expect: 200 })).body;
    const move = pick(v, lm.moves, seat);
    await api.post(`/v1/games/${g.id}/moves`, {
      token: p.token, body: { move }, headers: { 'if-match': `"${v.version}"` }, expect: 201,
    });
  }
  assert.fail(`no such position after ${max} moves`);
}

describe('trophies', () => {
  test('the winner of a round with two locations chooses the trophy; the other seat cannot', async () => {
    const g = await startedGame(ctx.api, { options: { rounds_to_win: 5 } });
    // Seat 0 spreads its units over locations 0 and 1, seat 1 keeps to 2;
    // nobody fires or buys: seat 0 wins two locations of a round.
    const pick = (v, moves, seat) => {
      const want = seat === 1 ? 2 : v.state.players[0].played % 2;
      return moves.find((m) => m.type === 'deploy' && m.location === want)
        ?? moves.find((m) => m.type === 'hold_fire' || m.type === 'pass')
        ?? moves[0];
    };
    const v = await playUntil(g, pick, (x) => x.state.phase === 'trophy');
    const w = v.state.turn;
    const choice = v.state.trophy_choice;
    assert.deepEqual(v.must_act, [w]);
    assert.ok(choice.length >= 2, 'two locations or more to choose from');
    const lm = (await ctx.api.get(`/v1/games/${g.id}/legal-moves`, { token: g.players[w].token, expect: 200 })).body;
    assert.deepEqual(lm.moves, choice.map((p) => ({ type: 'trophy', location: p })));
    const idle = (await ctx.api.get(`/v1/games/${g.id}/legal-moves`, { token: g.players[1 - w].token, expect: 200 })).body;
    assert.deepEqual(idle.moves, []);
    const viewers = viewersOf(g);
    await refusedLeavesGame(ctx.api, g.id, viewers, 'the loser takes the trophy', async () => {
      await ctx.api.post(`/v1/games/${g.id}/moves`, {
        token: g.players[1 - w].token, body: { move: { type: 'trophy', location: choice[0] } }, expect: 409, code: 'not_your_turn',
      });
    });
    const lost = [0, 1, 2].find((p) => !choice.includes(p));
    if (lost !== undefined) {
      await refusedLeavesGame(ctx.api, g.id, viewers, 'a location the winner did not win', async () => {
        const res = await ctx.api.post(`/v1/games/${g.id}/moves`, {
          token: g.players[w].token, body: { move: { type: 'trophy', location: lost } }, expect: 422, code: 'illegal_move',
        });
        assert.equal(res.body.violation, 'location_not_won');
      });
    }
    // The winner takes the last location won (not the first in capture order).
    const chosen = choice[choice.length - 1];
    const id = v.state.locations[chosen].location;
    const res = await ctx.api.post(`/v1/games/${g.id}/moves`, {
      token: g.players[w].token, body: { move: { type: 'trophy', location: chosen } }, expect: 201,
    });
    const ev = res.body.events.find((e) => e.type === 'trophy');
    assert.equal(ev.location, id);
    assert.equal(ev.automatic, false);
    const after = (await ctx.api.get(`/v1/games/${g.id}`, { token: g.spectator.token, expect: 200 })).body;
    assert.notEqual(after.state.phase, 'trophy');
    assert.deepEqual(after.state.trophy_choice, []);
    assert.equal(after.state.players[w].trophies.at(-1).location, id);
    for (const p of [0, 1, 2].filter((q) => q !== chosen)) {
      assert.ok(after.state.location_discard.includes(v.state.locations[p].location), 'the others are discarded');
    }
  });
});
