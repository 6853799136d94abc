// app.js - a web front-end's calls to Turnpost, one small function each,
// so a test can drive a whole game (and add steps, such as finding a game
// in the lobby) from outside. The API's address comes from ?api=.

const api = new URL(location.href).searchParams.get('api');

function log(line) {
  document.getElementById('log').textContent += `${line}\n`;
}

// One call: the status, the body, and the headers CORS lets a page read.
async function call(method, path, { token, body, headers = {} } = {}) {
  const h = { ...headers };
  if (token) h.Authorization = `Bearer ${token}`;
  if (body !== undefined) h['Content-Type'] = 'application/json';
  const res = await fetch(`${api}${path}`, {
    method, headers: h, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const read = {};
  for (const name of ['etag', 'location', 'x-request-id', 'content-type', 'retry-after', 'www-authenticate']) {
    read[name] = res.headers.get(name);
  }
  log(`${method} ${path} -> ${res.status}`);
  return { status: res.status, headers: read, body: text ? JSON.parse(text) : null };
}

export async function createAccount(name) {
  return call('POST', '/v1/accounts', { body: { name, kind: 'player' },
    headers: { 'Idempotency-Key': `page-${name}` } });
}

export async function me(token) {
  return call('GET', '/v1/me', { token });
}

export async function rulesets() {
  return call('GET', '/v1/rulesets');
}

// The lobby's open games of a ruleset (no token: the lobby is public),
// those made by creator when given.
export async function lobby(ruleset, creator) {
  const q = new URLSearchParams({ ruleset });
  if (creator) q.set('created_by', creator);
  return call('GET', `/v1/games?${q}`);
}

// Takes the lowest open seat of a game found in the lobby.
export async function join(token, gameId) {
  return call('POST', `/v1/games/${gameId}/join`, { token, body: {} });
}

export async function view(token, gameId, etag) {
  return call('GET', `/v1/games/${gameId}`, { token, headers: etag ? { 'If-None-Match': etag } : {} });
}

export async function legalMoves(token, gameId, seat) {
  return call('GET', `/v1/games/${gameId}/legal-moves?seat=${seat}`, { token });
}

// A move on the view the player saw (If-Match: its tag).
export async function move(token, gameId, seat, m, etag) {
  return call('POST', `/v1/games/${gameId}/moves`, { token, body: { move: m, seat },
    headers: { 'If-Match': etag, 'Idempotency-Key': crypto.randomUUID() } });
}

// Where a 201's Location leads.
export async function follow(token, location) {
  return call('GET', location, { token });
}

// One turn of seat: view, legal moves, the first of them. Returns the
// move's answer, or null when the seat need not act.
export async function playTurn(token, gameId, seat) {
  const v = await view(token, gameId);
  if (!v.body.must_act.includes(seat)) return null;
  const lm = await legalMoves(token, gameId, seat);
  return move(token, gameId, seat, lm.body.moves[0], v.headers.etag);
}

// A call that the browser may block: the error's text, or null if it went.
export async function tryCall(method, path, opts) {
  try {
    await call(method, path, opts);
    return null;
  } catch (e) {
    return String(e);
  }
}

window.turnpost = { createAccount, me, rulesets, lobby, join, view, legalMoves, move, follow, playTurn, tryCall };
window.turnpostReady = true;
