// Request bodies: an unknown key is refused, by name, on every operation of
// openapi.yaml that takes a JSON body, and the refusal changes nothing. The
// operations come from the spec itself, so a new route is covered as soon
// as it is documented.

import { test } from 'node:test';

import assert from './lib/checks.mjs';
import { createAccount, createGame } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { deref, operations } from './lib/spec.mjs';

const ctx = useServer({ env: { TURNPOST_WEBHOOK_ALLOW: '127.0.0.1' } });

// Everything the creator can see, as raw text: two refusals apart, equal.
async function everything(api, w) {
  const paths = [
    '/v1/me', '/v1/me/games', '/v1/me/vacation', '/v1/webhooks', `/v1/webhooks/${w.hook}`,
    `/v1/webhooks/${w.hook}/deliveries`, `/v1/games?created_by=${w.a.id}`,
    `/v1/games/${w.active}`, `/v1/games/${w.active}/moves`, `/v1/games/${w.active}/messages`,
    `/v1/games/${w.open}`, `/v1/games/${w.open}/moves`,
    `/v1/tournaments/${w.tournament}`, `/v1/tournaments/${w.tournament}/games`, `/v1/leagues/${w.league}`,
  ];
  const out = {};
  for (const p of paths) out[p] = (await api.get(p, { token: w.a.token, expect: 200 })).text;
  return out;
}

test('every body-taking operation refuses an unknown key by name and changes nothing', async () => {
  const { api } = ctx;
  const a = await createAccount(api);
  const b = await createAccount(api);
  const active = (await createGame(api, a.token, [{ account_id: a.id }, { account_id: b.id }])).game.id;
  const open = (await createGame(api, a.token, [{ account_id: a.id }, { invite: true }])).game.id;
  const hook = (await api.post('/v1/webhooks', {
    token: a.token, body: { url: 'http://127.0.0.1:9/hook', events: ['*'] }, expect: 201,
  })).body.id;
  const tournament = (await api.post('/v1/tournaments', {
    token: a.token, body: { name: 'bodies', ruleset: 'ironfuture', format: 'swiss' }, expect: 201,
  })).body.tournament.id;
  const league = (await api.post('/v1/leagues', {
    token: a.token, body: { name: 'bodies', ruleset: 'ironfuture' }, expect: 201,
  })).body.league.id;
  const w = { a, active, open, hook, tournament, league };
  const ids = {
    '/v1/games/': { id: active, seat: '1' },
    '/v1/webhooks/': { id: hook, delivery: '1' },
    '/v1/accounts/': { id: a.id },
    '/v1/tournaments/': { id: tournament, round: '0', board: '0' },
    '/v1/leagues/': { id: league },
  };
  const invite = { id: open, seat: '1' };

  const ops = operations().filter(({ operation }) => deref(operation.requestBody)?.content?.['application/json']);
  assert.ok(ops.length >= 14, `the spec lists the body-taking operations (${ops.length})`);
  const before = await everything(api, w);
  for (const { method, template } of ops) {
    const params = template.includes('/invite') ? invite
      : Object.entries(ids).find(([prefix]) => template.startsWith(prefix))?.[1] ?? {};
    const path = template.replace(/\{(\w+)\}/g, (_, n) => {
      assert.ok(params[n], `${template}: a value for {${n}}`);
      return params[n];
    });
    const res = await api.request(method, path, {
      token: a.token, body: { surely_not_a_key: 1 }, expect: 400, code: 'bad_request',
    });
    assert.match(res.body.detail, /surely_not_a_key/, `${method} ${template}: the detail names the key`);
    assert.deepEqual(await everything(api, w), before, `${method} ${template}: nothing changed`);
  }
});

test('an unknown key beside good ones is refused too, and a nested one where the shape is fixed', async () => {
  const { api } = ctx;
  const a = await createAccount(api);
  const b = await createAccount(api);
  const g = await createGame(api, a.token, [{ account_id: a.id }, { open: true }]);
  const lobby = async () => (await api.get(`/v1/games?created_by=${a.id}`, { expect: 200 })).text;
  const was = await lobby();
  const join = await api.post(`/v1/games/${g.game.id}/join`, {
    token: b.token, body: { entropy: 'fine', seat: 1, colour: 'red' }, expect: 400, code: 'bad_request',
  });
  assert.match(join.body.detail, /"colour"/);
  const seat = await api.post('/v1/games', {
    token: a.token, body: { ruleset: 'ironfuture', seats: [{ account_id: a.id }, { open: true, colour: 'red' }] },
    expect: 400, code: 'bad_request',
  });
  assert.match(seat.body.detail, /seats\[1\].*colour/, 'a seat\'s unknown key is named with the seat');
  const inv = await api.post(`/v1/games/${g.game.id}/seats/1/invite`, {
    token: a.token, body: { seat: 1 }, expect: 400, code: 'bad_request',
  });
  assert.match(inv.body.detail, /"seat"/);
  assert.equal(await lobby(), was, 'no game was created or joined');
  // an empty body and {} are still what the invite takes (seat 1 is open, not an invite: 409)
  await api.post(`/v1/games/${g.game.id}/seats/1/invite`, { token: a.token, body: {}, expect: 409, code: 'conflict' });
});
