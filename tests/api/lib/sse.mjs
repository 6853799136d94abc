// sse.mjs - an EventSource-like reader of a Turnpost event stream, as a
// browser front-end would hold one.
//
//   const s = openStream(url, token, { lastEventId });
//   const e = await s.next();     // {id, event, data, comment}
//   s.close();
//
// It reads the body as it comes, splits it into events at blank lines and
// keeps the last id seen (s.lastId), which a reconnect sends back as
// Last-Event-ID. s.response resolves to the answer's status and headers.

export function openStream(url, token, { lastEventId } = {}) {
  const ctl = new AbortController();
  const headers = { accept: 'text/event-stream', authorization: `Bearer ${token}` };
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const queue = [];
  const waiters = [];
  let ended = null;
  const stream = { lastId: lastEventId, events: [] };
  const deliver = (e) => {
    stream.events.push(e);
    if (e.id !== undefined) stream.lastId = e.id;
    const w = waiters.shift();
    if (w) w.resolve(e); else queue.push(e);
  };
  const finish = (err) => {
    ended = err ?? new Error('the stream ended');
    for (const w of waiters.splice(0)) w.reject(ended);
  };
  stream.response = fetch(url, { headers, signal: ctl.signal }).then((res) => {
    if (res.status === 200 && res.body) {
      (async () => {
        const decoder = new TextDecoder();
        let buf = '';
        try {
          for await (const chunk of res.body) {
            buf += decoder.decode(chunk, { stream: true });
            let at;
            while ((at = buf.indexOf('\n\n')) >= 0) {
              const block = buf.slice(0, at);
              buf = buf.slice(at + 2);
              const e = {};
              for (const line of block.split('\n')) {
                const colon = line.indexOf(':');
                const field = colon < 0 ? line : line.slice(0, colon);
                const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
                if (field === '') e.comment = value;
                else if (field === 'data') e.data = e.data === undefined ? value : `${e.data}\n${value}`;
                else e[field] = value;
              }
              if (e.data !== undefined && e.event !== undefined) e.data = JSON.parse(e.data);
              deliver(e);
            }
          }
          finish();
        } catch (err) {
          finish(err);
        }
      })();
    } else {
      finish(new Error(`status ${res.status}`));
    }
    return res;
  });
  stream.next = (timeoutMs = 20000) => {
    if (queue.length) return Promise.resolve(queue.shift());
    if (ended) return Promise.reject(ended);
    return new Promise((resolve, reject) => {
      const w = { resolve, reject };
      const timer = setTimeout(() => {
        waiters.splice(waiters.indexOf(w), 1);
        reject(new Error(`no event within ${timeoutMs} ms`));
      }, timeoutMs);
      w.resolve = (e) => { clearTimeout(timer); resolve(e); };
      w.reject = (e) => { clearTimeout(timer); reject(e); };
      waiters.push(w);
    });
  };
  // The next event for which pred holds; the ones before it are passed over.
  stream.until = async (pred, timeoutMs = 20000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const e = await stream.next(Math.max(1, deadline - Date.now()));
      if (pred(e)) return e;
    }
  };
  stream.close = () => ctl.abort();
  return stream;
}
