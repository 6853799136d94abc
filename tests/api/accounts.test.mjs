// accounts.test.mjs - accounts, /v1/me, tokens, revocation, admin issue.

import assert from './lib/checks.mjs';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';

import { createAccount, decodeToken, uniqueName } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';

const ctx = useServer();

describe('POST /v1/accounts', () => {
  test('creates a player and returns its first token', async () => {
    const name = uniqueName('alice');
    const res = await ctx.api.post('/v1/accounts', { body: { name, kind: 'player' }, expect: 201 });
    const { account, token, expires_at: exp } = res.body;
    assert.equal(account.name, name);
    assert.equal(account.kind, 'player');
    assert.equal(account.admin, false);
    const now = Date.now() / 1000;
    assert.ok(Math.abs(Date.parse(account.created_at) / 1000 - now) < 300, 'created_at is now');
    assert.ok(exp > now, 'the token expires in the future');
    const { claims } = decodeToken(token);
    assert.equal(claims.sub, account.id);
    assert.equal(claims.exp, exp);
    assert.ok(claims.scope.includes('play'));
    assert.ok(!claims.scope.includes('admin'));
  });

  test('creates a bot', async () => {
    const bot = await createAccount(ctx.api, { kind: 'bot' });
    assert.equal(bot.kind, 'bot');
  });

  test('a name that is taken is a 409 conflict', async () => {
    const a = await createAccount(ctx.api);
    await ctx.api.post('/v1/accounts', { body: { name: a.name, kind: 'player' }, expect: 409, code: 'conflict' });
  });

  test('names are 1 to 64 of [A-Za-z0-9_.-]', async () => {
    const long = `A.b-c_${uniqueName('x')}`;
    await createAccount(ctx.api, { name: long + '9'.repeat(64 - long.length) });
    for (const name of ['', 'x'.repeat(65), 'has space', 'semi;colon', 'ünïcode', 'slash/', '<b>']) {
      await ctx.api.post('/v1/accounts', { body: { name, kind: 'player' }, expect: 400, code: 'bad_request' });
    }
  });

  test('kind must be player or bot; name must be a string; unknown keys are refused', async () => {
    for (const body of [
      { name: uniqueName(), kind: 'admin' },
      { name: uniqueName(), kind: 7 },
      { name: 12, kind: 'player' },
      { kind: 'player' },
      { name: uniqueName(), kind: 'player', admin: true },
    ]) {
      await ctx.api.post('/v1/accounts', { body, expect: 400, code: 'bad_request' });
    }
  });

  test('Idempotency-Key: a retry returns the first answer byte for byte', async () => {
    const key = randomUUID();
    const body = { name: uniqueName('idem'), kind: 'player' };
    const first = await ctx.api.post('/v1/accounts', { body, headers: { 'idempotency-key': key }, expect: 201 });
    const again = await ctx.api.post('/v1/accounts', { body, headers: { 'idempotency-key': key }, expect: 201 });
    assert.equal(again.text, first.text);
    assert.notEqual(again.requestId, first.requestId);
    // Without the key, the same request is a second attempt: the name is taken.
    await ctx.api.post('/v1/accounts', { body, expect: 409, code: 'conflict' });
  });

  test('Idempotency-Key with a different request is 422 idempotency_key_reused', async () => {
    const key = randomUUID();
    await ctx.api.post('/v1/accounts', {
      body: { name: uniqueName('idem'), kind: 'player' }, headers: { 'idempotency-key': key }, expect: 201,
    });
    const other = { name: uniqueName('idem'), kind: 'player' };
    await ctx.api.post('/v1/accounts', {
      body: other, headers: { 'idempotency-key': key }, expect: 422, code: 'idempotency_key_reused',
    });
    // Nothing was created: the name is still free.
    await ctx.api.post('/v1/accounts', { body: other, expect: 201 });
  });

  test('an Idempotency-Key over 128 characters is refused', async () => {
    await ctx.api.post('/v1/accounts', {
      body: { name: uniqueName(), kind: 'player' }, headers: { 'idempotency-key': 'k'.repeat(129) },
      expect: 400,
    });
  });
});

describe('GET /v1/me and tokens', () => {
  test('/v1/me is the token\'s account', async () => {
    const a = await createAccount(ctx.api);
    const me = await ctx.api.get('/v1/me', { token: a.token, expect: 200 });
    assert.deepEqual(me.body, a.account);
  });

  test('POST /v1/tokens issues a fresh token that works', async () => {
    const a = await createAccount(ctx.api);
    const fresh = await ctx.api.post('/v1/tokens', { token: a.token, expect: 201 });
    assert.notEqual(fresh.body.token, a.token);
    assert.notEqual(decodeToken(fresh.body.token).claims.jti, decodeToken(a.token).claims.jti);
    const me = await ctx.api.get('/v1/me', { token: fresh.body.token, expect: 200 });
    assert.equal(me.body.id, a.id);
    // An empty object body is accepted too; anything else is not.
    await ctx.api.post('/v1/tokens', { token: a.token, body: {}, expect: 201 });
    await ctx.api.post('/v1/tokens', { token: a.token, body: { ttl: 5 }, expect: 400, code: 'bad_request' });
  });

  test('revoke: every earlier token is refused with 401, later ones work', async () => {
    const a = await createAccount(ctx.api);
    const second = (await ctx.api.post('/v1/tokens', { token: a.token, expect: 201 })).body.token;
    const res = await ctx.api.post(`/v1/accounts/${a.id}/revoke`, { token: a.token, expect: 200 });
    assert.ok(res.body.token_epoch >= 1);
    // The owner is not locked out: the answer's token is of the new epoch.
    assert.equal((await ctx.api.get('/v1/me', { token: res.body.token, expect: 200 })).body.id, a.id);
    await ctx.api.get('/v1/me', { token: a.token, expect: 401, code: 'invalid_token' });
    await ctx.api.get('/v1/me', { token: second, expect: 401, code: 'invalid_token' });
    await ctx.api.post('/v1/tokens', { token: second, expect: 401, code: 'invalid_token' });
    await ctx.api.post('/v1/games', {
      token: second, body: { ruleset: 'ironfuture', seats: [{ open: true }, { open: true }] },
      expect: 401, code: 'invalid_token',
    });
    assert.ok(ctx.adminToken, 'the test server has an admin token');
    const issued = await ctx.api.post(`/v1/accounts/${a.id}/tokens`, { token: ctx.adminToken, expect: 201 });
    await ctx.api.get('/v1/me', { token: issued.body.token, expect: 200 });
    // Revoking again raises the epoch again and refuses the newest too.
    const again = await ctx.api.post(`/v1/accounts/${a.id}/revoke`, { token: issued.body.token, expect: 200 });
    assert.ok(again.body.token_epoch > res.body.token_epoch);
    await ctx.api.get('/v1/me', { token: issued.body.token, expect: 401, code: 'invalid_token' });
  });

  test('revoking another account is 403 unless admin', async () => {
    const a = await createAccount(ctx.api);
    const b = await createAccount(ctx.api);
    await ctx.api.post(`/v1/accounts/${b.id}/revoke`, { token: a.token, expect: 403, code: 'forbidden' });
    await ctx.api.get('/v1/me', { token: b.token, expect: 200 });
    await ctx.api.post(`/v1/accounts/${b.id}/revoke`, { token: ctx.adminToken, expect: 200 });
    await ctx.api.get('/v1/me', { token: b.token, expect: 401, code: 'invalid_token' });
    await ctx.api.get('/v1/me', { token: a.token, expect: 200 });
  });
});

describe('admin', () => {
  test('the admin token is an admin account', async () => {
    assert.ok(ctx.adminToken, 'the test server has an admin token (lib/server.mjs)');
    const me = await ctx.api.get('/v1/me', { token: ctx.adminToken, expect: 200 });
    assert.equal(me.body.admin, true);
    assert.ok(decodeToken(ctx.adminToken).claims.scope.includes('admin'));
  });

  test('POST /v1/accounts/{id}/tokens is admin only', async () => {
    const a = await createAccount(ctx.api);
    const b = await createAccount(ctx.api);
    await ctx.api.post(`/v1/accounts/${b.id}/tokens`, { token: a.token, expect: 403, code: 'forbidden' });
    await ctx.api.post(`/v1/accounts/${a.id}/tokens`, { token: a.token, expect: 403, code: 'forbidden' });
    await ctx.api.post(`/v1/accounts/${b.id}/tokens`, { expect: 401, code: 'unauthorized' });
    const res = await ctx.api.post(`/v1/accounts/${b.id}/tokens`, { token: ctx.adminToken, expect: 201 });
    const me = await ctx.api.get('/v1/me', { token: res.body.token, expect: 200 });
    assert.equal(me.body.id, b.id);
    assert.ok(!decodeToken(res.body.token).claims.scope.includes('admin'), 'an issued token is not admin');
  });

  test('admin issue and revoke for an unknown account are 404', async () => {
    await ctx.api.post(`/v1/accounts/${randomUUID()}/tokens`, { token: ctx.adminToken, expect: 404, code: 'not_found' });
    await ctx.api.post(`/v1/accounts/${randomUUID()}/revoke`, { token: ctx.adminToken, expect: 404, code: 'not_found' });
    await ctx.api.post('/v1/accounts/not-a-uuid/tokens', { token: ctx.adminToken, expect: 404, code: 'not_found' });
  });
});
