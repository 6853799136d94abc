// checks.mjs - every test checks something.
//
// The suite imports assert from here: the same node:assert/strict, each
// call counted. client.mjs counts an answer whose status the test named
// (opts.expect). requireChecks(), called once per test file (useServer()
// does), fails every test of the file that ends without a single check:
// a test whose checks all sat behind a branch it never took passes
// nothing.

import nodeAssert from 'node:assert/strict';
import { afterEach, beforeEach } from 'node:test';

let made = 0;

// One check made (a named status, an assertion).
export function countCheck() {
  made++;
}

// node:assert/strict with each call counted; AssertionError and other
// non-function members are passed through untouched.
export const assert = new Proxy(nodeAssert, {
  apply(target, self, args) {
    made++;
    return Reflect.apply(target, self, args);
  },
  get(target, prop) {
    const v = Reflect.get(target, prop);
    if (typeof v !== 'function' || prop === 'AssertionError') return v;
    return function counted(...args) {
      made++;
      return v.apply(target, args);
    };
  },
});
export default assert;

let installed = false;

// Fails any test of this file that made no check. Tests of a file run one
// at a time (no test sets concurrency), so one counter serves.
export function requireChecks() {
  if (installed) return;
  installed = true;
  beforeEach(() => { made = 0; });
  afterEach((t) => {
    if (made === 0) throw new Error(`"${t.name}" made no check: no assertion and no expected status`);
  });
}
