// harness.mjs - one server per test file.
//
//   const ctx = useServer();            // in a test file, at the top level
//   test('...', async () => { await ctx.api.get('/healthz') });
//
// The server starts before the file's first test and stops after its last.
// After each test the server must still run with nothing from a sanitizer
// on its stderr, or that test fails; at the end it must exit 0 on SIGTERM
// with no report (LeakSanitizer's) or the file fails. Every test of the
// file must make a check (checks.mjs).

import { basename } from 'node:path';
import { after, afterEach, before } from 'node:test';

import { requireChecks } from './checks.mjs';
import { client } from './client.mjs';
import { startServer } from './server.mjs';

export function useServer(opts = {}) {
  const ctx = {};
  requireChecks();
  before(async () => {
    ctx.server = await startServer(opts);
    ctx.api = client(ctx.server.url);
    ctx.adminToken = ctx.server.adminToken;
  });
  afterEach(async () => {
    if (!ctx.server) return;
    const report = ctx.server.sanitizerReport();
    if (report || !ctx.server.alive()) {
      const { stdout, stderr } = ctx.server.output();
      // Reported once: the test that saw it fails, later ones need not.
      const server = ctx.server;
      ctx.server = null;
      await server.stop().catch(() => {});
      throw new Error(`the server ${report ? 'reported a sanitizer error' : 'died'} during this test\n` +
        `stdout (tail):\n${stdout.slice(-2000)}\nstderr (tail):\n${stderr.slice(-6000)}`);
    }
  });
  after(async () => {
    if (!ctx.server) return;
    try {
      await ctx.server.stop();
    } catch (e) {
      // The hook is this file's; say which test file's server it was.
      e.message = `${basename(process.argv[1] ?? '')}: ${e.message}`;
      throw e;
    }
  });
  return ctx;
}
