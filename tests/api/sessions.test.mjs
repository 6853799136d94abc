// sessions.test.mjs - passwords and signing in, personal tokens with scopes
// and expiry, revoking one or all, public profiles, and the admin token
// file.

import assert from './lib/checks.mjs';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';

import { client } from './lib/client.mjs';
import {
  createAccount, decodeToken, refusedLeavesGame, sleep, startedGame, uniqueName, viewersOf,
} from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { requireEnv, startServer } from './lib/server.mjs';

// argon2id at its lowest limits keeps sanitizer runs quick; production
// keeps the interactive limits (TURNPOST_PWHASH_* unset).
const FAST_HASH = { TURNPOST_PWHASH_OPSLIMIT: '1', TURNPOST_PWHASH_MEMLIMIT: '8192' };
const ctx = useServer({ env: FAST_HASH });

// Every answer's text, to check that no secret ever appears in one.
const seen = [];
function keep(res) {
  seen.push(res.text);
  return res;
}

async function withPassword(password = `pw-${randomBytes(6).toString('hex')}`) {
  const name = uniqueName('pw');
  const res = keep(await ctx.api.post('/v1/accounts', { body: { name, password }, expect: 201 }));
  return { ...res.body.account, token: res.body.token, password };
}

async function personal(token, body, expect = 201) {
  return keep(await ctx.api.post('/v1/me/tokens', { token, body, expect }));
}

async function tokenList(token) {
  return keep(await ctx.api.get('/v1/me/tokens', { token, expect: 200 })).body;
}

describe('passwords and sessions', () => {
  test('an account made with a password signs in again with it', async () => {
    const a = await withPassword();
    assert.equal(a.kind, 'player', 'kind defaults to player');
    const s = keep(await ctx.api.post('/v1/sessions', { body: { name: a.name, password: a.password }, expect: 201 }));
    assert.equal(s.body.account.id, a.id);
    assert.notEqual(s.body.token, a.token);
    const me = await ctx.api.get('/v1/me', { token: s.body.token, expect: 200 });
    assert.equal(me.body.id, a.id);
  });

  test('a wrong password, an unknown name and an account without one get the same 401', async () => {
    const a = await withPassword();
    const plain = await createAccount(ctx.api);
    const tries = [
      { name: a.name, password: 'not-the-password' },
      { name: uniqueName('nobody'), password: a.password },
      { name: plain.name, password: 'whatever-it-is' },
    ];
    const answers = [];
    for (const body of tries) {
      const res = keep(await ctx.api.post('/v1/sessions', { body, expect: 401, code: 'invalid_credentials' }));
      assert.equal(res.headers.get('www-authenticate'), 'Bearer realm="turnpost"');
      const { request_id: _, ...rest } = res.body;
      answers.push(JSON.stringify(rest));
    }
    assert.equal(new Set(answers).size, 1, 'one answer for all three');
    // The refusals changed nothing: the right password still works.
    await ctx.api.post('/v1/sessions', { body: { name: a.name, password: a.password }, expect: 201 });
  });

  test('bad bodies are 400 and create nothing', async () => {
    const name = uniqueName('bad');
    for (const body of [
      { name, password: 'short' },
      { name, password: 'x'.repeat(257) },
      { name, password: 12345678 },
      { name, kind: 'player', password: 'long-enough', extra: 1 },
    ]) {
      await ctx.api.post('/v1/accounts', { body, expect: 400, code: 'bad_request' });
    }
    const a = await createAccount(ctx.api);
    const found = await ctx.api.get(`/v1/accounts?name=${name}`, { token: a.token, expect: 200 });
    assert.deepEqual(found.body, { accounts: [], next: null });
    for (const body of [{ name }, { name, password: 'x'.repeat(257) }, { name, password: 'long-enough', remember: true }]) {
      await ctx.api.post('/v1/sessions', { body, expect: 400, code: 'bad_request' });
    }
  });

  test('a password hashed with older limits is hashed again at sign-in', async () => {
    const a = await withPassword();
    const stored = () => execFileSync('psql', [requireEnv('DATABASE_URL'), '-Atc',
      `SELECT password_hash FROM accounts WHERE id = '${a.id}'`], { encoding: 'utf8' }).trim();
    assert.match(stored(), /^\$argon2id\$v=19\$m=8,t=1,/);
    const other = await startServer({ keysDir: ctx.server.keysDir, env: { ...FAST_HASH, TURNPOST_PWHASH_OPSLIMIT: '2' } });
    try {
      await client(other.url).post('/v1/sessions', { body: { name: a.name, password: a.password }, expect: 201 });
    } finally {
      await other.stop();
    }
    assert.match(stored(), /^\$argon2id\$v=19\$m=8,t=2,/);
    await ctx.api.post('/v1/sessions', { body: { name: a.name, password: a.password }, expect: 201 });
  });

  test('a password is set, then changed only with the current one', async () => {
    const a = await createAccount(ctx.api);
    const signIn = (password, expect) =>
      ctx.api.post('/v1/sessions', { body: { name: a.name, password }, expect, ...(expect === 401 ? { code: 'invalid_credentials' } : {}) });
    await signIn('first-password', 401);
    await ctx.api.post('/v1/me/password', {
      token: a.token, body: { password: 'first-password', current_password: 'first-password' }, expect: 400, code: 'bad_request',
    });
    await ctx.api.post('/v1/me/password', { token: a.token, body: { password: 'first-password' }, expect: 204 });
    await signIn('first-password', 201);
    // Now the current one is needed; refusals leave the first in place.
    await ctx.api.post('/v1/me/password', { token: a.token, body: { password: 'second-password' }, expect: 400, code: 'bad_request' });
    await ctx.api.post('/v1/me/password', {
      token: a.token, body: { password: 'second-password', current_password: 'wrong-password' }, expect: 403, code: 'forbidden',
    });
    await ctx.api.post('/v1/me/password', {
      token: a.token, body: { password: 'second-password', current_password: 'first-password', x: 1 }, expect: 400, code: 'bad_request',
    });
    await ctx.api.post('/v1/me/password', { expect: 401, code: 'unauthorized', body: { password: 'second-password' } });
    await signIn('first-password', 201);
    await signIn('second-password', 401);
    await ctx.api.post('/v1/me/password', {
      token: a.token, body: { password: 'second-password', current_password: 'first-password' }, expect: 204,
    });
    await signIn('second-password', 201);
    await signIn('first-password', 401);
  });
});

describe('personal tokens', () => {
  test('made with scopes and an expiry, listed without the token, shown once', async () => {
    const a = await createAccount(ctx.api);
    const made = await personal(a.token, { name: 'phone app', scopes: ['read'], expires_in: 3600 });
    assert.deepEqual(made.body.scopes, ['read']);
    assert.equal(made.body.last_used_at, null);
    const claims = decodeToken(made.body.token).claims;
    assert.equal(claims.tid, made.body.id);
    assert.equal(claims.exp - claims.iat, 3600);
    assert.equal(Date.parse(made.body.expires_at) / 1000, claims.exp);
    await ctx.api.get('/v1/me', { token: made.body.token, expect: 200 });
    const list = await tokenList(a.token);
    assert.equal(list.next, null);
    assert.deepEqual(list.tokens.map((t) => t.id), [made.body.id]);
    assert.ok(list.tokens[0].last_used_at, 'its use was recorded');
    assert.ok(!JSON.stringify(list).includes(made.body.token));
    const one = keep(await ctx.api.get(`/v1/me/tokens/${made.body.id}`, { token: a.token, expect: 200 }));
    assert.equal(one.body.name, 'phone app');
    assert.equal(one.body.token, undefined);
    // Another account sees none of it.
    const b = await createAccount(ctx.api);
    await ctx.api.get(`/v1/me/tokens/${made.body.id}`, { token: b.token, expect: 404, code: 'not_found' });
    await ctx.api.delete(`/v1/me/tokens/${made.body.id}`, { token: b.token, expect: 404, code: 'not_found' });
    await ctx.api.get('/v1/me/tokens/not-a-uuid', { token: a.token, expect: 404, code: 'not_found' });
    await ctx.api.get('/v1/me', { token: made.body.token, expect: 200 });
  });

  test('bad requests for a token are 400 and make none', async () => {
    const a = await createAccount(ctx.api);
    for (const body of [
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['read', 'read'] },
      { name: 'x', scopes: ['write'] },
      { name: 'x', scopes: 'read' },
      { name: '', scopes: ['read'] },
      { name: 'x'.repeat(65), scopes: ['read'] },
      { name: 'x', scopes: ['read'], expires_in: 0 },
      { name: 'x', scopes: ['read'], expires_in: 366 * 86400 },
      { name: 'x', scopes: ['read'], ttl: 5 },
      { scopes: ['read'] },
    ]) {
      await ctx.api.post('/v1/me/tokens', { token: a.token, body, expect: 400, code: 'bad_request' });
    }
    assert.deepEqual((await tokenList(a.token)).tokens, []);
  });

  test('a read token reads but cannot move; a play token cannot manage webhooks', async () => {
    const g = await startedGame(ctx.api);
    const p0 = g.players[g.game.must_act[0]];
    const read = (await personal(p0.token, { name: 'viewer', scopes: ['read'] })).body.token;
    const play = (await personal(p0.token, { name: 'player', scopes: ['play'] })).body.token;
    await ctx.api.get(`/v1/games/${g.id}`, { token: read, expect: 200 });
    const lm = await ctx.api.get(`/v1/games/${g.id}/legal-moves`, { token: p0.token, expect: 200 });
    const move = lm.body.moves[0];
    await refusedLeavesGame(ctx.api, g.id, viewersOf(g), 'a read token moving', async () => {
      const res = await ctx.api.post(`/v1/games/${g.id}/moves`, {
        token: read, body: { move }, expect: 403, code: 'insufficient_scope',
      });
      assert.equal(res.body.scope, 'play');
      assert.equal(res.headers.get('www-authenticate'),
        'Bearer realm="turnpost", error="insufficient_scope", scope="play"');
      await ctx.api.post(`/v1/games/${g.id}/resign`, { token: read, expect: 403, code: 'insufficient_scope' });
      await ctx.api.post(`/v1/games/${g.id}/messages`, { token: read, body: { text: 'hi' }, expect: 403, code: 'insufficient_scope' });
    });
    await ctx.api.post('/v1/games', {
      token: read, body: { ruleset: 'ironfuture', seats: [{ open: true }, { open: true }] }, expect: 403, code: 'insufficient_scope',
    });
    const hook = { url: 'https://example.invalid/hook', events: ['turn.yours'] };
    const r = await ctx.api.post('/v1/webhooks', { token: play, body: hook, expect: 403, code: 'insufficient_scope' });
    assert.equal(r.body.scope, 'bot');
    await ctx.api.get('/v1/webhooks', { token: play, expect: 403, code: 'insufficient_scope' });
    assert.deepEqual((await ctx.api.get('/v1/webhooks', { token: p0.token, expect: 200 })).body.webhooks, []);
    // A personal token gets no account token, sets no password, revokes nothing.
    for (const t of [read, play]) {
      const x = await ctx.api.post('/v1/tokens', { token: t, expect: 403, code: 'insufficient_scope' });
      assert.equal(x.body.scope, 'account');
      await ctx.api.post('/v1/me/password', { token: t, body: { password: 'a-password' }, expect: 403, code: 'insufficient_scope' });
      await ctx.api.post(`/v1/accounts/${p0.id}/revoke`, { token: t, expect: 403, code: 'insufficient_scope' });
    }
    await ctx.api.get('/v1/me', { token: p0.token, expect: 200 });
    await ctx.api.post('/v1/sessions', {
      body: { name: p0.name, password: 'a-password' }, expect: 401, code: 'invalid_credentials',
    });
    // The play token plays.
    await ctx.api.post(`/v1/games/${g.id}/moves`, { token: play, body: { move }, expect: 201 });
  });

  test('no token grants a scope wider than its own; admin only from an administrator', async () => {
    const a = await createAccount(ctx.api);
    const read = (await personal(a.token, { name: 'r', scopes: ['read'], expires_in: 600 })).body.token;
    const ids = async () => (await tokenList(a.token)).tokens.map((t) => t.id);
    const before = await ids();
    for (const scopes of [['play'], ['bot'], ['read', 'play']]) {
      const res = await personal(read, { name: 'wider', scopes }, 403);
      assert.equal(res.body.code, 'insufficient_scope');
    }
    // nor a longer life than it has left
    const longer = await personal(read, { name: 'longer', scopes: ['read'], expires_in: 3600 }, 400);
    assert.equal(longer.body.code, 'bad_request');
    const admin = await personal(a.token, { name: 'admin', scopes: ['admin'] }, 403);
    assert.equal(admin.body.scope, 'admin');
    assert.deepEqual(await ids(), before, 'the refusals made no token');
    // Within its own: fine.
    const narrow = await personal(read, { name: 'narrow', scopes: ['read'], expires_in: 60 });
    await ctx.api.get('/v1/me', { token: narrow.body.token, expect: 200 });
    // An administrator grants admin; that token does the admin routes only.
    const adm = await personal(ctx.adminToken, { name: 'ops', scopes: ['admin'], expires_in: 600 });
    await ctx.api.post(`/v1/accounts/${a.id}/tokens`, { token: adm.body.token, expect: 201 });
    await ctx.api.get('/v1/me', { token: adm.body.token, expect: 403, code: 'insufficient_scope' });
    await ctx.api.delete(`/v1/me/tokens/${adm.body.id}`, { token: ctx.adminToken, expect: 204 });
  });

  test('a revoked token is refused at once, on every replica, while its siblings work', async () => {
    const a = await createAccount(ctx.api);
    const one = (await personal(a.token, { name: 'one', scopes: ['play'] })).body;
    const two = (await personal(a.token, { name: 'two', scopes: ['play'] })).body;
    const other = await startServer({ keysDir: ctx.server.keysDir, env: FAST_HASH });
    try {
      const api2 = client(other.url);
      for (const api of [ctx.api, api2]) await api.get('/v1/me', { token: one.token, expect: 200 });
      await ctx.api.delete(`/v1/me/tokens/${one.id}`, { token: two.token, expect: 204 });
      for (const api of [ctx.api, api2]) {
        const res = await api.get('/v1/me', { token: one.token, expect: 401, code: 'invalid_token' });
        assert.equal(res.headers.get('www-authenticate'),
          'Bearer realm="turnpost", error="invalid_token", error_description="The bearer token has been revoked."');
        await api.get('/v1/me', { token: two.token, expect: 200 });
        await api.get('/v1/me', { token: a.token, expect: 200 });
      }
      await ctx.api.delete(`/v1/me/tokens/${one.id}`, { token: a.token, expect: 404, code: 'not_found' });
      assert.deepEqual((await tokenList(a.token)).tokens.map((t) => t.id), [two.id]);
    } finally {
      await other.stop();
    }
  });

  test('an expired personal token is refused', async () => {
    const a = await createAccount(ctx.api);
    const t = (await personal(a.token, { name: 'brief', scopes: ['read'], expires_in: 1 })).body;
    const exp = decodeToken(t.token).claims.exp;
    // Poll, bounded, until the server's clock has passed exp.
    let status = 200;
    for (let i = 0; i < 100 && status === 200; i++) {
      if (Date.now() < exp * 1000) await sleep(exp * 1000 - Date.now() + 20);
      status = (await ctx.api.get('/v1/me', { token: t.token })).status;
      if (status === 200) await sleep(100);
    }
    const res = await ctx.api.get('/v1/me', { token: t.token, expect: 401, code: 'invalid_token' });
    assert.match(res.headers.get('www-authenticate'), /^Bearer realm="turnpost", error="invalid_token"/);
    await ctx.api.get('/v1/me', { token: a.token, expect: 200 });
  });

  test('revoking all refuses every earlier token and answers a fresh one', async () => {
    const a = await createAccount(ctx.api);
    const refreshed = keep(await ctx.api.post('/v1/tokens', { token: a.token, expect: 201 })).body.token;
    const p = (await personal(a.token, { name: 'p', scopes: ['bot'] })).body.token;
    const res = keep(await ctx.api.post(`/v1/accounts/${a.id}/revoke`, { token: refreshed, expect: 200 }));
    assert.ok(res.body.token, 'the owner gets a fresh token');
    assert.equal(decodeToken(res.body.token).claims.epoch, res.body.token_epoch);
    for (const t of [a.token, refreshed, p]) {
      await ctx.api.get('/v1/me', { token: t, expect: 401, code: 'invalid_token' });
    }
    await ctx.api.get('/v1/me', { token: res.body.token, expect: 200 });
    assert.deepEqual((await tokenList(res.body.token)).tokens, [], 'its personal tokens are gone');
    // An admin revoking another account gets no token for it.
    const byAdmin = await ctx.api.post(`/v1/accounts/${a.id}/revoke`, { token: ctx.adminToken, expect: 200 });
    assert.equal(byAdmin.body.token, undefined);
    await ctx.api.get('/v1/me', { token: res.body.token, expect: 401, code: 'invalid_token' });
  });
});

describe('personal tokens: retries and the limit', () => {
  test('a retried creation replays the same token; the 51st token is 409', async () => {
    const a = await createAccount(ctx.api);
    const body = { name: 'retried', scopes: ['play'], expires_in: 600 };
    const headers = { 'idempotency-key': 'make-one' };
    const first = keep(await ctx.api.post('/v1/me/tokens', { token: a.token, body, headers, expect: 201 }));
    const again = await ctx.api.post('/v1/me/tokens', { token: a.token, body, headers, expect: 201 });
    assert.equal(again.text, first.text, 'the same answer, byte for byte');
    await ctx.api.post('/v1/me/tokens', {
      token: a.token, body: { ...body, name: 'other' }, headers, expect: 422, code: 'idempotency_key_reused',
    });
    for (let i = 1; i < 50; i++) await personal(a.token, { name: `t${i}`, scopes: ['read'], expires_in: 600 });
    const full = await personal(a.token, { name: 'one too many', scopes: ['read'] }, 409);
    assert.equal(full.body.code, 'conflict');
    const list = await tokenList(a.token);
    assert.equal(list.tokens.length, 50);
    assert.ok(!list.tokens.some((t) => t.name === 'one too many'));
    await ctx.api.delete(`/v1/me/tokens/${first.body.id}`, { token: a.token, expect: 204 });
    await personal(a.token, { name: 'room again', scopes: ['read'] });
  });
});

describe('public profiles', () => {
  test('lookup by exact name and by id show nothing private', async () => {
    const a = await withPassword();
    const b = await createAccount(ctx.api, { kind: 'bot' });
    const found = keep(await ctx.api.get(`/v1/accounts?name=${a.name}`, { token: b.token, expect: 200 }));
    assert.equal(found.body.next, null);
    assert.deepEqual(found.body.accounts, [{
      id: a.id, name: a.name, kind: 'player', created_at: a.created_at, games_played: 0, games_won: 0,
    }]);
    const read = (await personal(b.token, { name: 'r', scopes: ['read'] })).body.token;
    const byId = keep(await ctx.api.get(`/v1/accounts/${b.id}`, { token: read, expect: 200 }));
    assert.equal(byId.body.kind, 'bot');
    assert.equal(byId.body.admin, undefined);
    const none = await ctx.api.get(`/v1/accounts?name=${a.name.toUpperCase()}x`, { token: b.token, expect: 200 });
    assert.deepEqual(none.body.accounts, []);
    await ctx.api.get(`/v1/accounts?name=${a.name}`, { expect: 401, code: 'unauthorized' });
    await ctx.api.get('/v1/accounts', { token: b.token, expect: 400, code: 'invalid_parameter' });
    await ctx.api.get(`/v1/accounts?name=${a.name}&kind=bot`, { token: b.token, expect: 400, code: 'invalid_parameter' });
    await ctx.api.get('/v1/accounts/00000000-0000-4000-8000-000000000000', { token: b.token, expect: 404, code: 'not_found' });
    await ctx.api.get('/v1/accounts/nope', { token: b.token, expect: 404, code: 'not_found' });
  });
});

describe('secrets', () => {
  test('no answer holds a password, its hash or a personal token after creation', async () => {
    const texts = seen.join('\n');
    assert.ok(seen.length > 20, 'the answers of the tests above were kept');
    assert.ok(!/\$argon2/.test(texts), 'no password hash');
    assert.ok(!/pw-[0-9a-f]{12}|first-password|second-password/.test(texts), 'no password');
    // A personal token appears only in its creation's answer.
    const tokens = seen.map((t) => { try { return JSON.parse(t); } catch { return null; } })
      .filter((b) => b && b.id && b.token && b.scopes).map((b) => b.token);
    assert.ok(tokens.length > 5);
    for (const t of tokens) {
      assert.equal(seen.filter((x) => x.includes(t)).length, 1, 'a personal token is shown once');
    }
  });
});

describe('the admin token file', () => {
  test('written once with mode 0600 when the admin account is made, never again', async () => {
    // A database of its own, so that this server is the one that makes "admin".
    const base = requireEnv('DATABASE_URL');
    const db = `turnpost_admin_${randomBytes(4).toString('hex')}`;
    execFileSync('psql', [base, '-qc', `CREATE DATABASE ${db}`]);
    const url = base.replace(/\/[^/]*$/, `/${db}`);
    execFileSync(requireEnv('TURNPOST_BIN'), ['migrate'], { env: { ...process.env, DATABASE_URL: url } });
    const keys = mkdtempSync(join(tmpdir(), 'turnpost-admin-'));
    const file = join(keys, 'admin-token');
    try {
      const first = await startServer({ keysDir: keys, env: { DATABASE_URL: url } });
      let content;
      try {
        assert.match(first.output().stdout, new RegExp(`admin token written to ${file}`));
        assert.doesNotMatch(first.output().stdout, /tp1\./, 'no token on stdout');
        assert.equal(statSync(file).mode & 0o777, 0o600);
        content = readFileSync(file, 'utf8');
        assert.equal(content.trim(), first.adminToken);
        const me = await client(first.url).get('/v1/me', { token: content.trim(), expect: 200 });
        assert.equal(me.body.admin, true);
      } finally {
        await first.stop();
      }
      const mtime = statSync(file).mtimeMs;
      const second = await startServer({ keysDir: keys, env: { DATABASE_URL: url } });
      try {
        assert.match(second.output().stdout, /admin account exists/);
        assert.doesNotMatch(second.output().stdout, /tp1\./);
        assert.equal(readFileSync(file, 'utf8'), content, 'the file is not rewritten');
        assert.equal(statSync(file).mtimeMs, mtime);
        await client(second.url).get('/v1/me', { token: content.trim(), expect: 200 });
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(keys, { recursive: true, force: true });
      execFileSync('psql', [base, '-qc', `DROP DATABASE ${db}`]);
    }
  });
});
