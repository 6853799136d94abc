// rematch.test.mjs - POST /v1/games/{id}/rematch. Checks that:
//   - a finished Iron Future game's rematch has the same seats, a new
//     commitment, links both ways, and begins with the loser's
//     choose_first move (listed by legal-moves, must_act the loser); the
//     winner cannot make it (refused, nothing changed); the chosen first
//     player acts first; its export passes `turnpost verify`;
//   - a Steam game's rematch starts with its turn-order auction;
//   - an active game's rematch and a non-player's are refused, changing
//     nothing; a retry with the same Idempotency-Key returns the same game,
//     a later call the same game without tokens;
//   - an invite seat gets a fresh token that works, and the old token does
//     not act in the rematch.

import assert from './lib/checks.mjs';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';

import { createAccount, legalMoves, refusedLeavesGame, view } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { requireEnv } from './lib/server.mjs';

const ctx = useServer();
let dir;

before(() => { dir = mkdtempSync(join(tmpdir(), 'turnpost-rematch-')); });
after(() => { rmSync(dir, { recursive: true, force: true }); });

function verify(exp) {
  const file = join(dir, `export-${exp.game_id}.json`);
  writeFileSync(file, JSON.stringify(exp));
  const r = spawnSync(requireEnv('TURNPOST_BIN'), ['verify', file], { encoding: 'utf8', timeout: 60000 });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

// A started Iron Future game of two fresh accounts, and a spectator.
async function ironFuture() {
  const a = await createAccount(ctx.api);
  const b = await createAccount(ctx.api);
  const spectator = await createAccount(ctx.api);
  const created = await ctx.api.post('/v1/games', {
    token: a.token,
    body: { ruleset: 'ironfuture', seats: [{ account_id: a.id }, { account_id: b.id }] },
    expect: 201,
  });
  return { id: created.body.game.id, game: created.body.game, players: [a, b], spectator };
}

const viewersOf = (id, players, spectator) => [
  ...players.map((p, seat) => ({ token: p.token, seat })),
  { token: spectator.token },
];

describe('Iron Future', () => {
  test('the player who did not win chooses the first player of the rematch', async () => {
    const g = await ironFuture();
    const [a, b] = g.players;
    // Seat 1 resigns: seat 0 wins, seat 1 lost and will choose.
    const res = await ctx.api.post(`/v1/games/${g.id}/resign`, { token: b.token, expect: 200 });
    assert.equal(res.body.status, 'finished');
    assert.deepEqual(res.body.winners, [0]);
    assert.equal(res.body.rematch, null);

    const r = await ctx.api.post(`/v1/games/${g.id}/rematch`, { token: a.token, expect: 201 });
    const m = r.body.game;
    assert.notEqual(m.id, g.id);
    assert.equal(m.ruleset, 'ironfuture');
    assert.equal(m.status, 'active', 'both seats are accounts: it starts at once');
    assert.equal(m.rematch_of, g.id);
    assert.equal(m.rematch, null);
    assert.match(m.commitment, /^[0-9a-f]{64}$/);
    assert.notEqual(m.commitment, g.game.commitment, 'a new seed, a new commitment');
    assert.deepEqual(m.seats.map((s) => [s.seat, s.kind, s.account_id, s.filled]),
      [[0, 'account', a.id, true], [1, 'account', b.id, true]]);
    assert.deepEqual(r.body.invites, []);
    assert.equal(m.viewer_seat, 0);
    const old = await view(ctx.api, g.id, g.spectator.token);
    assert.equal(old.rematch, m.id, 'the old game links to its rematch');
    assert.equal(old.rematch_of, null);

    // The loser (seat 1) must act: choose_first, listed for it only.
    const mv = await view(ctx.api, m.id, g.spectator.token);
    assert.deepEqual(mv.must_act, [1]);
    assert.equal(mv.state.phase, 'choose_first');
    assert.equal(mv.state.first_player, null);
    assert.deepEqual(mv.state.players.map((p) => p.hand_size), [0, 0], 'nothing is dealt before the choice');
    const lm = await legalMoves(ctx.api, m.id, b.token);
    assert.deepEqual(lm.moves, [{ type: 'choose_first', seat: 0 }, { type: 'choose_first', seat: 1 }]);
    assert.deepEqual((await legalMoves(ctx.api, m.id, a.token)).moves, []);
    const log = (await ctx.api.get(`/v1/games/${m.id}/moves`, { token: g.spectator.token, expect: 200 })).body.moves;
    assert.ok(!log[0].events.some((e) => e.type === 'roll_off'), 'no roll-off in a rematch');
    assert.ok(log[0].events.some((e) => e.type === 'choose_first' && e.seat === 1));

    // The winner cannot choose, nor can the loser play anything else first.
    const viewers = viewersOf(m.id, g.players, g.spectator);
    await refusedLeavesGame(ctx.api, m.id, viewers, 'the winner chooses', async () => {
      for (const seat of [0, 1]) {
        await ctx.api.post(`/v1/games/${m.id}/moves`, {
          token: a.token, body: { move: { type: 'choose_first', seat } }, expect: 409, code: 'not_your_turn',
        });
      }
      const wrong = await ctx.api.post(`/v1/games/${m.id}/moves`, {
        token: b.token, body: { move: { type: 'pass' } }, expect: 422, code: 'illegal_move',
      });
      assert.equal(wrong.body.violation, 'wrong_phase');
      const bad = await ctx.api.post(`/v1/games/${m.id}/moves`, {
        token: b.token, body: { move: { type: 'choose_first', seat: 2 } }, expect: 422, code: 'illegal_move',
      });
      assert.equal(bad.body.violation, 'bad_seat');
    });

    // The loser lets the winner start: seat 0 acts first in round 1.
    const chose = await ctx.api.post(`/v1/games/${m.id}/moves`, {
      token: b.token, body: { move: { type: 'choose_first', seat: 0 } }, expect: 201,
    });
    assert.ok(chose.body.events.some((e) => e.type === 'first_player' && e.seat === 0 && e.chosen_by === 1));
    const after1 = chose.body.game;
    assert.equal(after1.state.phase, 'conquest');
    assert.equal(after1.state.round, 1);
    assert.equal(after1.state.first_player, 0);
    assert.deepEqual(after1.must_act, [0], 'the chosen first player acts first');
    assert.equal(after1.state.players[1].hand_size, 5);
    const deploy = (await legalMoves(ctx.api, m.id, a.token)).moves.find((x) => x.type === 'deploy');
    assert.ok(deploy, 'the first player deploys');
    await ctx.api.post(`/v1/games/${m.id}/moves`, { token: a.token, body: { move: deploy }, expect: 201 });

    // The rematch ends too; its export (with the option) verifies.
    await ctx.api.post(`/v1/games/${m.id}/resign`, { token: a.token, expect: 200 });
    const ex = (await ctx.api.get(`/v1/games/${m.id}/export`, { token: a.token, expect: 200 })).body;
    assert.deepEqual(ex.options, { first_player_chooser: 1 });
    assert.deepEqual(ex.moves[0].move, { type: 'choose_first', seat: 0 });
    const ok = verify(ex);
    assert.equal(ok.status, 0, ok.output);
    const forged = structuredClone(ex);
    forged.options.first_player_chooser = 0;
    const refused = verify(forged);
    assert.notEqual(refused.status, 0, 'another chooser does not replay');

    // A rematch of the rematch: now seat 0 resigned and chooses.
    const r2 = await ctx.api.post(`/v1/games/${m.id}/rematch`, { token: b.token, expect: 201 });
    assert.equal(r2.body.game.rematch_of, m.id);
    assert.deepEqual(r2.body.game.must_act, [0]);
    assert.equal(r2.body.game.viewer_seat, 1);
    const c2 = await ctx.api.post(`/v1/games/${r2.body.game.id}/moves`, {
      token: a.token, body: { move: { type: 'choose_first', seat: 1 } }, expect: 201,
    });
    assert.deepEqual(c2.body.game.must_act, [1], 'seat 1, chosen, acts first');
  });

  test('a game not over, or a caller holding no seat, gets no rematch', async () => {
    const g = await ironFuture();
    const viewers = viewersOf(g.id, g.players, g.spectator);
    await refusedLeavesGame(ctx.api, g.id, viewers, 'rematch of an active game', async () => {
      await ctx.api.post(`/v1/games/${g.id}/rematch`, {
        token: g.players[0].token, expect: 409, code: 'game_not_finished',
      });
    });
    await ctx.api.post(`/v1/games/${g.id}/resign`, { token: g.players[0].token, expect: 200 });
    await refusedLeavesGame(ctx.api, g.id, viewers, 'rematch by a spectator', async () => {
      await ctx.api.post(`/v1/games/${g.id}/rematch`, { token: g.spectator.token, expect: 403, code: 'forbidden' });
      await ctx.api.post(`/v1/games/${g.id}/rematch`, {
        token: g.players[0].token, body: { seat: 0 }, expect: 400, code: 'bad_request',
      });
      await ctx.api.post(`/v1/games/${g.id}/rematch`, {
        token: g.players[0].token, body: { entropy: 'e'.repeat(257) }, expect: 400, code: 'bad_request',
      });
    });
    await ctx.api.post('/v1/games/00000000-0000-4000-8000-000000000000/rematch', {
      token: g.players[0].token, expect: 404, code: 'not_found',
    });
    assert.equal((await view(ctx.api, g.id, g.spectator.token)).rematch, null);
  });

  test('a retry with the same Idempotency-Key returns the same rematch; a later call finds it', async () => {
    const g = await ironFuture();
    const [a, b] = g.players;
    await ctx.api.post(`/v1/games/${g.id}/resign`, { token: a.token, expect: 200 });
    const key = `rematch-${g.id}`;
    const headers = { 'idempotency-key': key };
    const body = { entropy: 'from seat 1' };
    const first = await ctx.api.post(`/v1/games/${g.id}/rematch`, { token: b.token, body, headers, expect: 201 });
    const again = await ctx.api.post(`/v1/games/${g.id}/rematch`, { token: b.token, body, headers, expect: 201 });
    assert.equal(again.text, first.text, 'the first answer, byte for byte');
    await ctx.api.post(`/v1/games/${g.id}/rematch`, {
      token: b.token, body: { entropy: 'other' }, headers, expect: 422, code: 'idempotency_key_reused',
    });
    // Without the key (or from the other player): the same rematch, 200.
    for (const p of [a, b]) {
      const later = await ctx.api.post(`/v1/games/${g.id}/rematch`, { token: p.token, expect: 200 });
      assert.equal(later.body.game.id, first.body.game.id);
      assert.deepEqual(later.body.invites, []);
    }
    const mine = (await ctx.api.get('/v1/me/games?status=active', { token: a.token, expect: 200 })).body.games;
    assert.deepEqual(mine.map((x) => x.id), [first.body.game.id], 'one rematch, not several');
    // The entropy went to the caller's seat of the rematch.
    await ctx.api.post(`/v1/games/${first.body.game.id}/resign`, { token: a.token, expect: 200 });
    const ex = (await ctx.api.get(`/v1/games/${first.body.game.id}/export`, { token: a.token, expect: 200 })).body;
    assert.deepEqual(ex.seats.map((s) => s.entropy), ['', 'from seat 1']);
  });

  test('an invite seat gets a fresh token; the old one does not act in the rematch', async () => {
    const a = await createAccount(ctx.api);
    const spectator = await createAccount(ctx.api);
    const created = (await ctx.api.post('/v1/games', {
      token: a.token, body: { ruleset: 'ironfuture', seats: [{ account_id: a.id }, { invite: true }] }, expect: 201,
    })).body;
    const id = created.game.id;
    const oldTok = created.invites[0].token;
    await ctx.api.post(`/v1/games/${id}/join`, { token: oldTok, expect: 200 });
    // The invitee resigns, and asks for the rematch with its seat token.
    await ctx.api.post(`/v1/games/${id}/resign`, { token: oldTok, expect: 200 });
    const r = await ctx.api.post(`/v1/games/${id}/rematch`, { token: oldTok, expect: 201 });
    const m = r.body.game;
    assert.equal(m.status, 'open', 'the invite seat is to be filled');
    assert.equal(m.viewer_seat, null, 'the old seat token holds no seat of the rematch');
    assert.deepEqual(m.seats.map((s) => [s.kind, s.account_id, s.filled]), [['account', a.id, true], ['invite', null, false]]);
    assert.deepEqual(r.body.invites.map((i) => i.seat), [1], 'the seat token holder gets its own seat');
    const newTok = r.body.invites[0].token;
    assert.notEqual(newTok, oldTok);
    // The creator, asking later, gets the same game and no token.
    const later = await ctx.api.post(`/v1/games/${id}/rematch`, { token: a.token, expect: 200 });
    assert.equal(later.body.game.id, m.id);

    const viewers = [{ token: a.token, seat: 0 }, { token: spectator.token }];
    await refusedLeavesGame(ctx.api, m.id, viewers, 'the old seat token in the rematch', async () => {
      await ctx.api.post(`/v1/games/${m.id}/join`, { token: oldTok, expect: 403, code: 'forbidden' });
      await ctx.api.get(`/v1/games/${m.id}/legal-moves`, { token: oldTok, expect: 403, code: 'forbidden' });
      await ctx.api.post(`/v1/games/${m.id}/moves`, {
        token: oldTok, body: { move: { type: 'choose_first', seat: 1 } }, expect: 403, code: 'forbidden',
      });
    });
    const joined = await ctx.api.post(`/v1/games/${m.id}/join`, { token: newTok, expect: 200 });
    assert.equal(joined.body.status, 'active');
    assert.deepEqual(joined.body.must_act, [1], 'the invitee lost, so it chooses');
    await refusedLeavesGame(ctx.api, m.id, [...viewers, { token: newTok, seat: 1 }], 'the old seat token again', async () => {
      await ctx.api.post(`/v1/games/${m.id}/moves`, {
        token: oldTok, body: { move: { type: 'choose_first', seat: 1 } }, expect: 403, code: 'forbidden',
      });
    });
    const c = await ctx.api.post(`/v1/games/${m.id}/moves`, {
      token: newTok, body: { move: { type: 'choose_first', seat: 1 } }, expect: 201,
    });
    assert.deepEqual(c.body.game.must_act, [1]);
  });

  test('the creator, a player, gets the invite seat\'s new token', async () => {
    const a = await createAccount(ctx.api);
    const created = (await ctx.api.post('/v1/games', {
      token: a.token, body: { ruleset: 'ironfuture', seats: [{ account_id: a.id }, { invite: true }] }, expect: 201,
    })).body;
    await ctx.api.post(`/v1/games/${created.game.id}/join`, { token: created.invites[0].token, expect: 200 });
    await ctx.api.post(`/v1/games/${created.game.id}/resign`, { token: a.token, expect: 200 });
    const r = await ctx.api.post(`/v1/games/${created.game.id}/rematch`, { token: a.token, expect: 201 });
    assert.deepEqual(r.body.invites.map((i) => i.seat), [1]);
    const j = await ctx.api.post(`/v1/games/${r.body.game.id}/join`, { token: r.body.invites[0].token, expect: 200 });
    assert.deepEqual(j.body.must_act, [0], 'seat 0 resigned: it chooses');
  });

  test('a seat token gets its own seat\'s new token, not the opponent\'s', async () => {
    const org = await createAccount(ctx.api, { kind: 'bot' });
    const created = (await ctx.api.post('/v1/games', {
      token: org.token, body: { ruleset: 'ironfuture', seats: [{ invite: true }, { invite: true }] }, expect: 201,
    })).body;
    const id = created.game.id;
    for (const inv of created.invites) await ctx.api.post(`/v1/games/${id}/join`, { token: inv.token, expect: 200 });
    await ctx.api.post(`/v1/games/${id}/resign`, { token: created.invites[0].token, expect: 200 });
    // The organiser holds no seat: it may not ask; a player may.
    await ctx.api.post(`/v1/games/${id}/rematch`, { token: org.token, expect: 403, code: 'forbidden' });
    const r = await ctx.api.post(`/v1/games/${id}/rematch`, { token: created.invites[1].token, expect: 201 });
    assert.deepEqual(r.body.invites.map((i) => i.seat), [1], 'not the opponent\'s seat');
    const re = await ctx.api.post(`/v1/games/${r.body.game.id}/seats/0/invite`, { token: org.token, expect: 201 });
    await ctx.api.post(`/v1/games/${r.body.game.id}/join`, { token: re.body.token, expect: 200 });
    const j = await ctx.api.post(`/v1/games/${r.body.game.id}/join`, { token: r.body.invites[0].token, expect: 200 });
    assert.deepEqual(j.body.must_act, [0], 'seat 0 resigned: it chooses');
  });
});

describe('Steam', () => {
  test('a rematch runs the turn-order auction again, with the same options', async () => {
    const players = [];
    for (let i = 0; i < 3; i++) players.push(await createAccount(ctx.api));
    const created = await ctx.api.post('/v1/games', {
      token: players[0].token,
      body: { ruleset: 'steam', options: { map: 'tidewater' }, seats: players.map((p) => ({ account_id: p.id })) },
      expect: 201,
    });
    const id = created.body.game.id;
    assert.equal(created.body.game.state.phase, 'auction');
    await ctx.api.post(`/v1/games/${id}/resign`, { token: players[0].token, expect: 200 });
    const end = await ctx.api.post(`/v1/games/${id}/resign`, { token: players[1].token, expect: 200 });
    assert.equal(end.body.status, 'finished');
    assert.deepEqual(end.body.winners, [2]);

    const r = await ctx.api.post(`/v1/games/${id}/rematch`, { token: players[2].token, expect: 201 });
    const m = r.body.game;
    assert.equal(m.ruleset, 'steam');
    assert.equal(m.rematch_of, id);
    assert.equal(m.status, 'active');
    assert.deepEqual(m.seats.map((s) => s.account_id), players.map((p) => p.id));
    assert.notEqual(m.commitment, created.body.game.commitment);
    assert.equal(m.state.phase, 'auction', 'it begins with the turn-order auction');
    assert.ok(m.state.players.every((p) => !p.resigned), 'everyone plays again');
    const s = m.must_act[0];
    const lm = await legalMoves(ctx.api, m.id, players[s].token);
    assert.ok(lm.moves.some((x) => x.type === 'bid'), 'the seat to act bids');
    assert.equal((await view(ctx.api, id, players[0].token)).rematch, m.id);
    await ctx.api.post(`/v1/games/${m.id}/resign`, { token: players[0].token, expect: 200 });
    await ctx.api.post(`/v1/games/${m.id}/resign`, { token: players[1].token, expect: 200 });
    const ex = (await ctx.api.get(`/v1/games/${m.id}/export`, { token: players[0].token, expect: 200 })).body;
    assert.deepEqual(ex.options, { map: 'tidewater' });
    const ok = verify(ex);
    assert.equal(ok.status, 0, ok.output);
  });
});
