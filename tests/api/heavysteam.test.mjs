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
//   - out of turn, illegal moves and unknown fields are refused changing
//     nothing; resignation, rematch, export and `turnpost verify`;
//   - with an "auto" clock the engine's timeout move is made for a seat
//     out of time, in the pilots stage and in a round, and the game goes on.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

import assert from './lib/checks.mjs';
import { createAccount, moveLog, refusedLeavesGame, seededRandom, sleep } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { assertNoRunOf, assertPrivateToNamed, eventsFor } from './lib/hidden.mjs';
import { playSeat } from './lib/heavysteam-player.mjs';
import { requireEnv } from './lib/server.mjs';

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

function verifyExport(ex, label) {
  const dir = mkdtempSync(join(tmpdir(), 'turnpost-hs-'));
  try {
    writeFileSync(join(dir, 'export.json'), JSON.stringify(ex));
    const r = spawnSync(requireEnv('TURNPOST_BIN'), ['verify', join(dir, 'export.json')], { encoding: 'utf8', timeout: 120000 });
    assert.equal(r.status, 0, `${label}: turnpost verify accepts the export: ${r.stdout}${r.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
