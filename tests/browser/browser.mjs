// browser.mjs - Turnpost called from a page on another origin, in
// headless Chromium: the page (page/*.html, page/app.js, served by a small
// static server on its own port) creates an account, finds in the lobby
// the Iron Future game a second player (made here through node's fetch)
// opened, joins it, and the two play moves, the page's with fetch() and
// its bearer token. This proves what only a browser checks: the
// preflight, the exposed headers. A page served from an origin not listed
// is then blocked by the browser.
//
//   TURNPOST_BIN=... DATABASE_URL=... CHROMIUM=/usr/bin/chromium node browser.mjs

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

import { startServer } from '../api/lib/server.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const name = (p) => `${p}_${randomBytes(5).toString('hex')}`;

// A static server for page/ on a free port of 127.0.0.1.
function servePage() {
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };
  const server = http.createServer((req, res) => {
    const file = new URL(req.url, 'http://x').pathname.replace(/^\/+/, '') || 'index.html';
    const ext = file.slice(file.lastIndexOf('.'));
    if (!/^[a-z]+\.(html|js)$/.test(file)) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = readFileSync(join(here, 'page', file));
      res.writeHead(200, { 'content-type': types[ext] }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// Turnpost from node: the second player.
async function nodeCall(base, method, path, { token, body } = {}) {
  const headers = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

async function openPage(browser, origin, apiUrl) {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (e) => problems.push(String(e)));
  await page.goto(`${origin}/index.html?api=${encodeURIComponent(apiUrl)}`);
  await page.waitForFunction(() => window.turnpostReady === true);
  return { page, problems };
}

async function main() {
  const listed = await servePage();
  const unlisted = await servePage();
  const pageOrigin = `http://127.0.0.1:${listed.address().port}`;
  const otherOrigin = `http://127.0.0.1:${unlisted.address().port}`;
  const server = await startServer({ env: { TURNPOST_CORS_ORIGINS: pageOrigin } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const { page, problems } = await openPage(browser, pageOrigin, server.url);
    const tp = (fn, ...args) => page.evaluate(([f, a]) => window.turnpost[f](...a), [fn, args]);

    // the page makes its account: a JSON POST, so a preflight first
    const acct = await tp('createAccount', name('page'));
    assert.equal(acct.status, 201, JSON.stringify(acct));
    assert.equal(acct.headers.location, `/v1/accounts/${acct.body.account.id}`, 'Location is exposed');
    assert.ok(acct.headers['x-request-id'], 'X-Request-Id is exposed');
    const token = acct.body.token;
    const mine = await tp('follow', token, acct.headers.location);
    assert.equal(mine.status, 200);
    assert.equal(mine.body.id, acct.body.account.id);

    // the second player, from node, opens a game with seat 1 free; the page
    // finds it in the lobby and takes the seat
    const other = await nodeCall(server.url, 'POST', '/v1/accounts', { body: { name: name('node'), kind: 'player' } });
    assert.equal(other.status, 201);
    const opened = await nodeCall(server.url, 'POST', '/v1/games', {
      token: other.body.token,
      body: { ruleset: 'ironfuture', seats: [{ account_id: other.body.account.id }, { open: true }] },
    });
    assert.equal(opened.status, 201, JSON.stringify(opened.body));
    const found = await tp('lobby', 'ironfuture', other.body.account.id);
    assert.equal(found.status, 200, JSON.stringify(found.body));
    assert.deepEqual(found.body.games.map((g) => g.id), [opened.body.game.id], 'the lobby lists the open game');
    const gameId = found.body.games[0].id;
    const joined = await tp('join', token, gameId);
    assert.equal(joined.status, 200, JSON.stringify(joined.body));
    assert.equal(joined.body.status, 'active');
    assert.equal(joined.body.viewer_seat, 1, 'the page holds seat 1');
    const gone = await tp('lobby', 'ironfuture', other.body.account.id);
    assert.deepEqual(gone.body.games, [], 'a full game leaves the open lobby');

    // the view as the page sees it: its tag, then a 304 on that tag
    const v = await tp('view', token, gameId);
    assert.equal(v.status, 200);
    assert.match(v.headers.etag, /^"[0-9]+\.1(-gz)?"$/, 'seat 1\'s tag');
    const again = await tp('view', token, gameId, v.headers.etag);
    assert.equal(again.status, 304);

    // a few moves each way: the page's through fetch(), node's through its own
    let pageMoves = 0;
    for (let turn = 0; turn < 40 && pageMoves < 3; turn++) {
      const played = await tp('playTurn', token, gameId, 1);
      if (played) {
        assert.equal(played.status, 201, JSON.stringify(played.body));
        assert.equal(played.headers.location, `/v1/games/${gameId}/moves/${played.body.seq}`);
        const entry = await tp('follow', token, played.headers.location);
        assert.equal(entry.status, 200);
        assert.equal(entry.body.seq, played.body.seq);
        pageMoves++;
        continue;
      }
      const nv = await nodeCall(server.url, 'GET', `/v1/games/${gameId}`, { token: other.body.token });
      if (nv.body.status !== 'active') break;
      assert.ok(nv.body.must_act.includes(0), 'one of the two must act');
      const lm = await nodeCall(server.url, 'GET', `/v1/games/${gameId}/legal-moves?seat=0`, { token: other.body.token });
      const mv = await nodeCall(server.url, 'POST', `/v1/games/${gameId}/moves`,
        { token: other.body.token, body: { move: lm.body.moves[0], seat: 0 } });
      assert.equal(mv.status, 201, JSON.stringify(mv.body));
    }
    assert.equal(pageMoves, 3, 'the page played three moves');
    // a refusal is readable too: the problem and its headers (the game is
    // still active after three moves of each side)
    const stale = await tp('move', token, gameId, 1, { type: 'pass' }, '"1.1"');
    assert.equal(stale.status, 412, JSON.stringify(stale.body));
    assert.equal(stale.body.code, 'precondition_failed');
    assert.ok(stale.headers['x-request-id']);
    assert.deepEqual(problems, [], 'no error on the page');

    // a page from an origin not listed: the browser keeps every answer from it
    const { page: blocked } = await openPage(browser, otherOrigin, server.url);
    const tb = (fn, ...args) => blocked.evaluate(([f, a]) => window.turnpost[f](...a), [fn, args]);
    const refusedPost = await tb('tryCall', 'POST', '/v1/accounts', { body: { name: name('blocked'), kind: 'player' } });
    assert.match(refusedPost ?? 'went through', /TypeError|Failed to fetch/, 'the preflight does not let the POST go');
    const refusedGet = await tb('tryCall', 'GET', '/v1/me', { token });
    assert.match(refusedGet ?? 'went through', /TypeError|Failed to fetch/, 'an authorized GET is not readable');
    const refusedPublic = await tb('tryCall', 'GET', '/v1/rulesets');
    assert.match(refusedPublic ?? 'went through', /TypeError|Failed to fetch/, 'nor a public one without "*"');
    console.log(`ok: page ${pageOrigin} played ${pageMoves} moves in game ${gameId}; page ${otherOrigin} was blocked`);
  } finally {
    await browser.close();
    listed.close();
    unlisted.close();
    await server.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
