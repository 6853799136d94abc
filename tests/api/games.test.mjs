// games.test.mjs - creating, joining, inviting, viewing and playing games,
// and the move log. After every refused request the game is checked
// unchanged for every viewer (refusedLeavesGame).

import assert from './lib/checks.mjs';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';

import {
  RULESET, createAccount, createGame, legalMoves, moveLog, refusedLeavesGame, seededRandom,
  snapshot, startedGame, view, viewersOf,
} from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { chooseMove, concretize, playOne } from './lib/play.mjs';

const ctx = useServer();
const seed = Number(process.env.TURNPOST_TEST_SEED ?? 20250101);

// The seat that must act and the other one, in a started two-seat game.
function turnOf(g, v) {
  assert.equal(v.must_act.length, 1, `exactly one seat must act (${JSON.stringify(v.must_act)})`);
  const mover = g.players[v.must_act[0]];
  const other = g.players[1 - v.must_act[0]];
  return { mover, other };
}

// Plays moves until exactly one seat must act.
async function untilOneMustAct(g, rand) {
  for (let i = 0; i < 50; i++) {
    const v = await view(ctx.api, g.id, g.spectator.token);
    if (v.must_act.length === 1) return v;
    await playOne(ctx.api, g.id, g.players, rand, { spectatorToken: g.spectator.token });
  }
  assert.fail('no position with exactly one seat to act within 50 moves');
}

describe('creating and joining', () => {
  test('a game of account seats starts at once', async () => {
    const g = await startedGame(ctx.api);
    const v = g.game;
    assert.equal(v.ruleset, RULESET);
    assert.equal(v.seat_count, 2);
    assert.equal(v.status, 'active');
    assert.equal(v.viewer_seat, 0, 'the creator sees seat 0\'s view');
    assert.ok(v.state, 'a started game has a state');
    assert.ok(v.must_act.length >= 1);
    assert.deepEqual(v.winners, []);
    assert.equal(v.result, null);
    assert.deepEqual(v.seats.map((s) => [s.seat, s.kind, s.account_id, s.name, s.filled]), [
      [0, 'account', g.players[0].id, g.players[0].name, true],
      [1, 'account', g.players[1].id, g.players[1].name, true],
    ]);
    const spec = await view(ctx.api, g.id, g.spectator.token);
    assert.equal(spec.viewer_seat, null);
    assert.equal(spec.commitment, v.commitment);
    const b = await view(ctx.api, g.id, g.players[1].token);
    assert.equal(b.viewer_seat, 1);
  });

  test('open seats are filled by join, lowest first; the last join starts the game', async () => {
    const a = await createAccount(ctx.api);
    const b = await createAccount(ctx.api);
    const c = await createAccount(ctx.api);
    const { game } = await createGame(ctx.api, a.token, [{ open: true }, { open: true }]);
    assert.equal(game.status, 'open');
    assert.equal(game.state, null);
    assert.deepEqual(game.must_act, []);
    assert.deepEqual(game.seats.map((s) => [s.kind, s.filled, s.account_id]), [['open', false, null], ['open', false, null]]);
    const viewers = [{ token: a.token }, { token: b.token }];

    // Not started: no moves, no legal moves, no export.
    await refusedLeavesGame(ctx.api, game.id, viewers, 'acting before the start', async () => {
      await ctx.api.post(`/v1/games/${game.id}/moves`, { token: a.token, body: { move: { type: 'pass' } }, expect: 403, code: 'forbidden' });
      await ctx.api.get(`/v1/games/${game.id}/export`, { token: a.token, expect: 409, code: 'game_not_finished' });
    });

    const j1 = await ctx.api.post(`/v1/games/${game.id}/join`, { token: b.token, body: { entropy: 'bee' }, expect: 200 });
    assert.equal(j1.body.viewer_seat, 0);
    assert.equal(j1.body.status, 'open');
    assert.ok(j1.body.version > game.version, 'joining changes the version');
    await ctx.api.get(`/v1/games/${game.id}/legal-moves`, { token: b.token, expect: 409, code: 'game_not_started' });
    await ctx.api.post(`/v1/games/${game.id}/moves`, {
      token: b.token, body: { move: { type: 'pass' } }, expect: 409, code: 'game_not_started',
    });

    // c takes seat 1 by its number; the last seat filled starts the game.
    const j2 = await ctx.api.post(`/v1/games/${game.id}/join`, { token: c.token, body: { seat: 1 }, expect: 200 });
    assert.equal(j2.body.viewer_seat, 1);
    assert.equal(j2.body.status, 'active');
    assert.ok(j2.body.state);
    assert.deepEqual(j2.body.seats.map((s) => [s.account_id, s.name, s.filled]),
      [[b.id, b.name, true], [c.id, c.name, true]]);

    // Full: a third join is a conflict and changes nothing.
    const d = await createAccount(ctx.api);
    await refusedLeavesGame(ctx.api, game.id, [{ token: b.token, seat: 0 }, { token: c.token, seat: 1 }],
      'join a full game', async () => {
        await ctx.api.post(`/v1/games/${game.id}/join`, { token: d.token, body: {}, expect: 409, code: 'conflict' });
        await ctx.api.post(`/v1/games/${game.id}/join`, { token: d.token, expect: 409, code: 'conflict' });
      });
  });

  test('joining a taken seat, a seat out of range, or with bad entropy is refused', async () => {
    const a = await createAccount(ctx.api);
    const b = await createAccount(ctx.api);
    const c = await createAccount(ctx.api);
    const { game } = await createGame(ctx.api, a.token, [{ account_id: a.id }, { open: true }]);
    const viewers = [{ token: a.token }];
    await refusedLeavesGame(ctx.api, game.id, viewers, 'bad joins', async () => {
      await ctx.api.post(`/v1/games/${game.id}/join`, { token: b.token, body: { seat: 0 }, expect: 409, code: 'conflict' });
      await ctx.api.post(`/v1/games/${game.id}/join`, { token: b.token, body: { seat: 5 }, expect: 400, code: 'bad_request' });
      await ctx.api.post(`/v1/games/${game.id}/join`, { token: b.token, body: { seat: -1 }, expect: 400 });
      await ctx.api.post(`/v1/games/${game.id}/join`, { token: b.token, body: { entropy: 'e'.repeat(257) }, expect: 400, code: 'bad_request' });
      await ctx.api.post(`/v1/games/${game.id}/join`, { token: b.token, body: { colour: 'red' }, expect: 400, code: 'bad_request' });
    });
    await ctx.api.post(`/v1/games/${game.id}/join`, { token: b.token, body: { entropy: 'e'.repeat(256) }, expect: 200 });
    await ctx.api.post(`/v1/games/${game.id}/join`, { token: c.token, body: {}, expect: 409, code: 'conflict' });
  });

  test('creating refuses bad seat lists, unknown rulesets and unknown accounts', async () => {
    const a = await createAccount(ctx.api);
    const bad = [
      { ruleset: RULESET, seats: [] },
      { ruleset: RULESET, seats: [{ open: true }] },
      { ruleset: RULESET, seats: Array(9).fill({ open: true }) },
      { ruleset: RULESET, seats: [{ open: true }, { open: false }] },
      { ruleset: RULESET, seats: [{ open: true }, { open: true, invite: true }] },
      { ruleset: RULESET, seats: [{ open: true }, { account_id: 'nope' }] },
      { ruleset: RULESET, seats: [{ open: true }, { open: true }], entropy: 'x'.repeat(257) },
      { ruleset: RULESET, seats: [{ open: true }, { open: true }], options: [] },
      { ruleset: 'nosuchgame', seats: [{ open: true }, { open: true }] },
      { seats: [{ open: true }, { open: true }] },
      { ruleset: RULESET, seats: [{ open: true }, { account_id: randomUUID() }] },
      { ruleset: RULESET, seats: [{ open: true }, { open: true }], options: { rounds_to_win: 99 } },
      { ruleset: RULESET, seats: [{ open: true }, { open: true }], options: { no_such_option: 1 } },
    ];
    for (const body of bad) {
      await ctx.api.post('/v1/games', { token: a.token, body, expect: 400, code: 'bad_request' });
    }
    // Entropy goes with a seat of the creator's.
    await ctx.api.post('/v1/games', {
      token: a.token, body: { ruleset: RULESET, seats: [{ open: true }, { open: true }], entropy: 'mine' }, expect: 400, code: 'bad_request',
    });
    await ctx.api.post('/v1/games', { body: { ruleset: RULESET, seats: [{ open: true }, { open: true }] }, expect: 401, code: 'unauthorized' });
  });

  test('Idempotency-Key on create: a retry returns the same game and creates no other', async () => {
    const a = await createAccount(ctx.api);
    const key = randomUUID();
    const body = { ruleset: RULESET, seats: [{ account_id: a.id }, { open: true }] };
    const first = await ctx.api.post('/v1/games', { token: a.token, body, headers: { 'idempotency-key': key }, expect: 201 });
    const again = await ctx.api.post('/v1/games', { token: a.token, body, headers: { 'idempotency-key': key }, expect: 201 });
    assert.equal(again.text, first.text);
    const mine = (await ctx.api.get('/v1/me/games', { token: a.token, expect: 200 })).body.games;
    assert.equal(mine.length, 1, 'one game was created');
    await ctx.api.post('/v1/games', {
      token: a.token, body: { ...body, entropy: 'different' }, headers: { 'idempotency-key': key },
      expect: 422, code: 'idempotency_key_reused',
    });
    // Keys are per caller: another account may use the same key.
    const b = await createAccount(ctx.api);
    const other = await ctx.api.post('/v1/games', {
      token: b.token, body: { ruleset: RULESET, seats: [{ account_id: b.id }, { open: true }] },
      headers: { 'idempotency-key': key }, expect: 201,
    });
    assert.notEqual(other.body.game.id, first.body.game.id);
  });
});

describe('invites', () => {
  // Invite seats are filled when their seat token joins (docs/STATUS-server.md);
  // the game starts once every seat is filled.
  test('an invite seat is filled by its seat token joining, with its entropy', async () => {
    const a = await createAccount(ctx.api);
    const created = await createGame(ctx.api, a.token, [{ account_id: a.id }, { invite: true }]);
    const { game, invites } = created;
    assert.deepEqual(invites.map((i) => i.seat), [1]);
    assert.ok(invites[0].expires_at > Date.now() / 1000);
    const seatTok = invites[0].token;
    assert.equal(game.status, 'open');
    assert.deepEqual(game.seats.map((s) => [s.kind, s.filled]), [['account', true], ['invite', false]]);
    const viewers = [{ token: a.token }, { token: seatTok }];
    await refusedLeavesGame(ctx.api, game.id, viewers, 'moves before the invitee joined', async () => {
      await ctx.api.get(`/v1/games/${game.id}/legal-moves`, { token: seatTok, expect: 409, code: 'game_not_started' });
      await ctx.api.post(`/v1/games/${game.id}/moves`, { token: a.token, body: { move: { type: 'pass' } }, expect: 409, code: 'game_not_started' });
      // A seat token joins its own seat only.
      await ctx.api.post(`/v1/games/${game.id}/join`, { token: seatTok, body: { seat: 0 }, expect: 403, code: 'forbidden' });
      // An account cannot take an invite seat.
      const b = await createAccount(ctx.api);
      await ctx.api.post(`/v1/games/${game.id}/join`, { token: b.token, body: { seat: 1 }, expect: 409, code: 'conflict' });
      await ctx.api.post(`/v1/games/${game.id}/join`, { token: b.token, body: {}, expect: 409, code: 'conflict' });
    });
    const j = await ctx.api.post(`/v1/games/${game.id}/join`, { token: seatTok, body: { entropy: 'from the invitee' }, expect: 200 });
    assert.equal(j.body.viewer_seat, 1);
    assert.equal(j.body.status, 'active');
    assert.deepEqual(j.body.seats.map((s) => [s.kind, s.filled, s.account_id]), [['account', true, a.id], ['invite', true, null]]);
    const lm = await legalMoves(ctx.api, game.id, seatTok);
    assert.equal(lm.seat, 1);
    // Once started, the entropy can no longer change.
    await refusedLeavesGame(ctx.api, game.id, [{ token: a.token, seat: 0 }, { token: seatTok, seat: 1 }],
      'entropy after the start', async () => {
        await ctx.api.post(`/v1/games/${game.id}/join`, { token: seatTok, body: { entropy: 'late' }, expect: 409, code: 'conflict' });
      });
  });

  test('a new invite revokes the old seat token', async () => {
    const a = await createAccount(ctx.api);
    const b = await createAccount(ctx.api);
    const { game, invites } = await createGame(ctx.api, a.token, [{ account_id: a.id }, { invite: true }]);
    const old = invites[0].token;
    await ctx.api.post(`/v1/games/${game.id}/join`, { token: old, body: {}, expect: 200 });
    await legalMoves(ctx.api, game.id, old);
    const viewers = [{ token: a.token, seat: 0 }];
    const re = await ctx.api.post(`/v1/games/${game.id}/seats/1/invite`, { token: a.token, expect: 201 });
    assert.equal(re.body.seat, 1);
    assert.notEqual(re.body.token, old);
    await refusedLeavesGame(ctx.api, game.id, viewers, 'the revoked invite', async () => {
      await ctx.api.get(`/v1/games/${game.id}/legal-moves`, { token: old, expect: 401, code: 'invalid_token' });
      await ctx.api.get(`/v1/games/${game.id}`, { token: old, expect: 401, code: 'invalid_token' });
      await ctx.api.get(`/v1/games/${game.id}/moves`, { token: old, expect: 401, code: 'invalid_token' });
      await ctx.api.post(`/v1/games/${game.id}/resign`, { token: old, expect: 401, code: 'invalid_token' });
      await ctx.api.post(`/v1/games/${game.id}/moves`, { token: old, body: { move: { type: 'pass' } }, expect: 401, code: 'invalid_token' });
    });
    const lm = await legalMoves(ctx.api, game.id, re.body.token);
    assert.equal(lm.seat, 1);
    // Only the creator (or an admin) invites; an account seat has no invite.
    await refusedLeavesGame(ctx.api, game.id, viewers, 'bad invites', async () => {
      await ctx.api.post(`/v1/games/${game.id}/seats/1/invite`, { token: b.token, expect: 403, code: 'forbidden' });
      await ctx.api.post(`/v1/games/${game.id}/seats/1/invite`, { token: re.body.token, expect: 403, code: 'forbidden' });
      await ctx.api.post(`/v1/games/${game.id}/seats/0/invite`, { token: a.token, expect: 409, code: 'conflict' });
      await ctx.api.post(`/v1/games/${game.id}/seats/7/invite`, { token: a.token, expect: 404, code: 'not_found' });
      await ctx.api.post(`/v1/games/${game.id}/seats/x/invite`, { token: a.token, expect: 400, code: 'invalid_parameter' });
      await ctx.api.post(`/v1/games/${game.id}/seats/1/invite`, { expect: 401, code: 'unauthorized' });
    });
    assert.ok(ctx.adminToken, 'the test server has an admin token');
    const byAdmin = await ctx.api.post(`/v1/games/${game.id}/seats/1/invite`, { token: ctx.adminToken, expect: 201 });
    await ctx.api.get(`/v1/games/${game.id}/legal-moves`, { token: re.body.token, expect: 401, code: 'invalid_token' });
    await legalMoves(ctx.api, game.id, byAdmin.body.token);
  });
});

describe('viewing', () => {
  test('ETag is the version as the seat sees it; If-None-Match gives 304 until the game moves', async () => {
    const g = await startedGame(ctx.api);
    const tok = g.players[0].token;
    const r1 = await ctx.api.get(`/v1/games/${g.id}`, { token: tok, expect: 200 });
    const etag = r1.headers.get('etag');
    assert.match(etag, new RegExp(`^"${r1.body.version}\\.0(-gz)?"$`));
    const r2 = await ctx.api.get(`/v1/games/${g.id}`, { token: tok, headers: { 'if-none-match': etag }, expect: 304 });
    assert.equal(r2.text, '');
    assert.equal(r2.headers.get('etag'), etag);
    await ctx.api.get(`/v1/games/${g.id}`, { token: tok, headers: { 'if-none-match': '"999999"' }, expect: 200 });
    await playOne(ctx.api, g.id, g.players, seededRandom(seed));
    const r3 = await ctx.api.get(`/v1/games/${g.id}`, { token: tok, headers: { 'if-none-match': etag }, expect: 200 });
    assert.match(r3.headers.get('etag'), new RegExp(`^"${r1.body.version + 1}\\.0(-gz)?"$`));
  });

  test('legal-moves is for a seat holder only', async () => {
    const g = await startedGame(ctx.api);
    const v = await view(ctx.api, g.id, g.spectator.token);
    const { mover, other } = turnOf(g, v);
    const lm = await legalMoves(ctx.api, g.id, mover.token);
    assert.equal(lm.game_id, g.id);
    assert.equal(lm.seat, mover.seat);
    assert.equal(lm.version, v.version);
    assert.ok(lm.moves.length > 0);
    for (const m of lm.moves) assert.equal(typeof m.type, 'string');
    const idle = await legalMoves(ctx.api, g.id, other.token);
    assert.deepEqual(idle.moves, [], 'a seat that need not act has no legal move');
    await ctx.api.get(`/v1/games/${g.id}/legal-moves`, { token: g.spectator.token, expect: 403, code: 'forbidden' });
    await ctx.api.get(`/v1/games/${g.id}/legal-moves?seat=1`, { token: g.players[0].token, expect: 403, code: 'forbidden' });
  });

  test('an account holding both seats names the seat', async () => {
    const a = await createAccount(ctx.api);
    const { game } = await createGame(ctx.api, a.token, [{ account_id: a.id }, { account_id: a.id }]);
    assert.equal(game.status, 'active');
    for (const seat of [0, 1]) {
      const lm = await legalMoves(ctx.api, game.id, a.token, seat);
      assert.equal(lm.seat, seat);
    }
    const mine = (await ctx.api.get('/v1/me/games', { token: a.token, expect: 200 })).body.games;
    assert.deepEqual(mine.find((x) => x.id === game.id).seats, [0, 1]);
  });
});

describe('moves', () => {
  test('a move is applied once; its Idempotency-Key replays the answer byte for byte', async () => {
    const g = await startedGame(ctx.api);
    const rand = seededRandom(seed + 1);
    const c = await chooseMove(ctx.api, g.id, g.players, rand);
    const key = randomUUID();
    const req = { token: c.token, body: { move: c.move, seat: c.seat }, headers: { 'idempotency-key': key } };
    const first = await ctx.api.post(`/v1/games/${g.id}/moves`, { ...req, expect: 201 });
    assert.equal(first.body.version, c.version + 1);
    assert.equal(first.body.game.version, first.body.version);
    assert.equal(first.body.game.viewer_seat, c.seat);
    const etag = first.headers.get('etag');
    if (etag !== null) assert.match(etag, new RegExp(`^"${first.body.version}\\.${c.seat}(-gz)?"$`));
    const before = await snapshot(ctx.api, g.id, viewersOf(g));
    const again = await ctx.api.post(`/v1/games/${g.id}/moves`, { ...req, expect: 201 });
    assert.equal(again.text, first.text, 'the replay is the first answer, byte for byte');
    assert.deepEqual(await snapshot(ctx.api, g.id, viewersOf(g)), before, 'the replay applied nothing');
    // The same key with another body is refused and applies nothing.
    await refusedLeavesGame(ctx.api, g.id, viewersOf(g), 'reused key', async () => {
      await ctx.api.post(`/v1/games/${g.id}/moves`, {
        ...req, body: { move: { ...c.move, extra_field: 1 }, seat: c.seat }, expect: 422, code: 'idempotency_key_reused',
      });
    });
    const log = await moveLog(ctx.api, g.id, c.token);
    assert.equal(log.filter((m) => m.seq === first.body.seq).length, 1);
    assert.deepEqual(log.at(-1).move, c.move);

    // Later, the same seat's next legal move under the same key is refused
    // too: the key names the first move for good.
    let next = null;
    for (let i = 0; i < 40 && !next; i++) {
      const n = await chooseMove(ctx.api, g.id, g.players, rand);
      if (!n) break;
      if (n.seat === c.seat) next = n;
      else await ctx.api.post(`/v1/games/${g.id}/moves`, { token: n.token, body: { move: n.move, seat: n.seat }, expect: 201 });
    }
    assert.ok(next, `seat ${c.seat} got to move again`);
    await refusedLeavesGame(ctx.api, g.id, viewersOf(g), 'reused key on a legal move', async () => {
      await ctx.api.post(`/v1/games/${g.id}/moves`, {
        token: next.token, body: { move: next.move, seat: next.seat }, headers: { 'idempotency-key': key },
        expect: 422, code: 'idempotency_key_reused',
      });
    });
    await ctx.api.post(`/v1/games/${g.id}/moves`, {
      token: next.token, body: { move: next.move, seat: next.seat }, headers: { 'idempotency-key': randomUUID() }, expect: 201,
    });
  });

  test('If-Match with a stale version is 412 and applies nothing', async () => {
    const g = await startedGame(ctx.api);
    const rand = seededRandom(seed + 2);
    const c = await chooseMove(ctx.api, g.id, g.players, rand);
    await refusedLeavesGame(ctx.api, g.id, viewersOf(g), 'stale If-Match', async () => {
      for (const tag of [`"${c.version + 1}"`, `"${c.version - 1}"`, '"0x"', '""']) {
        await ctx.api.post(`/v1/games/${g.id}/moves`, {
          token: c.token, body: { move: c.move, seat: c.seat }, headers: { 'if-match': tag }, expect: 412, code: 'precondition_failed',
        });
      }
      await ctx.api.post(`/v1/games/${g.id}/moves`, {
        token: c.token, body: { move: c.move, seat: c.seat }, headers: { 'if-match': `"${c.version + 7}"` },
        expect: 412, code: 'precondition_failed',
      });
    });
    await ctx.api.post(`/v1/games/${g.id}/moves`, {
      token: c.token, body: { move: c.move, seat: c.seat }, headers: { 'if-match': `"${c.version}"` }, expect: 201,
    });
  });

  test('If-Match compares strongly: a weak or malformed tag never matches (RFC 9110 13.1.1)', async () => {
    const g = await startedGame(ctx.api);
    const c = await chooseMove(ctx.api, g.id, g.players, seededRandom(seed + 12));
    await refusedLeavesGame(ctx.api, g.id, viewersOf(g), 'weak If-Match', async () => {
      for (const tag of [`W/"${c.version}"`, `"${c.version}`, ` "${c.version}"x`]) {
        await ctx.api.post(`/v1/games/${g.id}/moves`, {
          token: c.token, body: { move: c.move, seat: c.seat }, headers: { 'if-match': tag }, expect: 412, code: 'precondition_failed',
        });
      }
    });
  });

  test('a move from the seat that need not act is 409 not_your_turn', async () => {
    const g = await startedGame(ctx.api);
    const v = await untilOneMustAct(g, seededRandom(seed + 3));
    const { mover, other } = turnOf(g, v);
    const lm = await legalMoves(ctx.api, g.id, mover.token);
    const move = concretize(lm.moves[0], seededRandom(seed));
    await refusedLeavesGame(ctx.api, g.id, viewersOf(g), 'not your turn', async () => {
      const res = await ctx.api.post(`/v1/games/${g.id}/moves`, { token: other.token, body: { move }, expect: 409, code: 'not_your_turn' });
      assert.ok(res.body.detail.length > 0);
    });
  });

  test('an illegal move is 422 illegal_move naming the rule', async () => {
    const g = await startedGame(ctx.api);
    const v = await untilOneMustAct(g, seededRandom(seed + 4));
    const { mover } = turnOf(g, v);
    const lm = await legalMoves(ctx.api, g.id, mover.token);
    const legal = concretize(lm.moves[0], seededRandom(seed));
    // Make it illegal: every numeric field out of range, every string unknown.
    const bad = { type: legal.type };
    for (const [k, val] of Object.entries(legal)) {
      if (k === 'type') continue;
      bad[k] = typeof val === 'number' ? 9999 : typeof val === 'string' ? 'no_such_thing' : val;
    }
    const candidates = [{ type: 'no_such_move' }, ...(Object.keys(bad).length > 1 ? [bad] : [])];
    await refusedLeavesGame(ctx.api, g.id, viewersOf(g), 'illegal moves', async () => {
      for (const move of candidates) {
        const res = await ctx.api.post(`/v1/games/${g.id}/moves`, { token: mover.token, body: { move }, expect: 422, code: 'illegal_move' });
        assert.ok(res.body.rule.length > 0, 'the refusal names the rule');
        assert.match(res.body.violation, /^[a-z][a-z0-9_]*$/);
      }
    });
  });

  test('resign finishes the game; the other seat wins; a finished game refuses moves', async () => {
    const g = await startedGame(ctx.api);
    const rand = seededRandom(seed + 5);
    await playOne(ctx.api, g.id, g.players, rand);
    const c = await chooseMove(ctx.api, g.id, g.players, rand);
    const loser = g.players[1];
    const res = await ctx.api.post(`/v1/games/${g.id}/resign`, { token: loser.token, body: {}, expect: 200 });
    assert.equal(res.body.status, 'finished');
    assert.deepEqual(res.body.winners, [0]);
    assert.deepEqual(res.body.must_act, []);
    assert.equal(res.body.viewer_seat, 1);
    const log = await moveLog(ctx.api, g.id, loser.token);
    assert.equal(log.at(-1).kind, 'resign');
    assert.equal(log.at(-1).seat, 1);
    await refusedLeavesGame(ctx.api, g.id, viewersOf(g), 'acting in a finished game', async () => {
      await ctx.api.post(`/v1/games/${g.id}/moves`, { token: c.token, body: { move: c.move, seat: c.seat }, expect: 409, code: 'game_finished' });
      await ctx.api.post(`/v1/games/${g.id}/resign`, { token: g.players[0].token, expect: 409, code: 'game_finished' });
      await ctx.api.post(`/v1/games/${g.id}/resign`, { token: loser.token, expect: 409, code: 'game_finished' });
      await ctx.api.post(`/v1/games/${g.id}/resign`, { token: g.spectator.token, expect: 403, code: 'forbidden' });
    });
    for (const p of g.players) {
      const lm = await ctx.api.get(`/v1/games/${g.id}/legal-moves`, { token: p.token, expect: 200 });
      assert.deepEqual(lm.body.moves, [], `seat ${p.seat} has no legal move in a finished game`);
    }
  });

  test('a spectator cannot move or resign', async () => {
    const g = await startedGame(ctx.api);
    const c = await chooseMove(ctx.api, g.id, g.players, seededRandom(seed + 6));
    await refusedLeavesGame(ctx.api, g.id, viewersOf(g), 'spectator acts', async () => {
      await ctx.api.post(`/v1/games/${g.id}/moves`, { token: g.spectator.token, body: { move: c.move }, expect: 403, code: 'forbidden' });
      await ctx.api.post(`/v1/games/${g.id}/moves`, { token: g.spectator.token, body: { move: c.move, seat: c.seat }, expect: 403, code: 'forbidden' });
      await ctx.api.post(`/v1/games/${g.id}/resign`, { token: g.spectator.token, body: {}, expect: 403, code: 'forbidden' });
      await ctx.api.post(`/v1/games/${g.id}/moves`, { body: { move: c.move }, expect: 401, code: 'unauthorized' });
    });
  });
});

describe('the move log', () => {
  test('private events reach only the seats they name', async () => {
    const g = await startedGame(ctx.api);
    const rand = seededRandom(seed + 7);
    for (let i = 0; i < 12; i++) {
      const r = await playOne(ctx.api, g.id, g.players, rand);
      if (!r) break;
      // The mover's own answer is redacted for the mover too.
      for (const e of r.events) if (e.to) assert.ok(e.to.includes(r.chosen.seat), 'answer shows only the mover\'s private events');
    }
    const logs = {
      0: await moveLog(ctx.api, g.id, g.players[0].token),
      1: await moveLog(ctx.api, g.id, g.players[1].token),
      spectator: await moveLog(ctx.api, g.id, g.spectator.token),
    };
    assert.ok(logs[0].length > 0);
    assert.deepEqual(logs[0].map((m) => m.seq), logs.spectator.map((m) => m.seq), 'everyone sees the same entries');
    let privateSeen = 0;
    for (const [who, log] of Object.entries(logs)) {
      for (const m of log) {
        for (const e of m.events) {
          if (e.to === undefined) continue;
          privateSeen++;
          assert.notEqual(who, 'spectator', `a spectator sees a private event: ${JSON.stringify(e)}`);
          assert.ok(e.to.includes(Number(who)), `seat ${who} sees an event for ${JSON.stringify(e.to)}`);
        }
      }
    }
    // Public events are the same for everyone.
    const pub = (log) => log.map((m) => ({ ...m, events: m.events.filter((e) => e.to === undefined) }));
    assert.deepEqual(pub(logs[0]), pub(logs.spectator));
    assert.deepEqual(pub(logs[1]), pub(logs.spectator));
    assert.ok(privateSeen > 0 || process.env.TURNPOST_TEST_ALLOW_NO_PRIVATE, 'the engine made private events to check');
  });

  test('after and limit page through the log', async () => {
    const g = await startedGame(ctx.api);
    const rand = seededRandom(seed + 8);
    for (let i = 0; i < 6; i++) await playOne(ctx.api, g.id, g.players, rand);
    const tok = g.players[0].token;
    const all = (await ctx.api.get(`/v1/games/${g.id}/moves`, { token: tok, expect: 200 })).body;
    assert.equal(all.game_id, g.id);
    assert.ok(all.moves.length >= 6);
    const seqs = all.moves.map((m) => m.seq);
    assert.deepEqual(seqs, [...seqs].sort((x, y) => x - y), 'oldest first');
    assert.equal(new Set(seqs).size, seqs.length);
    const page = (await ctx.api.get(`/v1/games/${g.id}/moves?after=${seqs[1]}&limit=2`, { token: tok, expect: 200 })).body;
    assert.deepEqual(page.moves, all.moves.slice(2, 4));
    const none = (await ctx.api.get(`/v1/games/${g.id}/moves?after=${seqs.at(-1)}`, { token: tok, expect: 200 })).body;
    assert.deepEqual(none.moves, []);
  });
});

describe('my games', () => {
  test('awaiting=me lists the games where one of my seats must act', async () => {
    const g = await startedGame(ctx.api);
    const v = await untilOneMustAct(g, seededRandom(seed + 9));
    const { mover, other } = turnOf(g, v);
    const list = async (tok, q = '') => (await ctx.api.get(`/v1/me/games${q}`, { token: tok, expect: 200 })).body.games;
    const m = (await list(mover.token, '?awaiting=me')).find((x) => x.id === g.id);
    assert.ok(m, 'the mover is awaited');
    assert.equal(m.must_act, true);
    assert.deepEqual(m.seats, [mover.seat]);
    assert.equal(m.version, v.version);
    assert.equal(m.status, 'active');
    assert.ok(!(await list(other.token, '?awaiting=me')).some((x) => x.id === g.id), 'the other seat is not awaited');
    const o = (await list(other.token)).find((x) => x.id === g.id);
    assert.equal(o.must_act, false);
    assert.ok(!(await list(mover.token, '?status=finished')).some((x) => x.id === g.id));
    assert.ok((await list(mover.token, '?status=active')).some((x) => x.id === g.id));
    assert.deepEqual(await list(g.spectator.token), []);
    await ctx.api.post(`/v1/games/${g.id}/resign`, { token: mover.token, expect: 200 });
    assert.ok(!(await list(other.token, '?awaiting=me')).some((x) => x.id === g.id), 'a finished game awaits nobody');
    assert.ok((await list(other.token, '?status=finished')).some((x) => x.id === g.id));
  });
});

describe('export', () => {
  test('409 game_not_finished before the end, 200 after', async () => {
    const g = await startedGame(ctx.api);
    const rand = seededRandom(seed + 10);
    for (let i = 0; i < 4; i++) await playOne(ctx.api, g.id, g.players, rand);
    await refusedLeavesGame(ctx.api, g.id, viewersOf(g), 'early export', async () => {
      await ctx.api.get(`/v1/games/${g.id}/export`, { token: g.players[0].token, expect: 409, code: 'game_not_finished' });
    });
    await ctx.api.post(`/v1/games/${g.id}/resign`, { token: g.players[0].token, expect: 200 });
    const ex = (await ctx.api.get(`/v1/games/${g.id}/export`, { token: g.players[1].token, expect: 200 })).body;
    assert.equal(ex.format, 'turnpost-export-2');
    assert.equal(ex.game_id, g.id);
    assert.equal(ex.ruleset, RULESET);
    assert.equal(ex.commitment, g.game.commitment, 'the commitment is the one shown from the start');
    assert.deepEqual(ex.winners, [1]);
    assert.equal(ex.seat_count, 2);
    assert.equal(ex.moves.at(-1).kind, 'resign');
    const log = (await moveLog(ctx.api, g.id, g.players[0].token)).filter((m) => m.kind === 'move' || m.kind === 'resign');
    assert.deepEqual(ex.moves.map((m) => m.seq), log.map((m) => m.seq), 'the export has every move of the log');
    for (const m of ex.moves) {
      const l = log.find((x) => x.seq === m.seq);
      assert.deepEqual([m.seat, m.kind, m.move], [l.seat, l.kind, l.move]);
    }
    for (let i = 1; i < ex.moves.length; i++) assert.ok(ex.moves[i].rng_pos >= ex.moves[i - 1].rng_pos);
  });
});
