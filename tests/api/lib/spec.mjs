// spec.mjs - openapi/openapi.yaml as the tests use it: the operation for a
// method and a path, and a validator for every documented response.
//
// Schemas are compiled with Ajv's JSON Schema 2020-12 dialect (the dialect
// of OpenAPI 3.1). Every "#/components/..." reference is rewritten to point
// into one schema registered under SPEC_ID, so a response schema can be
// compiled on its own and still reach every component.

import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse as parseYaml } from 'yaml';

const here = dirname(fileURLToPath(import.meta.url));
// TURNPOST_TEST_OPENAPI may name another copy of the document to validate
// against (to try a change to the contract before making it).
export const REPO_SPEC_PATH = resolve(here, '../../../openapi/openapi.yaml');
export const SPEC_PATH = process.env.TURNPOST_TEST_OPENAPI ? resolve(process.env.TURNPOST_TEST_OPENAPI) : REPO_SPEC_PATH;
const SPEC_ID = 'https://turnpost.invalid/openapi';

export const specText = readFileSync(SPEC_PATH, 'utf8');
export const spec = parseYaml(specText);

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

// Deep copy of a schema with every "#/components/schemas/X" reference made
// absolute, pointing into the one schema registered under SPEC_ID.
function absolutise(value) {
  if (Array.isArray(value)) return value.map(absolutise);
  if (value && typeof value === 'object') {
    const out = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string') {
        const m = /^#\/components\/schemas\/([^/]+)$/.exec(v);
        if (!m) throw new Error(`unexpected $ref in a schema: ${v}`);
        out[k] = `${SPEC_ID}#/$defs/${m[1]}`;
      } else {
        out[k] = absolutise(v);
      }
    }
    return out;
  }
  return value;
}

const ajv = new Ajv2020({
  strict: true,
  strictTypes: false,     // allOf branches narrow properties without repeating "type"
  strictRequired: false,
  allErrors: true,
  validateFormats: true,
});
addFormats(ajv);
// OpenAPI's discriminator names the property a oneOf's members differ by,
// a hint for generated clients; the oneOf itself is what validates.
ajv.addKeyword('discriminator');
ajv.addSchema({ $id: SPEC_ID, $defs: absolutise(spec.components.schemas) });

const validators = new Map();

// Compiles (once) the schema found at key, an arbitrary object from the spec.
export function validatorFor(key, schema) {
  let v = validators.get(key);
  if (!v) {
    v = ajv.compile(absolutise(schema));
    validators.set(key, v);
  }
  return v;
}

// Follows a "$ref" inside the spec document.
export function deref(obj) {
  let seen = 0;
  while (obj && typeof obj === 'object' && typeof obj.$ref === 'string') {
    if (!obj.$ref.startsWith('#/')) throw new Error(`external $ref ${obj.$ref}`);
    obj = obj.$ref.slice(2).split('/')
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((o, p) => o?.[p], spec);
    if (++seen > 20) throw new Error('$ref loop');
  }
  return obj;
}

// Path templates, literal ones first so /v1/me/games beats any template.
const templates = Object.keys(spec.paths).map((tpl) => {
  const names = [];
  const src = tpl.split('/').map((seg) => {
    const m = /^\{(.+)\}$/.exec(seg);
    if (m) { names.push(m[1]); return '([^/]+)'; }
    return seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }).join('/');
  return { tpl, re: new RegExp(`^${src}$`), names, literal: names.length === 0 };
}).sort((a, b) => Number(b.literal) - Number(a.literal));

// The path template that matches pathname, with its parameters, or null.
export function matchPath(pathname) {
  for (const t of templates) {
    const m = t.re.exec(pathname);
    if (m) {
      const params = {};
      t.names.forEach((n, i) => { params[n] = decodeURIComponent(m[i + 1]); });
      return { template: t.tpl, params, item: spec.paths[t.tpl] };
    }
  }
  return null;
}

// The methods (upper case) a path template documents.
export function methodsOf(item) {
  return METHODS.filter((m) => item[m]).map((m) => m.toUpperCase());
}

// The operation for method and pathname: {template, params, operation} or
// {template, params, operation: null} when only other methods exist, or null.
export function findOperation(method, pathname) {
  const hit = matchPath(pathname);
  if (!hit) return null;
  return { ...hit, operation: hit.item[method.toLowerCase()] ?? null };
}

// Every operation: [{method, template, operation}].
export function operations() {
  const out = [];
  for (const [template, item] of Object.entries(spec.paths)) {
    for (const m of METHODS) {
      if (item[m]) out.push({ method: m.toUpperCase(), template, operation: item[m] });
    }
  }
  return out;
}

// The media type of a Content-Type header value, lower case, no parameters.
export function mediaType(contentType) {
  return (contentType ?? '').split(';')[0].trim().toLowerCase();
}

// Formats Ajv errors as one line each.
export function formatErrors(errors) {
  return (errors ?? [])
    .map((e) => `  ${e.instancePath || '(root)'} ${e.message}${e.params ? ' ' + JSON.stringify(e.params) : ''}`)
    .join('\n');
}
