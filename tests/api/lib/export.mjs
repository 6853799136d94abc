// export.mjs - an export checked by `turnpost verify`, the replay a player
// would run on the file the server gave them.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import assert from './checks.mjs';
import { requireEnv } from './server.mjs';

export function verifyExport(ex, label) {
  const dir = mkdtempSync(join(tmpdir(), 'turnpost-export-'));
  try {
    writeFileSync(join(dir, 'export.json'), JSON.stringify(ex));
    const r = spawnSync(requireEnv('TURNPOST_BIN'), ['verify', join(dir, 'export.json')], { encoding: 'utf8', timeout: 120000 });
    assert.equal(r.status, 0, `${label}: turnpost verify accepts the export: ${r.stdout}${r.stderr}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
