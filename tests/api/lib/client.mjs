// client.mjs - real HTTP requests, every answer checked against the spec.
//
// request() sends one request with the built-in fetch and, before handing
// the answer to the test, checks it against openapi/openapi.yaml:
//   - the operation is found by method and path template; a path that
//     matches no template must be answered 404 (components NotFound), a
//     template asked with an undocumented method 405 with an Allow header
//     listing exactly the documented methods (x-method-not-allowed);
//   - the status must be documented for the operation;
//   - every documented header marked required must be there and match its
//     schema; the Content-Type must be one the response documents, and the
//     body must match that media type's schema (problem+json included);
//   - every answer carries X-Request-Id, and a problem repeats it;
//   - when the server accepts (2xx) a request, the request must be one the
//     spec accepts too: its JSON body, path and query parameters.
// Any mismatch throws, failing the test that made the request.

import assert, { countCheck } from './checks.mjs';
import { appendFileSync } from 'node:fs';

import {
  deref, findOperation, formatErrors, mediaType, methodsOf, spec, validatorFor,
} from './spec.mjs';

const seen = new Map();   // "operationId status" -> count, for run.sh's summary

process.on('exit', () => {
  const file = process.env.TURNPOST_API_COVERAGE;
  if (!file || seen.size === 0) return;
  appendFileSync(file, [...seen.keys()].map((k) => k + '\n').join(''));
});

function excerpt(text, n = 600) {
  return text.length > n ? text.slice(0, n) + '...' : text;
}

function fail(ctx, why) {
  assert.fail(`${ctx.method} ${ctx.path} -> ${ctx.status}: ${why}\n  body: ${excerpt(ctx.text)}`);
}

function checkSchema(ctx, key, schema, value, what) {
  const v = validatorFor(key, schema);
  if (!v(value)) fail(ctx, `${what} does not match the spec:\n${formatErrors(v.errors)}`);
}

// Checks one answer against the response object resp (already dereferenced).
function checkResponse(ctx, key, resp, res, text) {
  for (const [name, h0] of Object.entries(resp.headers ?? {})) {
    const h = deref(h0);
    const value = res.headers.get(name);
    if (value === null) {
      if (h.required) fail(ctx, `missing header ${name}`);
      continue;
    }
    if (h.schema) checkSchema(ctx, `${key} header ${name}`, h.schema, value, `header ${name}: ${value}`);
  }
  const content = resp.content ?? {};
  const types = Object.keys(content);
  if (types.length === 0) {
    if (text.length !== 0) fail(ctx, 'the spec documents no body, but there is one');
    return undefined;
  }
  const ct = res.headers.get('content-type');
  const mt = mediaType(ct);
  const match = types.find((t) => mediaType(t) === mt);
  if (!match) fail(ctx, `Content-Type ${ct} is not documented (${types.join(', ')})`);
  const schema = content[match].schema;
  let value = text;
  if (mt === 'application/json' || mt.endsWith('+json')) {
    try {
      value = JSON.parse(text);
    } catch (e) {
      fail(ctx, `body is not JSON: ${e.message}`);
    }
  }
  if (schema) checkSchema(ctx, `${key} ${match}`, schema, value, 'body');
  return value;
}

// Checks that the request the server accepted is one the spec accepts too.
function checkAccepted(ctx, hit, url, sent) {
  const op = hit.operation;
  const params = (op.parameters ?? []).map(deref);
  for (const p of params.filter((q) => q.in === 'path')) {
    checkSchema(ctx, `${ctx.opId} path ${p.name}`, p.schema, coerce(hit.params[p.name], p.schema),
      `accepted path parameter ${p.name}=${hit.params[p.name]}`);
  }
  for (const [name, raw] of url.searchParams) {
    const p = params.find((q) => q.in === 'query' && q.name === name);
    if (!p) continue;
    checkSchema(ctx, `${ctx.opId} query ${name}`, p.schema, coerce(raw, p.schema),
      `accepted query parameter ${name}=${raw}`);
  }
  if (!op.requestBody) return;
  const rb = deref(op.requestBody);
  if (!sent.hasBody) {
    if (rb.required) fail(ctx, 'the server accepted a request without the body the spec requires');
    return;
  }
  const types = Object.keys(rb.content ?? {});
  const mt = mediaType(sent.contentType);
  if (!types.some((t) => mediaType(t) === mt)) {
    fail(ctx, `the server accepted a body of type "${sent.contentType ?? '(none)'}"; the spec takes ${types.join(', ')}`);
  }
  // a JSON body is checked against its schema; another type (a move typed
  // as text/plain) only against the list of types
  const schema = mt === 'application/json' ? rb.content?.['application/json']?.schema : undefined;
  if (schema && sent.json === undefined) fail(ctx, 'the server accepted a body that is not JSON');
  if (schema) checkSchema(ctx, `${ctx.opId} request`, schema, sent.json, 'the accepted request body');
}

// A query or path string as the type its schema wants, where it parses.
function coerce(raw, schema) {
  const s = deref(schema) ?? {};
  if ((s.type === 'integer' || s.type === 'number') && /^-?[0-9]+(\.[0-9]+)?$/.test(raw)) return Number(raw);
  return raw;
}

// Allow lists the documented methods, HEAD where there is GET, and OPTIONS.
function checkAllow(ctx, res, hit) {
  const allow = (res.headers.get('allow') ?? '').split(',').map((m) => m.trim()).filter(Boolean).sort();
  const documented = methodsOf(hit.item);
  if (documented.includes('GET')) documented.push('HEAD');
  documented.push('OPTIONS');
  assert.deepEqual(allow, documented.sort(), `${ctx.method} ${ctx.path}: Allow must list the documented methods`);
}

// Validates the answer res (body text) to method url; returns the parsed body.
export function validate(method, url, res, text, sent = { hasBody: false }) {
  const ctx = { method, path: url.pathname + url.search, status: res.status, text };
  const rid = res.headers.get('x-request-id');
  if (!rid) fail(ctx, 'no X-Request-Id header');
  const hit = findOperation(method, url.pathname);
  let resp;
  let key;
  if (res.status === 431) {
    resp = spec['x-header-fields-too-large'];
    key = 'request 431';
    ctx.opId = '(any request)';
  } else if (res.status === 400 && (/%00/.test(url.pathname + url.search) || /%2f/i.test(url.pathname))) {
    // Refused before routing, whatever the path (x-invalid-url).
    resp = spec['x-invalid-url'];
    key = 'request invalid_url';
    ctx.opId = '(any request)';
  } else if (!hit) {
    if (res.status !== 404) fail(ctx, 'a path the spec does not know must be answered 404');
    resp = deref(spec.components.responses.NotFound);
    key = 'route NotFound';
    ctx.opId = '(no route)';
  } else if (method === 'OPTIONS' && res.status === 204) {
    // Any route answers OPTIONS (x-options); Allow as on a 405.
    resp = spec['x-options'];
    key = 'route OPTIONS';
    ctx.opId = `(${hit.template} OPTIONS)`;
    checkAllow(ctx, res, hit);
  } else if (method === 'HEAD' && hit.item.get) {
    // A HEAD is answered as its GET, without the body (x-head).
    ctx.opId = hit.item.get.operationId;
    resp = hit.item.get.responses[String(res.status)] ?? hit.item.get.responses[`${String(res.status)[0]}XX`];
    if (!resp) fail(ctx, `status ${res.status} is not documented for ${ctx.opId}`);
    resp = deref(resp);
    key = `${ctx.opId} HEAD ${res.status}`;
  } else if (!hit.operation) {
    if (res.status !== 405) fail(ctx, `${hit.template} documents no ${method}; the answer must be 405`);
    resp = spec['x-method-not-allowed'];
    key = 'route 405';
    ctx.opId = `(${hit.template} ${method})`;
    checkAllow(ctx, res, hit);
  } else {
    ctx.opId = hit.operation.operationId;
    resp = hit.operation.responses[String(res.status)]
      ?? hit.operation.responses[`${String(res.status)[0]}XX`];
    if (!resp) {
      fail(ctx, `status ${res.status} is not documented for ${ctx.opId} ` +
        `(${Object.keys(hit.operation.responses).join(', ')})`);
    }
    resp = deref(resp);
    key = `${ctx.opId} ${res.status}`;
  }
  seen.set(`${ctx.opId} ${res.status}`, true);
  // a HEAD answer has the headers of its GET's (or its refusal's), no body
  if (method === 'HEAD') resp = { ...resp, content: undefined };
  const body = checkResponse(ctx, key, resp, res, text);
  if (method !== 'HEAD' && mediaType(res.headers.get('content-type')) === 'application/problem+json') {
    if (body.request_id !== rid) fail(ctx, `problem request_id ${body.request_id} != X-Request-Id ${rid}`);
    if (body.status !== res.status) fail(ctx, `problem status ${body.status} != HTTP status`);
  }
  if (hit?.operation && res.status >= 200 && res.status < 300) checkAccepted(ctx, hit, url, sent);
  return body;
}

// Sends method path to base and validates the answer.
//   opts.token     bearer token
//   opts.body      a value sent as JSON (Content-Type application/json)
//   opts.raw       a string, Buffer or stream sent as is (with opts.contentType)
//   opts.headers   more request headers
//   opts.expect    the status the contract gives; anything else throws (one
//                  status: a test never takes either of two outcomes)
//   opts.code      with expect: the problem code expected
// Returns {status, headers, text, body, requestId}.
export async function request(base, method, path, opts = {}) {
  const url = new URL(path, base);
  const headers = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let payload;
  const sent = { hasBody: false };
  if (opts.body !== undefined) {
    payload = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
    Object.assign(sent, { hasBody: true, json: opts.body });
  } else if (opts.raw !== undefined) {
    payload = opts.raw;
    if (opts.contentType) headers['content-type'] = opts.contentType;
    sent.hasBody = true;
    if (typeof opts.raw === 'string' || Buffer.isBuffer(opts.raw)) {
      try { sent.json = JSON.parse(String(opts.raw)); } catch { /* malformed on purpose */ }
    }
  }
  // What fetch will send as Content-Type: a string body without one goes
  // out as text/plain;charset=UTF-8; a Buffer or stream without one, none.
  sent.contentType = headers['content-type'] ??
    (typeof payload === 'string' ? 'text/plain;charset=UTF-8' : undefined);
  const init = { method, headers, body: payload, redirect: 'manual' };
  if (payload && typeof payload.getReader === 'function') init.duplex = 'half';
  let res;
  try {
    res = await fetch(url, init);
  } catch (e) {
    assert.fail(`${method} ${url.pathname}${url.search}: no answer (${e.cause?.code ?? ''} ${e.cause?.message ?? e.message})`);
  }
  const text = await res.text();
  const body = validate(method, url, res, text, sent);
  const out = { status: res.status, headers: res.headers, text, body, requestId: res.headers.get('x-request-id') };
  if (opts.expect !== undefined) {
    countCheck();
    if (!Number.isInteger(opts.expect)) assert.fail(`${method} ${path}: expect names one status, not ${JSON.stringify(opts.expect)}`);
    if (res.status !== opts.expect) {
      assert.fail(`${method} ${path}: expected ${opts.expect}, got ${res.status}: ${excerpt(text)}`);
    }
    if (opts.code !== undefined) {
      assert.equal(body?.code, opts.code, `${method} ${path}: problem code (${excerpt(text)})`);
    }
  }
  return out;
}

// A client bound to one server: api.get(path, opts), api.post(path, opts), ...
export function client(base) {
  const bound = (method) => (path, opts) => request(base, method, path, opts);
  return {
    base,
    request: (method, path, opts) => request(base, method, path, opts),
    get: bound('GET'),
    post: bound('POST'),
    put: bound('PUT'),
    head: bound('HEAD'),
    options: bound('OPTIONS'),
    patch: bound('PATCH'),
    delete: bound('DELETE'),
  };
}
