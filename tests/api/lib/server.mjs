// server.mjs - starts the real turnpost binary for a test file.
//
// startServer() runs `$TURNPOST_BIN serve --port P --keys DIR` with
// TURNPOST_LISTEN=127.0.0.1 and DATABASE_URL from the environment, on a free
// port and a fresh key directory, waits until GET /readyz answers 200, and
// returns {url, port, keysDir, adminToken, stop(), output()}. adminToken is
// read from the file the server wrote when it made the admin account, or
// else from one `turnpost admin-token` writes (the token is never printed).
//
// A server must end well: stop() sends SIGTERM, waits for the exit, and
// throws unless the server exited 0 by itself and its stderr holds no
// sanitizer report (LeakSanitizer's come only at exit, so stop() is where
// they are seen). sanitizerReport() reads stderr at any time; the harness
// asks after every test, so a report fails the test that caused it.

import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function requireEnv(name) {
  const v = process.env[name];
  if (!v) throw new Error(`${name} must be set (see tests/api/run.sh)`);
  return v;
}

// A port nobody listens on right now.
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// What AddressSanitizer, LeakSanitizer, UndefinedBehaviorSanitizer and the
// others print when they find something (UBSan without halt_on_error goes
// on running, so only its stderr tells).
const SANITIZER = [
  /ERROR: AddressSanitizer/,
  /ERROR: LeakSanitizer/,
  /WARNING: \w*Sanitizer/,
  /ERROR: \w*Sanitizer/,
  /SUMMARY: \w*Sanitizer/,
  /runtime error: /,
];

// The first sanitizer report in text with what follows it, or null.
export function sanitizerReport(text) {
  let at = -1;
  for (const re of SANITIZER) {
    const m = re.exec(text);
    if (m && (at < 0 || m.index < at)) at = m.index;
  }
  if (at < 0) return null;
  const start = text.lastIndexOf('\n', at) + 1;
  return text.slice(start, start + 4000);
}

// Why the way a server ended is not a clean end, or null: a signal, a
// non-zero exit, or a sanitizer report on its stderr.
export function badEnd(exit, stderr) {
  const report = sanitizerReport(stderr);
  if (report) return `a sanitizer reported:\n${report}`;
  if (exit.signal !== null) return `it was killed by ${exit.signal}`;
  if (exit.code !== 0) return `it exited with status ${exit.code}`;
  return null;
}

// Servers still running when this process exits (a test that threw before
// stop(), an interrupted run) are killed with it, never left behind.
const running = new Set();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

// Starts one server. opts.env adds environment variables (webhook
// delivery is off unless it sets TURNPOST_DISPATCHERS); opts.keysDir
// reuses a key directory (two servers sharing keys accept each other's
// tokens); opts.timeoutMs bounds the wait for readiness.
export async function startServer(opts = {}) {
  const bin = requireEnv('TURNPOST_BIN');
  const databaseUrl = requireEnv('DATABASE_URL');
  const ownKeys = !opts.keysDir;
  const keysDir = opts.keysDir ?? mkdtempSync(join(tmpdir(), 'turnpost-keys-'));
  const timeoutMs = opts.timeoutMs ?? 20000;

  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const child = spawn(bin, ['serve', '--port', String(port), '--keys', keysDir], {
      // No server of the suite delivers webhooks unless its test asks: a
      // delivering replica would take every file's outbox rows.
      // Rate limits high enough never to refuse a test (ratelimit.test.mjs
      // sets its own), but on, so that every answer carries RateLimit.
      env: { ...process.env, DATABASE_URL: databaseUrl, TURNPOST_LISTEN: '127.0.0.1', TURNPOST_DISPATCHERS: '0',
        TURNPOST_RATE_LIMIT: '1000000/1', TURNPOST_RATE_LIMIT_ANON: '1000000/1', ...(opts.env ?? {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    let adminToken = null;
    let exited = null;
    running.add(child);
    const exitPromise = new Promise((resolve) => {
      child.on('exit', (code, signal) => {
        exited = { code, signal };
        running.delete(child);
        resolve(exited);
      });
    });
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (d) => {
      out += d;
      const m = /admin token written to (\S+)/.exec(out);
      if (m && !adminToken) adminToken = readFileSync(m[1], 'utf8').trim();
    });
    child.stderr.on('data', (d) => { err += d; });

    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + timeoutMs;
    let ready = false;
    while (!exited && Date.now() < deadline) {
      try {
        const res = await fetch(`${url}/readyz`);
        await res.arrayBuffer();
        if (res.status === 200) { ready = true; break; }
      } catch { /* not listening yet */ }
      await sleep(50);
    }
    if (!ready) {
      if (!exited) {
        child.kill('SIGKILL');
        await exitPromise;
      }
      if (attempt < 2 && /address already in use/i.test(err + out)) continue;
      if (ownKeys) rmSync(keysDir, { recursive: true, force: true });
      throw new Error(`turnpost did not become ready on ${url} (exit ${JSON.stringify(exited)})\n` +
        `stdout:\n${out}\nstderr:\n${err}`);
    }
    // The admin line may trail readiness by a moment; an admin account made
    // by an earlier server gets a fresh token from `turnpost admin-token`.
    for (let i = 0; i < 20 && !/admin (token written|account exists)/.test(out); i++) await sleep(25);
    if (!adminToken) {
      const file = join(keysDir, `admin-token-${randomBytes(6).toString('hex')}`);
      const r = spawnSync(bin, ['admin-token', '--keys', keysDir, '--out', file], {
        env: { ...process.env, DATABASE_URL: databaseUrl, ...(opts.env ?? {}) }, encoding: 'utf8',
      });
      if (r.status !== 0) throw new Error(`turnpost admin-token failed (${r.status}):\n${r.stdout}${r.stderr}`);
      adminToken = readFileSync(file, 'utf8').trim();
      rmSync(file, { force: true });
    }

    // Ends the server and returns {code, signal}; throws when it did not
    // end well (see badEnd). Given a timeout, a server that has not exited
    // by then is killed, and that is a bad end too.
    let stopped = null;
    const stop = async (timeout = 20000) => {
      if (!stopped) {
        const wasAlive = !exited;
        if (wasAlive) {
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), timeout);
          await exitPromise;
          clearTimeout(timer);
        }
        // stderr may still be draining after the exit event.
        await new Promise((r) => (child.stderr.readableEnded ? r() : child.stderr.once('end', r)));
        if (ownKeys) rmSync(keysDir, { recursive: true, force: true });
        const why = badEnd(exited, err);
        stopped = { exit: exited, why: why && `turnpost on ${url} did not end well` +
          `${wasAlive ? '' : ' (it had exited before it was stopped)'}: ${why}\n` +
          `stdout (tail):\n${out.slice(-2000)}\nstderr (tail):\n${err.slice(-6000)}` };
      }
      if (stopped.why) throw new Error(stopped.why);
      return stopped.exit;
    };
    return {
      url, port, keysDir, adminToken, stop, pid: child.pid,
      output: () => ({ stdout: out, stderr: err }),
      alive: () => !exited,
      sanitizerReport: () => sanitizerReport(err),
    };
  }
}
