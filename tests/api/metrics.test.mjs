// metrics.test.mjs - GET /metrics read by a strict parser of the
// Prometheus text exposition format (version 0.0.4), and its values moving
// with what the test does: a 404 in its route's status class, a move and a
// resignation under their ruleset, view-cache hits and misses, games.
//
// Other files run at the same time on the same database, so the games
// gauge is only checked to count at least the games made here.

import assert from './lib/checks.mjs';
import { test } from 'node:test';

import { RULESET, seededRandom, startedGame, view } from './lib/fixtures.mjs';
import { useServer } from './lib/harness.mjs';
import { playOne } from './lib/play.mjs';

// every scrape counts the database again, so the test need not wait
const ctx = useServer({ env: { TURNPOST_METRICS_DB_INTERVAL: '0' } });

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const VALUE = /^(?:[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?|[-+]?Inf|NaN)$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

// The labels of a sample, from just after '{': [{name: value}, rest].
function parseLabels(line, at) {
  const labels = {};
  let i = at;
  for (;;) {
    if (line[i] === '}') return [labels, i + 1];
    const m = /^([^=]*)="/.exec(line.slice(i));
    if (!m) throw new Error(`bad label at ${i}: ${line}`);
    const name = m[1];
    if (!LABEL.test(name) || name.startsWith('__')) throw new Error(`bad label name "${name}": ${line}`);
    if (name in labels) throw new Error(`label ${name} twice: ${line}`);
    i += m[0].length;
    let v = '';
    for (;;) {
      const ch = line[i];
      if (ch === undefined) throw new Error(`unterminated label value: ${line}`);
      if (ch === '"') { i++; break; }
      if (ch === '\\') {
        const n = line[i + 1];
        if (n === '\\') v += '\\';
        else if (n === '"') v += '"';
        else if (n === 'n') v += '\n';
        else throw new Error(`bad escape \\${n}: ${line}`);
        i += 2;
        continue;
      }
      if (ch === '\n') throw new Error('newline in a label value');
      v += ch;
      i++;
    }
    labels[name] = v;
    if (line[i] === ',') i++;
    else if (line[i] !== '}') throw new Error(`expected , or } at ${i}: ${line}`);
  }
}

// The family a sample name belongs to, given the declared families.
function familyOf(name, families) {
  if (families.has(name)) return name;
  for (const suffix of ['_bucket', '_sum', '_count']) {
    if (name.endsWith(suffix)) {
      const base = name.slice(0, -suffix.length);
      if (families.get(base)?.type === 'histogram') return base;
    }
  }
  return null;
}

// Parses the whole text; throws on anything the format does not allow.
// Returns Map family -> {type, help, samples: [{name, labels, value}]}.
export function parseExposition(text) {
  if (!text.endsWith('\n')) throw new Error('the exposition must end with a newline');
  const families = new Map();
  const series = new Set();
  const done = new Set();   // families whose samples are behind us
  let current = null;
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '') throw new Error('empty line');
    if (line.startsWith('#')) {
      const m = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!m) continue;   // a comment
      const [, kind, name, rest] = m;
      if (!NAME.test(name)) throw new Error(`bad metric name ${name}`);
      const f = families.get(name) ?? { type: null, help: null, samples: [] };
      if (f.samples.length || done.has(name)) throw new Error(`${kind} of ${name} after its samples`);
      if (kind === 'HELP') {
        if (f.help !== null) throw new Error(`HELP of ${name} twice`);
        if (/\\(?![\\n])/.test(rest)) throw new Error(`bad escape in HELP of ${name}`);
        f.help = rest;
      } else {
        if (f.type !== null) throw new Error(`TYPE of ${name} twice`);
        if (!TYPES.has(rest)) throw new Error(`unknown type ${rest} of ${name}`);
        f.type = rest;
      }
      families.set(name, f);
      continue;
    }
    const nm = /^[^{ ]+/.exec(line);
    const name = nm?.[0] ?? '';
    if (!NAME.test(name)) throw new Error(`bad sample name: ${line}`);
    let labels = {};
    let i = name.length;
    if (line[i] === '{') [labels, i] = parseLabels(line, i + 1);
    const tail = line.slice(i);
    const vm = /^ (\S+)(?: (-?[0-9]+))?$/.exec(tail);
    if (!vm || !VALUE.test(vm[1])) throw new Error(`bad value: ${line}`);
    const fam = familyOf(name, families);
    if (!fam) throw new Error(`sample of an undeclared family: ${line}`);
    const f = families.get(fam);
    if (!f.type || f.help === null) throw new Error(`${fam} has no TYPE or no HELP before its samples`);
    if (current !== fam) {
      if (done.has(fam)) throw new Error(`samples of ${fam} are not together`);
      if (current) done.add(current);
      current = fam;
    }
    const key = name + JSON.stringify(Object.entries(labels).sort());
    if (series.has(key)) throw new Error(`duplicate series: ${line}`);
    series.add(key);
    const value = Number(vm[1].replace(/^\+?Inf$/, 'Infinity').replace(/^-Inf$/, '-Infinity'));
    if (f.type === 'counter' && !(value >= 0)) throw new Error(`a counter below zero: ${line}`);
    f.samples.push({ name, labels, value });
  }
  for (const [name, f] of families) {
    if (f.type === 'counter' && !name.endsWith('_total')) throw new Error(`counter ${name} lacks _total`);
    if (f.type === 'histogram') checkHistogram(name, f);
  }
  return families;
}

// Buckets cumulative in le order, +Inf equal to _count, _sum there.
function checkHistogram(name, f) {
  const groups = new Map();
  for (const s of f.samples) {
    const { le, ...rest } = s.labels;
    const key = JSON.stringify(Object.entries(rest).sort());
    const g = groups.get(key) ?? { buckets: [], sum: null, count: null };
    if (s.name === `${name}_bucket`) {
      if (le === undefined) throw new Error(`${name}_bucket without le`);
      const bound = le === '+Inf' ? Infinity : Number(le);
      if (!VALUE.test(le) || Number.isNaN(bound)) throw new Error(`bad le="${le}"`);
      g.buckets.push({ bound, value: s.value });
    } else {
      if (le !== undefined) throw new Error(`${s.name} with le`);
      if (s.name.endsWith('_sum')) g.sum = s.value;
      else if (s.name.endsWith('_count')) g.count = s.value;
      else throw new Error(`${s.name} in histogram ${name}`);
    }
    groups.set(key, g);
  }
  for (const [key, g] of groups) {
    if (g.count === null || g.sum === null) throw new Error(`${name}${key}: _sum or _count missing`);
    const b = g.buckets;
    if (!b.length || b.at(-1).bound !== Infinity) throw new Error(`${name}${key}: no le="+Inf" last`);
    for (let i = 1; i < b.length; i++) {
      if (!(b[i].bound > b[i - 1].bound)) throw new Error(`${name}${key}: le not increasing`);
      if (b[i].value < b[i - 1].value) throw new Error(`${name}${key}: buckets not cumulative`);
    }
    if (b.at(-1).value !== g.count) throw new Error(`${name}${key}: +Inf ${b.at(-1).value} != _count ${g.count}`);
  }
}

async function scrape() {
  const res = await ctx.api.get('/metrics', { expect: 200 });
  return parseExposition(res.text);
}

// The value of the one sample of family (or sample name) matching labels; 0 if none.
function value(families, name, labels = {}, sample = name) {
  const f = families.get(name);
  assert.ok(f, `${name} is declared`);
  const hits = f.samples.filter((s) => s.name === sample &&
    Object.entries(labels).every(([k, v]) => s.labels[k] === v) &&
    Object.keys(s.labels).length === Object.keys(labels).length);
  assert.ok(hits.length <= 1, `one ${sample} ${JSON.stringify(labels)}`);
  return hits[0]?.value ?? 0;
}

test('the parser refuses what the format does not allow', () => {
  const ok = '# HELP a_total A.\n# TYPE a_total counter\na_total{x="1"} 2\n';
  assert.ok(parseExposition(ok).get('a_total'));
  const bad = [
    'a_total 1\n',                                                    // undeclared
    '# HELP a_total A.\n# TYPE a_total counter\na_total 1',            // no final newline
    '# HELP a_total A.\n# TYPE a_total counter\na_total 1\na_total 2\n', // duplicate series
    '# HELP a_total A.\n# TYPE a_total counter\na_total{x="\\q"} 1\n',  // bad escape
    '# HELP a_total A.\n# TYPE a_total counter\na_total{1x="a"} 1\n',   // bad label name
    '# HELP a A.\n# TYPE a counter\na 1\n',                            // counter without _total
    '# HELP h A.\n# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_sum 1\nh_count 1\n',
    '# HELP h A.\n# TYPE h histogram\nh_bucket{le="1"} 1\nh_bucket{le="+Inf"} 2\nh_sum 1\nh_count 3\n',
    '# HELP g A.\n# TYPE g gauge\ng 1\n# HELP k A.\n# TYPE k gauge\nk 1\ng{a="b"} 2\n', // split family
    '# HELP g A.\n# TYPE g gauge\ng one\n',
  ];
  for (const text of bad) assert.throws(() => parseExposition(text), undefined, JSON.stringify(text));
});

test('every line of /metrics is a declared family\'s sample, HELP, TYPE or comment', async () => {
  const res = await ctx.api.get('/metrics', { expect: 200 });
  assert.match(res.headers.get('content-type'), /^text\/plain; version=0\.0\.4/);
  const f = parseExposition(res.text);
  const want = {
    turnpost_http_requests_total: 'counter',
    turnpost_http_request_duration_seconds: 'histogram',
    turnpost_errors_total: 'counter',
    turnpost_moves_applied_total: 'counter',
    turnpost_view_cache_hits_total: 'counter',
    turnpost_view_cache_misses_total: 'counter',
    turnpost_db_pool_connections: 'gauge',
    turnpost_request_queue_length: 'gauge',
    turnpost_rate_limit_evicted_total: 'counter',
    turnpost_games: 'gauge',
    turnpost_outbox_backlog_rows: 'gauge',
    turnpost_webhook_deliveries_pending: 'gauge',
    turnpost_db_counts_age_seconds: 'gauge',
  };
  for (const [name, type] of Object.entries(want)) assert.equal(f.get(name)?.type, type, name);
  assert.equal(value(f, 'turnpost_db_pool_connections', { state: 'size' }), 8, 'the default 8 workers');
  assert.ok(value(f, 'turnpost_outbox_backlog_rows') >= 0);
  for (const status of ['open', 'active', 'finished']) {
    assert.ok(Number.isInteger(value(f, 'turnpost_games', { status })));
  }
});

test('a 404 is counted in its route\'s 4xx class, with its latency', async () => {
  const h = 'turnpost_http_request_duration_seconds';
  const route = { route: '/v1/games/{id}', method: 'GET', status_class: '4xx' };
  const none = { route: 'unmatched', method: 'any', status_class: '4xx' };
  const before = await scrape();
  const game = await startedGame(ctx.api);
  const token = game.players[0].token;
  for (let i = 0; i < 3; i++) {
    await ctx.api.get('/v1/games/6f1c1b8e-2f47-4c7a-9a51-2a1f0a3c9d10', { token, expect: 404 });
  }
  await ctx.api.get('/v1/no-such-route', { expect: 404 });
  const after = await scrape();
  assert.equal(value(after, h, route, `${h}_count`) - value(before, h, route, `${h}_count`), 3);
  assert.equal(value(after, h, none, `${h}_count`) - value(before, h, none, `${h}_count`), 1);
  assert.ok(value(after, h, route, `${h}_sum`) > value(before, h, route, `${h}_sum`));
  const ok = { ...route, status_class: '2xx', le: '+Inf' };
  assert.ok(value(after, h, ok, `${h}_bucket`) >= 0);
  const c = (f) => value(f, 'turnpost_http_requests_total', { route: '/v1/games/{id}', method: 'GET', status: '404' });
  assert.equal(c(after) - c(before), 3);
  const e = (f) => value(f, 'turnpost_errors_total', { code: 'not_found' });
  assert.ok(e(after) - e(before) >= 4);
});

test('a move and a resignation are counted under their ruleset; views hit and miss the cache', async () => {
  const m = (f, kind) => value(f, 'turnpost_moves_applied_total', { ruleset: RULESET, kind });
  const before = await scrape();
  const game = await startedGame(ctx.api);
  const rand = seededRandom(7);
  await playOne(ctx.api, game.id, game.players, rand);
  await playOne(ctx.api, game.id, game.players, rand);
  const mid = await scrape();
  assert.equal(m(mid, 'move') - m(before, 'move'), 2);
  // the same viewer at the same version twice: rendered once, then served
  const token = game.players[1].token;
  const hits = (f) => value(f, 'turnpost_view_cache_hits_total');
  const misses = (f) => value(f, 'turnpost_view_cache_misses_total');
  await view(ctx.api, game.id, token);
  const once = await scrape();
  await view(ctx.api, game.id, token);
  const twice = await scrape();
  assert.ok(misses(once) > misses(mid), 'the first view was rendered');
  assert.equal(hits(twice) - hits(once), 1, 'the second came from the cache');
  assert.equal(misses(twice), misses(once));
  await ctx.api.post(`/v1/games/${game.id}/resign`, { token, body: {}, expect: 200 });
  const after = await scrape();
  assert.equal(m(after, 'resign') - m(twice, 'resign'), 1);
  assert.equal(m(after, 'move'), m(mid, 'move'));
  const total = (f) => ['open', 'active', 'finished'].reduce((n, status) => n + value(f, 'turnpost_games', { status }), 0);
  assert.ok(total(after) >= total(before) + 1, 'the game made here is counted');
});
