// fixtures.mjs - accounts, tokens, games and snapshots for the API tests.

import assert from './checks.mjs';
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

export const RULESET = process.env.TURNPOST_TEST_RULESET ?? 'ironfuture';

// A name no earlier run has used: prefix and 10 random characters.
export function uniqueName(prefix = 'user') {
  return `${prefix}_${randomBytes(5).toString('hex')}`;
}

// A deterministic random stream for choosing moves (mulberry32), so a
// failing game can be replayed from the seed the test prints.
export function seededRandom(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (n) => Math.floor(next() * n);
  next.pick = (list) => list[next.int(list.length)];
  return next;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- accounts and tokens --------------------------------------------------

// Creates an account; returns {id, name, kind, token, account, expires_at}.
export async function createAccount(api, { kind = 'player', name = uniqueName(kind) } = {}) {
  const res = await api.post('/v1/accounts', { body: { name, kind }, expect: 201 });
  return { ...res.body.account, token: res.body.token, account: res.body.account, expires_at: res.body.expires_at };
}

const b64u = (buf) => Buffer.from(buf).toString('base64url');

// The parts of a tp1 token: {claims, claimsB64, sig}.
export function decodeToken(token) {
  const [prefix, claimsB64, sig] = token.split('.');
  assert.equal(prefix, 'tp1');
  return { claims: JSON.parse(Buffer.from(claimsB64, 'base64url').toString('utf8')), claimsB64, sig };
}

// A token with the claims replaced but the original signature kept.
export function tamperClaims(token, change) {
  const { claims, sig } = decodeToken(token);
  const next = change({ ...claims }) ?? claims;
  return `tp1.${b64u(JSON.stringify(next))}.${sig}`;
}

// A token whose signature has one byte changed.
export function tamperSignature(token) {
  const { claimsB64, sig } = decodeToken(token);
  const raw = Buffer.from(sig, 'base64url');
  raw[0] ^= 0x01;
  return `tp1.${claimsB64}.${b64u(raw)}`;
}

// A well-formed token signed with a key of our own (never the server's).
export function forgeToken(claims) {
  const { privateKey } = generateKeyPairSync('ed25519');
  const body = `tp1.${b64u(JSON.stringify(claims))}`;
  return `${body}.${b64u(sign(null, Buffer.from(body), privateKey))}`;
}

// ---- games ----------------------------------------------------------------

// Creates a game; seats is the list of seat requests. Returns the 201 body.
export async function createGame(api, token, seats, extra = {}) {
  const res = await api.post('/v1/games', {
    token,
    body: { ruleset: RULESET, seats, ...extra },
    headers: extra.headers,
    expect: 201,
  });
  return res.body;
}

// Two fresh players in a started game of RULESET, and a spectator account.
// Returns {id, game, players: [{id, name, token, seat}], spectator}.
export async function startedGame(api, { options } = {}) {
  const a = await createAccount(api);
  const b = await createAccount(api);
  const spectator = await createAccount(api);
  const body = { ruleset: RULESET, seats: [{ account_id: a.id }, { account_id: b.id }] };
  if (options) body.options = options;
  const res = await api.post('/v1/games', { token: a.token, body, expect: 201 });
  const game = res.body.game;
  assert.equal(game.status, 'active', 'a game whose seats are all accounts starts at once');
  return {
    id: game.id,
    game,
    players: [{ ...a, seat: 0 }, { ...b, seat: 1 }],
    spectator,
  };
}

export async function view(api, id, token) {
  return (await api.get(`/v1/games/${id}`, { token, expect: 200 })).body;
}

export async function legalMoves(api, id, token, seat) {
  const q = seat === undefined ? '' : `?seat=${seat}`;
  return (await api.get(`/v1/games/${id}/legal-moves${q}`, { token, expect: 200 })).body;
}

// Every entry of the move log the token may see, page by page.
export async function moveLog(api, id, token) {
  const all = [];
  let after = 0;
  for (;;) {
    const res = await api.get(`/v1/games/${id}/moves?after=${after}&limit=500`, { token, expect: 200 });
    all.push(...res.body.moves);
    if (res.body.moves.length < 500) return all;
    after = res.body.moves.at(-1).seq;
  }
}

// What each viewer (a list of {token, seat?}) can see of the game: the view
// (with its ETag), the whole move log, and the legal moves, as raw text.
// Two snapshots taken around a refused request must be equal.
export async function snapshot(api, id, viewers) {
  const out = [];
  for (const v of viewers) {
    const g = await api.get(`/v1/games/${id}`, { token: v.token, expect: 200 });
    const entry = { view: g.text, etag: g.headers.get('etag') };
    const pages = [];
    let after = 0;
    for (;;) {
      const m = await api.get(`/v1/games/${id}/moves?after=${after}&limit=500`, { token: v.token, expect: 200 });
      pages.push(JSON.stringify(m.body));
      if (m.body.moves.length < 500) break;
      after = m.body.moves.at(-1).seq;
    }
    entry.moves = pages;
    if (v.seat !== undefined) {
      const lm = await api.get(`/v1/games/${id}/legal-moves?seat=${v.seat}`, { token: v.token });
      entry.legal = `${lm.status} ${lm.status === 200 ? lm.text : lm.body.code}`;
    }
    out.push(entry);
  }
  return out;
}

// Asserts that nothing any viewer sees has changed since before.
export async function assertUnchanged(api, id, viewers, before, why) {
  const after = await snapshot(api, id, viewers);
  assert.deepEqual(after, before, `the game changed after a refused request: ${why}`);
}

// A helper for refusal tests: runs fn (which must make a refused request),
// then checks that the game looks the same to every viewer.
export async function refusedLeavesGame(api, id, viewers, why, fn) {
  const before = await snapshot(api, id, viewers);
  const res = await fn();
  await assertUnchanged(api, id, viewers, before, why);
  return res;
}

// The viewers of a started two-player game: both seats and the spectator.
export function viewersOf(g) {
  return [
    { token: g.players[0].token, seat: 0 },
    { token: g.players[1].token, seat: 1 },
    { token: g.spectator.token },
  ];
}
