// browser-http.test.mjs - what browsers and caches rely on: CORS and
// preflights (a listed origin, "*", an origin not listed), OPTIONS and
// HEAD on every route, gzip and its entity tags, Cache-Control and Vary,
// If-None-Match with lists, weak tags and "*", a 304 as it goes over the
// wire, a tag per viewer, Location on every 201 (and the GET it leads to),
// and an idempotent replay carrying the first answer's headers.

import assert from './lib/checks.mjs';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { describe, test } from 'node:test';
import { gunzipSync } from 'node:zlib';

import {
  createAccount, refusedLeavesGame, seededRandom, startedGame, uniqueName, viewersOf,
} from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { concretize, playOne } from './lib/play.mjs';
import { operations } from './lib/spec.mjs';

const PAGE = 'http://page.example:5173';
const ctx = useServer({ env: { TURNPOST_CORS_ORIGINS: `${PAGE}, https://other.example`, TURNPOST_WEBHOOK_ALLOW: '127.0.0.1' } });
const open = useServer({ env: { TURNPOST_CORS_ORIGINS: '*' } });

const ALLOW_HEADERS = ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-Match', 'If-None-Match',
  'Last-Event-ID', 'X-Request-Id'];
const EXPOSE = ['ETag', 'Location', 'Link', 'Retry-After', 'RateLimit', 'RateLimit-Policy', 'X-Request-Id',
  'WWW-Authenticate'];
const list = (v) => (v ?? '').split(',').map((x) => x.trim()).filter(Boolean);

// One request with node:http, which leaves the body as it came (gzip
// included): {status, headers, body: Buffer}.
function raw(base, method, path, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, base), { method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

// Every documented path with its parameters filled for game g.
function concretePaths(g, extra = {}) {
  const fill = { id: g.id, seat: '0', seq: '1', message: '1', delivery: randomUUID(), ...extra };
  const seen = new Map();
  for (const { method, template } of operations()) {
    const path = template.replace(/\{([^}]+)\}/g, (_, n) => fill[n] ?? randomUUID());
    if (!seen.has(path)) seen.set(path, { template, methods: [] });
    seen.get(path).methods.push(method);
  }
  return seen;
}

describe('CORS', () => {
  test('a preflight from a listed origin is answered for every route, with its methods', async () => {
    const g = await startedGame(ctx.api);
    for (const [path, { methods }] of concretePaths(g)) {
      for (const m of methods) {
        const res = await ctx.api.options(path, {
          headers: { origin: PAGE, 'access-control-request-method': m,
            'access-control-request-headers': 'authorization, content-type, idempotency-key' },
          expect: 204,
        });
        assert.equal(res.headers.get('access-control-allow-origin'), PAGE, `${m} ${path}`);
        const allowed = list(res.headers.get('access-control-allow-methods'));
        assert.ok(allowed.includes(m), `${m} ${path}: allowed ${allowed}`);
        assert.deepEqual(allowed.sort(), list(res.headers.get('allow')).sort());
        assert.deepEqual(list(res.headers.get('access-control-allow-headers')), ALLOW_HEADERS);
        assert.equal(res.headers.get('access-control-max-age'), '600');
        assert.ok(list(res.headers.get('vary')).includes('Origin'));
        assert.equal(res.text, '');
      }
    }
  });

  test('a plain OPTIONS is 204 with Allow; a path that is no route stays 404', async () => {
    const g = await startedGame(ctx.api);
    for (const [path] of concretePaths(g)) {
      // client.mjs checks Allow: the documented methods, HEAD with GET, OPTIONS
      const res = await ctx.api.options(path, { expect: 204 });
      assert.equal(res.headers.get('access-control-allow-origin'), null);
    }
    await ctx.api.options('/v1/nothing-here', { headers: { origin: PAGE }, expect: 404, code: 'not_found' });
  });

  test('a preflight or a request from an origin not listed gets no CORS header', async () => {
    const a = await createAccount(ctx.api);
    const pre = await ctx.api.options('/v1/games', {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' }, expect: 204,
    });
    for (const h of ['access-control-allow-origin', 'access-control-allow-methods', 'access-control-allow-headers']) {
      assert.equal(pre.headers.get(h), null, h);
    }
    const me = await ctx.api.get('/v1/me', { token: a.token, headers: { origin: 'https://evil.example' }, expect: 200 });
    assert.equal(me.headers.get('access-control-allow-origin'), null);
    // an origin is compared whole: no prefix, no other port or scheme
    for (const o of [`${PAGE}.evil.example`, 'http://page.example:5174', 'https://page.example:5173', 'null']) {
      const r = await ctx.api.get('/v1/rulesets', { headers: { origin: o }, expect: 200 });
      assert.equal(r.headers.get('access-control-allow-origin'), null, o);
    }
  });

  test('a listed origin reads an authorized answer, and the headers a page needs', async () => {
    const a = await createAccount(ctx.api);
    for (const origin of [PAGE, 'https://other.example']) {
      const me = await ctx.api.get('/v1/me', { token: a.token, headers: { origin }, expect: 200 });
      assert.equal(me.headers.get('access-control-allow-origin'), origin);
      assert.deepEqual(list(me.headers.get('access-control-expose-headers')), EXPOSE);
      assert.ok(list(me.headers.get('vary')).includes('Origin'));
      assert.equal(me.headers.get('access-control-allow-credentials'), null, 'a bearer token is no cookie');
    }
    // errors too: a page must read the problem
    const bad = await ctx.api.get('/v1/me', { headers: { origin: PAGE }, expect: 401, code: 'unauthorized' });
    assert.equal(bad.headers.get('access-control-allow-origin'), PAGE);
  });

  test('"*" opens public reads to any origin, never an authorized answer', async () => {
    const a = await createAccount(open.api);
    const pub = await open.api.get('/v1/rulesets', { headers: { origin: 'https://anyone.example' }, expect: 200 });
    assert.equal(pub.headers.get('access-control-allow-origin'), '*');
    const head = await open.api.head('/v1/keys', { headers: { origin: 'https://anyone.example' }, expect: 200 });
    assert.equal(head.headers.get('access-control-allow-origin'), '*');
    const me = await open.api.get('/v1/me', { token: a.token, headers: { origin: 'https://anyone.example' }, expect: 200 });
    assert.equal(me.headers.get('access-control-allow-origin'), null);
    const post = await open.api.post('/v1/accounts', {
      body: { name: uniqueName(), kind: 'player' }, headers: { origin: 'https://anyone.example' }, expect: 201,
    });
    assert.equal(post.headers.get('access-control-allow-origin'), null);
    const preGet = await open.api.options('/v1/rulesets', {
      headers: { origin: 'https://anyone.example', 'access-control-request-method': 'GET' }, expect: 204,
    });
    assert.equal(preGet.headers.get('access-control-allow-origin'), '*');
    assert.deepEqual(list(preGet.headers.get('access-control-allow-methods')), ['GET', 'HEAD']);
    assert.ok(!list(preGet.headers.get('access-control-allow-headers')).includes('Authorization'));
    const prePost = await open.api.options('/v1/games', {
      headers: { origin: 'https://anyone.example', 'access-control-request-method': 'POST' }, expect: 204,
    });
    assert.equal(prePost.headers.get('access-control-allow-origin'), null);
  });

  test('a preflight changes nothing', async () => {
    const g = await startedGame(ctx.api);
    await refusedLeavesGame(ctx.api, g.id, viewersOf(g), 'a preflight of a move', () =>
      ctx.api.options(`/v1/games/${g.id}/moves`, {
        headers: { origin: PAGE, 'access-control-request-method': 'POST' }, raw: '{"move":{"type":"pass"}}',
        contentType: 'application/json', token: g.players[0].token, expect: 204,
      }));
  });
});

describe('HEAD', () => {
  test('HEAD on every GET route answers the GET\'s status and headers without a body', async () => {
    const g = await startedGame(ctx.api);
    const me = g.players[0];
    await ctx.api.post(`/v1/games/${g.id}/messages`, { token: me.token, body: { text: 'hello' }, expect: 201 });
    const same = ['content-type', 'etag', 'cache-control', 'vary', 'content-encoding', 'allow', 'location'];
    for (const [path, { template, methods }] of concretePaths(g, { id: g.id })) {
      if (!methods.includes('GET')) continue;
      const realPath = template === '/v1/accounts/{id}' ? `/v1/accounts/${me.id}` : path;
      const stream = template.endsWith('/events');
      const h = await raw(ctx.server.url, 'HEAD', realPath, { authorization: `Bearer ${me.token}`, 'accept-encoding': 'gzip' });
      assert.equal(h.body.length, 0, `HEAD ${realPath} has no body`);
      if (stream) {
        // a stream's HEAD answers its headers and ends: nothing is held
        assert.equal(h.status, 200, realPath);
        assert.match(h.headers['content-type'], /^text\/event-stream/);
        continue;
      }
      const gt = await raw(ctx.server.url, 'GET', realPath, { authorization: `Bearer ${me.token}`, 'accept-encoding': 'gzip' });
      assert.equal(h.status, gt.status, `HEAD ${realPath}`);
      for (const k of same) assert.equal(h.headers[k], gt.headers[k], `HEAD ${realPath}: ${k}`);
      if (gt.headers['content-length'] !== undefined && path !== '/metrics') {
        assert.equal(h.headers['content-length'], gt.headers['content-length'], `HEAD ${realPath}: content-length`);
      }
    }
  });

  test('HEAD of a long poll answers at once; HEAD on a POST-only route is 405', async () => {
    const g = await startedGame(ctx.api);
    const res = await ctx.api.head(`/v1/games/${g.id}?wait=60&after_version=${g.game.version}`,
      { token: g.players[0].token, expect: 200 });
    assert.match(res.headers.get('etag'), new RegExp(`^"${g.game.version}\\.0(-gz)?"$`));
    const refused = await ctx.api.head('/v1/tokens', { expect: 405 });
    assert.deepEqual(list(refused.headers.get('allow')).sort(), ['OPTIONS', 'POST']);
    assert.equal(refused.text, '');
  });
});

describe('gzip', () => {
  test('a Steam legal-moves answer is gzipped when asked, and not when refused', async (t) => {
    const seats = [];
    for (let i = 0; i < 3; i++) seats.push(await createAccount(ctx.api));
    const res = await ctx.api.post('/v1/games', {
      token: seats[0].token, body: { ruleset: 'steam', seats: seats.map((s) => ({ account_id: s.id })) }, expect: 201,
    });
    const g = res.body.game;
    // through the auction to the first build, whose list is long
    let s;
    let lm;
    for (let i = 0; i < 40; i++) {
      const v = (await ctx.api.get(`/v1/games/${g.id}`, { token: seats[0].token, expect: 200 })).body;
      s = v.must_act[0];
      lm = (await ctx.api.get(`/v1/games/${g.id}/legal-moves?seat=${s}`, { token: seats[s].token, expect: 200 })).body;
      if (lm.moves.some((m) => m.type === 'build')) break;
      const pass = lm.moves.find((m) => m.type === 'pass');
      const move = pass ?? concretize(lm.moves[0], seededRandom(i));
      await ctx.api.post(`/v1/games/${g.id}/moves`, { token: seats[s].token, body: { move, seat: s }, expect: 201 });
    }
    assert.ok(lm.moves.some((m) => m.type === 'build'), 'a build is offered');
    const path = `/v1/games/${g.id}/legal-moves?seat=${s}`;
    const auth = { authorization: `Bearer ${seats[s].token}` };
    const plain = await raw(ctx.server.url, 'GET', path, { ...auth, 'accept-encoding': 'identity' });
    const packed = await raw(ctx.server.url, 'GET', path, { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(plain.status, 200);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(packed.headers['content-encoding'], 'gzip');
    assert.ok(list(packed.headers.vary).includes('Accept-Encoding'));
    assert.ok(list(plain.headers.vary).includes('Accept-Encoding'));
    assert.equal(Number(packed.headers['content-length']), packed.body.length);
    assert.deepEqual(gunzipSync(packed.body), plain.body, 'the same content');
    t.diagnostic(`Steam legal-moves: ${plain.body.length} bytes, gzipped ${packed.body.length}`);
    assert.ok(packed.body.length * 4 < plain.body.length, `${plain.body.length} -> ${packed.body.length}`);
    for (const [ae, gz] of [['gzip;q=0', false], ['gzip;q=0, *', false], ['*', true], ['x-gzip', true],
      ['deflate, br', false], ['GZIP;Q=0.5', true], ['identity;q=1, *;q=0', false], ['', false]]) {
      const r = await raw(ctx.server.url, 'GET', path, { ...auth, 'accept-encoding': ae });
      assert.equal(r.headers['content-encoding'], gz ? 'gzip' : undefined, `Accept-Encoding: ${ae}`);
    }
  });

  test('small answers, PNG and event streams go out as they are', async () => {
    const g = await startedGame(ctx.api);
    const auth = { authorization: `Bearer ${g.players[0].token}`, 'accept-encoding': 'gzip' };
    const small = await raw(ctx.server.url, 'GET', '/healthz', auth);
    assert.equal(small.headers['content-encoding'], undefined);
    const png = await raw(ctx.server.url, 'GET', `/v1/games/${g.id}/board.png`, auth);
    assert.equal(png.status, 200);
    assert.equal(png.headers['content-type'], 'image/png');
    assert.equal(png.headers['content-encoding'], undefined);
    const svg = await raw(ctx.server.url, 'GET', `/v1/games/${g.id}/board.svg`, auth);
    assert.equal(svg.headers['content-encoding'], 'gzip');
    const stream = await raw(ctx.server.url, 'HEAD', `/v1/games/${g.id}/events`, auth);
    assert.equal(stream.headers['content-encoding'], undefined);
    assert.equal(stream.headers['cache-control'], 'no-store');
  });

  test('a gzipped view has its own tag, and If-None-Match matches either', async () => {
    const g = await startedGame(ctx.api);
    const path = `/v1/games/${g.id}`;
    const auth = { authorization: `Bearer ${g.players[0].token}` };
    const id = await raw(ctx.server.url, 'GET', path, { ...auth, 'accept-encoding': 'identity' });
    const gz = await raw(ctx.server.url, 'GET', path, { ...auth, 'accept-encoding': 'gzip' });
    assert.ok(id.body.length >= 1024, 'a started view is large enough to compress');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gz.headers.etag, id.headers.etag.replace(/"$/, '-gz"'));
    for (const [tag, ae, back] of [[id.headers.etag, 'gzip', gz.headers.etag], [gz.headers.etag, 'identity', id.headers.etag],
      [gz.headers.etag, 'gzip', gz.headers.etag]]) {
      const r = await raw(ctx.server.url, 'GET', path, { ...auth, 'accept-encoding': ae, 'if-none-match': tag });
      assert.equal(r.status, 304, `${tag} with ${ae}`);
      assert.equal(r.headers.etag, back);
    }
  });
});

describe('caching', () => {
  test('Cache-Control and Vary go by what the answer is', async () => {
    const g = await startedGame(ctx.api);
    const tok = g.players[0].token;
    const cases = [
      ['/openapi.yaml', undefined, 'public, max-age=3600', 200],
      ['/v1/rulesets', undefined, 'public, max-age=3600', 200],
      ['/v1/rulesets/ironfuture', undefined, 'public, max-age=3600', 200],
      ['/v1/webhooks/event-types', undefined, 'public, max-age=3600', 200],
      ['/v1/keys', undefined, 'public, max-age=300', 200],
      ['/healthz', undefined, 'no-store', 200],
      ['/metrics', undefined, 'no-store', 200],
      [`/v1/games/${g.id}`, tok, 'private, no-cache', 200],
      [`/v1/games/${g.id}/moves`, tok, 'private, no-cache', 200],
      ['/v1/me', tok, 'private, no-cache', 200],
      ['/v1/me', undefined, 'no-store', 401],
      [`/v1/games/${randomUUID()}`, tok, 'no-store', 404],
    ];
    for (const [path, token, cc, status] of cases) {
      const res = await ctx.api.get(path, { token, expect: status });
      assert.equal(res.headers.get('cache-control'), cc, path);
      const vary = list(res.headers.get('vary'));
      if (cc === 'private, no-cache') {
        for (const v of ['Authorization', 'Accept', 'Accept-Encoding', 'Origin']) assert.ok(vary.includes(v), `${path}: Vary ${v}`);
      }
      if (cc.startsWith('public')) {
        assert.ok(!vary.includes('Authorization'), `${path}: the same for everyone`);
        assert.match(res.headers.get('etag'), /^"[0-9a-f]{24}(-gz)?"$/);
      }
    }
    // the answers that hold secrets
    const acct = await ctx.api.post('/v1/accounts', { body: { name: uniqueName(), kind: 'player' }, expect: 201 });
    assert.equal(acct.headers.get('cache-control'), 'no-store');
    const hook = await ctx.api.post('/v1/webhooks', {
      token: tok, body: { url: 'http://127.0.0.1:9/hook', events: ['*'] }, expect: 201,
    });
    assert.equal(hook.headers.get('cache-control'), 'no-store');
    assert.equal(hook.headers.get('location'), `/v1/webhooks/${hook.body.id}`);
    const got = await ctx.api.get(hook.headers.get('location'), { token: tok, expect: 200 });
    assert.equal(got.body.id, hook.body.id);
    assert.equal(got.body.secret, undefined);
  });

  test('If-None-Match: lists, weak tags and "*", compared weakly', async () => {
    const g = await startedGame(ctx.api);
    const tok = g.players[0].token;
    const first = await ctx.api.get(`/v1/games/${g.id}`, { token: tok, expect: 200 });
    const tag = first.headers.get('etag');
    const opaque = tag.slice(1, -1);
    for (const inm of [tag, `"nope", ${tag}`, `W/${tag}`, `"a",W/"b" , W/${tag}`, '*', `"${opaque.replace(/-gz$/, '')}"`]) {
      const r = await ctx.api.get(`/v1/games/${g.id}`, { token: tok, headers: { 'if-none-match': inm }, expect: 304 });
      assert.equal(r.text, '');
      assert.equal(r.headers.get('etag'), tag, inm);
      assert.equal(r.headers.get('cache-control'), 'private, no-cache');
      assert.ok(list(r.headers.get('vary')).includes('Authorization'));
    }
    for (const inm of ['"nope"', `"${opaque}x"`, 'W/"1"', `${tag.slice(0, -1)}`]) {
      await ctx.api.get(`/v1/games/${g.id}`, { token: tok, headers: { 'if-none-match': inm }, expect: 200 });
    }
    const rs = await ctx.api.get('/v1/rulesets', { expect: 200 });
    await ctx.api.get('/v1/rulesets', { headers: { 'if-none-match': `"x", ${rs.headers.get('etag')}` }, expect: 304 });
  });

  test('a 304 on the wire: ETag, Cache-Control, Vary; no body, no Content-Length', async () => {
    const g = await startedGame(ctx.api);
    const tok = g.players[0].token;
    const tag = (await ctx.api.get(`/v1/games/${g.id}`, { token: tok, expect: 200 })).headers.get('etag');
    const { port } = new URL(ctx.server.url);
    const bytes = await new Promise((resolve, reject) => {
      const sock = net.connect(Number(port), '127.0.0.1', () => {
        sock.write(`GET /v1/games/${g.id} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${tok}\r\n` +
          `Accept-Encoding: gzip\r\nIf-None-Match: ${tag}\r\n\r\n`);
      });
      const chunks = [];
      sock.on('data', (c) => chunks.push(c));
      sock.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
      sock.on('error', reject);
      sock.setTimeout(10000, () => { sock.destroy(); resolve(Buffer.concat(chunks).toString('latin1')); });
    });
    const [headOnly, ...rest] = bytes.split("\r\n\r\n");
    const head = `${headOnly}\r\n`;
    assert.match(head, /^HTTP\/1\.1 304 /);
    assert.match(head, new RegExp(`\r\nETag: ${tag.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\r\n`, 'i'));
    assert.match(head, /\r\nCache-Control: private, no-cache\r\n/i);
    assert.match(head, /\r\nVary: [^\r]*Authorization/i);
    assert.doesNotMatch(head, /\r\nContent-Length:/i);
    assert.doesNotMatch(head, /\r\nTransfer-Encoding:/i);
    assert.equal(rest.join('\r\n\r\n'), '', 'nothing follows the head');
  });

  test('viewers who see different hidden information get different tags', async () => {
    const g = await startedGame(ctx.api);
    const tags = [];
    for (const t of [g.players[0].token, g.players[1].token, g.spectator.token]) {
      const r = await ctx.api.get(`/v1/games/${g.id}`, { token: t, expect: 200 });
      tags.push(r.headers.get('etag'));
      assert.ok(r.headers.get('etag').startsWith(`"${r.body.version}.`));
    }
    assert.equal(new Set(tags).size, 3, tags.join(' '));
    // one viewer's tag is no other's: seat 1 holding seat 0's tag gets the body
    await ctx.api.get(`/v1/games/${g.id}`, { token: g.players[1].token, headers: { 'if-none-match': tags[0] }, expect: 200 });
    // If-Match takes a view's tag: the version counts
    const s = g.game.must_act[0];
    const lm = (await ctx.api.get(`/v1/games/${g.id}/legal-moves?seat=${s}`, { token: g.players[s].token, expect: 200 })).body;
    await ctx.api.post(`/v1/games/${g.id}/moves`, {
      token: g.players[s].token, body: { move: lm.moves[0], seat: s }, headers: { 'if-match': tags[s] }, expect: 201,
    });
    await refusedLeavesGame(ctx.api, g.id, viewersOf(g), 'a stale tag', async () => {
      const again = (await ctx.api.get(`/v1/games/${g.id}`, { token: g.players[0].token, expect: 200 })).body;
      const t = again.must_act[0];
      const lm2 = (await ctx.api.get(`/v1/games/${g.id}/legal-moves?seat=${t}`, { token: g.players[t].token, expect: 200 })).body;
      return ctx.api.post(`/v1/games/${g.id}/moves`, {
        token: g.players[t].token, body: { move: lm2.moves[0], seat: t }, headers: { 'if-match': tags[t] },
        expect: 412, code: 'precondition_failed',
      });
    });
  });
});

describe('Location', () => {
  test('every 201 that makes a resource says where it is, and the GET there answers it', async () => {
    const a = await createAccount(ctx.api);
    const acct = await ctx.api.post('/v1/accounts', { body: { name: uniqueName(), kind: 'player' }, expect: 201 });
    assert.equal(acct.headers.get('location'), `/v1/accounts/${acct.body.account.id}`);
    const got = await ctx.api.get(acct.headers.get('location'), { token: acct.body.token, expect: 200 });
    for (const k of ['id', 'name', 'kind', 'created_at']) assert.equal(got.body[k], acct.body.account[k], k);
    // the public profile: another account reads it too
    const seen = await ctx.api.get(acct.headers.get('location'), { token: a.token, expect: 200 });
    assert.equal(seen.body.name, acct.body.account.name);

    const g = await startedGame(ctx.api);
    const created = await ctx.api.post('/v1/games', {
      token: a.token, body: { ruleset: 'ironfuture', seats: [{ account_id: a.id }, { invite: true }] }, expect: 201,
    });
    assert.equal(created.headers.get('location'), `/v1/games/${created.body.game.id}`);
    assert.match(created.headers.get('etag'), new RegExp(`^"${created.body.game.version}\\.0(-gz)?"$`));
    await ctx.api.get(created.headers.get('location'), { token: a.token, expect: 200 });

    const inv = await ctx.api.post(`/v1/games/${created.body.game.id}/seats/1/invite`, { token: a.token, expect: 201 });
    assert.equal(inv.headers.get('location'), `/v1/games/${created.body.game.id}`);

    const moved = await playOne(ctx.api, g.id, g.players, seededRandom(7));
    const mv = await ctx.api.get(`/v1/games/${g.id}/moves/${moved.seq}`, { token: g.players[0].token, expect: 200 });
    assert.equal(mv.body.seq, moved.seq);
    assert.equal(moved.seq, mv.body.seq);

    const msg = await ctx.api.post(`/v1/games/${g.id}/messages`, { token: g.players[0].token, body: { text: 'gl', to: 1 }, expect: 201 });
    assert.equal(msg.headers.get('location'), `/v1/games/${g.id}/messages/${msg.body.message.id}`);
    const read = await ctx.api.get(msg.headers.get('location'), { token: g.players[1].token, expect: 200 });
    assert.deepEqual(read.body, msg.body);
    // as the list: a spectator may not read a message to seat 1
    await ctx.api.get(msg.headers.get('location'), { token: g.spectator.token, expect: 404, code: 'not_found' });
    await ctx.api.get(`/v1/games/${g.id}/messages/999`, { token: g.players[0].token, expect: 404, code: 'not_found' });
    await ctx.api.get(`/v1/games/${g.id}/messages/0`, { token: g.players[0].token, expect: 400, code: 'invalid_parameter' });

    const vac = await ctx.api.post('/v1/me/vacation', { token: a.token, body: { days: 1 }, expect: 201 });
    assert.equal(vac.headers.get('location'), '/v1/me/vacation');

    await ctx.api.post(`/v1/games/${g.id}/resign`, { token: g.players[1].token, expect: 200 });
    const rm = await ctx.api.post(`/v1/games/${g.id}/rematch`, { token: g.players[0].token, expect: 201 });
    assert.equal(rm.headers.get('location'), `/v1/games/${rm.body.game.id}`);
    // a token is no resource
    const tk = await ctx.api.post('/v1/tokens', { token: a.token, expect: 201 });
    assert.equal(tk.headers.get('location'), null);
  });

  test('one move of the log reads as the list shows it, to each viewer', async () => {
    const g = await startedGame(ctx.api);
    const rand = seededRandom(11);
    for (let i = 0; i < 4; i++) await playOne(ctx.api, g.id, g.players, rand);
    for (const v of [g.players[0], g.players[1], g.spectator]) {
      const all = (await ctx.api.get(`/v1/games/${g.id}/moves`, { token: v.token, expect: 200 })).body.moves;
      for (const m of all) {
        const one = await ctx.api.get(`/v1/games/${g.id}/moves/${m.seq}`, { token: v.token, expect: 200 });
        assert.deepEqual(one.body, m);
      }
      await ctx.api.get(`/v1/games/${g.id}/moves/${all.length + 1}`, { token: v.token, expect: 404, code: 'not_found' });
    }
    await ctx.api.get(`/v1/games/${g.id}/moves/x`, { token: g.players[0].token, expect: 400, code: 'invalid_parameter' });
    await ctx.api.get(`/v1/games/${g.id}/moves/1`, { expect: 401, code: 'unauthorized' });
  });

  test('an idempotent replay carries the first answer\'s headers', async () => {
    const a = await createAccount(ctx.api);
    const b = await createAccount(ctx.api);
    const keep = ['location', 'etag', 'content-type', 'cache-control', 'vary'];
    const pairs = [];
    const key = () => ({ 'idempotency-key': randomUUID() });
    const acctReq = { body: { name: uniqueName(), kind: 'player' }, headers: key() };
    pairs.push([await ctx.api.post('/v1/accounts', { ...acctReq, expect: 201 }),
      await ctx.api.post('/v1/accounts', { ...acctReq, expect: 201 })]);
    const gameReq = { token: a.token, body: { ruleset: 'ironfuture', seats: [{ account_id: a.id }, { account_id: b.id }] }, headers: key() };
    const g1 = await ctx.api.post('/v1/games', { ...gameReq, expect: 201 });
    pairs.push([g1, await ctx.api.post('/v1/games', { ...gameReq, expect: 201 })]);
    const gid = g1.body.game.id;
    const players = [{ token: a.token, seat: 0 }, { token: b.token, seat: 1 }];
    const s = g1.body.game.must_act[0];
    const lm = (await ctx.api.get(`/v1/games/${gid}/legal-moves?seat=${s}`, { token: players[s].token, expect: 200 })).body;
    const moveReq = { token: players[s].token, body: { move: lm.moves[0], seat: s }, headers: key() };
    pairs.push([await ctx.api.post(`/v1/games/${gid}/moves`, { ...moveReq, expect: 201 }),
      await ctx.api.post(`/v1/games/${gid}/moves`, { ...moveReq, expect: 201 })]);
    const msgReq = { token: a.token, body: { text: 'again?' }, headers: key() };
    pairs.push([await ctx.api.post(`/v1/games/${gid}/messages`, { ...msgReq, expect: 201 }),
      await ctx.api.post(`/v1/games/${gid}/messages`, { ...msgReq, expect: 201 })]);
    for (const [first, again] of pairs) {
      assert.equal(again.text, first.text);
      assert.ok(first.headers.get('location'));
      for (const h of keep) assert.equal(again.headers.get(h), first.headers.get(h), h);
    }
    assert.ok(pairs[1][0].headers.get('etag') && pairs[2][0].headers.get('etag'), 'a game and a move carry a tag');
  });
});
