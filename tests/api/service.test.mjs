// service.test.mjs - health, readiness, metrics, the served contract, keys,
// and the server's own start and stop.

import assert from './lib/checks.mjs';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { client } from './lib/client.mjs';
import { createAccount, decodeToken, seededRandom, startedGame } from './lib/fixtures.mjs';
import { playOne } from './lib/play.mjs';
import { useServer } from './lib/harness.mjs';
import { REPO_SPEC_PATH } from './lib/spec.mjs';
import { startServer } from './lib/server.mjs';

const ctx = useServer();

test('GET /healthz is ok', async () => {
  const res = await ctx.api.get('/healthz', { expect: 200 });
  assert.deepEqual(res.body, { status: 'ok' });
});

test('GET /readyz is ready while the database is reachable', async () => {
  const res = await ctx.api.get('/readyz', { expect: 200 });
  assert.deepEqual(res.body, { status: 'ready' });
});

test('every answer has its own X-Request-Id', async () => {
  const ids = new Set();
  for (let i = 0; i < 5; i++) ids.add((await ctx.api.get('/healthz', { expect: 200 })).requestId);
  ids.add((await ctx.api.get('/nope', { expect: 404 })).requestId);
  assert.equal(ids.size, 6);
});

test('GET /openapi.yaml serves this contract as application/yaml', async () => {
  const res = await ctx.api.get('/openapi.yaml', { expect: 200 });
  assert.equal(res.headers.get('content-type').split(';')[0], 'application/yaml');
  assert.equal(res.text, readFileSync(REPO_SPEC_PATH, 'utf8'));
});

test('GET /metrics is Prometheus text with the documented families', async () => {
  await ctx.api.get('/healthz', { expect: 200 });
  await ctx.api.get('/v1/no-such-route', { expect: 404 });
  const res = await ctx.api.get('/metrics', { expect: 200 });
  const ct = res.headers.get('content-type').replace(/\s/g, '');
  assert.match(ct, /^text\/plain;/);
  assert.match(ct, /version=0\.0\.4/);
  const t = res.text;
  for (const family of ['turnpost_http_requests_total', 'turnpost_http_request_duration_seconds',
    'turnpost_db_pool_connections', 'turnpost_errors_total']) {
    assert.match(t, new RegExp(`^# TYPE ${family} `, 'm'), `${family} is declared`);
  }
  assert.match(t, /^# TYPE turnpost_http_requests_total counter$/m);
  assert.match(t, /^# TYPE turnpost_http_request_duration_seconds histogram$/m);
  assert.match(t, /^turnpost_http_request_duration_seconds_bucket\{.*le="\+Inf".*\} \d+/m);
  assert.match(t, /^turnpost_http_requests_total\{[^}]*route="[^"]+"[^}]*method="GET"[^}]*status="200"[^}]*\} \d+/m);
  assert.match(t, /^turnpost_errors_total\{[^}]*code="not_found"[^}]*\} [1-9]\d*/m);
  assert.match(t, /^turnpost_db_pool_connections\{[^}]*state="[a-z_]+"[^}]*\} \d+/m);
  // Every sample line is well formed.
  for (const line of t.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    assert.match(line, /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{[^}]*\})? ([-+0-9.eE]+|[-+]?Inf|NaN)( -?\d+)?$/, line);
  }
});

test('the request counter counts requests', async () => {
  const count = async () => {
    const t = (await ctx.api.get('/metrics', { expect: 200 })).text;
    const line = t.split('\n').find((l) => /^turnpost_http_requests_total\{/.test(l) &&
      /route="\/healthz"/.test(l) && /status="200"/.test(l));
    return line ? Number(line.split(' ').at(-1)) : 0;
  };
  const before = await count();
  for (let i = 0; i < 3; i++) await ctx.api.get('/healthz', { expect: 200 });
  assert.equal(await count(), before + 3);
});

test('GET /v1/keys lists the Ed25519 key that signs our tokens', async () => {
  const res = await ctx.api.get('/v1/keys', { expect: 200 });
  const acct = await createAccount(ctx.api);
  const { kid } = decodeToken(acct.token).claims;
  const key = res.body.keys.find((k) => k.kid === kid);
  assert.ok(key, `the signing kid ${kid} is listed`);
  assert.equal(Buffer.from(key.x, 'base64url').length, 32);
});

test('GET /v1/rulesets lists the engines, each described at /v1/rulesets/{id}', async () => {
  const list = (await ctx.api.get('/v1/rulesets', { expect: 200 })).body.rulesets;
  assert.ok(list.some((r) => r.id === 'ironfuture'), 'Iron Future is hosted');
  for (const r of list) {
    const d = (await ctx.api.get(`/v1/rulesets/${r.id}`, { expect: 200 })).body;
    assert.equal(d.id, r.id);
    assert.equal(d.title, r.title);
    assert.equal(d.min_seats, r.min_seats);
    assert.equal(d.max_seats, r.max_seats);
    assert.ok(d.min_seats <= d.max_seats);
    const types = d.move_types.map((m) => m.type);
    assert.equal(new Set(types).size, types.length, 'move types are unique');
  }
  await ctx.api.get('/v1/rulesets/nosuchgame', { expect: 404, code: 'not_found' });
});

test('a second server on the same database and keys serves the same accounts', async () => {
  const other = await startServer({ keysDir: ctx.server.keysDir });
  try {
    const api2 = client(other.url);
    const acct = await createAccount(ctx.api);
    const me = await api2.get('/v1/me', { token: acct.token, expect: 200 });
    assert.equal(me.body.id, acct.id);
  } finally {
    const exit = await other.stop();
    assert.deepEqual(exit, { code: 0, signal: null }, 'SIGTERM ends the server cleanly');
  }
});

// Each server keeps rendered views in memory; a move made through another
// server must show at once all the same, for every viewer.
test('a view is never older than the game, whichever server took the move', async () => {
  const other = await startServer({ keysDir: ctx.server.keysDir });
  try {
    const api2 = client(other.url);
    const g = await startedGame(ctx.api);
    const rand = seededRandom(11);
    const viewers = [...g.players.map((p) => p.token), g.spectator.token];
    for (let i = 0; i < 6; i++) {
      const seen = [];
      for (const token of viewers) {
        // twice: the second answer comes from the cache
        const a = (await ctx.api.get(`/v1/games/${g.id}`, { token, expect: 200 })).text;
        const b = (await ctx.api.get(`/v1/games/${g.id}`, { token, expect: 200 })).text;
        assert.equal(b, a, 'the same version reads the same');
        seen.push(a);
      }
      assert.notEqual(seen[0], seen[1], 'each seat has its own view');
      const moved = await playOne(i % 2 ? ctx.api : api2, g.id, g.players, rand);
      if (!moved) break;
      for (const token of viewers) {
        const v = (await ctx.api.get(`/v1/games/${g.id}`, { token, expect: 200 })).body;
        assert.equal(v.version, moved.version, 'the view shows the move just made');
        const fresh = (await api2.get(`/v1/games/${g.id}`, { token, expect: 200 })).body;
        assert.deepEqual(v, fresh, 'both servers show the same view');
      }
    }
  } finally {
    await other.stop();
  }
});
