// Event streams (Server-Sent Events) across two replicas: a Steam game
// played through one server is followed on the other, by a seat and a
// spectator, with a restart in the middle resumed from Last-Event-ID; what
// each received is exactly its move log. An Iron Future stream per seat
// carries each seat's private draws and no other's. Heartbeats, and the
// refusals of bad positions, which change nothing.

import { test } from 'node:test';

import assert from './lib/checks.mjs';
import { client } from './lib/client.mjs';
import { createAccount, moveLog, seededRandom, sleep } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { concretize } from './lib/play.mjs';
import { startServer } from './lib/server.mjs';
import { openStream } from './lib/sse.mjs';
import { steamPlayer } from './lib/steam-policy.mjs';

const ctx = useServer();
let follower;   // the replica the streams are held on

async function replica() {
  follower ??= await startServer({ keysDir: ctx.server.keysDir, env: { TURNPOST_SSE_HEARTBEAT: '1' } });
  return follower;
}

test.after(async () => { await follower?.stop(); });

// The move entries of a stream's events, and the last game event.
function movesOf(events) {
  return events.filter((e) => e.event === 'move').map((e) => {
    assert.equal(e.id.split(':')[0], String(e.data.seq), 'an entry\'s id begins with its sequence number');
    return e.data;
  });
}

test('a seat and a spectator follow a whole Steam game on another replica, through a restart, missing nothing', async () => {
  const api = ctx.api;
  const other = await replica();
  const ruleset = (await api.get('/v1/rulesets/steam', { expect: 200 })).body;
  const players = [];
  for (let i = 0; i < 3; i++) players.push(await createAccount(api));
  const spectator = await createAccount(api);
  const g = (await api.post('/v1/games', {
    token: players[0].token,
    body: { ruleset: 'steam', seats: players.map((p) => ({ account_id: p.id })) },
    expect: 201,
  })).body.game;
  const url = `${other.url}/v1/games/${g.id}/events`;
  const followers = [
    { who: 'seat 0', token: players[0].token, received: [] },
    { who: 'spectator', token: spectator.token, received: [] },
  ];
  for (const f of followers) {
    f.stream = openStream(`${url}?after=0`, f.token);
    const res = await f.stream.response;
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type'), /^text\/event-stream/);
    assert.equal(res.headers.get('cache-control'), 'no-store');
  }
  const choose = steamPlayer(ruleset, seededRandom(99));
  let moves = 0;
  let restarted = false;
  for (; moves < 2000; moves++) {
    const v = (await api.get(`/v1/games/${g.id}`, { token: spectator.token, expect: 200 })).body;
    if (v.status === 'finished') break;
    const seat = v.must_act[0];
    const lm = (await api.get(`/v1/games/${g.id}/legal-moves`, { token: players[seat].token, expect: 200 })).body;
    await api.post(`/v1/games/${g.id}/moves`, {
      token: players[seat].token, body: { move: choose(v, lm.moves, seat) }, expect: 201,
    });
    if (!restarted && moves === 40) {
      // Mid-game, each follower's connection drops; it comes back with the
      // last id it saw, while the game goes on without it.
      for (const f of followers) {
        await f.stream.until((e) => e.event === 'move' && e.data.seq >= 30, 20000);
        f.received.push(...movesOf(f.stream.events));
        f.stream.close();
        f.resumeFrom = f.stream.lastId;
      }
      for (let i = 0; i < 5; i++, moves++) {
        const w = (await api.get(`/v1/games/${g.id}`, { token: spectator.token, expect: 200 })).body;
        const s = w.must_act[0];
        const l = (await api.get(`/v1/games/${g.id}/legal-moves`, { token: players[s].token, expect: 200 })).body;
        await api.post(`/v1/games/${g.id}/moves`, { token: players[s].token, body: { move: choose(w, l.moves, s) }, expect: 201 });
      }
      for (const f of followers) {
        f.stream = openStream(url, f.token, { lastEventId: f.resumeFrom });
        assert.equal((await f.stream.response).status, 200);
      }
      restarted = true;
    }
  }
  assert.ok(restarted, 'the game was long enough to restart the streams');
  const final = (await api.get(`/v1/games/${g.id}`, { token: spectator.token, expect: 200 })).body;
  assert.equal(final.status, 'finished', `the game ended (${moves} moves)`);
  for (const f of followers) {
    const last = await f.stream.until((e) => e.event === 'game' && e.data.status === 'finished', 30000);
    assert.equal(last.data.move_count, final.move_count);
    assert.equal(last.data.log_head, final.log_head);
    assert.deepEqual(last.data.must_act, []);
    f.received.push(...movesOf(f.stream.events));
    const beat = f.stream.events.some((e) => e.comment === ' heartbeat' || e.comment === 'heartbeat');
    f.stream.close();
    const log = await moveLog(api, g.id, f.token);
    assert.deepEqual(f.received.map((m) => m.seq), log.map((m) => m.seq),
      `${f.who}: every entry once, in order, across the restart`);
    assert.deepEqual(f.received, log, `${f.who}: the entries are the move log's`);
    assert.ok(beat || moves < 10, `${f.who}: heartbeats while the game went on`);
  }
});

test('each Iron Future seat\'s stream carries its own private draws and nobody else\'s', async () => {
  const api = ctx.api;
  const other = await replica();
  const a = await createAccount(api);
  const b = await createAccount(api);
  const seats = [a, b];
  const g = (await api.post('/v1/games', {
    token: a.token, body: { ruleset: 'ironfuture', seats: [{ account_id: a.id }, { account_id: b.id }] }, expect: 201,
  })).body.game;
  const streams = seats.map((p) => openStream(`${other.url}/v1/games/${g.id}/events?after=0`, p.token));
  const rand = seededRandom(5);
  let drawn = false;
  for (let i = 0; i < 300 && !drawn; i++) {
    const v = (await api.get(`/v1/games/${g.id}`, { token: a.token, expect: 200 })).body;
    const s = v.must_act[0];
    const lm = (await api.get(`/v1/games/${g.id}/legal-moves?seat=${s}`, { token: seats[s].token, expect: 200 })).body;
    const res = await api.post(`/v1/games/${g.id}/moves`, {
      token: seats[s].token, body: { move: concretize(rand.pick(lm.moves), rand), seat: s }, expect: 201,
    });
    drawn = res.body.events.some((e) => e.to !== undefined);
  }
  assert.ok(drawn, 'a move drew cards');
  const count = (await api.get(`/v1/games/${g.id}`, { token: a.token, expect: 200 })).body.move_count;
  for (const [seat, s] of streams.entries()) {
    await s.until((e) => e.event === 'game' && e.data.move_count === count, 20000);
    s.close();
    const got = movesOf(s.events);
    assert.deepEqual(got, await moveLog(api, g.id, seats[seat].token), `seat ${seat}: its own move log`);
    const privateEvents = got.flatMap((m) => m.events).filter((e) => e.to !== undefined);
    assert.ok(privateEvents.length > 0, `seat ${seat} saw private events`);
    for (const e of privateEvents) assert.ok(e.to.includes(seat), `seat ${seat} got an event for ${e.to}`);
  }
});

test('a stream from a position the log does not have is refused and changes nothing', async () => {
  const api = ctx.api;
  const a = await createAccount(api);
  const b = await createAccount(api);
  const g = (await api.post('/v1/games', {
    token: a.token, body: { ruleset: 'ironfuture', seats: [{ account_id: a.id }, { account_id: b.id }] }, expect: 201,
  })).body.game;
  const before = (await api.get(`/v1/games/${g.id}`, { token: a.token, expect: 200 })).text;
  for (const [query, headers] of [['?after=99', {}], ['?after=-1', {}], ['?after=x', {}], ['', { 'last-event-id': 'abc' }],
    ['', { 'last-event-id': '5' }], ['?after=0&after=1', {}], ['?since=0', {}]]) {
    await api.get(`/v1/games/${g.id}/events${query}`, { token: a.token, headers, expect: 400 });
  }
  await api.get(`/v1/games/${g.id}/events`, { expect: 401 });
  await api.get('/v1/games/00000000-0000-4000-8000-000000000000/events', { token: a.token, expect: 404, code: 'not_found' });
  assert.equal((await api.get(`/v1/games/${g.id}`, { token: a.token, expect: 200 })).text, before, 'the game is unchanged');
});

test('a server stops cleanly while it holds streams, and they end', async () => {
  const a = await createAccount(ctx.api);
  const b = await createAccount(ctx.api);
  const g = (await ctx.api.post('/v1/games', {
    token: a.token, body: { ruleset: 'ironfuture', seats: [{ account_id: a.id }, { account_id: b.id }] }, expect: 201,
  })).body.game;
  const extra = await startServer({ keysDir: ctx.server.keysDir });
  const streams = [a, b].map((p) => openStream(`${extra.url}/v1/games/${g.id}/events?after=0`, p.token));
  for (const s of streams) await s.until((e) => e.event === 'game', 10000);
  const poll = client(extra.url).get(`/v1/games/${g.id}?wait=60&after_version=${g.version}`, { token: a.token });
  await sleep(300);   // the poll is held (were it answered, it would be 200)
  await extra.stop();   // throws unless it exits 0 with no sanitizer report
  const held = await poll;
  assert.equal(held.status, 503, 'a held poll is answered when its server stops');
  assert.equal(held.body.code, 'service_unavailable');
  for (const s of streams) {
    await assert.rejects(s.next(5000), /ended/, 'the stream ends with the server');
  }
});

test('a long poll answers when a move is made through another replica, or when its time is up', async () => {
  const api = ctx.api;
  const other = client((await replica()).url);
  const a = await createAccount(api);
  const b = await createAccount(api);
  const seats = [a, b];
  const g = (await api.post('/v1/games', {
    token: a.token, body: { ruleset: 'ironfuture', seats: [{ account_id: a.id }, { account_id: b.id }] }, expect: 201,
  })).body.game;
  // past the version already: at once
  const now = await other.get(`/v1/games/${g.id}?wait=30&after_version=${g.version - 1}`, { token: a.token, expect: 200 });
  assert.equal(now.body.version, g.version);
  // at the version: held until the move
  const poll = other.get(`/v1/games/${g.id}?wait=30&after_version=${g.version}`, { token: b.token, expect: 200 });
  await sleep(300);
  const s = g.must_act[0];
  const lm = (await api.get(`/v1/games/${g.id}/legal-moves?seat=${s}`, { token: seats[s].token, expect: 200 })).body;
  const moved = await api.post(`/v1/games/${g.id}/moves`, { token: seats[s].token, body: { move: lm.moves[0], seat: s }, expect: 201 });
  const answer = await poll;
  assert.equal(answer.body.version, moved.body.version, 'the poll answers with the view after the move');
  assert.match(answer.headers.get('etag'), new RegExp(`^"${moved.body.version}\\.${answer.body.viewer_seat}(-gz)?"$`));
  // nothing happens: the view as it is, once the wait is over
  const idle = await other.get(`/v1/games/${g.id}?wait=1&after_version=${moved.body.version}`, { token: a.token, expect: 200 });
  assert.equal(idle.body.version, moved.body.version);
  for (const q of ['wait=5', 'after_version=1', 'wait=0&after_version=1', 'wait=61&after_version=1',
    'wait=x&after_version=1', 'wait=5&after_version=-1', 'wait=5&after_version=1&pause=1']) {
    await other.get(`/v1/games/${g.id}?${q}`, { token: a.token, expect: 400, code: 'invalid_parameter' });
  }
});

test('an account\'s stream carries its invites, turns and messages, and a resumed one misses nothing', async () => {
  const api = ctx.api;
  const other = await replica();
  const a = await createAccount(api);
  const b = await createAccount(api);
  const url = `${other.url}/v1/me/events`;
  const steady = openStream(url, b.token);
  const broken = openStream(url, b.token);
  for (const s of [steady, broken]) assert.equal((await s.response).status, 200);
  await sleep(300);   // both streams are held before anything happens
  const g = (await api.post('/v1/games', {
    token: a.token, body: { ruleset: 'ironfuture', seats: [{ account_id: a.id }, { account_id: b.id }] }, expect: 201,
  })).body.game;
  const seats = [a, b];
  await api.post(`/v1/games/${g.id}/messages`, { token: a.token, body: { text: 'hello b' }, expect: 201 });
  await broken.until((e) => e.event === 'game.message', 15000);
  broken.close();
  // while the second stream is away: a private message, and moves until b must act
  await api.post(`/v1/games/${g.id}/messages`, { token: a.token, body: { text: 'just for you', to: 1 }, expect: 201 });
  let v = (await api.get(`/v1/games/${g.id}`, { token: a.token, expect: 200 })).body;
  for (let i = 0; i < 40 && !(v.must_act.includes(1) && i > 0); i++) {
    const s = v.must_act[0];
    const lm = (await api.get(`/v1/games/${g.id}/legal-moves?seat=${s}`, { token: seats[s].token, expect: 200 })).body;
    v = (await api.post(`/v1/games/${g.id}/moves`, { token: seats[s].token, body: { move: lm.moves[0], seat: s }, expect: 201 })).body.game;
  }
  await api.post(`/v1/games/${g.id}/resign`, { token: a.token, expect: 200 });
  const resumed = openStream(url, b.token, { lastEventId: broken.lastId });
  for (const s of [steady, resumed]) await s.until((e) => e.event === 'game.finished', 15000);
  steady.close();
  resumed.close();
  const events = (s) => s.events.filter((e) => e.event).map((e) => ({ id: e.id, event: e.event, data: e.data }));
  const whole = events(steady);
  assert.deepEqual([...events(broken), ...events(resumed)], whole, 'the broken stream, resumed, has every event once');
  const types = whole.map((e) => e.event);
  for (const t of ['seat.invited', 'game.started', 'turn.yours', 'game.message', 'game.finished']) {
    assert.ok(types.includes(t), `b heard ${t}`);
  }
  assert.ok(!types.includes('game.move'), 'an account stream leaves the moves to the game streams');
  assert.ok(whole.every((e) => e.data.type === e.event && e.data.data.game_id === g.id), 'each is the webhook payload of its type');
  assert.deepEqual(whole.filter((e) => e.event === 'game.message').map((e) => e.data.data.message.text), ['hello b', 'just for you']);
  await api.get('/v1/me/events?after=x', { token: b.token, expect: 400, code: 'invalid_parameter' });
  await api.get('/v1/me/events', { expect: 401 });
});
