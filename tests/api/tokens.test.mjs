// tokens.test.mjs - every way a token is refused, and seat tokens.

import assert from './lib/checks.mjs';
import { describe, test } from 'node:test';

import { client } from './lib/client.mjs';
import {
  createAccount, createGame, decodeToken, forgeToken, legalMoves, refusedLeavesGame,
  sleep, tamperClaims, tamperSignature, view,
} from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { startServer } from './lib/server.mjs';

const ctx = useServer();

// Every route that needs a token, with a harmless request.
const guarded = [
  ['GET', '/v1/me'],
  ['POST', '/v1/tokens'],
  ['GET', '/v1/me/games'],
];

describe('refused tokens', () => {
  test('no token: 401 unauthorized', async () => {
    for (const [m, p] of guarded) {
      const res = await ctx.api.request(m, p, { expect: 401, code: 'unauthorized' });
      // RFC 6750 section 3.1: no error code when no credentials were sent.
      assert.equal(res.headers.get('www-authenticate'), 'Bearer realm="turnpost"');
    }
  });

  test('malformed tokens: 401 invalid_token', async () => {
    const a = await createAccount(ctx.api);
    const [, claims, sig] = a.token.split('.');
    const bad = [
      'garbage',
      'tp1',
      'tp1..',
      `tp1.${claims}`,
      `tp1.${claims}.`,
      `tp2.${claims}.${sig}`,
      `tp1.${claims}.${sig}.extra`,
      `tp1.${claims}!.${sig}`,
      `tp1.${Buffer.from('not json').toString('base64url')}.${sig}`,
      `tp1.${Buffer.from('[1,2]').toString('base64url')}.${sig}`,
      `${a.token}=`,
      'x'.repeat(5000),
    ];
    for (const t of bad) {
      const res = await ctx.api.get('/v1/me', { token: t, expect: 401, code: 'invalid_token' });
      assert.equal(res.headers.get('www-authenticate'),
        `Bearer realm="turnpost", error="invalid_token", error_description="${res.body.detail}"`);
    }
    // An empty bearer, or another scheme, is no token at all or a bad one.
    await ctx.api.get('/v1/me', { headers: { authorization: 'Bearer ' }, expect: 401 });
    await ctx.api.get('/v1/me', { headers: { authorization: `Basic ${a.token}` }, expect: 401 });
  });

  test('forged signature: 401 invalid_token', async () => {
    const a = await createAccount(ctx.api);
    await ctx.api.get('/v1/me', { token: tamperSignature(a.token), expect: 401, code: 'invalid_token' });
    // Signed by a key that is not ours, naming our kid.
    const forged = forgeToken(decodeToken(a.token).claims);
    await ctx.api.get('/v1/me', { token: forged, expect: 401, code: 'invalid_token' });
  });

  test('tampered claims: 401 invalid_token', async () => {
    const a = await createAccount(ctx.api);
    const b = await createAccount(ctx.api);
    const changes = [
      (c) => ({ ...c, sub: b.id }),
      (c) => ({ ...c, scope: [...c.scope, 'admin'] }),
      (c) => ({ ...c, exp: c.exp + 3600 }),
      (c) => ({ ...c, epoch: (c.epoch ?? 0) + 1 }),
    ];
    for (const change of changes) {
      await ctx.api.get('/v1/me', { token: tamperClaims(a.token, change), expect: 401, code: 'invalid_token' });
    }
    // The tampered token never acted as b: b's account is untouched.
    await ctx.api.get('/v1/me', { token: b.token, expect: 200 });
  });

  test('unknown key id: 401 invalid_token', async () => {
    const a = await createAccount(ctx.api);
    const claims = { ...decodeToken(a.token).claims, kid: 'nosuchkid' };
    await ctx.api.get('/v1/me', { token: forgeToken(claims), expect: 401, code: 'invalid_token' });
    await ctx.api.get('/v1/me', { token: tamperClaims(a.token, (c) => ({ ...c, kid: 'nosuchkid' })), expect: 401, code: 'invalid_token' });
  });

  test('a token of another server\'s keys: 401 invalid_token', async () => {
    const other = await startServer();   // same database, its own fresh keys
    try {
      const foreign = await createAccount(client(other.url));
      await ctx.api.get('/v1/me', { token: foreign.token, expect: 401, code: 'invalid_token' });
    } finally {
      await other.stop();
    }
  });

  test('an expired token: 401 invalid_token (server with TURNPOST_TOKEN_TTL=1)', async () => {
    // On the main server's keys, so that both servers judge the token by
    // its exp alone.
    const short = await startServer({ env: { TURNPOST_TOKEN_TTL: '1' }, keysDir: ctx.server.keysDir });
    try {
      const api = client(short.url);
      const a = await createAccount(api);
      const { iat, exp } = decodeToken(a.token).claims;
      assert.equal(exp - iat, 1, 'the server gives its tokens the lifetime TURNPOST_TOKEN_TTL says');
      assert.equal(a.expires_at, exp, 'expires_at is the token\'s exp');
      // The server reads the clock this process reads: wait until it has
      // passed exp (no fixed sleep, nothing that depends on timing).
      while (Date.now() < exp * 1000) await sleep(exp * 1000 - Date.now() + 10);
      for (const server of [api, ctx.api]) {
        const res = await server.get('/v1/me', { token: a.token, expect: 401, code: 'invalid_token' });
        assert.equal(res.body.detail, 'The bearer token has expired.');
      }
      // The account is fine: a token the admin issues it now is taken.
      const fresh = await ctx.api.post(`/v1/accounts/${a.id}/tokens`, { token: ctx.adminToken, expect: 201 });
      assert.equal((await api.get('/v1/me', { token: fresh.body.token, expect: 200 })).body.id, a.id);
    } finally {
      await short.stop();
    }
  });
});

describe('seat tokens', () => {
  // A started game between an account (seat 0) and an invite (seat 1), and
  // a second such game, both created by one account.
  async function twoInviteGames() {
    const creator = await createAccount(ctx.api);
    const g1 = await createGame(ctx.api, creator.token, [{ account_id: creator.id }, { invite: true }]);
    const g2 = await createGame(ctx.api, creator.token, [{ account_id: creator.id }, { invite: true }]);
    // An invite seat is filled when its token joins; then the game starts.
    for (const g of [g1, g2]) {
      const j = await ctx.api.post(`/v1/games/${g.game.id}/join`, { token: g.invites[0].token, expect: 200 });
      assert.equal(j.body.status, 'active');
    }
    return {
      creator,
      g1: { id: g1.game.id, seatToken: g1.invites[0].token },
      g2: { id: g2.game.id, seatToken: g2.invites[0].token },
    };
  }

  test('a seat token is for one seat of one game', async () => {
    const { creator, g1, g2 } = await twoInviteGames();
    const c = decodeToken(g1.seatToken).claims;
    assert.equal(c.game, g1.id);
    assert.equal(c.seat, 1);
    assert.ok(c.scope.includes('seat'));
    const v = await view(ctx.api, g1.id, g1.seatToken);
    assert.equal(v.viewer_seat, 1);
    const viewers = [{ token: creator.token, seat: 0 }, { token: g1.seatToken, seat: 1 }];
    const lm = await legalMoves(ctx.api, g1.id, g1.seatToken);
    assert.equal(lm.seat, 1);

    // Another game's seat token is refused for everything that acts.
    await refusedLeavesGame(ctx.api, g1.id, viewers, 'other game\'s seat token', async () => {
      await ctx.api.get(`/v1/games/${g1.id}/legal-moves`, { token: g2.seatToken, expect: 403, code: 'forbidden' });
      await ctx.api.post(`/v1/games/${g1.id}/moves`, {
        token: g2.seatToken, body: { move: { type: 'pass' } }, expect: 403, code: 'forbidden',
      });
      await ctx.api.post(`/v1/games/${g1.id}/resign`, { token: g2.seatToken, expect: 403, code: 'forbidden' });
      // A seat token is for its own game only: it does not even view
      // another (403 forbidden: "other game").
      await ctx.api.get(`/v1/games/${g1.id}/moves`, { token: g2.seatToken, expect: 403, code: 'forbidden' });
      await ctx.api.get(`/v1/games/${g1.id}/export`, { token: g2.seatToken, expect: 403, code: 'forbidden' });
      await ctx.api.get(`/v1/games/${g1.id}`, { token: g2.seatToken, expect: 403, code: 'forbidden' });
    });

    // Seat 1's token cannot play seat 0.
    await refusedLeavesGame(ctx.api, g1.id, viewers, 'other seat\'s token', async () => {
      await ctx.api.get(`/v1/games/${g1.id}/legal-moves?seat=0`, { token: g1.seatToken, expect: 403, code: 'forbidden' });
      await ctx.api.post(`/v1/games/${g1.id}/moves`, {
        token: g1.seatToken, body: { seat: 0, move: { type: 'pass' } }, expect: 403, code: 'forbidden',
      });
      await ctx.api.post(`/v1/games/${g1.id}/resign`, {
        token: g1.seatToken, body: { seat: 0 }, expect: 403, code: 'forbidden',
      });
      // Joining another game with a seat token is refused as forbidden too,
      // before anything is said about that game's state.
      await ctx.api.post(`/v1/games/${g1.id}/join`, { token: g2.seatToken, body: {}, expect: 403, code: 'forbidden' });
    });
  });

  test('a seat token is no account token', async () => {
    const { g1 } = await twoInviteGames();
    await ctx.api.get('/v1/me', { token: g1.seatToken, expect: 403, code: 'forbidden' });
    await ctx.api.post('/v1/tokens', { token: g1.seatToken, expect: 403, code: 'forbidden' });
    await ctx.api.get('/v1/me/games', { token: g1.seatToken, expect: 403, code: 'forbidden' });
    await ctx.api.post('/v1/games', {
      token: g1.seatToken, body: { ruleset: 'ironfuture', seats: [{ open: true }, { open: true }] },
      expect: 403, code: 'forbidden',
    });
  });

  test('a forged or tampered seat token is refused', async () => {
    const { g1, g2 } = await twoInviteGames();
    await ctx.api.get(`/v1/games/${g1.id}/legal-moves`, {
      token: tamperClaims(g2.seatToken, (c) => ({ ...c, game: g1.id })), expect: 401, code: 'invalid_token',
    });
    await ctx.api.get(`/v1/games/${g1.id}/legal-moves`, {
      token: tamperClaims(g1.seatToken, (c) => ({ ...c, seat: 0 })), expect: 401, code: 'invalid_token',
    });
    await ctx.api.get(`/v1/games/${g1.id}/legal-moves`, {
      token: forgeToken({ ...decodeToken(g1.seatToken).claims, seat: 0 }), expect: 401, code: 'invalid_token',
    });
  });
});
