// outage.test.mjs - the database goes away and comes back: requests in the
// outage get 503 problem+json, the server keeps running, and it reconnects
// by itself. It uses a PostgreSQL cluster of its own (scripts/pg.sh), so
// stopping it disturbs no other test.

import assert, { requireChecks } from './lib/checks.mjs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';

import { client } from './lib/client.mjs';
import { createAccount, seededRandom, startedGame } from './lib/fixtures.mjs';
import { chooseMove, playOne } from './lib/play.mjs';
import { freePort, requireEnv, startServer } from './lib/server.mjs';

requireChecks();

const pgsh = resolve(dirname(fileURLToPath(import.meta.url)), '../../scripts/pg.sh');
const dir = mkdtempSync(join(tmpdir(), 'turnpost-outage-'));
chmodSync(dir, 0o755);
const pgdata = join(dir, 'pgdata');
let port;
let server;
let api;

const pg = (...args) => execFileSync('bash', [pgsh, ...args], { encoding: 'utf8' }).trim();

before(async () => {
  port = await freePort();
  pg('start', pgdata, String(port));
  const url = pg('url', pgdata, String(port), 'outage');
  execFileSync(requireEnv('TURNPOST_BIN'), ['migrate'], { env: { ...process.env, DATABASE_URL: url } });
  server = await startServer({ env: { DATABASE_URL: url } });
  api = client(server.url);
});

after(async () => {
  if (server) await server.stop();
  try { pg('stop', pgdata); } catch { /* already stopped */ }
  rmSync(dir, { recursive: true, force: true });
});

test('a database outage is 503 problem+json, and the server recovers by itself', async () => {
  const alice = await createAccount(api);
  await api.get('/v1/me', { token: alice.token, expect: 200 });

  pg('stop', pgdata);
  for (let i = 0; i < 3; i++) {
    const res = await api.get('/v1/me', { token: alice.token, expect: 503, code: 'service_unavailable' });
    assert.equal(res.headers.get('retry-after'), '1');
  }
  await api.get('/readyz', { expect: 503, code: 'service_unavailable' });
  await api.get('/healthz', { expect: 200 });

  pg('start', pgdata, String(port));
  // Every worker's first request after the restart finds its old
  // connection dead; it reconnects and resends, so none of these fails
  // (pg.sh start returns once the cluster takes connections).
  for (let i = 0; i < 40; i++) {
    const res = await api.get('/v1/me', { token: alice.token, expect: 200 });
    assert.equal(res.body.id, alice.id);
  }
  await api.get('/readyz', { expect: 200 });
  assert.ok(server.alive(), 'the server kept running');
});

test('moves refused in an outage change nothing, and moves go on after it', async () => {
  const g = await startedGame(api);
  const rand = seededRandom(7);
  for (let i = 0; i < 3; i++) await playOne(api, g.id, g.players, rand);
  const chosen = await chooseMove(api, g.id, g.players, rand);
  const before = (await api.get(`/v1/games/${g.id}`, { token: g.players[0].token, expect: 200 })).body;

  pg('stop', pgdata);
  await api.post(`/v1/games/${g.id}/moves`, {
    token: chosen.token, body: { move: chosen.move, seat: chosen.seat },
    headers: { 'idempotency-key': 'outage-1' }, expect: 503, code: 'service_unavailable',
  });
  pg('start', pgdata, String(port));

  // Each worker's connection died with the cluster; a move is the first
  // statement of a transaction, so it is sent again on a new connection.
  const seen = await api.get(`/v1/games/${g.id}`, { token: g.players[0].token, expect: 200 });
  assert.equal(seen.body.version, before.version, 'the refused move changed nothing');
  const res = await api.post(`/v1/games/${g.id}/moves`, {
    token: chosen.token, body: { move: chosen.move, seat: chosen.seat },
    headers: { 'idempotency-key': 'outage-1' }, expect: 201,
  });
  assert.equal(res.body.version, before.version + 1);
  // The same key again: the stored answer, byte for byte, and no new move.
  const again = await api.post(`/v1/games/${g.id}/moves`, {
    token: chosen.token, body: { move: chosen.move, seat: chosen.seat },
    headers: { 'idempotency-key': 'outage-1' }, expect: 201,
  });
  assert.equal(again.text, res.text);
  // Play goes on: up to 20 more moves, each raising the version by one,
  // fewer only when the game ended.
  let made = 0;
  for (let i = 0; i < 20; i++) if (await playOne(api, g.id, g.players, rand)) made++;
  const after = (await api.get(`/v1/games/${g.id}`, { token: g.players[0].token, expect: 200 })).body;
  assert.equal(after.version, before.version + 1 + made);
  if (made < 20) assert.equal(after.status, 'finished', 'moves stopped only at the end');
});
