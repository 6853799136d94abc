// receiver.mjs - a webhook receiver on 127.0.0.1, as a bot would run one.
//
//   const rx = await startReceiver();          // rx.url('/bot')
//   rx.respond('/down', 500);                  // a path's answer (default 204)
//   rx.respond('/slow', 204, { delayMs: 3000 });
//   rx.onPost('/bot', (hit) => ...);           // called for each delivery
//   const hit = await rx.waitFor((h) => h.body.type === 'turn.yours');
//   await rx.stop();
//
// Every delivery is kept as {path, headers, text, body, at}: text the raw
// body (what a signature covers), body the parsed JSON.

import http from 'node:http';

export async function startReceiver() {
  const hits = [];
  const answers = new Map();
  const handlers = new Map();
  const waiters = new Set();
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body = null;
      try { body = JSON.parse(text); } catch { /* kept as text */ }
      const path = new URL(req.url, 'http://x').pathname;
      const hit = { path, headers: req.headers, text, body, at: Date.now() };
      hits.push(hit);
      const a = answers.get(path) ?? { status: 204 };
      const reply = () => {
        if (res.destroyed) return;
        res.writeHead(a.status, { 'content-type': 'text/plain' });
        res.end(a.body ?? '');
      };
      if (a.delayMs) setTimeout(reply, a.delayMs); else reply();
      handlers.get(path)?.(hit);
      for (const w of [...waiters]) {
        if (w.pred(hit)) { waiters.delete(w); clearTimeout(w.timer); w.resolve(hit); }
      }
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  return {
    hits,
    url: (path) => `${base}${path}`,
    respond: (path, status, opts = {}) => answers.set(path, { status, ...opts }),
    onPost: (path, fn) => handlers.set(path, fn),
    // The first delivery, old or new, for which pred holds.
    waitFor(pred, timeoutMs = 15000, what = 'a delivery') {
      const old = hits.find(pred);
      if (old) return Promise.resolve(old);
      return new Promise((resolve, reject) => {
        const w = { pred, resolve };
        w.timer = setTimeout(() => { waiters.delete(w); reject(new Error(`no ${what} within ${timeoutMs} ms`)); }, timeoutMs);
        waiters.add(w);
      });
    },
    stop: () => new Promise((resolve) => { server.closeAllConnections?.(); server.close(() => resolve()); }),
  };
}
