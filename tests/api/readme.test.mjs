// readme.test.mjs - the README's walkthroughs, run as written.
//
// Takes the ```sh blocks of "Walkthrough: two players, one game of Iron
// Future", "Walkthrough: four players, one game of Steam", "Walkthrough:
// two players, one game of Heavy Steam" and "Walkthrough: a Swiss
// tournament of Iron Future" in order,
// points their `B=` line at a server of its own (the only change), and runs
// them in one bash with -e -u -o pipefail, as a reader would one after the
// other, from a stand-in checkout whose build/turnpost is $TURNPOST_BIN. It
// fails when a command fails, when the Iron Future game does not finish or
// its export does not verify, when a request gets a status the prose does
// not show (the server logs every request), when a status the prose shows
// is not printed by the commands, or when a file is left in the checkout.

import assert from './lib/checks.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, test } from 'node:test';

import { requireEnv } from './lib/server.mjs';
import { useServer } from './lib/harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const readme = readFileSync(resolve(here, '../../README.md'), 'utf8');
const ctx = useServer();

const WALKTHROUGHS = [
  { name: 'ironfuture', title: 'Walkthrough: two players, one game of Iron Future' },
  { name: 'steam', title: 'Walkthrough: four players, one game of Steam' },
  { name: 'heavysteam', title: 'Walkthrough: two players, one game of Heavy Steam' },
  { name: 'tournament', title: 'Walkthrough: a Swiss tournament of Iron Future' },
];
// What the test appends to each walkthrough to read its outcome: the
// game's status and version, and the scratch folder it ran in.
const REPORT = {
  ironfuture: 'echo; echo "@@readme ironfuture $(curl -s $B/v1/games/$G -H "Authorization: Bearer $ADA" | jq -r \'"\\(.status) \\(.version)"\') $PWD"',
  steam: 'echo; echo "@@readme steam $(view | jq -r \'"\\(.status) \\(.version)"\') $PWD"',
  heavysteam: 'echo; echo "@@readme heavysteam $(view | jq -r \'"\\(.status) \\(.version)"\') $PWD"',
  tournament: 'echo; echo "@@readme tournament $(curl -s $B/v1/tournaments/$T | jq -r \'"\\(.tournament.status) \\(.tournament.version)"\') $PWD"',
};
const B_LINE = /^B=http:\/\/127\.0\.0\.1:8080$/m;

// The text of the section titled title, up to the next "## ".
function section(title) {
  const start = readme.indexOf(`\n## ${title}\n`);
  assert.ok(start >= 0, `README.md has a section "${title}"`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

const shBlocks = (text) => [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]);

// Every 4xx status the section shows, in prose or in an answer shown.
const shownStatuses = (text) => new Set([...text.matchAll(/\b(4\d\d)\b/g)].map((m) => m[1]));

const work = mkdtempSync(join(tmpdir(), 'turnpost-readme-'));
after(() => rmSync(work, { recursive: true, force: true }));

function run(script, cwd, env, timeoutMs) {
  return new Promise((resolveRun) => {
    const child = spawn('bash', ['-c', script], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => { out += d; });
    child.stderr.on('data', (d) => { out += d; });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      resolveRun({ code, signal, out });
    });
  });
}

test('the README walkthroughs run as written, one after the other, on one server', { timeout: 600000 }, async () => {
  // A stand-in checkout: the walkthrough starts in it (TP=$PWD) and runs
  // $TP/build/turnpost.
  const checkout = join(work, 'checkout');
  mkdirSync(join(checkout, 'build'), { recursive: true });
  symlinkSync(requireEnv('TURNPOST_BIN'), join(checkout, 'build', 'turnpost'));
  const scratch = join(work, 'tmp');
  mkdirSync(scratch);

  const parts = ['set -euo pipefail'];
  const shown = new Set();
  for (const w of WALKTHROUGHS) {
    const text = section(w.title);
    const blocks = shBlocks(text);
    assert.ok(blocks.length >= 3, `${w.title}: its sh blocks were read`);
    const script = blocks.join('\n');
    assert.equal((script.match(new RegExp(B_LINE, 'gm')) ?? []).length, 1,
      `${w.title}: one line B=http://127.0.0.1:8080 to point at the test's server`);
    parts.push(script.replace(B_LINE, `B=${ctx.server.url}`), REPORT[w.name]);
    for (const s of shownStatuses(text)) shown.add(s);
  }
  assert.ok(shown.has('409') && shown.has('422'), 'the statuses the prose shows were read');

  const env = { ...process.env, TMPDIR: scratch, LC_ALL: 'C.UTF-8' };
  delete env.TP;
  const res = await run(parts.join('\n'), checkout, env, 540000);
  const tail = `\n--- output (tail) ---\n${res.out.slice(-4000)}`;
  if (process.env.TURNPOST_TEST_VERBOSE) console.log(res.out);
  assert.equal(res.code, 0, `the walkthroughs exited ${res.code ?? res.signal}${tail}`);

  const reports = Object.fromEntries([...res.out.matchAll(/^@@readme (\w+) (\S+) (\S+) (\S+)$/gm)]
    .map((m) => [m[1], { status: m[2], version: Number(m[3]), dir: m[4] }]));
  assert.equal(reports.ironfuture?.status, 'finished', `the Iron Future game ends${tail}`);
  assert.equal(reports.steam?.status, 'active', `the Steam game was created and played${tail}`);
  assert.ok(reports.steam.version >= 10, `the Steam walkthrough played its moves (version ${reports.steam.version})`);
  assert.equal(reports.heavysteam?.status, 'finished', `the Heavy Steam game ends${tail}`);
  assert.ok(reports.heavysteam.version >= 20, `the Heavy Steam walkthrough played its moves (version ${reports.heavysteam.version})`);
  const hsVerify = spawnSync(requireEnv('TURNPOST_BIN'), ['verify', join(reports.heavysteam.dir, 'export.json')], { encoding: 'utf8' });
  assert.equal(hsVerify.status, 0, `turnpost verify (Heavy Steam): ${hsVerify.stdout}${hsVerify.stderr}`);
  assert.equal([...res.out.matchAll(/^verified: /gm)].length, 2, 'both walkthroughs\' own verify ran and passed');
  assert.equal(reports.tournament?.status, 'finished', `the tournament ends${tail}`);
  assert.match(res.out, /^\| # \| Player \| Points/m, 'the standings were printed as Markdown');

  // The export the walkthrough verified verifies here too.
  const v = spawnSync(requireEnv('TURNPOST_BIN'), ['verify', join(reports.ironfuture.dir, 'export.json')], { encoding: 'utf8' });
  assert.equal(v.status, 0, `turnpost verify: ${v.stdout}${v.stderr}`);
  assert.match(res.out, /^verified: /m, 'the walkthrough\'s own verify ran and passed');

  // Every status the prose shows is printed by the commands shown.
  const lines = new Set(res.out.split('\n'));
  for (const s of shown) assert.ok(lines.has(s), `status ${s}, shown in the README, is printed on a line of its own${tail}`);

  // The server answered every request 2xx, but for the refused moves the
  // prose shows.
  const requests = ctx.server.output().stderr.split('\n').filter((l) => l.includes('"msg":"request"')).map((l) => JSON.parse(l));
  assert.ok(requests.length > 100, `the walkthroughs made their requests (${requests.length})`);
  const refusedMove = (r) => r.method === 'POST' && r.route === '/v1/games/{id}/moves' && shown.has(String(r.status));
  const unexpected = requests.filter((r) => !(r.status >= 200 && r.status < 300) && !refusedMove(r));
  assert.deepEqual(unexpected.map((r) => `${r.method} ${r.route} ${r.status} ${r.problem ?? ''}`), [],
    'no request gets an answer the README does not show');
  // ... and each refusal is one the commands print: the statuses refused,
  // in order, are the status lines printed.
  const refused = requests.filter((r) => !(r.status >= 200 && r.status < 300)).map((r) => String(r.status));
  const printed = res.out.split('\n').filter((l) => /^[1-5][0-9]{2}$/.test(l));
  assert.deepEqual(refused, printed, `the refused requests are those whose status is printed${tail}`);
  for (const s of shown) assert.ok(refused.includes(s), `the server answered ${s} once`);

  // Nothing was left in the checkout; the scratch folders hold the answers.
  assert.deepEqual(readdirSync(checkout), ['build']);
  assert.deepEqual(readdirSync(join(checkout, 'build')), ['turnpost']);
  const dirs = [reports.ironfuture, reports.steam, reports.heavysteam, reports.tournament].map((r) => r.dir);
  assert.ok(dirs.every((d) => d.startsWith(scratch)), 'each walkthrough worked in a scratch folder of its own');
  assert.equal(new Set(dirs).size, 4);
});

test('the README\'s --workers default is the server\'s', { skip: process.env.TURNPOST_WORKERS ? 'TURNPOST_WORKERS is set' : false }, () => {
  const said = /`--workers N`\s+\(database connections, default (\d+)\)/.exec(readme);
  assert.ok(said, 'README.md states the --workers default');
  const served = /serving on \S+ \((\d+) workers\)/.exec(ctx.server.output().stdout);
  assert.ok(served, 'the server says how many workers it runs');
  assert.equal(said[1], served[1], 'the README states the default the server starts with');
});
