// harness.mjs - one server per test file.
//
//   const ctx = useServer();            // in a test file, at the top level
//   test('...', async () => { await ctx.api.get('/healthz') });
//
// The server starts before the file's first test and stops after its last.

import { after, before } from 'node:test';

import { client } from './client.mjs';
import { startServer } from './server.mjs';

export function useServer(opts = {}) {
  const ctx = {};
  before(async () => {
    ctx.server = await startServer(opts);
    ctx.api = client(ctx.server.url);
    ctx.adminToken = ctx.server.adminToken;
  });
  after(async () => {
    if (!ctx.server) return;
    const alive = ctx.server.alive();
    const exit = await ctx.server.stop();
    if (!alive) {
      const { stdout, stderr } = ctx.server.output();
      throw new Error(`the server died during the tests (exit ${JSON.stringify(exit)})\n` +
        `stdout (tail):\n${stdout.slice(-3000)}\nstderr (tail):\n${stderr.slice(-6000)}`);
    }
  });
  return ctx;
}
