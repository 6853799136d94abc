// ratelimit.test.mjs - the rate limits: a bucket per account (every token
// of it), per seat capability and per client address; 429 rate_limited with
// Retry-After when one is empty, changing nothing; RateLimit-Policy and
// RateLimit on every answer. Counts only: each window is an hour, so no
// bucket refills by a whole request while the file runs.

import assert from './lib/checks.mjs';
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import { test } from 'node:test';

import { client } from './lib/client.mjs';
import { createAccount, forgeToken, tamperSignature, uniqueName } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { deref, operations, spec } from './lib/spec.mjs';
import { requireEnv, startServer } from './lib/server.mjs';

const TOKEN_QUOTA = 6;
// the address bucket also pays for the harness's readiness polls
const ADDRESS_QUOTA = 40;
const ctx = useServer({
  env: { TURNPOST_RATE_LIMIT: `${TOKEN_QUOTA}/3600`, TURNPOST_RATE_LIMIT_ANON: `${ADDRESS_QUOTA}/3600` },
});

// {policy, q, w} and {policy, r, t} of an answer, or null without them.
function limits(res) {
  const p = res.headers.get('ratelimit-policy');
  const l = res.headers.get('ratelimit');
  if (p === null && l === null) return null;
  const pm = /^"([a-z]+)";q=(\d+);w=(\d+)$/.exec(p ?? '');
  const lm = /^"([a-z]+)";r=(\d+);t=(\d+)$/.exec(l ?? '');
  assert.ok(pm, `RateLimit-Policy: ${p}`);
  assert.ok(lm, `RateLimit: ${l}`);
  assert.equal(lm[1], pm[1], 'RateLimit names the policy RateLimit-Policy gives');
  return { policy: pm[1], q: Number(pm[2]), w: Number(pm[3]), r: Number(lm[2]), t: Number(lm[3]) };
}

function refused(res, policy) {
  assert.equal(res.status, 429);
  assert.equal(res.body.code, 'rate_limited');
  const retry = Number(res.headers.get('retry-after'));
  assert.ok(Number.isInteger(retry) && retry >= 1, `Retry-After ${res.headers.get('retry-after')}`);
  const l = limits(res);
  assert.equal(l.policy, policy);
  assert.equal(l.r, 0);
  return retry;
}

// Accounts made on a second, unlimited server sharing the database and
// the keys: their tokens are good on both.
let spare;
let other;
test('setup: a second server without limits, for accounts and for looking at state', async () => {
  spare = await startServer({ keysDir: ctx.server.keysDir });
  other = client(spare.url);
  const res = await other.get('/healthz', { expect: 200 });
  assert.ok(limits(res).q > 1000, 'the suite default is far above any test');
});

test('an account has a burst of q requests: RateLimit counts them down, then 429 with Retry-After', async () => {
  const a = await createAccount(other);
  let last = null;
  for (let i = 0; i < TOKEN_QUOTA; i++) {
    const res = await ctx.api.get('/v1/me', { token: a.token, expect: 200 });
    const l = limits(res);
    assert.deepEqual([l.policy, l.q, l.w], ['token', TOKEN_QUOTA, 3600]);
    assert.equal(l.r, TOKEN_QUOTA - 1 - i, 'one request taken from the bucket');
    assert.ok(l.t >= 1 && l.t <= 3600);
    if (last) assert.ok(l.t >= last.t, 'the time to refill grows as the bucket empties');
    last = l;
  }
  const res = await ctx.api.get('/v1/me', { token: a.token, expect: 429, code: 'rate_limited' });
  const retry = refused(res, 'token');
  assert.ok(retry <= 3600 / TOKEN_QUOTA, `one request refills in ${3600 / TOKEN_QUOTA} s at most`);
  // every token of the account shares the bucket
  const fresh = await other.post('/v1/tokens', { token: a.token, body: {}, expect: 201 });
  refused(await ctx.api.get('/v1/me', { token: fresh.body.token, expect: 429 }), 'token');
  // another account has its own
  const b = await createAccount(other);
  assert.equal(limits(await ctx.api.get('/v1/me', { token: b.token, expect: 200 })).r, TOKEN_QUOTA - 1);
});

test('a seat capability has its own bucket, apart from the account that issued it', async () => {
  const a = await createAccount(other);
  const created = await other.post('/v1/games', {
    token: a.token, body: { ruleset: 'ironfuture', seats: [{ account_id: a.id }, { invite: true }] }, expect: 201,
  });
  const seat = created.body.invites[0].token;
  const id = created.body.game.id;
  for (let i = 0; i < 3; i++) {
    const l = limits(await ctx.api.get(`/v1/games/${id}`, { token: seat, expect: 200 }));
    assert.deepEqual([l.policy, l.r], ['token', TOKEN_QUOTA - 1 - i]);
  }
  const l = limits(await ctx.api.get('/v1/me', { token: a.token, expect: 200 }));
  assert.equal(l.r, TOKEN_QUOTA - 1, 'the account\'s bucket is untouched');
});

test('a refused request changes nothing', async () => {
  const a = await createAccount(other);
  for (let i = 0; i < TOKEN_QUOTA; i++) await ctx.api.get('/v1/me', { token: a.token, expect: 200 });
  const before = await other.get('/v1/me/games', { token: a.token, expect: 200 });
  const res = await ctx.api.post('/v1/games', {
    token: a.token,
    headers: { 'idempotency-key': uniqueName('k') },
    body: { ruleset: 'ironfuture', seats: [{ account_id: a.id }, { open: true }] },
    expect: 429,
  });
  refused(res, 'token');
  const after = await other.get('/v1/me/games', { token: a.token, expect: 200 });
  assert.deepEqual(after.body, before.body, 'no game was created');
});

test('X-Forwarded-For picks the address only with TURNPOST_TRUST_PROXY=1, and then its last entry', async () => {
  const r = async (api, xff) => limits(await api.get('/healthz', { headers: { 'x-forwarded-for': xff }, expect: 200 })).r;
  // this file's server does not trust it: one bucket, whatever the header says
  const first = await r(ctx.api, '198.51.100.1');
  assert.equal(await r(ctx.api, '198.51.100.2'), first - 1);
  const s = await startServer({ keysDir: ctx.server.keysDir, env: { TURNPOST_TRUST_PROXY: '1', TURNPOST_RATE_LIMIT_ANON: '50/3600' } });
  try {
    const api = client(s.url);
    const a = await r(api, '198.51.100.7');
    assert.equal(a, 49, 'a fresh bucket for the forwarded address');
    assert.equal(await r(api, '203.0.113.9, 198.51.100.7'), 48, 'the last entry, the one the proxy appended');
    assert.equal(await r(api, '198.51.100.8'), 49, 'another address, another bucket');
  } finally {
    await s.stop();
  }
});

test('bad tokens are charged to the address: random ones buy no fresh buckets', async () => {
  const probe = await ctx.api.get('/healthz', { expect: 200 });
  let { r } = limits(probe);
  assert.equal(limits(probe).policy, 'address');
  const a = await createAccount(other);
  const bad = [
    () => `tp1.${uniqueName('x')}.${uniqueName('y')}`,
    () => tamperSignature(a.token),
    () => forgeToken({ kid: 'k', sub: a.id, scope: ['play'], iat: 1, exp: 4102444800, jti: uniqueName('j') }),
  ];
  const name = uniqueName('late');
  while (r > 0) {
    const res = await ctx.api.get('/v1/me', { token: bad[r % 3](), expect: 401 });
    const l = limits(res);
    assert.equal(l.policy, 'address');
    assert.equal(l.r, r - 1);
    r = l.r;
  }
  refused(await ctx.api.get('/v1/me', { token: bad[0](), expect: 429 }), 'address');
  refused(await ctx.api.get('/healthz', { expect: 429 }), 'address');
  // an anonymous POST refused: the account is not made
  refused(await ctx.api.post('/v1/accounts', { body: { name, kind: 'player' }, expect: 429 }), 'address');
  await other.post('/v1/accounts', { body: { name, kind: 'player' }, expect: 201 });
  // a good token still has its own bucket while the address has none
  const l = limits(await ctx.api.get('/v1/me', { token: a.token, expect: 200 }));
  assert.deepEqual([l.policy, l.r], ['token', TOKEN_QUOTA - 1]);
});

test('every answer carries the fields: 404, 405, 413, 431, 400 invalid_url, and /metrics refused too', async () => {
  const a = await createAccount(other);
  const seen = [];
  const take = async (res) => { seen.push(limits(res)); };
  await take(await ctx.api.get('/v1/no-such-route', { token: a.token, expect: 404 }));
  await take(await ctx.api.put('/v1/me', { token: a.token, expect: 405 }));
  await take(await ctx.api.post('/v1/games', { token: a.token, raw: 'x'.repeat(70 * 1024), contentType: 'application/json', expect: 413 }));
  await take(await ctx.api.get('/v1/me', { token: a.token, headers: { 'x-big': 'y'.repeat(17 * 1024) }, expect: 431 }));
  await take(await ctx.api.get('/v1/games/%00', { token: a.token, expect: 400 }));
  await take(await ctx.api.get('/v1/me', { token: a.token, expect: 200 }));
  assert.deepEqual(seen.map((l) => l && l.r), [5, 4, 3, 2, 1, 0], 'each answer, whatever it is, counts down one bucket');
  assert.ok(seen.every((l) => l.policy === 'token'));
  const raw = await fetch(`${ctx.server.url}/metrics`, { headers: { authorization: `Bearer ${a.token}` } });
  await raw.text();
  assert.equal(raw.status, 429);
});

test('a body too large to read at all is answered at once, charged to the token all the same', async () => {
  const a = await createAccount(other);
  // over 1 MiB the server answers before reading the body and closes, which
  // fetch reports as a failure: a raw request, the body never sent
  const head = await new Promise((resolve, reject) => {
    const sock = net.connect(ctx.server.port, '127.0.0.1', () => {
      sock.write(`POST /v1/games HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${a.token}\r\n` +
        'Content-Type: application/json\r\nContent-Length: 2000000\r\n\r\n');
    });
    let got = '';
    sock.setEncoding('latin1');
    sock.on('data', (d) => {
      got += d;
      if (got.includes('\r\n\r\n')) { sock.destroy(); resolve(got); }
    });
    sock.on('error', reject);
    sock.on('close', () => resolve(got));
  });
  assert.match(head, /^HTTP\/1\.1 413 /);
  assert.match(head, new RegExp(`\r\nRateLimit-Policy: "token";q=${TOKEN_QUOTA};w=3600\r\n`, 'i'));
  assert.match(head, new RegExp(`\r\nRateLimit: "token";r=${TOKEN_QUOTA - 1};t=\\d+\r\n`, 'i'));
});

test('0 turns a limit off: no fields, no refusals', async () => {
  const s = await startServer({ keysDir: ctx.server.keysDir, env: { TURNPOST_RATE_LIMIT: '0', TURNPOST_RATE_LIMIT_ANON: '0' } });
  try {
    const api = client(s.url);
    for (let i = 0; i < 50; i++) {
      const res = await api.get('/healthz', { expect: 200 });
      assert.equal(limits(res), null);
    }
  } finally {
    await s.stop();
  }
});

test('a setting that is not <requests>/<seconds> stops the server at start', () => {
  for (const [name, value] of [['TURNPOST_RATE_LIMIT', '100'], ['TURNPOST_RATE_LIMIT_ANON', '10/0'], ['TURNPOST_RATE_LIMIT', 'lots/60']]) {
    const run = spawnSync(requireEnv('TURNPOST_BIN'), ['serve', '--port', '1'], {
      env: { ...process.env, [name]: value }, encoding: 'utf8', timeout: 20000,
    });
    assert.equal(run.status, 1, `${name}=${value}`);
    assert.match(run.stderr, new RegExp(`${name}=`));
  }
});

test('the contract: every operation documents 429, every answer the two fields', () => {
  for (const { operation } of operations()) {
    assert.ok(operation.responses['429'], `${operation.operationId} documents 429`);
    for (const [status, ref] of Object.entries(operation.responses)) {
      const h = deref(ref).headers ?? {};
      assert.ok(h['RateLimit-Policy'] && h.RateLimit, `${operation.operationId} ${status} documents RateLimit`);
    }
  }
  for (const x of ['x-method-not-allowed', 'x-invalid-url', 'x-header-fields-too-large']) {
    assert.ok(spec[x].headers.RateLimit, `${x} documents RateLimit`);
  }
  assert.ok(deref(deref(spec.components.responses.TooManyRequests).headers['Retry-After']).required);
});

test('teardown: the second server stops cleanly', async () => {
  assert.ok(spare);
  await spare.stop();
});
