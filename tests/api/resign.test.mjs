// resign.test.mjs - resigning from a 4-player Steam game: the seat leaves,
// the others play on. Checks that:
//   - the resignation of the seat to act answers 200 with the game still
//     active and the next seat to act; the log records it (kind "resign",
//     the engine's events) and every view marks the seat as resigned;
//   - the resigned seat has no legal move, is never in must_act again, and
//     a move or a second resignation from it is refused (409 / 422) and
//     changes nothing any viewer sees;
//   - a seat not to act may resign too; when one player is left the game
//     is finished and he is the only winner;
//   - the export passes `turnpost verify`, which refuses it once a
//     resignation names a seat that had already left, or the winners change.

import assert from './lib/checks.mjs';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { createAccount, moveLog, refusedLeavesGame, seededRandom } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { requireEnv } from './lib/server.mjs';

const ctx = useServer();
let dir;

before(() => { dir = mkdtempSync(join(tmpdir(), 'turnpost-resign-')); });
after(() => { rmSync(dir, { recursive: true, force: true }); });

let n = 0;
function verify(exp) {
  const file = join(dir, `export-${n++}.json`);
  writeFileSync(file, JSON.stringify(exp));
  const r = spawnSync(requireEnv('TURNPOST_BIN'), ['verify', file], { encoding: 'utf8', timeout: 60000 });
  const output = `${r.stdout}${r.stderr}`;
  if (process.env.TURNPOST_TEST_VERBOSE) console.log(`verify: ${output.trim()}`);
  return { status: r.status, signal: r.signal, output };
}

// A quick player: no track, no City Growth or Urbanization to carry out,
// so turns pass fast; it takes what it must (a tile, its points).
function quickMove(moves, rand) {
  const of = (type) => moves.filter((m) => m.type === type);
  for (const t of ['done', 'pass']) if (of(t).length) return of(t)[0];
  const selects = of('select').filter((m) => m.pass_option
    || !['city_growth', 'urbanization'].includes(m.action));
  if (selects.length) return rand.pick(selects);
  if (of('score').length) return of('score')[0];
  const m = rand.pick(moves);
  if (m.type === 'bid') return { type: 'bid', amount: m.amount.min };
  return m;
}

test('a Steam player resigns; the other three play on until one is left', async () => {
  const api = ctx.api;
  const players = [];
  for (let i = 0; i < 4; i++) players.push(await createAccount(api));
  const spectator = await createAccount(api);
  const created = await api.post('/v1/games', {
    token: players[0].token,
    body: { ruleset: 'steam', options: { turn_order: 'random' }, seats: players.map((p) => ({ account_id: p.id })) },
    expect: 201,
  });
  const id = created.body.game.id;
  const viewers = [...players.map((p, seat) => ({ token: p.token, seat })), { token: spectator.token }];
  const rand = seededRandom(Number(process.env.TURNPOST_TEST_SEED ?? 4711));
  const getView = async () => (await api.get(`/v1/games/${id}`, { token: spectator.token, expect: 200 })).body;
  const resigned = new Set();

  // One move of the seat to act, from its legal moves.
  async function step() {
    const v = await getView();
    assert.equal(v.status, 'active');
    assert.equal(v.must_act.length, 1, 'one seat decides at a time');
    const seat = v.must_act[0];
    assert.ok(!resigned.has(seat), `seat ${seat} resigned but must act`);
    const lm = (await api.get(`/v1/games/${id}/legal-moves`, { token: players[seat].token, expect: 200 })).body;
    assert.ok(lm.moves.length > 0, `seat ${seat} must act but has no legal move`);
    await api.post(`/v1/games/${id}/moves`, {
      token: players[seat].token, body: { move: quickMove(lm.moves, rand) }, expect: 201,
    });
    return v;
  }

  for (let i = 0; i < 6; i++) await step();

  // The seat to act resigns: the next seat acts, the game goes on.
  let v = await getView();
  const first = v.must_act[0];
  const res = await api.post(`/v1/games/${id}/resign`, { token: players[first].token, body: {}, expect: 200 });
  resigned.add(first);
  assert.equal(res.body.status, 'active');
  assert.equal(res.body.viewer_seat, first);
  assert.equal(res.body.must_act.length, 1);
  assert.ok(!res.body.must_act.includes(first), 'the resigned seat need not act');
  assert.deepEqual(res.body.winners, []);
  assert.equal(res.body.state.players[first].resigned, true);
  assert.equal(res.body.state.players[first].cash, 0, 'his cash went to the bank');
  assert.ok(!res.body.state.turn_order.includes(first));
  const log = await moveLog(api, id, spectator.token);
  assert.equal(log.at(-1).kind, 'resign');
  assert.equal(log.at(-1).seat, first);
  assert.deepEqual(log.at(-1).move, { type: 'resign' });
  assert.ok(log.at(-1).events.some((e) => e.type === 'resigned' && e.seat === first));
  v = await getView();
  assert.equal(v.state.players[first].resigned, true, 'the spectator sees the resignation');
  assert.equal(v.version, res.body.version);

  const lm = (await api.get(`/v1/games/${id}/legal-moves`, { token: players[first].token, expect: 200 })).body;
  assert.deepEqual(lm.moves, [], 'a resigned seat has no legal move');
  const other = (await api.get(`/v1/games/${id}/legal-moves`, { token: players[v.must_act[0]].token, expect: 200 })).body;
  await refusedLeavesGame(api, id, viewers, 'the resigned seat acts', async () => {
    for (const move of [...other.moves.slice(0, 3), { type: 'pass' }, { type: 'done' }]) {
      const r = await api.post(`/v1/games/${id}/moves`, {
        token: players[first].token, body: { move }, expect: 409, code: 'not_your_turn',
      });
      assert.equal(r.body.status, 409);
    }
    const again = await api.post(`/v1/games/${id}/resign`, { token: players[first].token, expect: 422, code: 'illegal_move' });
    assert.equal(again.body.violation, 'already_resigned');
    assert.ok(again.body.rule.length > 0);
  });

  // The others play on, past the end of the turn.
  const turn = v.state.turn;
  for (let i = 0; i < 400 && (v.state.turn === turn || v.state.phase !== 'select'); i++) v = await step();
  assert.equal(v.state.turn, turn + 1, 'a new turn began without the resigned seat');
  assert.equal(v.state.turn_order.length, 3);
  for (let i = 0; i < 5; i++) await step();

  // A seat not to act resigns; then the seat to act: one is left.
  v = await getView();
  const second = [0, 1, 2, 3].find((s) => !resigned.has(s) && !v.must_act.includes(s));
  const r2 = await api.post(`/v1/games/${id}/resign`, { token: players[second].token, expect: 200 });
  resigned.add(second);
  assert.equal(r2.body.status, 'active');
  assert.deepEqual(r2.body.must_act, v.must_act, 'the seat to act is still to act');
  v = await getView();
  const third = v.must_act[0];
  const r3 = await api.post(`/v1/games/${id}/resign`, { token: players[third].token, expect: 200 });
  resigned.add(third);
  const last = [0, 1, 2, 3].find((s) => !resigned.has(s));
  assert.equal(r3.body.status, 'finished');
  assert.deepEqual(r3.body.winners, [last], 'the last player left wins');
  assert.deepEqual(r3.body.must_act, []);
  assert.match(r3.body.result.summary, /resigned/);
  await api.post(`/v1/games/${id}/resign`, { token: players[last].token, expect: 409, code: 'game_finished' });

  const ex = (await api.get(`/v1/games/${id}/export`, { token: players[first].token, expect: 200 })).body;
  assert.deepEqual(ex.winners, [last]);
  const resigns = ex.moves.filter((m) => m.kind === 'resign');
  assert.deepEqual(resigns.map((m) => m.seat), [first, second, third]);
  const ok = verify(ex);
  assert.equal(ok.status, 0, ok.output);

  const t1 = structuredClone(ex);
  t1.moves.findLast((m) => m.kind === 'resign').seat = first;   // already out
  const bad1 = verify(t1);
  assert.ok(bad1.status > 0 && bad1.status < 128, `verify accepted a second resignation of seat ${first}: ${bad1.output}`);
  const bad2 = verify({ ...ex, winners: [first] });
  assert.ok(bad2.status > 0 && bad2.status < 128, `verify accepted a resigned winner: ${bad2.output}`);
  const t3 = structuredClone(ex);
  t3.moves.splice(t3.moves.indexOf(t3.moves.find((m) => m.kind === 'resign')), 1);
  const bad3 = verify(t3);
  assert.ok(bad3.status > 0 && bad3.status < 128, `verify accepted a dropped resignation: ${bad3.output}`);
});
