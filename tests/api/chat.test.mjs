// Chat text through HTTP, for both games: the view as Markdown (under
// 2,000 characters; a hand only to its holder), the legal moves in the
// game's notation, and moves typed in it: each line offered is taken and
// is the move legal-moves lists; an unreadable line is refused and changes
// nothing. And the pictures: board.svg and board.png.

import { test } from 'node:test';

import assert from './lib/checks.mjs';
import { createAccount, refusedLeavesGame, seededRandom } from './lib/fixtures.mjs';
import { handOf } from './lib/hidden.mjs';
import { useServer } from './lib/harness.mjs';

const ctx = useServer();

const canonical = (v) => JSON.stringify(v, (k, x) =>
  (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort()) : x));

async function table(ruleset, n) {
  const players = [];
  for (let i = 0; i < n; i++) players.push(await createAccount(ctx.api));
  const spectator = await createAccount(ctx.api);
  const game = (await ctx.api.post('/v1/games', {
    token: players[0].token, body: { ruleset, seats: players.map((p) => ({ account_id: p.id })) }, expect: 201,
  })).body.game;
  return { game, players, spectator, viewers: [...players.map((p, seat) => ({ token: p.token, seat })), { token: spectator.token }] };
}

// The first move a list line names ("build d1 straight r0, gentle r1; f1 ...")
// or the first of each choice of a pattern ("urbanize <j1|d2> <red|blue> <s0|s1>").
function instance(lines) {
  const list = lines.find((l) => /^\w+ \w+ \w+ r\d/.test(l));
  if (list) {
    const [verb, hex, tile, rot] = list.split(/[ ,;|]+/);
    return `${verb} ${hex} ${tile} ${rot}`;
  }
  const pattern = lines.find((l) => /<[^<>]*\|[^<>]*>/.test(l) && !/<(hex|tile|rotation)>/.test(l));
  return pattern?.replace(/<([^<>|]+)[^<>]*>/g, '$1');
}

const markdown = async (id, token) => {
  const res = await ctx.api.get(`/v1/games/${id}`, { token, headers: { accept: 'text/markdown' }, expect: 200 });
  assert.match(res.headers.get('content-type'), /^text\/markdown/);
  assert.ok(res.text.length <= 2000, `a chat view is at most 2,000 characters (${res.text.length})`);
  return res.text;
};

for (const [ruleset, seats] of [['ironfuture', 2], ['steam', 3], ['heavysteam', 2]]) {
  test(`${ruleset}: typed moves from the listed lines play on, the view as Markdown`, async () => {
    const t = await table(ruleset, seats);
    const rand = seededRandom(ruleset.length);
    let v = t.game;
    if (ruleset === 'ironfuture') {
      // a hand only to its holder, on the deal, when both hands are full
      const own = (await ctx.api.get(`/v1/games/${t.game.id}`, { token: t.players[0].token, expect: 200 })).body;
      const hand = [...handOf(own, 0)];
      assert.ok(hand.length > 0, 'seat 0 holds cards');
      const mine = await markdown(t.game.id, t.players[0].token);
      for (const id of hand) assert.ok(mine.includes(`\`${id}\``), `seat 0 sees card ${id} of its hand`);
      for (const token of [t.spectator.token, t.players[1].token]) {
        const text = await markdown(t.game.id, token);
        for (const id of hand) assert.ok(!text.includes(`\`${id}\``), `card ${id} of seat 0's hand is shown to another`);
      }
      assert.ok(!/your hand/i.test(await markdown(t.game.id, t.spectator.token)), 'a spectator has no hand');
    }
    for (let i = 0; i < 30 && v.status === 'active'; i++) {
      const seat = v.must_act[0];
      const p = t.players[seat];
      const text = (await ctx.api.get(`/v1/games/${t.game.id}/legal-moves`, { token: p.token, headers: { accept: 'text/plain' }, expect: 200 }));
      assert.match(text.headers.get('content-type'), /^text\/plain/);
      // the lines that are one move each; else an instance of a listed shape
      const all = text.text.split('\n').filter(Boolean).map((l) => l.split('  (')[0].trim());
      const lines = all.filter((l) => !/[<|,;…]/.test(l));
      // Heavy Steam's questions with shapes only (a flow, damage) are
      // answered with the move legal-moves names for a timeout, as JSON
      if (ruleset === 'heavysteam' && !lines.length) {
        const lm = (await ctx.api.get(`/v1/games/${t.game.id}/legal-moves`, { token: p.token, expect: 200 })).body;
        assert.ok(lm.on_timeout, `seat ${seat} is offered a timeout move: ${JSON.stringify(lm)}`);
        v = (await ctx.api.post(`/v1/games/${t.game.id}/moves`, { token: p.token, body: { move: lm.on_timeout }, expect: 201 })).body.game;
        continue;
      }
      const line = lines.length ? rand.pick(lines) : instance(all);
      assert.ok(line, `seat ${seat} is offered moves in notation: ${JSON.stringify(text.text)}`);
      const before = (await ctx.api.get(`/v1/games/${t.game.id}/legal-moves`, { token: p.token, expect: 200 })).body.moves;
      const res = await ctx.api.post(`/v1/games/${t.game.id}/moves`, { token: p.token, raw: line, contentType: 'text/plain', expect: 201 });
      const logged = (await ctx.api.get(`/v1/games/${t.game.id}/moves?after=${res.body.seq - 1}`, { token: p.token, expect: 200 })).body.moves[0];
      if (ruleset === 'ironfuture') {   // its legal moves are all concrete
        assert.ok(before.some((m) => canonical(m) === canonical(logged.move)),
          `"${line}" is a move legal-moves listed: ${JSON.stringify(logged.move)}`);
      }
      v = res.body.game;
    }
    for (const viewer of t.viewers) await markdown(t.game.id, viewer.token);
    const seat = v.must_act[0];
    await refusedLeavesGame(ctx.api, t.game.id, t.viewers, 'an unreadable typed move', async () => {
      const r = await ctx.api.post(`/v1/games/${t.game.id}/moves`, { token: t.players[seat].token, raw: 'fly to the moon', contentType: 'text/plain', expect: 422, code: 'illegal_move' });
      assert.equal(r.body.violation, 'unreadable_move');
    });
    const svg = await ctx.api.get(`/v1/games/${t.game.id}/board.svg`, { token: t.players[0].token, expect: 200 });
    assert.match(svg.headers.get('content-type'), /^image\/svg\+xml/);
    assert.match(svg.text, /^<svg[\s\S]*<\/svg>\s*$/);
    const png = await fetch(`${ctx.server.url}/v1/games/${t.game.id}/board.png`, { headers: { authorization: `Bearer ${t.players[0].token}` } });
    assert.equal(png.status, 200);
    assert.equal(png.headers.get('content-type'), 'image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG');
  });
}
