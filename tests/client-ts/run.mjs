// run.mjs - a TypeScript client built from the contract the server serves
// plays whole games against that server.
//
//   TURNPOST_BIN=build/turnpost DATABASE_URL=postgres://... node run.mjs
//
// 1. starts `turnpost serve` (a migrated database, a fresh key directory),
// 2. fetches GET /openapi.yaml and generates its types (openapi-typescript),
// 3. refuses src/*.ts if it holds a cast, an `any`, a non-null assertion or
//    a @ts- directive: the types alone must carry the program,
// 4. type-checks src/ under tsc --strict, and checks that tsc refuses the
//    wrong moves of negative/ (so the move types are not `any`),
// 5. compiles src/ and runs it: a whole Iron Future game and a whole Steam
//    game through openapi-fetch,
// 6. stops the server, which must end well (exit 0, no sanitizer report).

import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const bin = process.env.TURNPOST_BIN;
if (!bin || !process.env.DATABASE_URL) {
  console.error('run.mjs: TURNPOST_BIN and DATABASE_URL must be set (see run.sh)');
  process.exit(2);
}
const build = join(here, 'build');
rmSync(build, { recursive: true, force: true });
mkdirSync(build);
const tool = (name) => join(here, 'node_modules', '.bin', name);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function step(what, cmd, args, { mustFail = false } = {}) {
  const r = spawnSync(cmd, args, { cwd: here, encoding: 'utf8' });
  const out = `${r.stdout}${r.stderr}`;
  if (mustFail ? r.status === 0 : r.status !== 0) {
    throw new Error(`${what}: ${cmd} ${args.join(' ')} ${mustFail ? 'succeeded' : `exited ${r.status}`}\n${out}`);
  }
  console.log(`ok - ${what}`);
  return out;
}

// As step, but without blocking this process, which must go on reading
// the server's output (a full pipe would stall the server).
function stepAsync(what, cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: here, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`${what}: ${cmd} ${args.join(' ')} exited ${code}\n${out}`));
      } else {
        console.log(`ok - ${what}`);
        resolve(out);
      }
    });
  });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

// Code with its comments and string literals blanked, so words in prose
// ("as it is") are not taken for casts.
function codeOnly(text) {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g,
    (m) => m.replace(/[^\n]/g, ' '));
}

const FORBIDDEN = [
  [/\bas\b/, 'a cast (as)'],
  [/\bany\b/, 'any'],
  [/[\w)\]]!(?!=)/, 'a non-null assertion (!)'],
  [/(?:^|[=(,:?]|\breturn)\s*<\s*[A-Za-z_]/m, 'an angle-bracket cast'],
];

function checkNoCasts() {
  const dir = join(here, 'src');
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
  if (files.length === 0) throw new Error('no src/*.ts');
  for (const f of files) {
    const raw = readFileSync(join(dir, f), 'utf8');
    if (/@ts-/.test(raw)) throw new Error(`src/${f} holds a @ts- directive`);
    const code = codeOnly(raw).split('\n');
    code.forEach((line, i) => {
      for (const [re, what] of FORBIDDEN) {
        if (re.test(line)) throw new Error(`src/${f}:${i + 1} holds ${what}: ${raw.split('\n')[i].trim()}`);
      }
    });
  }
  console.log(`ok - no casts, any, non-null assertions or @ts- directives in ${files.map((f) => `src/${f}`).join(', ')}`);
}

// The negative file's every declaration must be refused, each on its line.
function checkNegative() {
  const out = step('tsc refuses the wrong moves of negative/', tool('tsc'), ['-p', 'tsconfig.negative.json'],
    { mustFail: true });
  const src = readFileSync(join(here, 'negative', 'wrong-move.ts'), 'utf8').split('\n');
  const want = src.map((l, i) => (/^export const /.test(l) ? i + 1 : 0)).filter(Boolean);
  const got = new Set([...out.matchAll(/wrong-move\.ts\((\d+),\d+\): error TS/g)].map((m) => Number(m[1])));
  for (const line of want) {
    if (!got.has(line)) throw new Error(`tsc accepted negative/wrong-move.ts:${line}: ${src[line - 1]}\n${out}`);
  }
  if (/error TS/.test(out.replace(/negative\/wrong-move\.ts\(\d+,\d+\): error TS[^\n]*/g, ''))) {
    throw new Error(`tsc refused something other than the wrong moves:\n${out}`);
  }
}

async function startServer() {
  const keys = mkdtempSync(join(tmpdir(), 'turnpost-client-keys-'));
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const child = spawn(bin, ['serve', '--port', String(port), '--keys', keys], {
      env: { ...process.env, TURNPOST_LISTEN: '127.0.0.1', TURNPOST_DISPATCHERS: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    let exit = null;
    const ended = new Promise((resolve) => child.on('exit', (code, signal) => { exit = { code, signal }; resolve(exit); }));
    child.stdout.resume();
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (d) => { err = (err + d).slice(-200000); });
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 400 && !exit; i++) {
      try {
        const res = await fetch(`${url}/readyz`);
        await res.arrayBuffer();
        if (res.status === 200) {
          const stop = async () => {
            if (!exit) child.kill('SIGTERM');
            await ended;
            await new Promise((r) => (child.stderr.readableEnded ? r() : child.stderr.once('end', r)));
            rmSync(keys, { recursive: true, force: true });
            if (exit.code !== 0 || /Sanitizer|runtime error: /.test(err)) {
              throw new Error(`turnpost did not end well (${JSON.stringify(exit)}):\n${err.slice(-6000)}`);
            }
          };
          return { url, stop };
        }
      } catch { /* not listening yet */ }
      await sleep(50);
    }
    if (!exit) child.kill('SIGKILL');
    await ended;
    if (!/address already in use/i.test(err)) throw new Error(`turnpost did not become ready:\n${err}`);
  }
  throw new Error('turnpost found no free port');
}

const server = await startServer();
let failed = null;
try {
  const res = await fetch(`${server.url}/openapi.yaml`);
  if (res.status !== 200) throw new Error(`GET /openapi.yaml: ${res.status}`);
  writeFileSync(join(build, 'openapi.yaml'), await res.text());
  console.log('ok - fetched the served /openapi.yaml');
  step('generated the client types from it', tool('openapi-typescript'),
    ['build/openapi.yaml', '-o', 'build/api.d.ts', '--default-non-nullable', 'false']);
  checkNoCasts();
  step('src/ type-checks under tsc --noEmit --strict', tool('tsc'), ['--noEmit', '-p', 'tsconfig.json']);
  checkNegative();
  step('src/ compiles', tool('tsc'), ['-p', 'tsconfig.json']);
  const out = await stepAsync('the client plays a whole Iron Future game and a whole Steam game', process.execPath,
    [join(build, 'js', 'src', 'play.js'), server.url]);
  process.stdout.write(out.trimEnd().replace(/^/gm, '# ') + '\n');
} catch (e) {
  failed = e;
}
try {
  await server.stop();
  console.log('ok - the server ended well');
} catch (e) {
  failed ??= e;
}
if (failed) {
  console.error(`not ok - ${failed.stack ?? failed}`);
  process.exit(1);
}
