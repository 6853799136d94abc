// heavysteam-player.mjs - a Heavy Steam player that plays through HTTP
// only: it reads GET /v1/games/{id}/legal-moves and makes one of the
// entries a move, filling a shape's holes within their bounds the way the
// engine's own random round tests do (tests/unit/heavysteam_round_fixture.h):
//
//   "form": "move"    sent as it is, without "form"
//   {"min", "max"}    a number in the range
//   {"of": [...]}     one of the values
//   flow              the white squares of stations that are no vent first,
//                     then vents and red squares with what is left
//   damage            one pick, with a "to" where its steam goes
//   an effect choice  the first cubes of steam, a damage square without
//                     steam, the first sector, repairs, shields in order
//
// With heat set the player builds pressure and seeks the fight: the
// longest moves, every attack with all its Hotshot, the red squares
// first, every evade, so that titans break and games end.

import assert from './checks.mjs';

// A number in {min, max}.
function bound(rand, b) {
  return b.max > b.min ? b.min + rand.int(b.max - b.min + 1) : b.min;
}

function oneOf(rand, b) {
  return b.of.length ? rand.pick(b.of) : undefined;
}

// A choice for the options of one step of a card, event or power.
export function fillChoice(rand, o) {
  if (o.steam) return { steam: o.steam.slice(0, o.n) };
  if (o.damage) {
    let d = rand.pick(o.damage);
    // a square without steam when there is one: none has to move
    for (const x of o.damage) if (d.steam && !x.steam) d = x;
    return { damage: [{ station: d.station, square: d.square }] };
  }
  if (o.sector) return { sector: o.sector[0] };
  if (o.repair) return { repair: o.repair.slice(0, o.n).map((q) => ({ station: q.station, square: q.square })) };
  if (o.shield) {
    const out = [];
    let left = o.n;
    for (const l of o.shield) for (let k = 0; left > 0 && k < l.room; k++, left--) out.push(l.location);
    return { shield: out };
  }
  return {};
}

// The one choice of a shape's "choice" (a list of one step, or the step);
// undefined for a card of several choices (left to the engine's card tests).
function theChoice(rand, c) {
  if (Array.isArray(c)) return c.length === 1 ? fillChoice(rand, c[0]) : undefined;
  return c && typeof c === 'object' ? fillChoice(rand, c) : undefined;
}

function shuffle(rand, list) {
  const a = [...list];
  for (let i = a.length - 1; i > 0; i--) {
    const j = rand.int(i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}

// A legal steam flow for a flow shape {station, cubes, must, white, red}.
function fillFlow(rand, shape, heat) {
  const ids = shuffle(rand, Object.keys(shape.white ?? {}));
  const white = {};
  const red = {};
  let left = shape.cubes;
  // red squares first: legal when every cube then moves, or the white
  // squares after them are all taken
  if (heat) {
    for (const id of ids) {
      const k = Math.min(shape.red?.[id]?.max ?? 0, left);
      if (k) red[id] = k;
      left -= k;
    }
  }
  for (const pass of [false, true]) {
    for (const id of ids) {
      const b = shape.white[id];
      if (Boolean(b.vent) !== pass) continue;
      let k = Math.min(b.max, left);
      if (b.vent) k = rand.int(k + 1);
      if (k) white[id] = k;
      left -= k;
    }
  }
  if (!heat) {
    for (const id of ids) {
      const k = rand.int(Math.min(shape.red?.[id]?.max ?? 0, left) + 1);
      if (k) red[id] = k;
      left -= k;
    }
  }
  return { white, red };
}

// The move an entry of legal-moves makes, its holes filled; undefined when
// this player does not fill that shape.
export function fillEntry(rand, e, { heat = false } = {}) {
  const { form, ...m } = e;
  if (form === 'move') return m;
  assert.equal(form, 'shape', `an entry is a move or a shape: ${JSON.stringify(e).slice(0, 200)}`);
  // a battle card played with an attack or an evade: its one choice
  if (e.battle_card !== undefined && e.type !== 'card' && e.choice !== undefined) {
    const c = theChoice(rand, e.choice);
    if (c === undefined) return undefined;
    m.choice = c;
  }
  switch (e.type) {
    case 'loadout': {
      // one mount changed: each value listed fits with the other two
      const mount = ['left_arm', 'right_arm', 'torso'][rand.int(3)];
      return { type: 'loadout', [mount]: oneOf(rand, e[mount]) };
    }
    case 'pilot': {
      if (e.charge) {
        m.charge = {};
        for (const [mount, b] of Object.entries(e.charge)) m.charge[mount] = heat ? b.max : bound(rand, b);
      }
      return m;
    }
    case 'flow': {
      delete m.station;
      delete m.cubes;
      delete m.must;
      return { ...m, ...fillFlow(rand, e, heat) };
    }
    case 'event':
    case 'pilot_power':
    case 'card': {
      const c = theChoice(rand, e.choice);
      if (c === undefined) return undefined;
      m.choice = c;
      return m;
    }
    case 'attack': {
      if (e.hotshot) m.hotshot = heat ? e.hotshot.max : bound(rand, e.hotshot);
      if (e.boost) m.boost = oneOf(rand, e.boost);
      return m;
    }
    case 'evade': {
      // a hole the entry leaves out is no choice: its value stays as listed
      if (e.board?.of) m.board = heat ? e.board.of.at(-1) : oneOf(rand, e.board);
      if (e.card?.of) m.card = oneOf(rand, e.card);
      return m;
    }
    case 'damage': {
      const p = structuredClone(oneOf(rand, e.picks));
      if (p.to) {
        const to = oneOf(rand, p.to);
        if (to === undefined || to === null) delete p.to;
        else p.to = to;
      }
      m.picks = [p];
      return m;
    }
    case 'done': {
      for (const key of ['infantry', 'cannon']) {
        if (e[key] && rand.int(2)) m[key] = oneOf(rand, e[key]);
        else delete m[key];
      }
      // a pilot who moves steam after a paid move: one step, or none
      if (e.pilot_step) {
        const from = oneOf(rand, e.pilot_step.from);
        const to = oneOf(rand, e.pilot_step.to);
        if (from && to && rand.int(2)) m.pilot_step = { from, to };
        else delete m.pilot_step;
      }
      return m;
    }
    case 'steam_done': {
      m.shutdown = e.shutdown?.of?.length && rand.int(4) === 0 ? [oneOf(rand, e.shutdown)] : [];
      m.repairs = e.repairs?.max > 0 && e.repairs.of?.length ? [[oneOf(rand, e.repairs)]] : [];
      return m;
    }
    case 'free_move': {
      const from = oneOf(rand, e.steps.from);
      const to = oneOf(rand, e.steps.to);
      m.steps = from === undefined || to === undefined ? [] : [{ from, to }];
      return m;
    }
    default:
      return undefined;
  }
}

// The order in which a player tries the entries: at random, or with heat
// the last (the longest move, an attack, a shape) first.
export function entryOrder(rand, moves, heat) {
  const n = moves.length;
  const order = [];
  for (let tries = 0; tries < 12 && n; tries++) {
    if (heat && tries < 3) order.push(n - 1 - rand.int(n < 2 ? 1 : 2));
    else if (tries < 6) order.push(rand.int(n));
    else order.push(tries % n);
  }
  return order.map((i) => moves[i]);
}

// The entry that does least (hold, pass, done, no evade, keep, ...), for a
// quiet player; undefined when the listing has none.
const QUIET = ['hold', 'pass', 'done', 'steam_done', 'free_move', 'evade', 'reroll'];
export function quietEntry(moves) {
  for (const t of QUIET) {
    const e = moves.find((x) => x.form === 'move' && x.type === t);
    if (e) return e;
  }
  return undefined;
}

// Plays one move of seat (players[seat].token) in game id through HTTP.
// Tries entries of the listing until one is accepted; a filled shape the
// engine refuses (a free move within one station, say) is refused with a
// problem naming a rule and must change nothing the seat sees; a plain
// move of the listing must be accepted. Plain moves of the types in
// prefer are tried first. Returns {move, res, legal}.
export async function playSeat(api, id, players, seat, rand, { heat = false, quiet = false, prefer = [], before } = {}) {
  const token = players[seat].token;
  const v = before ?? await api.get(`/v1/games/${id}`, { token, expect: 200 });
  const legal = (await api.get(`/v1/games/${id}/legal-moves?seat=${seat}`, { token, expect: 200 })).body;
  assert.equal(legal.version, v.body.version, 'legal-moves is of the version just viewed');
  assert.ok(legal.moves.length > 0, `seat ${seat} must act but has no legal move (version ${v.body.version})`);
  const tries = [];
  if (quiet) {
    const q = quietEntry(legal.moves);
    if (q) tries.push(q);
  }
  tries.push(...legal.moves.filter((e) => e.form === 'move' && prefer.includes(e.type)));
  tries.push(...entryOrder(rand, legal.moves, heat));
  for (const e of tries) {
    const move = fillEntry(rand, e, { heat });
    if (move === undefined) continue;
    const res = await api.post(`/v1/games/${id}/moves`, {
      token, body: { move, seat }, headers: { 'if-match': `"${v.body.version}"` },
    });
    if (res.status === 201) {
      assert.equal(res.body.version, v.body.version + 1, 'a move raises the version by one');
      return { move, res, legal, entry: e };
    }
    assert.equal(e.form, 'shape', `a listed move was refused: ${JSON.stringify(move)}: ${res.status} ${res.text.slice(0, 300)}`);
    assert.equal(res.status, 422, `a filled shape is refused as illegal: ${JSON.stringify(move)}: ${res.text.slice(0, 300)}`);
    assert.match(res.body.rule ?? res.body.detail ?? '', /HS-R-/, 'the refusal names the rule');
    const now = await api.get(`/v1/games/${id}`, { token, expect: 200 });
    assert.equal(now.text, v.text, `a refused ${move.type} changed nothing the seat sees (version, state, log head)`);
  }
  assert.fail(`seat ${seat}: no entry of the listing was accepted at version ${v.body.version}: ${JSON.stringify(legal.moves).slice(0, 600)}`);
  return undefined;
}
