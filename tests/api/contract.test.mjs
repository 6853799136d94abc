// contract.test.mjs - what each engine says of its moves and options
// (GET /v1/rulesets/{id}) is what openapi.yaml says of them, field for
// field, so a client generated from the contract sends what the engine
// takes. And a Steam legal-moves entry marked "move" is taken as it is,
// while one marked "shape" is refused and changes nothing.

import assert from './lib/checks.mjs';
import { describe, test } from 'node:test';

import { createAccount, refusedLeavesGame } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { spec } from './lib/spec.mjs';

const ctx = useServer();
const schemas = spec.components.schemas;

// A schema with every $ref to a component replaced by the component.
function inline(s) {
  if (Array.isArray(s)) return s.map(inline);
  if (!s || typeof s !== 'object') return s;
  if (typeof s.$ref === 'string') return inline(schemas[s.$ref.split('/').pop()]);
  const { allOf, ...rest } = Object.fromEntries(Object.entries(s).filter(([k]) => k !== 'description')
    .map(([k, v]) => [k, inline(v)]));
  // a field that refines one component (its description) is that component
  return allOf?.length === 1 ? { ...allOf[0], ...rest } : allOf ? { allOf, ...rest } : rest;
}

// The engine's schema and the contract's agree on the fields, which are
// required, and each field's allowed values where the engine names them.
function sameShape(engine, contract, where) {
  const c = inline(contract);
  assert.equal(engine.additionalProperties, false, `${where}: the engine's schema is closed`);
  assert.equal(c.additionalProperties, false, `${where}: the contract's schema is closed`);
  assert.deepEqual(Object.keys(engine.properties).sort(), Object.keys(c.properties).sort(), `${where}: the same fields`);
  assert.deepEqual([...(engine.required ?? [])].sort(), [...(c.required ?? [])].sort(), `${where}: the same required fields`);
  for (const [k, e] of Object.entries(engine.properties)) {
    const p = c.properties[k];
    for (const key of ['const', 'enum', 'minimum', 'maximum', 'minItems', 'maxItems']) {
      if (e[key] !== undefined) assert.deepEqual(p[key], e[key], `${where}.${k}: ${key}`);
    }
  }
}

const RULESETS = [
  { id: 'ironfuture', union: 'IronFutureMove', options: 'IronFutureOptions' },
  { id: 'steam', union: 'SteamMove', options: 'SteamOptions' },
  { id: 'heavysteam', union: 'HeavySteamMove', options: 'HeavySteamOptions' },
];

describe('the contract and the engines', () => {
  for (const r of RULESETS) {
    test(`${r.id}: every move type and the options, as the engine describes them`, async () => {
      const d = (await ctx.api.get(`/v1/rulesets/${r.id}`, { expect: 200 })).body;
      const mapping = schemas[r.union].discriminator.mapping;
      assert.deepEqual(d.move_types.map((m) => m.type).sort(), Object.keys(mapping).sort(),
        `${r.union} has the engine's move types`);
      for (const m of d.move_types) sameShape(m.schema, schemas[mapping[m.type].split('/').pop()], `${r.id} ${m.type}`);
      sameShape(d.options, schemas[r.options], `${r.id} options`);
    });
  }

  test('a Steam entry marked "move" is sent as it is; one marked "shape" is refused, changing nothing', async () => {
    const players = await Promise.all(['a', 'b', 'c'].map(() => createAccount(ctx.api)));
    const g = (await ctx.api.post('/v1/games', {
      token: players[0].token, expect: 201,
      body: { ruleset: 'steam', seats: players.map((p) => ({ account_id: p.account.id })) },
    })).body.game;
    const seat = g.must_act[0];
    const token = players[seat].token;
    const lm = (await ctx.api.get(`/v1/games/${g.id}/legal-moves`, { token, expect: 200 })).body;
    assert.equal(lm.ruleset, 'steam');
    const bid = lm.moves.find((m) => m.type === 'bid');
    const pass = lm.moves.find((m) => m.type === 'pass');
    assert.equal(bid.form, 'shape');
    assert.equal(pass.form, 'move');
    const viewers = players.map((p) => ({ token: p.token }));
    const refused = await refusedLeavesGame(ctx.api, g.id, viewers, 'a shape sent as a move', () =>
      ctx.api.post(`/v1/games/${g.id}/moves`, {
        token, body: { move: { type: 'bid', amount: bid.amount.min, form: 'shape' } }, expect: 422,
      }));
    assert.equal(refused.body.violation, 'bad_field');
    await ctx.api.post(`/v1/games/${g.id}/moves`, { token, body: { move: pass }, expect: 201 });
    const log = (await ctx.api.get(`/v1/games/${g.id}/moves?after=1`, { token, expect: 200 })).body;
    assert.deepEqual(log.moves.at(-1).move, pass, 'the log keeps the move as it was sent');
  });
});
