// coverage.mjs - which documented (operation, status) answers the run saw.
//
//   node lib/coverage.mjs FILE
//
// FILE holds one "operationId status" line per answer seen (client.mjs
// appends them when TURNPOST_API_COVERAGE names it). Prints the documented
// answers no test received, so gaps in the suite are visible. Informative
// only: 500 and 503 are not expected to be seen, and 429 is one answer
// given before routing (ratelimit.test.mjs sees it).

import { readFileSync } from 'node:fs';

import { operations } from './spec.mjs';

const file = process.argv[2];
const seen = new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean));
const missing = [];
let total = 0;
for (const { operation } of operations()) {
  for (const status of Object.keys(operation.responses)) {
    if (status === '500' || status === '503' || status === '429') continue;
    total++;
    if (!seen.has(`${operation.operationId} ${status}`)) missing.push(`${operation.operationId} ${status}`);
  }
}
console.log(`# spec coverage: ${total - missing.length} of ${total} documented answers seen (500, 503 and 429 left out)`);
if (missing.length) console.log(`# not seen: ${missing.join(', ')}`);
