// heavysteam.test.mjs - Heavy Steam through HTTP only, two seats and a
// spectator, moves chosen from legal-moves (lib/heavysteam-player.mjs).
// Checks that:
//   - whole Meeting Engagement games, heavy titans and light, end with a
//     destruction: a winner, status finished, a result; every phase and
//     the defender's questions (evade, damage) come up on the way;
//   - the defender answers its questions itself (must_act switches to it,
//     the view's question says who and why) or by standing orders set at
//     any time, out of turn too (then it is never asked; order_decided in
//     its log), set while the question is pending (answered at once); bad
//     orders are refused naming the rule and change nothing;
//   - no hand, deck order, box, secret pilot or orders reach another seat
//     or the spectator (views, legal moves, move log), and once the game is
//     over the log shows every move whole;
//   - a game created with loadouts (HS-R-135) shows the cards on its titans;
//     a bad loadout is refused (400, problem+json) naming the rule;
//   - out of turn, illegal moves and unknown fields are refused changing
//     nothing; resignation, rematch, export and `turnpost verify`;
//   - with an "auto" clock the engine's timeout move is made for a seat
//     out of time, in the pilots stage and in a round, and the game goes on.

import { test } from 'node:test';

import assert from './lib/checks.mjs';
import { createAccount, moveLog, refusedLeavesGame, seededRandom, sleep } from './lib/fixtures.mjs';
import { verifyExport } from './lib/export.mjs';
import { useServer } from './lib/harness.mjs';
import { assertNoRunOf, assertPrivateToNamed, eventsFor, hsPublicPart as publicPart } from './lib/hidden.mjs';
import { playSeat } from './lib/heavysteam-player.mjs';

const ctx = useServer({ env: { TURNPOST_SWEEPERS: '1' } });
const SEED = Number(process.env.TURNPOST_TEST_SEED ?? 20261202);
const MAX_MOVES = Number(process.env.TURNPOST_TEST_MAX_MOVES ?? 1500);
const EXTRA_GAMES = Number(process.env.TURNPOST_TEST_GAMES ?? 0);
const PHASES = ['move', 'combat', 'steam', 'cards', 'initiative', 'pressure'];
const STATION_TYPES = ['shield', 'vent', 'conduit', 'repair', 'weapon_slot', 'mobility', 'boiler', 'command'];
// Orders that answer every question an attack asks the defender.
const ALL_ORDERS = { type: 'orders', evade: 'never', cards_when_attacked: 'never', damage: STATION_TYPES, reroll: [] };

// ---- games ------------------------------------------------------------------

// A started two-seat game: {id, game, players: [{token, seat}...], spectator, viewers}.
async function hsGame({ options, entropy, clock } = {}) {
  const api = ctx.api;
  const a = await createAccount(api);
  const b = await createAccount(api);
  const spectator = await createAccount(api);
  const body = { ruleset: 'heavysteam', seats: [{ account_id: a.id }, { account_id: b.id }] };
  if (options) body.options = options;
  if (entropy) body.entropy = entropy;
  if (clock) body.clock = clock;
  const game = (await api.post('/v1/games', { token: a.token, body, expect: 201 })).body.game;
  assert.equal(game.status, 'active', 'a game whose seats are all accounts starts at once');
  assert.equal(game.ruleset, 'heavysteam');
  const players = [{ ...a, seat: 0 }, { ...b, seat: 1 }];
  return {
    id: game.id, game, players, spectator,
    viewers: [{ token: a.token, seat: 0 }, { token: b.token, seat: 1 }, { token: spectator.token }],
  };
}

const get = async (g, token) => ctx.api.get(`/v1/games/${g.id}`, { token, expect: 200 });

async function post(g, seat, move, expect = 201) {
  return ctx.api.post(`/v1/games/${g.id}/moves`, { token: g.players[seat].token, body: { move, seat }, expect });
}

// Every event of a move answer or a log entry.
const eventsOf = (entries) => entries.flatMap((m) => m.events ?? []);

// Plays g from where it is. Each step: the spectator's view, a seat of
// must_act (at random), one move of its legal-moves. stop(view) ends the
// loop early; each(view, played) sees every step. Returns the last view.
async function play(g, rand, { heat = true, quiet = false, max = MAX_MOVES, stop, each } = {}) {
  let v = (await get(g, g.spectator.token)).body;
  for (let n = 0; n < max && v.status === 'active'; n++) {
    if (stop && stop(v)) return v;
    assert.ok(v.must_act.length > 0, `an active game has someone to act (version ${v.version})`);
    const seat = rand.pick(v.must_act);
    const played = await playSeat(ctx.api, g.id, g.players, seat, rand, { heat, quiet });
    if (each) await each(v, played);
    v = (await get(g, g.spectator.token)).body;
  }
  return v;
}

// What a whole game saw: phases in the views, questions asked, events.
function counter() {
  const c = { phases: new Set(), asked: {}, moves: 0, events: {} };
  c.see = (v) => {
    if (v.state.stage === 'round') c.phases.add(v.state.phase);
    const q = v.state.question;
    if (q) c.asked[q.ask] = (c.asked[q.ask] ?? 0) + 1;
  };
  c.event = (e) => {
    c.events[e.type] = (c.events[e.type] ?? 0) + 1;
    if (e.type === 'phase_started' || e.type === 'round_started') c.phases.add(e.phase);
  };
  return c;
}

// The defender's question in view v, checked: only the defender must act,
// and the view says who, what and why.
function checkDefenderQuestion(v) {
  const q = v.state.question;
  if (!['evade', 'damage'].includes(q.ask)) return null;
  assert.deepEqual(v.must_act, [q.seat], `${q.ask}: only the seat asked must act`);
  assert.ok(q.why.length > 0, 'the question says why');
  const a = v.state.attack;
  assert.ok(a, `an ${q.ask} question is asked during an attack`);
  return q;
}

async function exportOf(g) {
  return (await ctx.api.get(`/v1/games/${g.id}/export`, { token: g.players[0].token, expect: 200 })).body;
}

// ---- 1. whole games -----------------------------------------------------------

const WHOLE = [
  { label: 'heavy vs heavy', options: undefined, entropy: `hs-heavy-${SEED}` },
  { label: 'light vs light', options: { size: 'light' }, entropy: `hs-light-${SEED}` },
];
for (let i = 0; i < EXTRA_GAMES; i++) {
  WHOLE.push({ label: `extra ${i}`, options: i % 2 ? { size: 'light' } : undefined, entropy: `hs-extra-${SEED}-${i}` });
}

test('whole Meeting Engagement games, heavy and light, end with a destruction; every phase and the defender\'s questions come up', async () => {
  const total = counter();
  for (const [i, w] of WHOLE.entries()) {
    const g = await hsGame({ options: w.options, entropy: w.entropy });
    const rand = seededRandom(SEED + i);
    const c = counter();
    const started = Date.now();
    const v = await play(g, rand, {
      each: async (before, played) => {
        c.see(before);
        total.see(before);
        c.moves++;
        checkDefenderQuestion(before);
        for (const e of played.res.body.events ?? []) { c.event(e); total.event(e); }
      },
    });
    const titans = v.state.titans.map((t) => t.board);
    if (w.options?.size === 'light') assert.ok(titans.every((b) => /light/.test(b)), `${w.label}: light titans ${titans}`);
    else assert.ok(titans.every((b) => /heavy/.test(b)), `${w.label}: heavy titans ${titans}`);
    assert.equal(v.status, 'finished', `${w.label}: the game ends within ${MAX_MOVES} moves (round ${v.state.round}, ${c.moves} moves)`);
    assert.equal(v.winners.length, 1, `${w.label}: one winner`);
    assert.ok(v.result?.summary?.length > 0, `${w.label}: a result`);
    assert.equal(v.state.stage, 'over');
    assert.deepEqual(v.must_act, []);
    const loser = 1 - v.winners[0];
    assert.ok(v.state.titans[v.state.seats[loser].titan].destroyed, `${w.label}: the loser's titan is destroyed`);
    // the log says the same
    const log = await moveLog(ctx.api, g.id, g.players[0].token);
    for (const e of eventsOf(log.filter((m) => m.kind === 'setup'))) total.event(e);
    assert.equal(log.length, v.move_count, 'the log holds every move');
    console.log(`# ${w.label}: ${c.moves} moves, round ${v.state.round}, ${Date.now() - started} ms; asked ${JSON.stringify(c.asked)}`);
    verifyExport(await exportOf(g), w.label);
  }
  for (const p of PHASES) assert.ok(total.phases.has(p), `the ${p} phase came up (${[...total.phases]})`);
  assert.ok(total.asked.evade > 0, `the defender was asked to evade: ${JSON.stringify(total.asked)}`);
  assert.ok(total.asked.damage > 0, `the defender was asked to place damage: ${JSON.stringify(total.asked)}`);
});

// ---- 2. the defender's decisions ------------------------------------------

test('the defender answers evade and damage itself when asked: must_act switches to it', async () => {
  const rand = seededRandom(SEED + 10);
  const seen = { evade: 0, damage: 0 };
  let g;
  let v;
  // games until the defender was asked both and is asked once more (a
  // game may end by a destruction first; the server's seed varies)
  for (let n = 0; n < 6 && !(v?.status === 'active' && seen.evade && seen.damage); n++) {
    g = await hsGame({ entropy: `hs-ask-${SEED}-${n}` });
    await play(g, rand, {
      stop: () => seen.evade > 0 && seen.damage > 0,
      each: async (before, played) => {
        const q = checkDefenderQuestion(before);
        if (!q) return;
        seen[q.ask]++;
        assert.equal(played.move.type, q.ask, `the defender's answer is an ${q.ask} move`);
        assert.equal(played.res.body.game.viewer_seat, q.seat);
      },
    });
    v = await play(g, rand, { stop: (x) => ['evade', 'damage'].includes(x.state.question.ask) });
  }
  assert.ok(seen.evade > 0 && seen.damage > 0, `the defender was asked both: ${JSON.stringify(seen)}`);
  assert.equal(v.status, 'active', 'a game reached another defender question');
  // while the defender is asked, the attacker may not answer for it
  const q = checkDefenderQuestion(v);
  const legal = (await ctx.api.get(`/v1/games/${g.id}/legal-moves?seat=${q.seat}`, { token: g.players[q.seat].token, expect: 200 })).body;
  const theirs = legal.moves.find((e) => e.form === 'move') ?? legal.moves[0];
  const none = (await ctx.api.get(`/v1/games/${g.id}/legal-moves?seat=${1 - q.seat}`, { token: g.players[1 - q.seat].token, expect: 200 })).body;
  assert.deepEqual(none.moves, [], 'the attacker has no legal move while the defender is asked');
  await refusedLeavesGame(ctx.api, g.id, g.viewers, 'the attacker answering the defender\'s question', async () => {
    const { form, ...m } = theirs;
    const r = await post(g, 1 - q.seat, m, 409);
    assert.equal(r.body.code, 'not_your_turn');
  });
});

test('standing orders set out of turn answer the defender\'s questions without asking it', async () => {
  const rand = seededRandom(SEED + 20);
  const decided = { evade: 0, damage: 0 };
  // games until orders decided both (a destruction may end one first)
  for (let n = 0; n < 6 && !(decided.evade && decided.damage); n++) {
  const g = await hsGame({ entropy: `hs-orders-${SEED}-${n}` });
  // both pilots chosen, then the seat that need not act sets its orders
  let v = await play(g, rand, { stop: (x) => x.state.stage === 'round' });
  const acting = v.must_act[0];
  const idle = 1 - acting;
  assert.deepEqual(v.must_act, [acting]);
  assert.ok(!v.must_act.includes(idle), 'the seat setting orders is not asked anything');
  const res = await post(g, idle, ALL_ORDERS);
  assert.equal(res.body.version, v.version + 1, 'orders are a move of their own');
  assert.deepEqual(res.body.game.must_act, [acting], 'orders change nobody\'s turn');
  const mine = res.body.game.state.seats[idle].orders;
  assert.deepEqual(mine, { evade: 'never', cards_when_attacked: 'never', damage: STATION_TYPES, reroll: [] }, 'the seat sees its orders');
  // invisible to the other seat and the spectator
  for (const who of [acting, null]) {
    const token = who === null ? g.spectator.token : g.players[who].token;
    const view = (await get(g, token)).body;
    assert.equal(view.state.seats[idle].orders, undefined, `${who ?? 'the spectator'} does not see the orders`);
    const log = await moveLog(ctx.api, g.id, token);
    const entry = log.at(-1);
    assert.deepEqual(entry.move, { type: 'orders' }, `${who ?? 'the spectator'} sees only that orders were given`);
    assert.ok(!JSON.stringify(entry).includes('weapon_slot'), 'no order in the entry\'s events');
    const one = (await ctx.api.get(`/v1/games/${g.id}/moves/${entry.seq}`, { token, expect: 200 })).body;
    assert.deepEqual(one.move, { type: 'orders' });
  }
  const own = (await moveLog(ctx.api, g.id, g.players[idle].token)).at(-1);
  assert.deepEqual(own.move, ALL_ORDERS, 'the seat sees its own orders move whole');
  // play on: the idle seat is never asked to evade or place damage
  const before = decided.evade + decided.damage;
  v = await play(g, rand, {
    stop: () => decided.evade > 0 && decided.damage > 0,
    each: async (before, played) => {
      const q = before.state.question;
      if (['evade', 'damage', 'reroll'].includes(q.ask)) {
        assert.notEqual(q.seat, idle, `the seat with orders is not asked: ${q.ask}`);
      }
      for (const e of played.res.body.events ?? []) {
        if (e.type === 'order_decided' && e.seat === idle && e.order in decided) decided[e.order]++;
      }
    },
  });
  const log = await moveLog(ctx.api, g.id, g.players[idle].token);
  assert.ok(!log.some((m) => m.seat === idle && m.move.type === 'evade'), 'the seat made no evade move');
  if (decided.evade + decided.damage > before) assert.ok(eventsOf(log).some((e) => e.type === 'order_decided' && e.seat === idle), 'order_decided is in the log');
  }
  assert.ok(decided.evade > 0, `an evade was decided by orders: ${JSON.stringify(decided)}`);
  assert.ok(decided.damage > 0, `damage was placed by orders: ${JSON.stringify(decided)}`);
});

test('orders given while the question is pending answer it at once', async () => {
  let g = await hsGame({ entropy: `hs-pending-${SEED}` });
  const rand = seededRandom(SEED + 30);
  const answered = {};
  for (const [ask, orders] of [['evade', { type: 'orders', evade: 'never', cards_when_attacked: 'never' }],
    ['damage', { type: 'orders', damage: STATION_TYPES }]]) {
    let v = await play(g, rand, { stop: (x) => x.state.question.ask === ask });
    for (let n = 1; n < 6 && v.status !== 'active'; n++) {
      g = await hsGame({ entropy: `hs-pending-${SEED}-${ask}-${n}` });
      v = await play(g, rand, { stop: (x) => x.state.question.ask === ask });
    }
    assert.equal(v.status, 'active', `a game reached an ${ask} question`);
    const q = checkDefenderQuestion(v);
    const res = await post(g, q.seat, orders);
    assert.ok(res.body.events.some((e) => e.type === 'order_decided' && e.seat === q.seat && e.order === ask),
      `the pending ${ask} was decided by the orders: ${JSON.stringify(res.body.events).slice(0, 400)}`);
    const now = res.body.game.state.question;
    if (ask === 'evade') assert.ok(!(now.ask === 'evade' && now.seat === q.seat), 'the defender is no longer asked to evade');
    answered[ask] = true;
    // back to asking, for the next question
    await post(g, q.seat, { type: 'orders', evade: 'ask', cards_when_attacked: 'ask', damage: 'ask', reroll: 'ask' });
  }
  assert.deepEqual(answered, { evade: true, damage: true });
});

test('bad orders are refused naming the rule and change nothing', async () => {
  const g = await hsGame({ entropy: `hs-bad-${SEED}` });
  const bad = [
    { type: 'orders' },
    { type: 'orders', evade: 0 },
    { type: 'orders', evade: 'sometimes' },
    { type: 'orders', damage: [] },
    { type: 'orders', damage: ['no_such_station'] },
    { type: 'orders', damage: [...STATION_TYPES, 'shield'] },
    { type: 'orders', reroll: 'always' },
    { type: 'orders', cards_when_attacked: 'yes' },
    { type: 'orders', evade: 'never', colour: 'red' },
  ];
  await refusedLeavesGame(ctx.api, g.id, g.viewers, 'bad orders', async () => {
    for (const move of bad) {
      for (const seat of [0, 1]) {
        const res = await ctx.api.post(`/v1/games/${g.id}/moves`, { token: g.players[seat].token, body: { move, seat } });
        assert.ok([400, 422].includes(res.status), `${JSON.stringify(move)}: refused (${res.status})`);
        assert.match(res.headers.get('content-type'), /^application\/problem\+json/);
        if (res.status === 422) assert.match(res.body.rule, /HS-R-126/, `${JSON.stringify(move)}: names the rule of standing orders`);
      }
    }
  });
});

// ---- 3. hidden information --------------------------------------------------

// Every string value anywhere in value, with its path.
function strings(value, path = '', out = []) {
  if (typeof value === 'string') out.push({ path, value });
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, `${path}.${k}`, out);
  return out;
}

// A view without the places that show cards to everyone (the track, the
// discard pile, cards in play, units and terrain, resolved events), nor the viewer's own
// hand: no battle card id is left in it for another seat's hand to show.
function withoutPublicCards(view) {
  const v = structuredClone(view);
  const bc = v.state.battle_cards;
  for (const k of ['track', 'discard', 'in_play', 'events_done', 'hand', 'teammates']) delete bc[k];
  delete v.state.event;
  // a support unit on the board and a titan's terrain name the card in play
  for (const u of v.state.units ?? []) delete u.card;
  for (const t of v.state.titans ?? []) delete t.terrain;
  return v;
}


test('hidden information: hands, deck order, the box, a secret pilot and orders reach no other seat; the finished log shows moves whole', async () => {
  const g = await hsGame({ entropy: `hs-hidden-${SEED}` });
  const rand = seededRandom(SEED + 40);
  const tokens = [g.players[0].token, g.players[1].token, g.spectator.token];
  const seatOf = [0, 1, null];
  const texts = [];   // every answer, for the deck and box at the end
  const views = async () => {
    const out = [];
    for (const t of tokens) { const r = await get(g, t); texts.push(r.text); out.push(r.body); }
    return out;
  };
  // before the reveal: seat 0 chooses; seat 1 and the spectator cannot tell which
  let [v0] = await views();
  assert.deepEqual(v0.must_act, [0, 1], 'both seats choose their pilots at once');
  const legal0 = (await ctx.api.get(`/v1/games/${g.id}/legal-moves?seat=0`, { token: tokens[0], expect: 200 })).body;
  const entry = legal0.moves.at(-1);
  const { form, ...pilotMove } = entry;
  if (entry.charge) pilotMove.charge = Object.fromEntries(Object.entries(entry.charge).map(([k, b]) => [k, b.max]));
  const chose = await post(g, 0, pilotMove);
  texts.push(chose.text);
  assert.deepEqual(chose.body.game.must_act, [1], 'seat 0 has chosen; seat 1 still chooses');
  assert.equal(chose.body.game.state.seats[0].pilot, pilotMove.pilot, 'seat 0 sees its pilot');
  const secret = JSON.stringify(pilotMove.pilot);
  const legal1 = (await ctx.api.get(`/v1/games/${g.id}/legal-moves?seat=1`, { token: tokens[1], expect: 200 })).body;
  assert.ok(!legal1.moves.some((e) => e.pilot === pilotMove.pilot), 'the pilots are each faction\'s own');
  for (const i of [1, 2]) {
    const v = (await get(g, tokens[i])).body;
    assert.equal(v.state.seats[0].pilot, null, `${seatOf[i] ?? 'the spectator'}: seat 0's pilot is not shown`);
    assert.equal(v.state.seats[0].chosen, true, 'only that it has chosen');
    assert.equal(v.state.seats[0].charge, undefined);
    const log = await ctx.api.get(`/v1/games/${g.id}/moves`, { token: tokens[i], expect: 200 });
    assert.deepEqual(log.body.moves.at(-1).move, { type: 'pilot' }, 'the log shows {"type": "pilot"} only');
    for (const text of [JSON.stringify(v), log.text]) assert.ok(!text.includes(secret), `${seatOf[i] ?? 'the spectator'} cannot learn the pilot`);
    const one = await ctx.api.get(`/v1/games/${g.id}/moves/${log.body.moves.at(-1).seq}`, { token: tokens[i], expect: 200 });
    assert.ok(!one.text.includes(secret));
  }
  // seat 0's orders: seen by it alone
  await post(g, 0, { type: 'orders', evade: 3, damage: ['vent', 'shield'] });
  // play on, checking every view at every step
  let steps = 0;
  let v;
  for (;;) {
    const vs = await views();
    v = vs[2];
    for (const s of [0, 1]) assert.deepEqual(publicPart(vs[s], s), publicPart(v, null), `version ${v.version}: seat ${s} sees the spectator's view and its own secrets only`);
    assert.equal(v.state.seats[0].orders, undefined, 'the spectator sees no orders');
    assert.equal(typeof v.state.battle_cards.deck, 'number', 'the deck is a count');
    assert.equal(v.state.battle_cards.box, undefined, 'the box is not shown');
    assert.equal(v.state.battle_cards.hand, undefined, 'the spectator has no hand');
    const hands = [vs[0].state.battle_cards.hand, vs[1].state.battle_cards.hand];
    assert.deepEqual(v.state.battle_cards.hands, hands.map((h) => h.length), 'hands are shown as counts');
    // no card of either hand where cards are not public
    const ids = new Set([...hands[0], ...hands[1]]);
    const left = strings(withoutPublicCards(v)).filter((x) => ids.has(x.value));
    assert.deepEqual(left, [], `version ${v.version}: the spectator's view names a hand's card`);
    for (const s of [0, 1]) {
      const lm = await ctx.api.get(`/v1/games/${g.id}/legal-moves?seat=${s}`, { token: tokens[s], expect: 200 });
      texts.push(lm.text);
      const other = new Set(hands[1 - s].filter((c) => !hands[s].includes(c) && !v.state.battle_cards.track.includes(c)));
      const named = strings(lm.body).filter((x) => other.has(x.value));
      assert.deepEqual(named, [], `seat ${s}'s legal moves name the other hand's cards`);
    }
    if (v.status !== 'active' || steps >= 120) break;
    await playSeat(ctx.api, g.id, g.players, rand.pick(v.must_act), rand, { heat: false });
    steps++;
  }
  // the logs: each viewer's is the export's as it may see them
  const logs = [];
  for (const t of tokens) logs.push(await moveLog(ctx.api, g.id, t));
  if (v.status === 'active') await ctx.api.post(`/v1/games/${g.id}/resign`, { token: tokens[1], expect: 200 });
  const ex = await exportOf(g);
  assert.ok(Array.isArray(ex.moves), 'the export lists the moves');
  const full = [{ seq: 1, seat: -1, kind: 'setup', move: {}, events: ex.setup.events }, ...ex.moves];
  for (const [i, log] of logs.entries()) {
    texts.push(JSON.stringify(log));
    const who = seatOf[i];
    for (const m of log) {
      const whole = full.find((x) => x.seq === m.seq);
      assert.deepEqual(m.events, eventsFor(whole.events, who), `seq ${m.seq}: ${who ?? 'the spectator'} gets the events it may see`);
      assertPrivateToNamed(m.events, `seq ${m.seq}`);
      if (m.seat !== who && ['pilot', 'orders'].includes(whole.move.type)) assert.deepEqual(m.move, { type: whole.move.type }, `seq ${m.seq}: another seat's ${whole.move.type} is hidden`);
      else if (m.kind !== 'setup') assert.deepEqual(m.move, whole.move, `seq ${m.seq}: the move is shown whole`);
    }
  }
  // the deck's order and the box appear nowhere
  const final = ex.final_state;
  assert.ok(final?.battle_cards, 'the export holds the final state');
  const piles = [final.battle_cards.deck, final.battle_cards.box].filter((p) => Array.isArray(p) && p.length >= 3);
  assert.ok(piles.length > 0, 'the deck holds cards at the end');
  for (const text of texts) assertNoRunOf(JSON.parse(text), piles, 'an answer');
  if (final.battle_cards.box?.length) {
    for (const text of texts) assert.ok(!text.includes(JSON.stringify(final.battle_cards.box)), 'the box is listed nowhere');
  }
  // over: the log shows every move whole, to everyone
  for (const t of tokens) {
    const log = await moveLog(ctx.api, g.id, t);
    for (const m of log) {
      const whole = full.find((x) => x.seq === m.seq);
      if (m.kind !== 'setup') assert.deepEqual(m.move, whole.move, `finished: seq ${m.seq} is shown whole`);
    }
    assert.ok(log.some((m) => m.move.type === 'pilot' && m.move.pilot === pilotMove.pilot), 'the secret pilot is in the finished log');
    assert.ok(log.some((m) => m.move.type === 'orders' && m.move.evade === 3), 'the orders are in the finished log');
  }
});

// ---- 3b. loadouts agreed at creation ----------------------------------------

test('a game created with loadouts shows the cards on its titans; a bad loadout is refused naming the rule, and no game is made', async () => {
  const loadouts = [{ left_arm: 'uk_grapeshot', right_arm: 'uk_harpoon' }, { right_arm: 'cet_sprint_pistons', torso: null }];
  const g = await hsGame({ options: { size: 'light', loadouts }, entropy: `hs-loadouts-${SEED}` });
  for (const viewer of g.viewers) {
    const v = (await get(g, viewer.token)).body;
    const [kestrel, feldhase] = v.state.titans;
    assert.equal(kestrel.board, 'uk_light_kestrel');
    assert.deepEqual(kestrel.cards, { left_arm: 'uk_grapeshot', right_arm: 'uk_harpoon', torso: 'uk_aegis' });
    assert.equal(feldhase.board, 'cet_light_feldhase');
    assert.deepEqual(feldhase.cards, { left_arm: 'cet_rock_drill', right_arm: 'cet_sprint_pistons', torso: null });
  }
  // the pilots go on as ever: the listing offers no charge for the Arc Lance swapped out
  const lm = (await ctx.api.get(`/v1/games/${g.id}/legal-moves?seat=0`, { token: g.players[0].token, expect: 200 })).body;
  assert.ok(lm.moves.length > 0 && lm.moves.every((m) => m.type === 'pilot' && !m.charge?.right_arm), 'no Charged Up on the Harpoon Winch');

  const a = await createAccount(ctx.api);
  const b = await createAccount(ctx.api);
  const bad = [
    [[{ torso: 'uk_sabre' }, null], 'HS-R-03', /uk_sabre/],
    [[{ left_arm: 'uk_pepperbox' }, null], 'HS-R-02', /points/],
    [[null, { left_arm: 'uk_sabre' }], 'HS-R-135', /other faction/],
    [[null], 'HS-R-135', /each seat/],
  ];
  for (const [lo, rule, why] of bad) {
    const res = await ctx.api.post('/v1/games', {
      token: a.token, expect: 400, code: 'bad_request',
      body: { ruleset: 'heavysteam', options: { size: 'light', loadouts: lo }, seats: [{ account_id: a.id }, { account_id: b.id }] },
    });
    assert.match(res.headers.get('content-type'), /^application\/problem\+json/);
    assert.ok(res.body.detail.includes(rule), `${JSON.stringify(lo)}: the detail names ${rule}: ${res.body.detail}`);
    assert.match(res.body.detail, why);
  }
  const mine = (await ctx.api.get('/v1/me/games', { token: a.token, expect: 200 })).body.games;
  assert.equal(mine.length, 0, 'no game was made');
});

// ---- 4. refusals --------------------------------------------------------------

test('out of turn, an illegal move and an unknown field are refused, changing nothing', async () => {
  const g = await hsGame({ entropy: `hs-refuse-${SEED}` });
  const rand = seededRandom(SEED + 50);
  const v = await play(g, rand, { stop: (x) => x.state.stage === 'round' && x.state.question.ask === 'move' });
  const seat = v.must_act[0];
  const other = 1 - seat;
  await refusedLeavesGame(ctx.api, g.id, g.viewers, 'a move out of turn', async () => {
    await post(g, other, { type: 'hold' }, 409).then((r) => assert.equal(r.body.code, 'not_your_turn'));
  });
  await refusedLeavesGame(ctx.api, g.id, g.viewers, 'an illegal move', async () => {
    for (const move of [{ type: 'move', pay: 1, sector: 99 }, { type: 'move', pay: 7, sector: 1 }, { type: 'attack', mount: 'torso', target: other }]) {
      const r = await post(g, seat, move, 422);
      assert.equal(r.body.code, 'illegal_move');
      assert.match(r.body.rule, /^HS-R-/, `${JSON.stringify(move)}: names the rule`);
    }
  });
  await refusedLeavesGame(ctx.api, g.id, g.viewers, 'an unknown field', async () => {
    const r = await ctx.api.post(`/v1/games/${g.id}/moves`, { token: g.players[seat].token, body: { move: { type: 'hold', colour: 'red' }, seat } });
    assert.ok([400, 422].includes(r.status), `unknown field refused: ${r.status}`);
    assert.match(r.body.detail ?? '', /colour/, 'the refusal names the field');
  });
});

// ---- 5. resignation, rematch, export ----------------------------------------

test('resigning ends the game with the other seat winning; its rematch starts; the export verifies', async () => {
  const g = await hsGame({ entropy: `hs-resign-${SEED}` });
  const rand = seededRandom(SEED + 60);
  await play(g, rand, { max: 30 });
  const res = await ctx.api.post(`/v1/games/${g.id}/resign`, { token: g.players[0].token, body: {}, expect: 200 });
  assert.equal(res.body.status, 'finished');
  assert.deepEqual(res.body.winners, [1]);
  assert.deepEqual(res.body.must_act, []);
  assert.ok(res.body.result.summary.length > 0);
  assert.equal(res.body.state.stage, 'over');
  await refusedLeavesGame(ctx.api, g.id, g.viewers, 'orders after the end', async () => {
    await post(g, 1, { type: 'orders', evade: 'never' }, 409);
  });
  verifyExport(await exportOf(g), 'resigned game');
  const r = await ctx.api.post(`/v1/games/${g.id}/rematch`, { token: g.players[1].token, expect: 201 });
  const m = r.body.game ?? r.body;
  assert.equal(m.ruleset, 'heavysteam');
  assert.equal(m.rematch_of, g.id);
  assert.equal(m.status, 'active');
  assert.deepEqual(m.must_act, [0, 1], 'the rematch begins with both pilots chosen in secret');
  const again = await ctx.api.post(`/v1/games/${g.id}/rematch`, { token: g.players[0].token });
  assert.ok([200, 201].includes(again.status));
  assert.equal((again.body.game ?? again.body).id, m.id, 'one rematch');
  const rg = { ...g, id: m.id };
  const v = await play(rg, rand, { max: 10 });
  assert.equal(v.status, 'active', 'the rematch plays');
});

// ---- 6. clocks ------------------------------------------------------------------

test('auto clock: a seat out of time gets the engine\'s timeout move, in the pilots stage and in a round, and the game goes on', async () => {
  const g = await hsGame({ entropy: `hs-clock-${SEED}`, clock: { per_move: 'PT1S', on_timeout: 'auto' } });
  assert.equal(g.game.clock.on_timeout, 'auto');
  let v = g.game;
  const deadline = Date.now() + 60000;
  while (v.move_count < 5 && Date.now() < deadline) {
    v = (await ctx.api.get(`/v1/games/${g.id}?wait=20&after_version=${v.version}`, { token: g.spectator.token, expect: 200 })).body;
  }
  assert.equal(v.status, 'active', 'the game goes on');
  assert.equal(v.state.stage, 'round');
  const log = await moveLog(ctx.api, g.id, g.players[0].token);
  const auto = log.filter((m) => m.kind === 'auto');
  const pilots = auto.filter((m) => m.move.type === 'pilot');
  assert.deepEqual(pilots.map((m) => m.seat).sort(), [0, 1], 'both pilots chosen by the clock');
  const round = auto.filter((m) => m.move.type !== 'pilot');
  assert.ok(round.length >= 1, 'a question of the round answered by the clock');
  for (const m of round) assert.ok(['hold', 'pass', 'done', 'steam_done', 'free_move', 'reroll', 'evade'].includes(m.move.type), `a least committal move: ${JSON.stringify(m.move)}`);
  assert.equal(round[0].move.type, 'hold', 'the first question of a round is a move; out of time, the titan holds');
  await ctx.api.post(`/v1/games/${g.id}/resign`, { token: g.players[0].token, expect: 200 });
  verifyExport(await exportOf(g), 'auto clock');
});
