// docker.test.mjs - docker/: the Dockerfile against the checkout and its
// .dockerignore (every path it copies is there and not ignored, nothing the
// build needs is ignored, build trees and keys are; the packages it installs
// are those the binary links), and the real nginx with docker/nginx.conf
// (adapted to local ports and folders) in front of a real Turnpost: one
// request id from client to nginx's log to Turnpost's, nginx's own errors
// (413, 502) as problem+json, and the client address it forwards.

import assert from './lib/checks.mjs';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';

import { client } from './lib/client.mjs';
import { requireChecks } from './lib/checks.mjs';
import { freePort, requireEnv, startServer } from './lib/server.mjs';
import { validatorFor } from './lib/spec.mjs';

requireChecks();

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dockerfile = readFileSync(join(root, 'docker/Dockerfile'), 'utf8');
const ignoreText = readFileSync(join(root, '.dockerignore'), 'utf8');
const problem = validatorFor('docker.test Problem', { $ref: '#/components/schemas/Problem' });

// ---- .dockerignore, as Docker reads it ------------------------------------

function globToRegex(pattern) {
  let re = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*' && pattern[i + 1] === '*') {
      re += '.*';
      i++;
      if (pattern[i + 1] === '/') i++;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else re += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  // a pattern naming a folder takes everything under it
  return new RegExp(`^${re}(/.*)?$`);
}

const ignoreRules = ignoreText.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const negate = l.startsWith('!');
    const p = (negate ? l.slice(1) : l).replace(/^\/+/, '').replace(/\/+$/, '');
    return { negate, re: globToRegex(p) };
  });

// Whether the build context leaves out path (relative to the root).
function ignored(path) {
  let out = false;
  for (const r of ignoreRules) if (r.re.test(path)) out = !r.negate;
  return out;
}

// Every file of the checkout, relative, without what no build would read.
function checkoutFiles(dir = '', acc = []) {
  for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (['.git', 'node_modules', '.turnpost'].includes(e.name) || /^build/.test(e.name)) continue;
      checkoutFiles(rel, acc);
    } else acc.push(rel);
  }
  return acc;
}

// The Dockerfile as stages: [{name, lines: [instruction text]}].
function stages() {
  const joined = dockerfile.replace(/\\\n/g, ' ').split('\n').filter((l) => l.trim() && !l.trim().startsWith('#'));
  const out = [];
  for (const line of joined) {
    const m = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
    if (m) out.push({ name: m[1] ?? null, lines: [] });
    else out.at(-1).lines.push(line.trim());
  }
  return out;
}

// The packages an apt-get install line of a stage names.
function packages(stage) {
  const run = stage.lines.filter((l) => /apt-get install/.test(l)).join(' ');
  const after = run.split(/apt-get install/)[1] ?? '';
  return new Set(after.split('&&')[0].split(/\s+/).filter((w) => w && !w.startsWith('-')));
}

const dpkgOwner = (path) => execFileSync('dpkg', ['-S', path], { encoding: 'utf8' }).split(':')[0];

// The packages names bring with them (Depends and Pre-Depends, as dpkg
// has them for the installed ones), names included.
function withDependencies(names) {
  const seen = new Set();
  const todo = [...names];
  while (todo.length) {
    const p = todo.pop();
    if (seen.has(p)) continue;
    seen.add(p);
    const r = spawnSync('dpkg-query', ['-W', '-f=${Pre-Depends}, ${Depends}', p], { encoding: 'utf8' });
    if (r.status !== 0) continue;   // not installed here: its own name only
    for (const alt of r.stdout.split(',')) {
      const name = alt.split('|')[0].trim().split(/[\s(:]/)[0];
      if (name) todo.push(name);
    }
  }
  return seen;
}

test('.dockerignore keeps out build trees, keys, node_modules and history', () => {
  for (const p of ['build', 'build/CMakeCache.txt', 'build-rel/turnpost', 'tests/x/CMakeCache.txt',
    '.turnpost/keys/k1.key', '.turnpost/pgdata/PG_VERSION', 'tests/api/node_modules/ajv/package.json',
    'chatbot/node_modules/x/index.js', '.git/HEAD', 'some/where/signing.key']) {
    assert.ok(ignored(p), `${p} is left out of the context`);
  }
});

test('nothing the image build reads is ignored, and every path COPY names exists', () => {
  const files = checkoutFiles();
  assert.ok(files.includes('CMakeLists.txt') && files.length > 50, 'the checkout was read');
  // the build stage copies the whole context and runs CMake on it: every
  // source, data file, migration and test source CMakeLists.txt globs
  const needed = files.filter((f) => /^(CMakeLists\.txt|cmake\/|api\/|rules\/|storage\/|migrations\/|openapi\/|tests\/unit\/|tests\/bench\/)/.test(f));
  const lost = needed.filter(ignored);
  assert.deepEqual(lost, [], 'files the build needs are not ignored');
  const [build, run] = stages();
  assert.equal(build.name, 'build');
  for (const stage of [build, run]) {
    for (const line of stage.lines.filter((l) => /^COPY\s/i.test(l) && !/--from=/.test(l))) {
      const srcs = line.split(/\s+/).slice(1, -1);
      for (const src of srcs) {
        if (src === '.') continue;
        assert.ok(existsSync(join(root, src)), `COPY ${src} exists`);
        assert.ok(!ignored(src), `COPY ${src} is not ignored`);
      }
    }
  }
  // the binary the run stage takes is the one the build stage makes
  const workdir = /^WORKDIR\s+(\S+)/m.exec(build.lines.join('\n'))[1];
  const b = /cmake -S \. -B (\S+)/.exec(build.lines.join(' '))[1];
  assert.match(build.lines.join(' '), /--target turnpost/);
  const from = run.lines.find((l) => /^COPY --from=build/.test(l)).split(/\s+/)[2];
  assert.equal(from, `${workdir}/${b}/turnpost`);
  // the environment points at what was copied
  const env = run.lines.filter((l) => /^ENV\s/.test(l)).join(' ');
  for (const [name, dest] of [['TURNPOST_MIGRATIONS', 'migrations'], ['TURNPOST_OPENAPI', 'openapi/openapi.yaml']]) {
    const value = new RegExp(`${name}=(\\S+)`).exec(env)[1];
    assert.ok(run.lines.some((l) => l.startsWith(`COPY ${dest} ${value}`)), `${name}=${value} is copied there`);
  }
});

test('the health check asks a documented probe with a tool the image installs', () => {
  const [, run] = stages();
  const hc = run.lines.find((l) => /^HEALTHCHECK\s/.test(l));
  assert.ok(hc, 'the run stage has a HEALTHCHECK');
  const tool = /CMD\s+(\S+)/.exec(hc)[1];
  assert.ok(packages(run).has(tool), `${tool} is installed in the run stage`);
  assert.match(hc, /http:\/\/127\.0\.0\.1:\$\{TURNPOST_PORT:-8080\}\/(readyz|healthz)/);
});

test('the run stage installs (or brings) the package of every library the binary links; the build stage every -dev CMake asks for', () => {
  const [build, run] = stages();
  const bin = requireEnv('TURNPOST_BIN');
  const needed = execFileSync('readelf', ['-d', bin], { encoding: 'utf8' })
    .split('\n').map((l) => /\(NEEDED\).*\[(.+)\]/.exec(l)?.[1]).filter(Boolean);
  const ldd = execFileSync('ldd', [bin], { encoding: 'utf8' });
  // a build without --as-needed (clang's) links what the libraries bring too
  const runs = withDependencies(packages(run));
  for (const lib of needed) {
    const path = new RegExp(`^\\s*${lib.replace(/[.+]/g, '\\$&')} => (\\S+)`, 'm').exec(ldd)?.[1];
    assert.ok(path, `${lib} resolves`);
    // the C library's own (libc, libm, ...) come with every image
    if (/^(libc|libm|libpthread|libdl|librt|ld-linux[^.]*)\.so/.test(lib)) continue;
    const real = execFileSync('readlink', ['-f', path], { encoding: 'utf8' }).trim();
    let pkg;
    try {
      pkg = dpkgOwner(real);
    } catch {
      pkg = dpkgOwner(real.replace(/^\/usr\/lib\//, '/lib/'));   // merged /usr
    }
    assert.ok(runs.has(pkg.replace(/:.*/, '')), `${lib} (${pkg}) is installed in the run stage, or comes with a package it installs`);
  }
  const cmake = readFileSync(join(root, 'CMakeLists.txt'), 'utf8');
  const modules = [...cmake.matchAll(/pkg_check_modules\(\w+ REQUIRED IMPORTED_TARGET ([^)]+)\)/g)]
    .flatMap((m) => m[1].trim().split(/\s+/));
  assert.ok(modules.length >= 6, 'the modules CMake asks for were read');
  const builds = packages(build);
  for (const mod of modules) {
    const dir = execFileSync('pkg-config', ['--variable=pcfiledir', mod], { encoding: 'utf8' }).trim();
    const pkg = dpkgOwner(`${dir}/${mod}.pc`).replace(/:.*/, '');
    assert.ok(builds.has(pkg), `${mod} (${pkg}) is installed in the build stage`);
  }
});

test('nginx.conf answers its own errors only with codes of the contract, at their statuses', () => {
  const conf = readFileSync(join(root, 'docker/nginx.conf'), 'utf8');
  const contract = readFileSync(join(root, 'docs/api-contract.md'), 'utf8');
  const def = readFileSync(join(root, 'api/problem.def'), 'utf8');
  const table = new Map([...contract.matchAll(/^\| ([a-z_]+) \| (\d{3}) \|/gm)].map((m) => [m[1], Number(m[2])]));
  const defs = new Map([...def.matchAll(/^PROBLEM\((\w+), (\d{3}),/gm)].map((m) => [m[1], Number(m[2])]));
  assert.deepEqual([...defs].sort(), [...table].sort(), 'api/problem.def and the contract table agree');
  const bodies = [...conf.matchAll(/return (\d{3}) '(\{.*\})\\n';/g)];
  assert.ok(bodies.length >= 4);
  for (const [, status, body] of bodies) {
    const p = JSON.parse(body.replace('$tp_request_id', 'r1'));
    assert.equal(p.status, Number(status));
    assert.equal(table.get(p.code), p.status, `${p.code} is ${p.status} in the contract`);
    assert.ok(problem(p), `${p.code} is a valid problem`);
    assert.ok(new RegExp(`error_page ${status} /_problem/${status};`).test(conf), `error_page ${status}`);
  }
});

// ---- the real nginx ---------------------------------------------------------

const haveNginx = spawnSync('nginx', ['-v']).status === 0;

// docker/nginx.conf adapted to this machine: upstream 127.0.0.1:upstream,
// listening on a free port, its logs and temporary files in dir; edits
// changes more [from, to] pairs. Returns {nginx, base, exited, stderr()}.
async function startNginx(dir, upstream, edits = []) {
  const port = await freePort();
  let conf = readFileSync(join(root, 'docker/nginx.conf'), 'utf8');
  const swap = (from, to) => {
    assert.ok(conf.includes(from), `nginx.conf has ${from}`);
    conf = conf.replace(from, to);
  };
  swap('server turnpost:8080;', `server 127.0.0.1:${upstream};`);
  swap('listen 8080;', `listen 127.0.0.1:${port};`);
  swap('worker_processes auto;', 'worker_processes 1;');
  swap('error_log /dev/stderr warn;', `error_log ${dir}/error.log warn;`);
  swap('access_log /dev/stdout turnpost;', `access_log ${dir}/access.log turnpost;`);
  swap('http {', `http {\n    client_body_temp_path ${dir}/body;\n    proxy_temp_path ${dir}/proxy;\n` +
    `    fastcgi_temp_path ${dir}/fastcgi;\n    uwsgi_temp_path ${dir}/uwsgi;\n    scgi_temp_path ${dir}/scgi;`);
  for (const [from, to] of edits) swap(from, to);
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const nginx = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', `daemon off; pid ${dir}/nginx.pid;`],
    { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  nginx.stderr.on('data', (d) => { err += d; });
  const exited = new Promise((r) => nginx.on('exit', r));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 200; i++) {
    try {
      await (await fetch(`${base}/_not_there`)).text();
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return { nginx, base, exited, stderr: () => err };
}

test('nginx in front: one request id end to end, its 413 and 502 as problems, the forwarded address', { skip: !haveNginx && 'nginx is not installed (scripts/deps.sh test installs it)' }, async () => {
  const server = await startServer({ env: { TURNPOST_TRUST_PROXY: '1', TURNPOST_RATE_LIMIT_ANON: '1000/3600' } });
  const dir = mkdtempSync(join(tmpdir(), 'turnpost-nginx-'));
  let nginx = null;
  try {
    const started = await startNginx(dir, server.port);
    nginx = started.nginx;
    const { base, exited } = started;
    const nginxErr = () => started.stderr();
    const api = client(base);

    // the client's id is kept by nginx, sent on, echoed and logged by both
    const mine = `tp-nginx-${Date.now()}`;
    const a = await api.get('/healthz', { headers: { 'x-request-id': mine }, expect: 200 });
    assert.equal(a.requestId, mine);
    // without one, or with one Turnpost would not keep, nginx's own
    const b = await api.get('/v1/no-such-route', { expect: 404, code: 'not_found' });
    assert.match(b.requestId, /^[0-9a-f]{32}$/, 'nginx\'s $request_id');
    assert.equal(b.body.request_id, b.requestId, 'Turnpost\'s problem passes through with the id');
    const c = await api.get('/healthz', { headers: { 'x-request-id': 'has spaces in it' }, expect: 200 });
    assert.match(c.requestId, /^[0-9a-f]{32}$/);
    // the log line is written after the answer: wait for it to arrive
    const logged = (id) => server.output().stderr.split('\n').some((l) => l.includes(`"request_id":"${id}"`));
    const loggedSoon = async (id) => {
      for (let i = 0; i < 100 && !logged(id); i++) await new Promise((r) => setTimeout(r, 50));
      return logged(id);
    };
    for (const id of [mine, b.requestId, c.requestId]) assert.ok(await loggedSoon(id), `Turnpost logged ${id}`);

    // a body over 64 KiB never reaches Turnpost: nginx answers the problem
    const big = await api.post('/v1/games', { raw: 'x'.repeat(70 * 1024), contentType: 'application/json', expect: 413, code: 'payload_too_large' });
    assert.equal(big.body.request_id, big.requestId);
    assert.equal(big.headers.get('content-type'), 'application/problem+json');
    assert.ok(!logged(big.requestId), 'Turnpost never saw it');

    // clients cannot pick their rate-limit bucket with X-Forwarded-For:
    // Turnpost takes the last address, the one nginx appends
    let last = null;
    for (let i = 0; i < 4; i++) {
      const res = await api.get('/healthz', { headers: { 'x-forwarded-for': `203.0.113.${i}` }, expect: 200 });
      const r = Number(/r=(\d+)/.exec(res.headers.get('ratelimit'))[1]);
      if (last !== null) assert.equal(r, last - 1, 'the same bucket each time');
      last = r;
    }

    const access = readFileSync(join(dir, 'access.log'), 'utf8');
    for (const id of [mine, b.requestId, big.requestId]) assert.ok(access.includes(`request_id=${id}`), `nginx logged ${id}`);

    // no replica: 502 as a problem
    await server.stop();
    const gone = await fetch(`${base}/healthz`, { headers: { 'x-request-id': 'after-stop' } });
    const body = JSON.parse(await gone.text());
    assert.equal(gone.status, 502);
    assert.equal(gone.headers.get('content-type'), 'application/problem+json');
    assert.equal(gone.headers.get('x-request-id'), 'after-stop');
    assert.ok(problem(body), JSON.stringify(problem.errors));
    assert.deepEqual([body.code, body.request_id], ['bad_gateway', 'after-stop']);

    nginx.kill('SIGQUIT');
    await exited;
    nginx = null;
    assert.ok(!/\[(emerg|alert|crit)\]/.test(nginxErr() + readFileSync(join(dir, 'error.log'), 'utf8')), 'nginx reported no failure');
  } finally {
    if (nginx) nginx.kill('SIGKILL');
    await server.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
});

test('nginx answers 504 gateway_timeout as a problem when the replica does not answer in time', { skip: !haveNginx && 'nginx is not installed (scripts/deps.sh test installs it)' }, async () => {
  // an upstream that takes connections and never answers; nginx waits 1 s
  const held = new Set();
  const silent = net.createServer((sock) => { held.add(sock); sock.on('error', () => {}); });
  await new Promise((r) => silent.listen(0, '127.0.0.1', r));
  const dir = mkdtempSync(join(tmpdir(), 'turnpost-nginx-'));
  let nginx = null;
  try {
    const started = await startNginx(dir, silent.address().port, [['proxy_read_timeout 75s;', 'proxy_read_timeout 1s;']]);
    nginx = started.nginx;
    const res = await fetch(`${started.base}/v1/me`, { headers: { 'x-request-id': 'slow-one' } });
    const body = JSON.parse(await res.text());
    assert.equal(res.status, 504);
    assert.equal(res.headers.get('content-type'), 'application/problem+json');
    assert.ok(problem(body), JSON.stringify(problem.errors));
    assert.deepEqual([body.code, body.request_id], ['gateway_timeout', 'slow-one']);
    nginx.kill('SIGQUIT');
    await started.exited;
    nginx = null;
  } finally {
    if (nginx) nginx.kill('SIGKILL');
    for (const sock of held) sock.destroy();
    await new Promise((r) => silent.close(r));
    rmSync(dir, { recursive: true, force: true });
  }
});
