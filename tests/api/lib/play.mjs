// play.mjs - choosing and submitting moves through HTTP.

import assert from './checks.mjs';

// Turns an entry of legal-moves into a move to submit. An entry is either
// a concrete move ({"type": ..., fields}) or, where the engine lists the
// allowed values instead of every move, a shape; a shape's "choices" (or
// "options") maps a field to its allowed values, and one is picked for
// each field. rand is a seededRandom().
export function concretize(entry, rand) {
  const shape = entry.choices ?? entry.options ?? entry.fields;
  if (!shape || typeof shape !== 'object' || Array.isArray(shape)) return entry;
  const move = {};
  for (const [k, v] of Object.entries(entry)) {
    if (!['choices', 'options', 'fields'].includes(k)) move[k] = v;
  }
  for (const [field, allowed] of Object.entries(shape)) {
    if (Array.isArray(allowed)) {
      assert.ok(allowed.length > 0, `shape ${entry.type}: ${field} has no allowed value`);
      move[field] = rand.pick(allowed);
    } else if (allowed && typeof allowed === 'object' && 'min' in allowed && 'max' in allowed) {
      move[field] = allowed.min + rand.int(allowed.max - allowed.min + 1);
    } else {
      move[field] = allowed;
    }
  }
  return move;
}

// The seats that must act now, from a view.
export function mustAct(view) {
  return view.must_act;
}

// Picks a seat that must act and one of its legal moves.
// players: [{token, seat}]. Returns {seat, token, move, legal} or null when
// nobody must act.
export async function chooseMove(api, gameId, players, rand, { spectatorToken } = {}) {
  const v = (await api.get(`/v1/games/${gameId}`, { token: spectatorToken ?? players[0].token, expect: 200 })).body;
  if (v.status !== 'active' || v.must_act.length === 0) return null;
  const seat = rand.pick(v.must_act);
  const p = players.find((x) => x.seat === seat);
  const lm = (await api.get(`/v1/games/${gameId}/legal-moves?seat=${seat}`, { token: p.token, expect: 200 })).body;
  assert.equal(lm.version, v.version, 'legal-moves is of the version just viewed');
  assert.ok(lm.moves.length > 0, `seat ${seat} must act but has no legal move (version ${v.version})`);
  const move = concretize(rand.pick(lm.moves), rand);
  return { seat, token: p.token, move, legal: lm, version: v.version };
}

// Chooses and submits one move; returns the 201 body, or null if nobody
// must act.
export async function playOne(api, gameId, players, rand, opts = {}) {
  const c = await chooseMove(api, gameId, players, rand, opts);
  if (!c) return null;
  const res = await api.post(`/v1/games/${gameId}/moves`, {
    token: c.token, body: { move: c.move, seat: c.seat },
    headers: { 'if-match': `"${c.version}"` }, expect: 201,
  });
  assert.equal(res.body.version, c.version + 1, 'a move raises the version by one');
  return { ...res.body, chosen: c };
}
