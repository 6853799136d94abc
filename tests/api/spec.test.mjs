// spec.test.mjs - the contract itself: the checks on openapi/openapi.yaml
// that the linter does not make. Needs no server.

import assert, { requireChecks } from './lib/checks.mjs';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';

import { deref, operations, spec, validatorFor } from './lib/spec.mjs';

requireChecks();

const here = dirname(fileURLToPath(import.meta.url));
const contract = readFileSync(resolve(here, '../../docs/api-contract.md'), 'utf8');

// The error table of docs/api-contract.md: [{code, status}].
function contractCodes() {
  const rows = [];
  for (const line of contract.split('\n')) {
    const m = /^\| ([a-z_]+) \| (\d{3}) \|/.exec(line);
    if (m) rows.push({ code: m[1], status: Number(m[2]) });
  }
  return rows;
}

const isSecured = (op) => (op.security ?? spec.security ?? []).length > 0;

describe('openapi.yaml', () => {
  test('is OpenAPI 3.1.0 with the servers, license and tags asked for', () => {
    assert.equal(spec.openapi, '3.1.0');
    assert.deepEqual(spec.servers.map((s) => s.url), ['http://127.0.0.1:8080']);
    assert.ok(spec.info.license?.name);
    assert.ok(spec.info.description.length > 100);
    assert.equal(spec.components.securitySchemes.bearer.scheme, 'bearer');
    const tags = new Set(spec.tags.map((t) => t.name));
    for (const { operation } of operations()) {
      assert.ok(operation.tags?.length, `${operation.operationId} has tags`);
      for (const t of operation.tags) assert.ok(tags.has(t), `tag ${t} is declared`);
    }
  });

  test('every problem code of the contract is in the enum, with its status', () => {
    const rows = contractCodes();
    assert.ok(rows.length >= 19, 'the contract table was read');
    assert.deepEqual([...spec.components.schemas.ProblemCode.enum].sort(), rows.map((r) => r.code).sort());
    const problem = validatorFor('spec-test Problem', { $ref: '#/components/schemas/Problem' });
    for (const { code, status } of rows) {
      const p = { type: `urn:turnpost:problem:${code}`, title: 't', status, detail: 'd', code, request_id: 'r' };
      if (code === 'illegal_move') Object.assign(p, { rule: '§1', violation: 'card_not_in_hand' });
      assert.ok(problem(p), `${code} with ${status} is a valid problem`);
      assert.ok(!problem({ ...p, status: status === 400 ? 401 : 400 }), `${code} with another status is not`);
      assert.ok(!problem({ ...p, type: 'about:blank' }), `${code} with another type is not`);
    }
  });

  test('every documented error status is a problem+json whose codes go with the status', () => {
    const table = new Map(contractCodes().map((r) => [r.code, r.status]));
    const responses = [...operations().flatMap(({ operation }) => Object.entries(operation.responses)),
      ['405', spec['x-method-not-allowed']], ['400', spec['x-invalid-url']],
      ['431', spec['x-header-fields-too-large']]];
    for (const [status, ref] of responses) {
      if (Number(status) < 400) continue;
      const resp = deref(ref);
      const schema = resp.content?.['application/problem+json']?.schema;
      assert.ok(schema, `${status} ${resp.description} is problem+json`);
      const narrowed = schema.allOf?.[1]?.properties?.code;
      const codes = narrowed?.enum ?? [narrowed?.const];
      for (const c of codes) assert.equal(table.get(c), Number(status), `${c} belongs to ${status}`);
    }
  });

  test('every response documents X-Request-Id; 503 Retry-After; 405 Allow', () => {
    for (const { operation } of operations()) {
      for (const [status, ref] of Object.entries(operation.responses)) {
        const resp = deref(ref);
        assert.ok(resp.headers?.['X-Request-Id'], `${operation.operationId} ${status} has X-Request-Id`);
        if (status === '503') assert.ok(resp.headers['Retry-After']);
      }
    }
    assert.ok(spec['x-method-not-allowed'].headers.Allow.required);
  });

  test('every operation that takes a token, a parameter or a body documents its 4xx', () => {
    for (const { method, template, operation } of operations()) {
      const id = `${method} ${template}`;
      const statuses = Object.keys(operation.responses);
      assert.ok(operation.operationId && operation.summary, `${id} has operationId and summary`);
      assert.ok(statuses.includes('500'), `${id} documents 500`);
      if (isSecured(operation)) assert.ok(statuses.includes('401'), `${id} documents 401`);
      if ((operation.parameters ?? []).some((p) => deref(p).in !== 'header')) {
        assert.ok(statuses.includes('400'), `${id} documents 400 for its parameters`);
      }
      if (operation.requestBody) {
        for (const s of ['400', '413', '415']) assert.ok(statuses.includes(s), `${id} documents ${s}`);
      }
      if (template.includes('{id}') && template !== '/v1/rulesets/{id}') {
        assert.ok(statuses.includes('404'), `${id} documents 404`);
      }
      const hasIdem = (operation.parameters ?? []).some((p) => deref(p).name === 'Idempotency-Key');
      if (hasIdem) assert.ok(statuses.includes('422'), `${id} documents idempotency_key_reused`);
    }
  });

  test('Idempotency-Key on the POSTs that create accounts, games and moves; If-Match on moves', () => {
    const params = (op) => (op.parameters ?? []).map((p) => deref(p).name);
    assert.ok(params(spec.paths['/v1/accounts'].post).includes('Idempotency-Key'));
    assert.ok(params(spec.paths['/v1/games'].post).includes('Idempotency-Key'));
    assert.ok(params(spec.paths['/v1/games/{id}/moves'].post).includes('Idempotency-Key'));
    assert.ok(params(spec.paths['/v1/games/{id}/moves'].post).includes('If-Match'));
    assert.ok(params(spec.paths['/v1/games/{id}'].get).includes('If-None-Match'));
    assert.ok(spec.paths['/v1/games/{id}'].get.responses['200'].headers.ETag);
  });

  test('our own objects are closed, and so are the rulesets\' moves and views; events stay open', () => {
    const s = spec.components.schemas;
    for (const name of ['Problem', 'Account', 'AccountCreated', 'TokenIssued', 'Revoked', 'Jwk', 'KeySet',
      'GameView', 'Seat', 'GameCreated', 'Invite', 'MoveResult', 'LoggedMove', 'MoveLog', 'MyGame',
      'MyGames', 'Export', 'ExportedMove', 'IronFutureLegalMoves', 'SteamLegalMoves', 'AccountCreate',
      'GameCreate', 'JoinRequest', 'MoveSubmit', 'ResignRequest', 'RematchRequest', 'RulesetSummary',
      'IronFutureView', 'SteamView', 'IronFutureOptions', 'SteamOptions', 'GameResult']) {
      assert.equal(s[name].additionalProperties, false, `${name} is closed`);
    }
    // every move, and every legal-moves shape, is a closed object
    const members = (name) => (s[name].oneOf ?? s[name].anyOf).map((m) => m.$ref.split('/').pop());
    for (const union of ['IronFutureMove', 'SteamMove', 'SteamLegalEntry']) {
      for (const name of members(union)) assert.equal(s[name].additionalProperties, false, `${name} is closed`);
    }
    for (const name of ['Event', 'RulesetDescription']) {
      assert.notEqual(s[name].additionalProperties, false, `${name} is open`);
    }
    const gv = validatorFor('spec-test GameView', { $ref: '#/components/schemas/GameView' });
    const good = {
      id: '6f1c1b8e-2f47-4c7a-9a51-2a1f0a3c9d10', ruleset: 'ironfuture', status: 'active', version: 3,
      move_count: 3, log_head: 'c'.repeat(64), seat_count: 2,
      seats: [{ seat: 0, kind: 'account', account_id: '6f1c1b8e-2f47-4c7a-9a51-2a1f0a3c9d11', name: 'alice', filled: true },
        { seat: 1, kind: 'invite', account_id: null, name: null, filled: true }],
      commitment: 'a'.repeat(64), viewer_seat: 0, must_act: [1], winners: [], result: null,
      state: null,
      created_at: '2025-01-02T03:04:05Z', updated_at: '2025-01-02T03:04:05.123+00:00',
      rematch_of: null, rematch: '6f1c1b8e-2f47-4c7a-9a51-2a1f0a3c9d12', clock: null,
    };
    assert.ok(gv(good), JSON.stringify(gv.errors));
    assert.ok(!gv({ ...good, seed: 'b'.repeat(64) }), 'a view never carries the seed');
    assert.ok(!gv({ ...good, created_at: '2025-01-02 03:04:05' }), 'timestamps are RFC 3339');
    assert.ok(!gv({ ...good, status: 'started' }));
    assert.ok(!gv({ ...good, version: -1 }));
    assert.ok(gv({ ...good, move_count: 0, log_head: null }), 'no head before the setup');
    assert.ok(!gv({ ...good, log_head: 'C'.repeat(64) }), 'the head is lowercase hex');
    assert.ok(!gv({ ...good, state: { anything: [1, 2, { deep: true }] } }), 'a state is a ruleset\'s view');
    assert.ok(!gv({ ...good, result: { winner: 0 } }), 'a result is its summary');
    const move = validatorFor('spec-test Move', { $ref: '#/components/schemas/Move' });
    assert.ok(move({ type: 'pass' }), 'both rulesets have a pass');
    assert.ok(move({ type: 'deploy', card: 7, location: 0 }));
    assert.ok(move({ type: 'pass', form: 'move' }), 'a concrete Steam entry is sent as it is');
    assert.ok(!move({ type: 'deploy', card: 7 }), 'a deploy names its location');
    assert.ok(!move({ type: 'build', hex: 'd7', tile: 'straight', rotation: 1, form: 'shape' }));
    assert.ok(!move({ type: 'select', action: 'first_build', extra: 1 }));
  });
});
