// heavysteam-customize.test.mjs - Heavy Steam's secret customization
// (option customize, RULINGS HS-R-140 to HS-R-146) through HTTP only, two
// seats and a spectator. Checks that:
//   - a game created with customize starts in the loadouts stage, both
//     seats to act; the printed loadout is each seat's first choice;
//   - before the reveal no card id of a seat's pending loadout reaches the
//     other seat or the spectator: not in the view, the legal moves, nor
//     the move log (its loadout moves show only their type); the seat's own
//     view shows it;
//   - a refused loadout (over the points, the other faction's card, the
//     wrong mount, after the reveal) is a 422 problem+json naming the rule,
//     one after done a 409 (the seat need not act), and every viewer's view
//     and move log are unchanged;
//   - when both are done the loadouts are revealed to everyone (an event,
//     the titans' cards), the pilots follow, and once the game is over the
//     log shows every loadout move whole;
//   - the suite's player (lib/heavysteam-player.mjs) gets through the stage
//     by its listed moves, into the rounds.

import { test } from 'node:test';

import assert from './lib/checks.mjs';
import { createAccount, moveLog, refusedLeavesGame, seededRandom } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { playSeat } from './lib/heavysteam-player.mjs';

const ctx = useServer();
const SEED = Number(process.env.TURNPOST_TEST_SEED ?? 20261202);
// Cards no titan prints: their ids appear nowhere until seat 0 reveals them.
const SECRET = ['uk_phosphor', 'uk_skyrocket'];

async function customGame(options = { customize: true }) {
  const api = ctx.api;
  const a = await createAccount(api);
  const b = await createAccount(api);
  const spectator = await createAccount(api);
  const body = {
    ruleset: 'heavysteam', options, entropy: `hs-customize-${SEED}`,
    seats: [{ account_id: a.id }, { account_id: b.id }],
  };
  const game = (await api.post('/v1/games', { token: a.token, body, expect: 201 })).body.game;
  return {
    id: game.id, game, players: [{ ...a, seat: 0 }, { ...b, seat: 1 }], spectator,
    viewers: [{ token: a.token, seat: 0 }, { token: b.token, seat: 1 }, { token: spectator.token }],
  };
}

const post = (g, seat, move, expect = 201) =>
  ctx.api.post(`/v1/games/${g.id}/moves`, { token: g.players[seat].token, body: { move, seat }, expect });

// Everything a viewer reads of the game, as text: view, legal moves, log.
async function seen(g, viewer) {
  const view = await ctx.api.get(`/v1/games/${g.id}`, { token: viewer.token, expect: 200 });
  const log = await moveLog(ctx.api, g.id, viewer.token);
  let legal = '';
  if (viewer.seat !== undefined) {
    legal = (await ctx.api.get(`/v1/games/${g.id}/legal-moves?seat=${viewer.seat}`, { token: viewer.token, expect: 200 })).text;
  }
  return { view: view.body, log, text: view.text + JSON.stringify(log) + legal };
}

const secretsIn = (text) => SECRET.filter((id) => text.includes(`"${id}"`));

test('customized in secret: the other team sees no card before the reveal, a refused loadout changes nothing, all revealed together', async () => {
  const g = await customGame();
  assert.equal(g.game.status, 'active');
  assert.deepEqual(g.game.must_act, [0, 1], 'every seat customizes at once');
  const first = await seen(g, g.viewers[2]);
  assert.equal(first.view.state.stage, 'loadouts');
  assert.equal(first.view.state.question.ask, 'loadout');
  assert.deepEqual(first.view.state.titans[0].cards, { left_arm: null, right_arm: null, torso: null }, 'nothing mounted before the reveal');

  // seat 0 changes two mounts; seat 1 something of its own
  await post(g, 0, { type: 'loadout', left_arm: 'uk_phosphor', torso: 'uk_skyrocket' });
  await post(g, 1, { type: 'loadout', right_arm: 'cet_grapple' });
  const own = await seen(g, g.viewers[0]);
  assert.deepEqual(own.view.state.seats[0].loadout, { left_arm: 'uk_phosphor', right_arm: 'uk_pepperbox', torso: 'uk_skyrocket' });
  assert.deepEqual(secretsIn(own.text).sort(), [...SECRET].sort(), 'the seat sees its own choice');
  const ownMove = own.log.find((m) => m.seat === 0 && m.move.type === 'loadout');
  assert.deepEqual(ownMove.move, { type: 'loadout', left_arm: 'uk_phosphor', torso: 'uk_skyrocket' }, 'its own move whole');
  for (const viewer of [g.viewers[1], g.viewers[2]]) {
    const s = await seen(g, viewer);
    assert.deepEqual(secretsIn(s.text), [], `seat ${viewer.seat ?? 'spectator'} reads no pending card of seat 0`);
    assert.equal(s.view.state.seats[0].loadout, null);
    assert.equal(s.view.state.seats[0].loadout_done, false);
    const m = s.log.find((x) => x.seat === 0 && x.move.type === 'loadout');
    assert.deepEqual(m.move, { type: 'loadout' }, 'the move log shows only its type');
  }

  // refused: the state and every viewer's log unchanged, problem+json naming the rule
  const refusals = [
    [{ type: 'loadout', left_arm: 'uk_longbore', right_arm: 'uk_arc_lance', torso: 'uk_howitzer' }, 'loadout_over_points', /^HS-R-02/],
    [{ type: 'loadout', right_arm: 'cet_rattler' }, 'card_wrong_faction', /^HS-R-135/],
    [{ type: 'loadout', torso: 'uk_sabre' }, 'card_wrong_mount', /^HS-R-03/],
  ];
  for (const [move, violation, rule] of refusals) {
    await refusedLeavesGame(ctx.api, g.id, g.viewers, violation, async () => {
      const r = await post(g, 0, move, 422);
      assert.match(r.headers.get('content-type'), /^application\/problem\+json/);
      assert.equal(r.body.code, 'illegal_move');
      assert.equal(r.body.violation, violation);
      assert.match(r.body.rule, rule);
    });
  }
  await post(g, 0, { type: 'loadout_done' });
  // done, the seat no longer has to act: the service refuses before the engine would
  // (loadout_final, HS-R-144)
  await refusedLeavesGame(ctx.api, g.id, g.viewers, 'a change after done', async () => {
    const r = await post(g, 0, { type: 'loadout', torso: 'uk_aegis' }, 409);
    assert.match(r.headers.get('content-type'), /^application\/problem\+json/);
    assert.equal(r.body.code, 'not_your_turn');
  });
  const waiting = await seen(g, g.viewers[1]);
  assert.deepEqual(waiting.view.must_act, [1]);
  assert.equal(waiting.view.state.seats[0].loadout_done, true, 'done is public');
  assert.deepEqual(secretsIn(waiting.text), []);

  // the reveal: everyone reads both loadouts, the pilots follow
  await post(g, 1, { type: 'loadout_done' });
  for (const viewer of g.viewers) {
    const s = await seen(g, viewer);
    assert.equal(s.view.state.stage, 'pilots');
    assert.deepEqual(s.view.must_act, [0, 1]);
    assert.deepEqual(s.view.state.titans[0].cards, { left_arm: 'uk_phosphor', right_arm: 'uk_pepperbox', torso: 'uk_skyrocket' });
    assert.equal(s.view.state.titans[1].cards.right_arm, 'cet_grapple');
    const reveal = s.log.flatMap((m) => m.events ?? []).find((e) => e.type === 'loadouts_revealed');
    assert.ok(reveal, 'the reveal is an event every viewer reads');
    assert.deepEqual(reveal.loadouts.map((l) => l.seat), [0, 1]);
    assert.equal(reveal.loadouts[0].cards.left_arm, 'uk_phosphor');
    assert.equal(reveal.loadouts[0].cost, 3 + 3 + 3);
    assert.equal(reveal.loadouts[0].points, 12);
  }
  const pilots = (await ctx.api.get(`/v1/games/${g.id}/legal-moves?seat=0`, { token: g.players[0].token, expect: 200 })).body;
  assert.ok(pilots.moves.length > 0 && pilots.moves.every((m) => m.type === 'pilot'));
  await refusedLeavesGame(ctx.api, g.id, g.viewers, 'a loadout after the reveal', async () => {
    const r = await post(g, 1, { type: 'loadout', torso: 'cet_heat_sink' }, 422);
    assert.equal(r.body.violation, 'not_now');
  });

  // over: the log shows every move whole
  await ctx.api.post(`/v1/games/${g.id}/resign`, { token: g.players[1].token, expect: 200 });
  const after = await moveLog(ctx.api, g.id, g.players[1].token);
  assert.deepEqual(after.find((m) => m.seat === 0 && m.move.type === 'loadout').move,
    { type: 'loadout', left_arm: 'uk_phosphor', torso: 'uk_skyrocket' });
});

test('customize is refused together with loadouts, naming the rule', async () => {
  const a = await createAccount(ctx.api);
  const b = await createAccount(ctx.api);
  const res = await ctx.api.post('/v1/games', {
    token: a.token, expect: 400, code: 'bad_request',
    body: { ruleset: 'heavysteam', options: { customize: true, loadouts: [null, null] }, seats: [{ account_id: a.id }, { account_id: b.id }] },
  });
  assert.match(res.headers.get('content-type'), /^application\/problem\+json/);
  assert.ok(res.body.detail.includes('HS-R-140'), res.body.detail);
});

test('the suite\'s player customizes by the listed moves and plays on into the rounds', async () => {
  const g = await customGame({ customize: true, size: 'light' });
  const rand = seededRandom(SEED + 140);
  let v = g.game;
  const types = new Set();
  for (let n = 0; n < 60 && v.state.stage !== 'round'; n++) {
    const seat = rand.pick(v.must_act);
    const { move } = await playSeat(ctx.api, g.id, g.players, seat, rand);
    types.add(move.type);
    v = (await ctx.api.get(`/v1/games/${g.id}`, { token: g.spectator.token, expect: 200 })).body;
  }
  assert.equal(v.state.stage, 'round', 'the loadouts and the pilots are chosen');
  assert.ok(types.has('loadout_done') && types.has('pilot'), [...types].join(', '));
  const points = { uk_light_kestrel: 8, uk_light_wayfarer: 8, cet_light_feldhase: 8, cet_light_sturmvogel: 8 };
  const reveal = (await moveLog(ctx.api, g.id, g.spectator.token)).flatMap((m) => m.events ?? [])
    .find((e) => e.type === 'loadouts_revealed');
  for (const l of reveal.loadouts) assert.ok(l.cost <= points[l.titan] && l.points === points[l.titan], JSON.stringify(l));
});

test('four players customizing: a teammate sees the pending loadout and its move whole, the other team neither', async () => {
  const accounts = [];
  for (let i = 0; i < 4; i++) accounts.push(await createAccount(ctx.api));
  const spectator = await createAccount(ctx.api);
  const body = {
    ruleset: 'heavysteam', options: { customize: true }, entropy: `hs-customize-4-${SEED}`,
    seats: accounts.map((a) => ({ account_id: a.id })),
  };
  const game = (await ctx.api.post('/v1/games', { token: accounts[0].token, body, expect: 201 })).body.game;
  assert.deepEqual(game.must_act, [0, 1, 2, 3]);
  const g = { id: game.id, players: accounts.map((a, seat) => ({ ...a, seat })) };
  // seats 0 and 2 are a team (HS-R-152); seat 0 takes a card no titan prints
  await post(g, 0, { type: 'loadout', left_arm: 'uk_phosphor' });
  for (const seat of [0, 1, 2, 3, undefined]) {
    const token = seat === undefined ? spectator.token : accounts[seat].token;
    const s = await seen(g, { token, seat });
    const mate = seat === 0 || seat === 2;
    assert.equal(s.text.includes('"uk_phosphor"'), mate, `seat ${seat ?? 'spectator'} ${mate ? 'reads' : 'reads no'} seat 0's pending card`);
    assert.equal(s.view.state.seats[0].loadout?.left_arm ?? null, mate ? 'uk_phosphor' : null);
    const m = s.log.find((x) => x.seat === 0 && x.move.type === 'loadout');
    assert.deepEqual(m.move, mate ? { type: 'loadout', left_arm: 'uk_phosphor' } : { type: 'loadout' });
  }
  // the teammate may not take the same card: one deck a faction (HS-R-142)
  const r = await post(g, 2, { type: 'loadout', right_arm: 'uk_phosphor' }, 422);
  assert.equal(r.body.violation, 'card_with_teammate');
  assert.match(r.body.rule, /^HS-R-142/);
});
