// http.test.mjs - HTTP-level refusals: 404, 405 with Allow, 415, 400 for
// malformed bodies and parameters, 413 over 64 KiB. After each refusal that
// names a game, the game is checked unchanged.

import assert from './lib/checks.mjs';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';

import {
  createAccount, refusedLeavesGame, startedGame, tamperSignature, uniqueName, viewersOf,
} from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { operations, spec } from './lib/spec.mjs';

const ctx = useServer();
const KIB64 = 64 * 1024;

describe('routing', () => {
  test('a path that is no route is 404 not_found', async () => {
    const a = await createAccount(ctx.api);
    for (const p of ['/', '/v1', '/v1/', '/v2/me', '/v1/me/', '/healthz/x', '/v1/games/x/y/z', '/v1/gamesx',
      '/V1/ME', '/v1/rulesets//x']) {
      await ctx.api.get(p, { token: a.token, expect: 404, code: 'not_found' });
    }
  });

  test('a route asked with another method is 405 with Allow', async () => {
    const a = await createAccount(ctx.api);
    const id = randomUUID();
    const cases = [
      ['POST', '/healthz'], ['DELETE', '/v1/me'], ['PUT', '/v1/games'], ['DELETE', '/v1/accounts'],
      ['PATCH', `/v1/games/${id}`], ['DELETE', `/v1/games/${id}/moves`], ['GET', `/v1/games/${id}/resign`],
      ['PUT', '/v1/keys'], ['POST', '/metrics'], ['GET', `/v1/accounts/${id}/revoke`],
      ['GET', `/v1/games/${id}/seats/0/invite`], ['POST', '/v1/me/games'],
    ];
    for (const [m, p] of cases) {
      // client.mjs checks Allow against the documented methods of the path.
      const res = await ctx.api.request(m, p, { token: a.token, expect: 405, code: 'method_not_allowed' });
      assert.ok(res.headers.get('allow'));
    }
  });
});

describe('bodies', () => {
  test('a POST body that is not application/json is 415', async () => {
    const body = JSON.stringify({ name: uniqueName(), kind: 'player' });
    for (const ct of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', 'multipart/form-data']) {
      await ctx.api.post('/v1/accounts', { raw: body, contentType: ct, expect: 415, code: 'unsupported_media_type' });
    }
    // fetch sends a string body without a type as text/plain; a Buffer as none.
    await ctx.api.post('/v1/accounts', { raw: Buffer.from(body), expect: 415, code: 'unsupported_media_type' });
    // Parameters and case are no reason to refuse.
    await ctx.api.post('/v1/accounts', {
      raw: JSON.stringify({ name: uniqueName(), kind: 'player' }),
      contentType: 'Application/JSON; charset=utf-8', expect: 201,
    });
  });

  test('malformed JSON is 400 bad_request', async () => {
    for (const raw of ['{', '{"name": }', 'nul', '{"name":"x","kind":"player"} trailing', '\u0000',
      '{"name":"a","name":"b","kind":"player"}', '"just a string"', '[1]', '42', 'null']) {
      await ctx.api.post('/v1/accounts', { raw, contentType: 'application/json', expect: 400, code: 'bad_request' });
    }
  });

  test('an unknown key is 400 bad_request', async () => {
    await ctx.api.post('/v1/accounts', {
      body: { name: uniqueName(), kind: 'player', colour: 'red' }, expect: 400, code: 'bad_request',
    });
    const a = await createAccount(ctx.api);
    await ctx.api.post('/v1/games', {
      token: a.token, body: { ruleset: 'ironfuture', seats: [{ open: true }, { open: true }], colour: 1 },
      expect: 400, code: 'bad_request',
    });
    await ctx.api.post('/v1/games', {
      token: a.token, body: { ruleset: 'ironfuture', seats: [{ open: true, colour: 1 }, { open: true }] },
      expect: 400, code: 'bad_request',
    });
  });

  test('a body over 64 KiB is 413; exactly 64 KiB is read', async () => {
    const json = JSON.stringify({ name: uniqueName(), kind: 'player' });
    const exact = json + ' '.repeat(KIB64 - json.length);
    assert.equal(Buffer.byteLength(exact), KIB64);
    await ctx.api.post('/v1/accounts', { raw: exact, contentType: 'application/json', expect: 201 });
    const over = JSON.stringify({ name: uniqueName(), kind: 'player' }) + ' '.repeat(KIB64);
    await ctx.api.post('/v1/accounts', { raw: over, contentType: 'application/json', expect: 413, code: 'payload_too_large' });
    // (Bodies far over the limit are not sent: the server may answer 413 and
    // close before the client has written them, which fetch reports as a
    // failed request rather than the 413.)
  });

  test('a body up to 1 MiB over the limit is read and answered 413 on the same connection', async () => {
    const over = JSON.stringify({ name: uniqueName(), kind: 'player' }) + ' '.repeat(900 * 1024);
    await ctx.api.post('/v1/accounts', { raw: over, contentType: 'application/json', expect: 413, code: 'payload_too_large' });
  });

  test('header fields over 16 KiB are 431 problem+json', async () => {
    const a = await createAccount(ctx.api);
    const headers = {};
    for (let i = 0; i < 20; i++) headers[`x-filler-${i}`] = 'f'.repeat(1000);
    await ctx.api.get('/v1/me', { token: a.token, headers, expect: 431, code: 'request_header_fields_too_large' });
    await ctx.api.get('/v1/me', { token: a.token, expect: 200 });
  });

  test('a chunked body over 64 KiB is 413 too', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(8192));
    let sent = 0;
    const stream = new ReadableStream({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"name":"x","kind":"player"}'));
        if (sent >= 10) { controller.close(); return; }
        controller.enqueue(chunk);
        sent++;
      },
    });
    await ctx.api.post('/v1/accounts', {
      raw: stream, contentType: 'application/json', expect: 413, code: 'payload_too_large',
    });
  });

  test('a refused body leaves the game unchanged', async () => {
    const g = await startedGame(ctx.api);
    const tok = g.players[g.game.must_act[0]].token;
    await refusedLeavesGame(ctx.api, g.id, viewersOf(g), 'malformed move bodies', async () => {
      const p = `/v1/games/${g.id}/moves`;
      await ctx.api.post(p, { token: tok, raw: '{"move":', contentType: 'application/json', expect: 400 });
      await ctx.api.post(p, { token: tok, raw: '{"move":{"type":"x"}}', contentType: 'application/xml', expect: 415 });
      // text/plain is a move in the game's notation: JSON there is unreadable
      await ctx.api.post(p, { token: tok, raw: '{"move":{"type":"x"}}', contentType: 'text/plain', expect: 422, code: 'illegal_move' });
      await ctx.api.post(p, { token: tok, body: { move: { type: 'x' }, extra: 1 }, expect: 400, code: 'bad_request' });
      await ctx.api.post(p, { token: tok, body: {}, expect: 400, code: 'bad_request' });
      await ctx.api.post(p, { token: tok, body: { move: 'deploy' }, expect: 400, code: 'bad_request' });
      await ctx.api.post(p, { token: tok, body: { move: {} }, expect: 400, code: 'bad_request' });
      await ctx.api.post(p, { token: tok, body: { move: { type: 'x' }, seat: 'zero' }, expect: 400, code: 'bad_request' });
      await ctx.api.post(p, {
        token: tok, raw: `{"move":{"type":"x","pad":"${'p'.repeat(KIB64)}"}}`, contentType: 'application/json',
        expect: 413, code: 'payload_too_large',
      });
      await ctx.api.post(p, { token: tok, body: { move: { type: 'x' } }, headers: { 'if-match': 'nonsense' }, expect: 412, code: 'precondition_failed' });
    });
  });
});

// Runs fn; a failed assertion is added to errors (its first line) instead
// of ending the test, so one run lists every operation that misbehaves.
async function collect(errors, fn) {
  try {
    await fn();
  } catch (e) {
    if (!(e instanceof assert.AssertionError)) throw e;
    errors.push(e.message.split('\n')[0].slice(0, 300));
  }
}

describe('every operation of the spec', () => {
  // A request for every documented operation, with its path filled in
  // from one started game (seat 1 of it an invite seat).
  async function fixture() {
    const a = await createAccount(ctx.api);
    const b = await createAccount(ctx.api);
    const created = (await ctx.api.post('/v1/games', {
      token: a.token, body: { ruleset: 'ironfuture', seats: [{ account_id: a.id }, { invite: true }] }, expect: 201,
    })).body;
    const seatTok = created.invites[0].token;
    await ctx.api.post(`/v1/games/${created.game.id}/join`, { token: seatTok, expect: 200 });
    const fill = (tpl) => tpl
      .replace('/v1/accounts/{id}', `/v1/accounts/${a.id}`)
      .replace('/v1/rulesets/{id}', '/v1/rulesets/ironfuture')
      .replace('{id}', created.game.id)
      .replace('{seat}', '1');
    const viewers = [{ token: a.token, seat: 0 }, { token: seatTok, seat: 1 }, { token: b.token }];
    return { a, b, gameId: created.game.id, fill, viewers };
  }

  test('a secured operation refuses a missing or broken token with 401', async () => {
    const f = await fixture();
    await refusedLeavesGame(ctx.api, f.gameId, f.viewers, 'requests without a valid token', async () => {
      const errors = [];
      for (const { method, template, operation } of operations()) {
        const security = operation.security ?? spec.security;
        if (security.length === 0) continue;
        const path = f.fill(template);
        const body = operation.requestBody ? {} : undefined;
        // {} among the schemes: no token is fine (the lobby), a broken one is not
        const optional = security.some((s) => Object.keys(s).length === 0);
        if (!optional) await collect(errors, () => ctx.api.request(method, path, { body, expect: 401, code: 'unauthorized' }));
        await collect(errors, () => ctx.api.request(method, path, { body, token: 'tp1.broken.token', expect: 401, code: 'invalid_token' }));
        await collect(errors, () => ctx.api.request(method, path, { body, token: tamperSignature(f.b.token), expect: 401, code: 'invalid_token' }));
      }
      assert.deepEqual(errors, []);
    });
  });

  test('a body in another media type is 415, over 64 KiB 413, malformed 400', async () => {
    const f = await fixture();
    await refusedLeavesGame(ctx.api, f.gameId, f.viewers, 'bad bodies to every operation', async () => {
      const errors = [];
      for (const { method, template, operation } of operations()) {
        if (!operation.requestBody) continue;
        // Each with a token allowed to make the request; the account
        // routes on an account of their own, as a wrongly accepted revoke
        // would lock the game's creator out.
        const c = template.startsWith('/v1/accounts/{id}') ? await createAccount(ctx.api) : null;
        const path = c ? template.replace('{id}', c.id) : f.fill(template);
        const opts = { token: operation.operationId === 'issueAccountToken' ? ctx.adminToken : (c ?? f.a).token };
        await collect(errors, () => ctx.api.request(method, path, {
          ...opts, raw: '{}', contentType: 'application/xml', expect: 415, code: 'unsupported_media_type',
        }));
        await collect(errors, () => ctx.api.request(method, path, {
          ...opts, raw: `{"pad":"${'x'.repeat(KIB64)}"}`, contentType: 'application/json', expect: 413, code: 'payload_too_large',
        }));
        await collect(errors, () => ctx.api.request(method, path, {
          ...opts, raw: '{"a":', contentType: 'application/json', expect: 400, code: 'bad_request',
        }));
        await collect(errors, () => ctx.api.request(method, path, { ...opts, body: { no_such_key: 1 }, expect: 400, code: 'bad_request' }));
      }
      assert.deepEqual(errors, []);
    });
  });
});

describe('parameters', () => {
  test('a game that does not exist is 404; an id that is no uuid is 400 invalid_parameter', async () => {
    const a = await createAccount(ctx.api);
    const id = randomUUID();
    for (const p of [`/v1/games/${id}`, `/v1/games/${id}/legal-moves`, `/v1/games/${id}/moves`, `/v1/games/${id}/export`]) {
      await ctx.api.get(p, { token: a.token, expect: 404, code: 'not_found' });
    }
    for (const p of [`/v1/games/${id}/moves`, `/v1/games/${id}/resign`, `/v1/games/${id}/join`]) {
      await ctx.api.post(p, { token: a.token, body: p.endsWith('moves') ? { move: { type: 'x' } } : {}, expect: 404, code: 'not_found' });
    }
    await ctx.api.post(`/v1/games/${id}/seats/1/invite`, { token: a.token, expect: 404, code: 'not_found' });
    for (const bad of ['nope', '123', `${id}x`, id.replace(/-/g, ''), "'; DROP TABLE games; --"]) {
      await ctx.api.get(`/v1/games/${encodeURIComponent(bad)}`, { token: a.token, expect: 400, code: 'invalid_parameter' });
    }
  });

  test('bad query parameters are 400 invalid_parameter', async () => {
    const g = await startedGame(ctx.api);
    const tok = g.players[0].token;
    await refusedLeavesGame(ctx.api, g.id, viewersOf(g), 'bad query parameters', async () => {
      for (const q of ['after=-1', 'after=x', 'limit=0', 'limit=501', 'limit=abc', 'limit=1.5', 'after=1e3',
        'limit=99999999999999999999']) {
        await ctx.api.get(`/v1/games/${g.id}/moves?${q}`, { token: tok, expect: 400, code: 'invalid_parameter' });
      }
      for (const q of ['seat=-1', 'seat=x', 'seat=99']) {
        await ctx.api.get(`/v1/games/${g.id}/legal-moves?${q}`, { token: tok, expect: 400, code: 'invalid_parameter' });
      }
    });
    for (const q of ['awaiting=you', 'status=bogus', 'status=']) {
      await ctx.api.get(`/v1/me/games?${q}`, { token: tok, expect: 400, code: 'invalid_parameter' });
    }
    // The bounds themselves are fine.
    await ctx.api.get(`/v1/games/${g.id}/moves?after=0&limit=1`, { token: tok, expect: 200 });
    await ctx.api.get(`/v1/games/${g.id}/moves?limit=500`, { token: tok, expect: 200 });
  });
});

// A percent-encoded NUL would end the decoded path or value as a C string,
// and the rest would be dropped: /v1/games/{id}%00/export would be the view,
// after=0%00junk would be after=0. An encoded slash in the path would be a
// separator: /v1/games/{id}%2Fexport would be the export. Any such URL is
// refused before routing; a query parameter given twice is refused too.
describe('hostile URLs', () => {
  test('a path holding %00 is 400 invalid_url, whatever follows, and changes nothing', async () => {
    const g = await startedGame(ctx.api);
    const seat = g.game.must_act[0];
    const tok = g.players[seat].token;
    const { moves } = (await ctx.api.get(`/v1/games/${g.id}/legal-moves`, { token: tok, expect: 200 })).body;
    const name = uniqueName();
    await refusedLeavesGame(ctx.api, g.id, viewersOf(g), 'paths holding %00', async () => {
      for (const p of [`/v1/games/${g.id}%00/export`, `/v1/games/${g.id}%00`, `/v1/games/${g.id}/legal-moves%00x`,
        `/v1/games/${g.id}%00junk`, '/healthz%00', '/v1/me%00/x', '/%00']) {
        await ctx.api.get(p, { token: tok, expect: 400, code: 'invalid_url' });
      }
      // A legal move sent to a path with %00 is not played.
      await ctx.api.post(`/v1/games/${g.id}/moves%00`, { token: tok, body: { move: moves[0] }, expect: 400, code: 'invalid_url' });
      await ctx.api.post(`/v1/games/${g.id}%00/moves`, { token: tok, body: { move: moves[0] }, expect: 400, code: 'invalid_url' });
      await ctx.api.post('/v1/accounts%00', { body: { name, kind: 'player' }, expect: 400, code: 'invalid_url' });
    });
    // The account was not created: its name is still free.
    await ctx.api.post('/v1/accounts', { body: { name, kind: 'player' }, expect: 201 });
    // The move the refused requests carried is still the one to play.
    await ctx.api.post(`/v1/games/${g.id}/moves`, { token: tok, body: { move: moves[0] }, expect: 201 });
  });

  test('a query holding %00 is 400 invalid_url and changes nothing; %2500 is only text', async () => {
    const g = await startedGame(ctx.api);
    const tok = g.players[0].token;
    await refusedLeavesGame(ctx.api, g.id, viewersOf(g), 'queries holding %00', async () => {
      for (const q of ['after=0%00junk', 'after=0%00', 'limit=5%001', 'after%00x=0', '%00=1', 'after=0&x=%00']) {
        await ctx.api.get(`/v1/games/${g.id}/moves?${q}`, { token: tok, expect: 400, code: 'invalid_url' });
      }
      await ctx.api.get(`/v1/games/${g.id}/legal-moves?seat=0%00x`, { token: tok, expect: 400, code: 'invalid_url' });
      await ctx.api.get(`/v1/me/games?awaiting=me%00x`, { token: tok, expect: 400, code: 'invalid_url' });
      // An escaped percent sign decodes to the text "%00": a bad parameter, nothing more.
      await ctx.api.get(`/v1/games/${g.id}/moves?after=0%2500`, { token: tok, expect: 400, code: 'invalid_parameter' });
    });
    const res = await ctx.api.get(`/v1/games/${g.id}/moves?after=0`, { token: tok, expect: 200 });
    assert.ok(Array.isArray(res.body.moves));
  });

  test('an encoded slash in the path is 400 invalid_url, not a separator; in a query it is text', async () => {
    const g = await startedGame(ctx.api);
    const tok = g.players[0].token;
    await refusedLeavesGame(ctx.api, g.id, viewersOf(g), 'paths holding %2F', async () => {
      for (const p of [`/v1/games/${g.id}%2Fexport`, `/v1/games/${g.id}%2flegal-moves`, '/v1/me%2Fgames',
        `/v1%2Fgames/${g.id}`]) {
        await ctx.api.get(p, { token: tok, expect: 400, code: 'invalid_url' });
      }
      await ctx.api.post(`/v1/games/${g.id}%2Fresign`, { token: tok, body: {}, expect: 400, code: 'invalid_url' });
      // %252F is the text "%2F": an id that is no uuid.
      await ctx.api.get(`/v1/games/${g.id}%252Fexport`, { token: tok, expect: 400, code: 'invalid_parameter' });
      await ctx.api.get(`/v1/games/${g.id}/moves?after=1%2F2`, { token: tok, expect: 400, code: 'invalid_parameter' });
    });
  });

  test('a query parameter given twice is 400 invalid_parameter, whichever value comes first', async () => {
    const g = await startedGame(ctx.api);
    const tok = g.players[0].token;
    await refusedLeavesGame(ctx.api, g.id, viewersOf(g), 'repeated query parameters', async () => {
      for (const q of ['after=0&after=5', 'after=5&after=0', 'limit=1&limit=1', 'after=0&limit=2&after=0']) {
        await ctx.api.get(`/v1/games/${g.id}/moves?${q}`, { token: tok, expect: 400, code: 'invalid_parameter' });
      }
      await ctx.api.get(`/v1/games/${g.id}/legal-moves?seat=0&seat=1`, { token: tok, expect: 400, code: 'invalid_parameter' });
      await ctx.api.get('/v1/me/games?awaiting=me&awaiting=me', { token: tok, expect: 400, code: 'invalid_parameter' });
    });
  });
});
