// heavysteam-scenario-teams.test.mjs - every Heavy Steam scenario with two,
// three and four players, through HTTP only: whole games from the
// scenario's setup to its victory condition by legal moves, standing
// orders set for every seat, customized loadouts where chosen. While each
// is played, every seat's view and move log are checked against the
// spectator's: a seat sees its team's hands, loadouts, pilots and recon
// pile and nothing else of the other team (RULINGS.md HS-R-107, HS-R-154,
// HS-R-172). Each game is won by a whole team, by a reason its scenario
// gives, and its export verifies.

import { test } from 'node:test';

import assert from './lib/checks.mjs';
import { moveLog, seededRandom } from './lib/fixtures.mjs';
import { verifyExport } from './lib/export.mjs';
import { useServer } from './lib/harness.mjs';
import { playSeat } from './lib/heavysteam-player.mjs';
import { gameOver, ORDERS, scenarioGame, teamOf, viewOf } from './lib/heavysteam-scenario.mjs';
import { hsCheckTeamViews } from './lib/hidden.mjs';

const ctx = useServer();
const SEED = Number(process.env.TURNPOST_TEST_SEED ?? 20261205);
const MAX_MOVES = Number(process.env.TURNPOST_TEST_MAX_MOVES ?? 4000);

// The scenarios' victory conditions, as game_over reasons (RULINGS.md).
const REASONS = {
  1: ['titan_destroyed'],
  2: ['titan_destroyed'],
  3: ['all_titans_destroyed', 'dirigible_recovered'],
  4: ['all_titans_destroyed', 'all_infantry_destroyed'],
  5: ['titan_destroyed', 'recon'],
};
const NAMES = { 1: 'Meeting Engagement', 2: 'Chance Encounter', 3: 'Critical Recovery', 4: 'Frontline Fight', 5: 'Recon in Force' };
const COMPOSITIONS = [
  { seats: 2, options: { customize: true, size: 'heavy' }, label: '2 players, heavies, customized' },
  { seats: 3, options: { customize: true }, label: '3 players, a heavy against two lights, customized' },
  { seats: 4, options: {}, label: '4 players, a heavy and a light a team' },
  { seats: 4, options: { size: 'light' }, label: '4 players, lights' },
];

// The seats a private event concerns: the teams of the seats it names.
function concerned(e, seats) {
  if (e.type === 'orders_set') return [e.seat];
  const teams = new Set([e.seat, e.from, e.receiver].filter(Number.isInteger).map((s) => teamOf(s, seats)));
  return [...Array(seats).keys()].filter((s) => teams.has(teamOf(s, seats)));
}

// Each seat's move log against the spectator's: the same entries, a move
// shown otherwise only to its mover's team, the public events the same,
// and every private event sent to the teams it concerns and read by them
// alone.
async function checkLogs(g, seats, label) {
  const open = await moveLog(ctx.api, g.id, g.spectator.token);
  for (const m of open) for (const e of m.events ?? []) assert.equal(e.to, undefined, `${label}: the spectator reads no private ${e.type}`);
  for (const p of g.players) {
    const log = await moveLog(ctx.api, g.id, p.token);
    assert.deepEqual(log.map((m) => m.seq), open.map((m) => m.seq), `${label}: seat ${p.seat} reads every entry`);
    for (const [i, m] of log.entries()) {
      const o = open[i];
      if (JSON.stringify(m.move) !== JSON.stringify(o.move)) {
        assert.equal(teamOf(m.seat, seats), teamOf(p.seat, seats), `${label}: move ${m.seq} of seat ${m.seat} is shown to seat ${p.seat} as to no spectator`);
      }
      const events = m.events ?? [];
      assert.deepEqual(events.filter((e) => e.to === undefined), o.events ?? [], `${label}: move ${m.seq}'s public events`);
      for (const e of events.filter((x) => x.to !== undefined)) {
        assert.ok(Number.isInteger(e.seat), `${label}: private ${e.type} names its seat`);
        assert.deepEqual(e.to, concerned(e, seats), `${label}: ${e.type} of move ${m.seq} goes to the teams it concerns`);
        assert.ok(e.to.includes(p.seat), `${label}: seat ${p.seat} reads only its own`);
      }
    }
  }
}

async function checkViews(g, label) {
  const spectator = await viewOf(ctx.api, g, g.spectator.token);
  const views = [];
  for (const p of g.players) views.push(await viewOf(ctx.api, g, p.token));
  hsCheckTeamViews(views, spectator, label);
  return spectator;
}

// Moves after which the views are looked at: what a team keeps to itself
// has just changed.
const SECRET_MOVES = ['recon', 'recon_done', 'loadout', 'loadout_done', 'pilot'];

// Plays game g to its end; returns the spectator's last view and whether a
// view saw a recon pile with cards.
async function playWhole(g, seats, rand, label, { heat, prefer }) {
  let v = await checkViews(g, `${label}, at the start`);
  let stage = v.state.stage;
  let ordered = false;
  let piles = false;
  for (let n = 0; n < MAX_MOVES && v.status === 'active'; n++) {
    if (v.state.stage === 'round' && !ordered) {
      for (const p of g.players) {
        await ctx.api.post(`/v1/games/${g.id}/moves`, { token: p.token, body: { move: ORDERS, seat: p.seat }, expect: 201 });
      }
      ordered = true;
      v = await viewOf(ctx.api, g, g.spectator.token);
    }
    const { move } = await playSeat(ctx.api, g.id, g.players, rand.pick(v.must_act), rand, { heat, prefer });
    v = await viewOf(ctx.api, g, g.spectator.token);
    const changed = v.state.stage !== stage;
    if (changed || n % 40 === 0 || SECRET_MOVES.includes(move.type)) {
      const at = `${label}, move ${v.move_count} (${move.type}, stage ${v.state.stage})`;
      v = await checkViews(g, at);
      piles ||= (v.state.battle_cards.recon ?? []).some((k) => k > 0);
    }
    if (changed) {
      await checkLogs(g, seats, `${label}, stage ${v.state.stage}`);
      stage = v.state.stage;
    }
  }
  return { v, piles };
}

for (const scenario of [1, 2, 3, 4, 5]) {
  for (const c of COMPOSITIONS) {
    const label = `${NAMES[scenario]}, ${c.label}`;
    test(`${label}: played to its victory condition by legal moves with standing orders; views and logs by team; the export verifies`, async () => {
      // Recon in Force is played calmly, drawing and declaring the battle
      // over when it may (HS-R-172, HS-R-175), until a view has seen a
      // recon pile with cards in it
      const recon = scenario === 5;
      let result;
      let g;
      for (let k = 0; k < (recon ? 6 : 1); k++) {
        g = await scenarioGame(ctx.api, scenario, `hs-scen-teams-${scenario}-${c.label}-${SEED}-${k}`, c.options, c.seats);
        const rand = seededRandom(SEED + scenario * 10 + c.seats + k * 1000);
        result = await playWhole(g, c.seats, rand, label, recon ? { heat: false, prefer: ['recon', 'declare_over'] } : { heat: true, prefer: [] });
        if (!recon || result.piles) break;
      }
      const { v } = result;
      assert.equal(v.status, 'finished', `${label}: the game ends within ${MAX_MOVES} moves (round ${v.state.round})`);
      if (recon) assert.ok(result.piles, `${label}: a recon pile was seen with cards`);
      const over = gameOver(await moveLog(ctx.api, g.id, g.spectator.token));
      assert.ok(REASONS[scenario].includes(over.reason), `${label}: ended by ${over.reason}, one of ${REASONS[scenario]}`);
      const team = teamOf(v.winners[0], c.seats);
      assert.deepEqual(v.winners, [...Array(c.seats).keys()].filter((s) => teamOf(s, c.seats) === team), `${label}: the winners are one whole team`);
      assert.equal(v.state.winner_team, team);
      await checkLogs(g, c.seats, `${label}, over`);
      console.log(`# ${label}: ${v.move_count} moves, round ${v.state.round}, team ${team} won by ${over.reason}`);
      const ex = (await ctx.api.get(`/v1/games/${g.id}/export`, { token: g.players[0].token, expect: 200 })).body;
      verifyExport(ex, label);
    });
  }
}
