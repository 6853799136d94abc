// Webhooks: subscriptions, Standard Webhooks signatures checked with the
// standardwebhooks package (v1) and node:crypto's Ed25519 (v1a, which that
// package does not read), delivery by another replica, redaction per seat,
// retries, disabling, redelivery, and a bot that plays a whole game driven
// only by turn.yours.
//
// The API server of this file delivers nothing; a second server on the
// same database and keys (the "delivery replica") does, so every delivery
// here crossed replicas. A third, without the allow-list, shows that the
// address is checked again when a delivery is sent.

import { createPublicKey, verify as edVerify } from 'node:crypto';
import { after, test } from 'node:test';
import { Webhook } from 'standardwebhooks';

import assert from './lib/checks.mjs';
import { createAccount, seededRandom, sleep } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { concretize } from './lib/play.mjs';
import { startReceiver } from './lib/receiver.mjs';
import { startServer } from './lib/server.mjs';

const RETRY = [0.3, 0.3, 0.3];   // four attempts in about a second
const DELIVERY_ENV = {
  TURNPOST_WEBHOOK_ALLOW: '127.0.0.1',
  TURNPOST_WEBHOOK_RETRY: RETRY.join(','),
  TURNPOST_WEBHOOK_TIMEOUT: '1',
};
const ctx = useServer({ env: { TURNPOST_WEBHOOK_ALLOW: '127.0.0.1' } });
let rx;
let replica;

async function startReplica(env = DELIVERY_ENV) {
  return startServer({ keysDir: ctx.server.keysDir, env: { ...env, TURNPOST_DISPATCHERS: '1' } });
}

// Root hooks of a file may run side by side: the receiver and the
// delivery replica start with the first test, once the API server is up.
async function ready() {
  rx ??= await startReceiver();
  replica ??= await startReplica();
}
after(async () => {
  await replica?.stop();
  await rx?.stop();
});

// A refused request leaves the caller's webhooks as they were.
async function refusedWebhooks(api, token, why, fn) {
  const before = (await api.get('/v1/webhooks', { token, expect: 200 })).text;
  await fn();
  const after = (await api.get('/v1/webhooks', { token, expect: 200 })).text;
  assert.equal(after, before, `${why}: the webhooks are unchanged`);
}

async function subscribe(token, path, events, extra = {}) {
  const res = await ctx.api.post('/v1/webhooks', {
    token, body: { url: rx.url(path), events, ...extra }, expect: 201,
  });
  return res.body;
}

async function deliveries(token, hookId) {
  return (await ctx.api.get(`/v1/webhooks/${hookId}/deliveries`, { token, expect: 200 })).body.deliveries;
}

// Polls the delivery log until pred holds for it.
async function logUntil(token, hookId, pred, what, timeoutMs = 15000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const list = await deliveries(token, hookId);
    if (pred(list)) return list;
    if (Date.now() > deadline) assert.fail(`${what}: not seen in ${timeoutMs} ms: ${JSON.stringify(list).slice(0, 800)}`);
    await sleep(100);
  }
}

const keyCache = {};
async function serverKeys() {
  keyCache.keys ??= (await ctx.api.get('/v1/keys', { expect: 200 })).body.keys;
  return keyCache.keys;
}

// Checks both signatures of one delivery: v1 with the package and the
// given secret(s), v1a with one of the server's published keys.
async function assertSigned(hit, secrets) {
  for (const secret of secrets) {
    const payload = new Webhook(secret).verify(hit.text, hit.headers);
    assert.deepEqual(payload, hit.body, 'the verified payload is the body');
  }
  const sigs = hit.headers['webhook-signature'].split(' ');
  const v1a = sigs.filter((s) => s.startsWith('v1a,'));
  assert.equal(v1a.length, 1, 'one v1a signature');
  const content = Buffer.from(`${hit.headers['webhook-id']}.${hit.headers['webhook-timestamp']}.${hit.text}`);
  const ok = (await serverKeys()).some((k) =>
    edVerify(null, content, createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: k.x }, format: 'jwk' }),
      Buffer.from(v1a[0].slice(4), 'base64')));
  assert.ok(ok, 'v1a verifies with a key of /v1/keys');
  const tampered = hit.text.replace('"data":', '"data" :');
  assert.throws(() => new Webhook(secrets[0]).verify(tampered, hit.headers), /signature/i,
    'a changed body fails v1');
  assert.ok(!(await serverKeys()).some((k) =>
    edVerify(null, Buffer.from(`${hit.headers['webhook-id']}.${hit.headers['webhook-timestamp']}.${tampered}`),
      createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: k.x }, format: 'jwk' }),
      Buffer.from(v1a[0].slice(4), 'base64'))), 'a changed body fails v1a');
}

// A started two-player game of two fresh accounts (kind bot).
async function botGame() {
  const a = await createAccount(ctx.api, { kind: 'bot' });
  const b = await createAccount(ctx.api, { kind: 'bot' });
  const res = await ctx.api.post('/v1/games', {
    token: a.token, body: { ruleset: 'ironfuture', seats: [{ account_id: a.id }, { account_id: b.id }] }, expect: 201,
  });
  return { id: res.body.game.id, game: res.body.game, bots: [{ ...a, seat: 0 }, { ...b, seat: 1 }] };
}

// The seat that must act in bot game g makes its first legal move; returns
// the move's 201 body.
async function firstMove(g) {
  const v = (await ctx.api.get(`/v1/games/${g.id}`, { token: g.bots[0].token, expect: 200 })).body;
  const seat = v.must_act[0];
  const { token } = g.bots[seat];
  const lm = (await ctx.api.get(`/v1/games/${g.id}/legal-moves?seat=${seat}`, { token, expect: 200 })).body;
  return (await ctx.api.post(`/v1/games/${g.id}/moves`, { token, body: { move: lm.moves[0], seat }, expect: 201 })).body;
}

test('subscriptions: create shows the secret once, list, get, change, disable, enable, delete', async () => {
  await ready();
  const me = await createAccount(ctx.api);
  const other = await createAccount(ctx.api);
  const hook = await subscribe(me.token, '/crud', ['turn.yours', 'game.finished'], { description: 'my bot' });
  assert.match(hook.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
  assert.equal(hook.enabled, true);
  assert.deepEqual(hook.events, ['turn.yours', 'game.finished']);
  const listed = (await ctx.api.get('/v1/webhooks', { token: me.token, expect: 200 })).body.webhooks;
  assert.deepEqual(listed.map((h) => h.id), [hook.id]);
  assert.equal(listed[0].secret, undefined, 'the secret is shown on creation only');
  const got = (await ctx.api.get(`/v1/webhooks/${hook.id}`, { token: me.token, expect: 200 })).body;
  assert.equal(got.description, 'my bot');
  await ctx.api.get(`/v1/webhooks/${hook.id}`, { token: other.token, expect: 404, code: 'not_found' });
  assert.deepEqual((await ctx.api.get('/v1/webhooks', { token: other.token, expect: 200 })).body.webhooks, []);

  const changed = (await ctx.api.patch(`/v1/webhooks/${hook.id}`, {
    token: me.token, body: { events: ['*'], description: 'all of it' }, expect: 200,
  })).body;
  assert.deepEqual(changed.events, ['*']);
  assert.equal(changed.description, 'all of it');
  const off = (await ctx.api.patch(`/v1/webhooks/${hook.id}`, { token: me.token, body: { enabled: false }, expect: 200 })).body;
  assert.equal(off.enabled, false);
  assert.equal(off.disabled_reason, 'owner');
  const on = (await ctx.api.patch(`/v1/webhooks/${hook.id}`, { token: me.token, body: { enabled: true }, expect: 200 })).body;
  assert.equal(on.enabled, true);
  assert.equal(on.disabled_reason, null);
  await ctx.api.patch(`/v1/webhooks/${hook.id}`, { token: other.token, body: { enabled: false }, expect: 404 });
  await ctx.api.delete(`/v1/webhooks/${hook.id}`, { token: other.token, expect: 404 });
  await ctx.api.delete(`/v1/webhooks/${hook.id}`, { token: me.token, expect: 204 });
  await ctx.api.get(`/v1/webhooks/${hook.id}`, { token: me.token, expect: 404 });
  const types = (await ctx.api.get('/v1/webhooks/event-types', { expect: 200 })).body.event_types;
  for (const t of ['turn.yours', 'game.started', 'game.move', 'game.finished', 'game.message',
    'clock.reminder', 'clock.timeout', 'seat.invited', 'webhook.disabled']) assert.ok(types.includes(t), t);
});

test('bad subscriptions are refused with a problem and change nothing', async () => {
  await ready();
  const me = await createAccount(ctx.api);
  const kept = await subscribe(me.token, '/kept', ['game.move']);
  const cases = [
    [{ url: 'ftp://127.0.0.1/x', events: ['game.move'] }, 400, 'bad_request'],
    [{ url: 'not a url', events: ['game.move'] }, 400, 'bad_request'],
    [{ url: 'http://127.0.0.1/x#frag', events: ['game.move'] }, 400, 'bad_request'],
    [{ url: rx.url('/x'), events: ['game.moved'] }, 422, 'unknown_event_type'],
    [{ url: rx.url('/x'), events: [] }, 400, 'bad_request'],
    [{ url: rx.url('/x'), events: ['game.move', 'game.move'] }, 400, 'bad_request'],
    [{ url: rx.url('/x'), events: ['game.move'], colour: 'red' }, 400, 'bad_request'],
    [{ url: rx.url('/x'), events: ['game.move'], description: 'x'.repeat(257) }, 400, 'bad_request'],
    [{ url: rx.url('/x'), events: ['game.move'], game_id: 'nope' }, 400, 'bad_request'],
    [{ url: rx.url('/x'), events: ['game.move'], game_id: '00000000-0000-4000-8000-000000000000' }, 404, 'not_found'],
    [{ url: 'http://127.0.0.2:9/x', events: ['game.move'] }, 422, 'webhook_url_refused'],
    [{ url: 'http://10.1.2.3/x', events: ['game.move'] }, 422, 'webhook_url_refused'],
    [{ url: 'http://169.254.169.254/latest/meta-data', events: ['game.move'] }, 422, 'webhook_url_refused'],
    [{ url: 'http://[::1]:9/x', events: ['game.move'] }, 422, 'webhook_url_refused'],
    [{ url: 'http://[fd00::1]/x', events: ['game.move'] }, 422, 'webhook_url_refused'],
    [{ url: 'http://no-such-host.invalid/x', events: ['game.move'] }, 422, 'webhook_url_refused'],
  ];
  for (const [body, status, code] of cases) {
    await refusedWebhooks(ctx.api, me.token, JSON.stringify(body), () =>
      ctx.api.post('/v1/webhooks', { token: me.token, body, expect: status, code }));
  }
  const refusedChange = [
    [{ url: 'gopher://127.0.0.1/' }, 400, 'bad_request'],
    [{ events: ['nope'] }, 422, 'unknown_event_type'],
    [{ enabled: 'yes' }, 400, 'bad_request'],
    [{}, 400, 'bad_request'],
    [{ url: 'http://192.168.0.1/' }, 422, 'webhook_url_refused'],
  ];
  for (const [body, status, code] of refusedChange) {
    await refusedWebhooks(ctx.api, me.token, JSON.stringify(body), () =>
      ctx.api.patch(`/v1/webhooks/${kept.id}`, { token: me.token, body, expect: status, code }));
  }
  const refusedMedia = await ctx.api.patch(`/v1/webhooks/${kept.id}`, {
    token: me.token, raw: '{"enabled":false}', contentType: 'text/plain', expect: 415,
  });
  assert.equal(refusedMedia.body.code, 'unsupported_media_type');
  const blocked = await ctx.api.get(`/v1/webhooks/${kept.id}`, { token: me.token, expect: 200 });
  assert.equal(blocked.body.enabled, true, 'nothing was changed');
});

test('a move reaches each seat redacted for it and a game\'s spectator with public events only, signed both ways', async () => {
  await ready();
  const g = await botGame();
  const [a, b] = g.bots;
  const watcher = await createAccount(ctx.api);
  const ha = await subscribe(a.token, '/seat0', ['game.move']);
  const hb = await subscribe(b.token, '/seat1', ['game.move']);
  const hw = await subscribe(watcher.token, '/watch', ['game.move', 'turn.yours'], { game_id: g.id });
  const rand = seededRandom(7);
  const seqs = [];
  // until a move has drawn cards (a private event) and a few more
  for (let i = 0, drawn = -1; i < 200 && (drawn < 0 || i < drawn + 3); i++) {
    const v = (await ctx.api.get(`/v1/games/${g.id}`, { token: a.token, expect: 200 })).body;
    const seat = v.must_act[0];
    const p = g.bots[seat];
    const lm = (await ctx.api.get(`/v1/games/${g.id}/legal-moves?seat=${seat}`, { token: p.token, expect: 200 })).body;
    const res = await ctx.api.post(`/v1/games/${g.id}/moves`, {
      token: p.token, body: { move: concretize(rand.pick(lm.moves), rand), seat }, expect: 201,
    });
    seqs.push(res.body.seq);
    if (drawn < 0 && res.body.events.some((e) => e.to !== undefined)) drawn = i;
  }
  const last = seqs.at(-1);
  for (const path of ['/seat0', '/seat1', '/watch']) {
    await rx.waitFor((h) => h.path === path && h.body?.data?.seq === last, 15000, `${path} seq ${last}`);
  }
  const log = {};
  for (const seat of [0, 1]) {
    for (const m of (await ctx.api.get(`/v1/games/${g.id}/moves?after=0&limit=500`, { token: g.bots[seat].token, expect: 200 })).body.moves) {
      (log[m.seq] ??= {})[seat] = m.events;
    }
  }
  const spectatorLog = (await ctx.api.get(`/v1/games/${g.id}/moves?after=0&limit=500`, { token: watcher.token, expect: 200 })).body.moves;
  let privateSeen = 0;
  for (const [path, seat, hook] of [['/seat0', 0, ha], ['/seat1', 1, hb], ['/watch', null, hw]]) {
    const hits = rx.hits.filter((h) => h.path === path && h.body.data.game_id === g.id);
    assert.deepEqual(hits.map((h) => h.body.data.seq).sort((x, y) => x - y), seqs, `${path}: one game.move per move`);
    for (const h of hits) {
      assert.equal(h.body.type, 'game.move');
      assert.equal(h.body.data.seat, seat);
      const expected = seat === null
        ? spectatorLog.find((m) => m.seq === h.body.data.seq).events
        : log[h.body.data.seq][seat];
      assert.deepEqual(h.body.data.events, expected, `${path} seq ${h.body.data.seq}: the events as the move log shows them`);
      for (const e of h.body.data.events) {
        if (e.to !== undefined) {
          privateSeen++;
          assert.ok(seat !== null && e.to.includes(seat), `${path}: a private event of seat ${e.to} reached seat ${seat}`);
        }
      }
      await assertSigned(h, [hook.secret]);
    }
  }
  assert.ok(privateSeen > 0, 'the moves drew cards: some private events were delivered, each to its seat');
  assert.equal(rx.hits.filter((h) => h.path === '/watch' && h.body.type === 'turn.yours').length, 0,
    'a spectator has no turn');
  const ids = rx.hits.map((h) => h.headers['webhook-id']);
  assert.equal(new Set(ids).size, ids.length, 'every delivery has its own webhook-id');
});

test('a bot account plays a whole Iron Future game driven only by turn.yours', async () => {
  await ready();
  const a = await createAccount(ctx.api, { kind: 'bot' });
  const b = await createAccount(ctx.api, { kind: 'bot' });
  const bots = [{ ...a, seat: 0, path: '/bot0' }, { ...b, seat: 1, path: '/bot1' }];
  const hooks = [];
  for (const bot of bots) hooks.push(await subscribe(bot.token, bot.path, ['turn.yours', 'game.started', 'game.finished']));
  const rand = seededRandom(2026);
  const errors = [];
  let moves = 0;
  const acted = new Set();
  for (const bot of bots) {
    let chain = Promise.resolve();
    rx.onPost(bot.path, (hit) => {
      if (hit.body?.type !== 'turn.yours') return;
      chain = chain.then(async () => {
        const d = hit.body.data;
        const key = `${d.game_id}:${d.version}:${d.seat}`;
        if (acted.has(key)) return;   // at least once: a repeat is ignored
        acted.add(key);
        const v = (await ctx.api.get(`/v1/games/${d.game_id}`, { token: bot.token, expect: 200 })).body;
        if (v.version !== d.version) return;   // a later turn.yours will come
        const lm = (await ctx.api.get(`/v1/games/${d.game_id}/legal-moves?seat=${d.seat}`, { token: bot.token, expect: 200 })).body;
        await ctx.api.post(`/v1/games/${d.game_id}/moves`, {
          token: bot.token, body: { move: concretize(rand.pick(lm.moves), rand), seat: d.seat },
          headers: { 'if-match': `"${d.version}"` }, expect: 201,
        });
        moves++;
      }).catch((e) => errors.push(e));
    });
  }
  const res = await ctx.api.post('/v1/games', {
    token: a.token, body: { ruleset: 'ironfuture', seats: [{ account_id: a.id }, { account_id: b.id }] }, expect: 201,
  });
  const id = res.body.game.id;
  for (const bot of bots) {
    await rx.waitFor((h) => h.path === bot.path && h.body?.type === 'game.finished' && h.body.data.game_id === id,
      240000, `game.finished at ${bot.path}`);
  }
  assert.deepEqual(errors, [], 'no bot step failed');
  const v = (await ctx.api.get(`/v1/games/${id}`, { token: a.token, expect: 200 })).body;
  assert.equal(v.status, 'finished');
  const ex = (await ctx.api.get(`/v1/games/${id}/export`, { token: a.token, expect: 200 })).body;
  assert.equal(ex.moves.length, moves, 'every move of the game was made in answer to a turn.yours');
  assert.ok(moves > 20, `a whole game (${moves} moves)`);
  const started = rx.hits.filter((h) => h.body?.type === 'game.started' && h.body.data.game_id === id);
  assert.equal(started.length, 2, 'each bot heard that the game started');
  for (const [i, bot] of bots.entries()) {
    for (const h of rx.hits.filter((x) => x.path === bot.path && x.body?.data?.game_id === id).slice(0, 5)) {
      await assertSigned(h, [hooks[i].secret]);
    }
  }
  for (const bot of bots) rx.onPost(bot.path, () => {});
});

test('a failing endpoint is retried with the same webhook-id, then disabled, and its owner told', async () => {
  await ready();
  const g = await botGame();
  const [a] = g.bots;
  rx.respond('/down', 500);
  const down = await subscribe(a.token, '/down', ['game.move']);
  const ok = await subscribe(a.token, '/told', ['webhook.disabled', 'game.move']);
  const first = { body: await firstMove(g) };
  const told = await rx.waitFor((h) => h.path === '/told' && h.body?.type === 'webhook.disabled', 20000, 'webhook.disabled');
  assert.equal(told.body.data.webhook_id, down.id);
  assert.equal(told.body.data.reason, 'failing');
  await assertSigned(told, [ok.secret]);
  const tries = rx.hits.filter((h) => h.path === '/down');
  assert.equal(tries.length, RETRY.length + 1, 'one attempt and one per retry');
  assert.equal(new Set(tries.map((h) => h.headers['webhook-id'])).size, 1, 'the same webhook-id on every attempt');
  assert.equal(new Set(tries.map((h) => h.text)).size, 1, 'the same body on every attempt');
  for (let i = 1; i < tries.length; i++) {
    assert.ok(tries[i].at - tries[i - 1].at >= RETRY[i - 1] * 800 - 50, `retry ${i} waited its backoff (at least 0.8 of ${RETRY[i - 1]} s)`);
  }
  const hook = (await ctx.api.get(`/v1/webhooks/${down.id}`, { token: a.token, expect: 200 })).body;
  assert.equal(hook.enabled, false);
  assert.equal(hook.disabled_reason, 'failing');
  const [d] = await deliveries(a.token, down.id);
  assert.equal(d.status, 'failed');
  assert.equal(d.attempts, RETRY.length + 1);
  assert.equal(d.msg_id, tries[0].headers['webhook-id']);
  assert.equal(d.payload.data.seq, first.body.seq);
  assert.deepEqual(d.attempt_log.map((x) => x.response_status), tries.map(() => 500));
  assert.ok(d.attempt_log.every((x) => Number.isInteger(x.latency_ms) && x.manual === false));

  // While disabled, nothing new is queued for it.
  const second = { body: await firstMove(g) };
  await rx.waitFor((h) => h.path === '/told' && h.body?.data?.seq === second.body.seq, 15000, 'the second move at /told');
  assert.equal((await deliveries(a.token, down.id)).length, 1, 'no delivery for a disabled endpoint');

  // Redelivery needs it enabled; then it is one attempt, with the same id and body.
  await refusedWebhooks(ctx.api, a.token, 'redeliver to a disabled webhook', () =>
    ctx.api.post(`/v1/webhooks/${down.id}/deliveries/${d.id}/redeliver`, { token: a.token, expect: 404, code: 'not_found' }));
  await ctx.api.patch(`/v1/webhooks/${down.id}`, { token: a.token, body: { enabled: true }, expect: 200 });
  rx.respond('/down', 200);
  await ctx.api.post(`/v1/webhooks/${down.id}/deliveries/${d.id}/redeliver`, { token: a.token, expect: 202 });
  const again = await logUntil(a.token, down.id, (l) => l[0]?.status === 'succeeded', 'the redelivery');
  assert.equal(again[0].attempts, RETRY.length + 2);
  assert.equal(again[0].attempt_log.at(-1).manual, true);
  assert.equal(again[0].attempt_log.at(-1).response_status, 200);
  const redone = rx.hits.filter((h) => h.path === '/down');
  assert.equal(redone.length, RETRY.length + 2);
  assert.equal(redone.at(-1).headers['webhook-id'], tries[0].headers['webhook-id']);
  assert.equal(redone.at(-1).text, tries[0].text);
});

test('410 Gone disables at once; a slow or oversized answer fails the attempt', async () => {
  await ready();
  const g = await botGame();
  const [a] = g.bots;
  rx.respond('/gone', 410);
  rx.respond('/slow', 204, { delayMs: 2500 });
  rx.respond('/big', 200, { body: 'x'.repeat(100 * 1024) });
  const gone = await subscribe(a.token, '/gone', ['game.move']);
  const slow = await subscribe(a.token, '/slow', ['game.move']);
  const big = await subscribe(a.token, '/big', ['game.move']);
  await firstMove(g);
  const [dg] = await logUntil(a.token, gone.id, (l) => l[0]?.status === 'failed', '410');
  assert.equal(dg.attempts, 1);
  assert.equal((await ctx.api.get(`/v1/webhooks/${gone.id}`, { token: a.token, expect: 200 })).body.disabled_reason, 'gone');
  const [ds] = await logUntil(a.token, slow.id, (l) => l[0]?.attempts >= 1, 'slow');
  assert.match(ds.attempt_log[0].error, /timeout|timed out/i);
  const [db] = await logUntil(a.token, big.id, (l) => l[0]?.attempts >= 1, 'big');
  assert.match(db.attempt_log[0].error, /longer than 65536 bytes/);
  for (const h of [slow, big]) await ctx.api.delete(`/v1/webhooks/${h.id}`, { token: a.token, expect: 204 });
});

test('rotation: a new secret signs at once and the old one keeps signing for a day', async () => {
  await ready();
  const g = await botGame();
  const [a] = g.bots;
  const hook = await subscribe(a.token, '/rotate', ['game.move']);
  const rotated = (await ctx.api.post(`/v1/webhooks/${hook.id}/rotate-secret`, { token: a.token, expect: 200 })).body;
  assert.notEqual(rotated.secret, hook.secret);
  const until = Date.parse(rotated.old_secret_until);
  assert.ok(Math.abs(until - Date.now() - 24 * 3600e3) < 120e3, 'the old secret is valid for 24 hours');
  await refusedWebhooks(ctx.api, a.token, 'rotate with a body', () =>
    ctx.api.post(`/v1/webhooks/${hook.id}/rotate-secret`, { token: a.token, body: { secret: 'mine' }, expect: 400 }));
  const m = await firstMove(g);
  const hit = await rx.waitFor((h) => h.path === '/rotate' && h.body?.data?.seq === m.seq);
  assert.equal(hit.headers['webhook-signature'].split(' ').filter((s) => s.startsWith('v1,')).length, 2);
  await assertSigned(hit, [rotated.secret, hook.secret]);
});

test('the address is checked again when a delivery is sent', async () => {
  await ready();
  const g = await botGame();
  const [a] = g.bots;
  await replica.stop();
  replica = null;
  const strict = await startReplica({ TURNPOST_WEBHOOK_RETRY: '0.2' });
  try {
    const hook = await subscribe(a.token, '/strict', ['game.move']);
    await firstMove(g);
    const [d] = await logUntil(a.token, hook.id, (l) => l[0]?.status === 'failed', 'the refused delivery');
    assert.equal(d.attempts, 2);
    for (const x of d.attempt_log) {
      assert.match(x.error, /refused: 127\.0\.0\.1 is a loopback address/);
      assert.equal(x.response_status, null);
    }
    assert.equal(rx.hits.filter((h) => h.path === '/strict').length, 0, 'nothing reached the receiver');
  } finally {
    await strict.stop();
    replica = await startReplica();
  }
});
