// outage.test.mjs - the database goes away and comes back: requests in the
// outage get 503 problem+json, the server keeps running, and it reconnects
// by itself. It uses a PostgreSQL cluster of its own (scripts/pg.sh), so
// stopping it disturbs no other test.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';

import { client } from './lib/client.mjs';
import { createAccount, sleep } from './lib/fixtures.mjs';
import { freePort, requireEnv, startServer } from './lib/server.mjs';

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
  // connection dead; it reconnects and resends, so none of these fails.
  let ok = 0;
  for (let i = 0; i < 40; i++) {
    const res = await api.get('/v1/me', { token: alice.token, expect: [200, 503] });
    if (res.status === 200) ok++;
    else await sleep(100);
  }
  assert.ok(ok >= 35, `only ${ok} of 40 requests succeeded after the restart`);
  await api.get('/readyz', { expect: 200 });
  assert.ok(server.alive(), 'the server kept running');
});
