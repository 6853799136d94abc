// chain.mjs - the move log's hash chain recomputed from its description
// in docs/api-contract.md, apart from the server's C code: BLAKE2b
// (RFC 7693) written out here, the fields framed and the JSON printed
// canonically (keys sorted, no spaces), so that a test can check every
// hash the server wrote and build a chain of its own.

const MASK = (1n << 64n) - 1n;
const IV = [
  0x6a09e667f3bcc908n, 0xbb67ae8584caa73bn, 0x3c6ef372fe94f82bn, 0xa54ff53a5f1d36f1n,
  0x510e527fade682d1n, 0x9b05688c2b3e6c1fn, 0x1f83d9abfb41bd6bn, 0x5be0cd19137e2179n,
];
const SIGMA = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];

const rotr = (x, n) => ((x >> n) | (x << (64n - n))) & MASK;

function compress(h, block, t, last) {
  const m = new Array(16);
  for (let i = 0; i < 16; i++) {
    let w = 0n;
    for (let j = 7; j >= 0; j--) w = (w << 8n) | BigInt(block[i * 8 + j]);
    m[i] = w;
  }
  const v = [...h, ...IV];
  v[12] ^= t & MASK;
  v[13] ^= t >> 64n;
  if (last) v[14] ^= MASK;
  const g = (a, b, c, d, x, y) => {
    v[a] = (v[a] + v[b] + x) & MASK; v[d] = rotr(v[d] ^ v[a], 32n);
    v[c] = (v[c] + v[d]) & MASK; v[b] = rotr(v[b] ^ v[c], 24n);
    v[a] = (v[a] + v[b] + y) & MASK; v[d] = rotr(v[d] ^ v[a], 16n);
    v[c] = (v[c] + v[d]) & MASK; v[b] = rotr(v[b] ^ v[c], 63n);
  };
  for (let r = 0; r < 12; r++) {
    const s = SIGMA[r % 10];
    g(0, 4, 8, 12, m[s[0]], m[s[1]]); g(1, 5, 9, 13, m[s[2]], m[s[3]]);
    g(2, 6, 10, 14, m[s[4]], m[s[5]]); g(3, 7, 11, 15, m[s[6]], m[s[7]]);
    g(0, 5, 10, 15, m[s[8]], m[s[9]]); g(1, 6, 11, 12, m[s[10]], m[s[11]]);
    g(2, 7, 8, 13, m[s[12]], m[s[13]]); g(3, 4, 9, 14, m[s[14]], m[s[15]]);
  }
  for (let i = 0; i < 8; i++) h[i] ^= v[i] ^ v[i + 8];
}

// BLAKE2b of data (bytes) with outLen bytes of output and an optional key.
export function blake2b(data, outLen = 64, key = new Uint8Array(0)) {
  const h = [...IV];
  h[0] ^= 0x01010000n ^ (BigInt(key.length) << 8n) ^ BigInt(outLen);
  let input = data;
  if (key.length) {
    input = new Uint8Array(128 + data.length);
    input.set(key);
    input.set(data, 128);
  }
  const blocks = Math.max(1, Math.ceil(input.length / 128));
  for (let b = 0; b < blocks; b++) {
    const block = new Uint8Array(128);
    block.set(input.subarray(b * 128, b * 128 + 128));
    const last = b === blocks - 1;
    compress(h, block, BigInt(last ? input.length : (b + 1) * 128), last);
  }
  const out = new Uint8Array(outLen);
  for (let i = 0; i < outLen; i++) out[i] = Number((h[i >> 3] >> BigInt(8 * (i & 7))) & 0xffn);
  return out;
}

// JSON printed with keys sorted and no spaces: integers, strings, arrays,
// objects, booleans and null, which is all the log holds.
export function canonicalJson(v) {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const keys = Object.keys(v).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(v[k])}`).join(',')}}`;
  }
  if (typeof v === 'number' && !Number.isInteger(v)) throw new Error(`no canonical form for ${v} here`);
  return JSON.stringify(v);
}

const enc = new TextEncoder();
const hex = (b) => Buffer.from(b).toString('hex');
const unhex = (s) => new Uint8Array(Buffer.from(s, 'hex'));

// F(b) and I(n) of the description: length-prefixed fields.
function frame(parts) {
  const chunks = [];
  for (const p of parts) {
    const b = typeof p === 'string' ? enc.encode(p) : p;
    const len = new Uint8Array(8);
    new DataView(len.buffer).setBigUint64(0, BigInt(b.length));
    chunks.push(len, b);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

function int64(n) {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigInt64(0, BigInt(n));
  return b;
}

export function genesis(gameId, commitment, from) {
  return blake2b(frame(['turnpost-log-genesis-1', gameId, commitment, int64(from)]), 32);
}

export function logKey(seedHex, gameId) {
  return blake2b(frame(['turnpost-log-key-1', gameId]), 32, unhex(seedHex));
}

// The hash (hex) of one export entry after prev (bytes).
export function entryHash(key, prev, gameId, e) {
  const setup = e.seq === 1;
  return hex(blake2b(frame([
    'turnpost-log-entry-1', prev, gameId, int64(e.seq), int64(setup ? -1 : e.seat),
    setup ? 'setup' : e.kind, setup ? '{}' : canonicalJson(e.move), canonicalJson(e.events),
    int64(e.rng_pos),
  ]), 32, key));
}

// Every entry's hash of an export's log (setup first), from chain_from
// on, as the chain would have it; null before chain_from.
export function chainOf(ex) {
  const key = logKey(ex.seed, ex.game_id);
  let prev = genesis(ex.game_id, ex.commitment, ex.chain_from);
  return [ex.setup, ...ex.moves].map((e) => {
    if (e.seq < ex.chain_from) return null;
    const h = entryHash(key, prev, ex.game_id, e);
    prev = unhex(h);
    return h;
  });
}
