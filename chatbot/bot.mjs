#!/usr/bin/env node
// bot.mjs - Turnpost's reference chat bot.
//
// It plays the part of a Discord or Slack bot in a group chat, with no
// chat service: the channel is this process's stdin and stdout. People in
// the channel have no Turnpost account; the bot holds a seat token for
// each (the invite seats of the games it creates) and relays what they
// type. Turnpost tells it whose turn it is by webhook (turn.yours), which
// it verifies with the standardwebhooks package before it believes it.
//
//   node chatbot/bot.mjs --server http://127.0.0.1:8080 --token BOT_TOKEN \
//        --listen 127.0.0.1:9000 [--public-url http://127.0.0.1:9000/hook]
//
// Typed in the channel (one line each):
//   !new ironfuture alice bob     a game with a seat for each name
//   alice: deploy 7 @0            alice's move, in the game's notation
//   alice: say good luck          a message to the table
//   !show                         the table as a spectator sees it
// Written to the channel:
//   #channel <text>               for everyone
//   [dm alice] <text>             for alice alone (her hand, her moves)
// A player's turn is a [dm] block: her view, then "moves:", one legal
// move a line, and "end".

import http from 'node:http';
import { createInterface } from 'node:readline';
import { Webhook } from 'standardwebhooks';

function args(argv) {
  const out = {};
  for (let i = 2; i < argv.length; i += 2) out[argv[i].replace(/^--/, '')] = argv[i + 1];
  if (!out.server || !out.token || !out.listen) {
    console.error('usage: bot.mjs --server URL --token TOKEN --listen HOST:PORT [--public-url URL]');
    process.exit(2);
  }
  return out;
}

const opt = args(process.argv);
const [host, port] = opt.listen.split(':');
const hookUrl = opt['public-url'] ?? `http://${opt.listen}/hook`;

const say = (line) => process.stdout.write(`#channel ${line}\n`);
const dm = (who, text) => {
  for (const line of String(text).replace(/\n+$/, '').split('\n')) process.stdout.write(`[dm ${who}] ${line}\n`);
};

async function call(method, path, { token = opt.token, json, text, accept } = {}) {
  const headers = { authorization: `Bearer ${token}` };
  if (accept) headers.accept = accept;
  let body;
  if (json !== undefined) { headers['content-type'] = 'application/json'; body = JSON.stringify(json); }
  if (text !== undefined) { headers['content-type'] = 'text/plain'; body = text; }
  const res = await fetch(new URL(path, opt.server), { method, headers, body });
  const raw = await res.text();
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, body: type.includes('json') && raw ? JSON.parse(raw) : raw };
}

// game id -> {ruleset, players: [{name, seat, token}]}
const games = new Map();
let current = null;   // the game the channel plays now
const seen = new Set();   // webhook-ids already handled (deliveries come at least once)

function playerOf(game, name) {
  return game?.players.find((p) => p.name === name);
}

async function turn(gameId, seat) {
  const game = games.get(gameId);
  const p = game?.players.find((x) => x.seat === seat);
  if (!p) return;
  const view = await call('GET', `/v1/games/${gameId}`, { token: p.token, accept: 'text/markdown' });
  const moves = await call('GET', `/v1/games/${gameId}/legal-moves`, { token: p.token, accept: 'text/plain' });
  if (view.status !== 200 || moves.status !== 200) return;
  say(`${p.name}, it is your move (game ${gameId.slice(0, 8)}).`);
  dm(p.name, view.body);
  dm(p.name, 'moves:');
  dm(p.name, moves.body);
  dm(p.name, 'end');
}

async function onEvent(event) {
  const d = event.data;
  if (event.type === 'turn.yours') await turn(d.game_id, d.seat);
  else if (event.type === 'game.finished') {
    const v = await call('GET', `/v1/games/${d.game_id}`, { accept: 'text/markdown' });
    say(`game ${d.game_id.slice(0, 8)} is over.`);
    for (const line of String(v.body).split('\n').filter(Boolean)) say(line);
    say('game over');
  } else if (event.type === 'game.message') {
    const game = games.get(d.game_id);
    const from = game?.players.find((p) => p.seat === d.message.seat)?.name ?? `seat ${d.message.seat}`;
    say(`${from} says: ${d.message.text}`);
  }
}

async function command(line) {
  const m = /^!new\s+(\S+)\s+(.+)$/.exec(line);
  if (m) {
    const names = m[2].trim().split(/\s+/);
    const created = await call('POST', '/v1/games', { json: { ruleset: m[1], seats: names.map(() => ({ invite: true })) } });
    if (created.status !== 201) return say(`cannot start: ${created.body.detail ?? created.status}`);
    const id = created.body.game.id;
    const players = created.body.invites.map((inv) => ({ name: names[inv.seat], seat: inv.seat, token: inv.token }));
    games.set(id, { ruleset: m[1], players });
    current = id;
    say(`game ${id}: ${m[1]} for ${names.join(', ')}`);
    for (const p of players) {
      const joined = await call('POST', `/v1/games/${id}/join`, { token: p.token, json: { entropy: `${p.name} in the channel` } });
      if (joined.status !== 200 && joined.status !== 201) say(`${p.name} could not sit down: ${joined.body.detail ?? joined.status}`);
    }
    return;
  }
  if (line === '!show' && current) {
    const v = await call('GET', `/v1/games/${current}`, { accept: 'text/markdown' });
    for (const l of String(v.body).split('\n').filter(Boolean)) say(l);
    return;
  }
  const typed = /^([\w.-]+):\s*(.+)$/.exec(line);
  const game = games.get(current);
  const p = typed && playerOf(game, typed[1]);
  if (!p) return;
  const said = /^say\s+(.+)$/i.exec(typed[2]);
  const res = said
    ? await call('POST', `/v1/games/${current}/messages`, { token: p.token, json: { text: said[1] } })
    : await call('POST', `/v1/games/${current}/moves`, { token: p.token, text: typed[2] });
  if (res.status !== 201) dm(p.name, `not taken: ${res.body.detail ?? res.status}${res.body.violation ? ` (${res.body.violation})` : ''}`);
}

async function main() {
  const sub = await call('POST', '/v1/webhooks', {
    json: { url: hookUrl, events: ['turn.yours', 'game.finished', 'game.message'], description: 'reference chat bot' },
  });
  if (sub.status !== 201) {
    console.error(`the webhook was refused: ${JSON.stringify(sub.body)}`);
    process.exit(1);
  }
  const verifier = new Webhook(sub.body.secret);
  let queue = Promise.resolve();   // one thing at a time, in arrival order
  const run = (fn) => { queue = queue.then(fn).catch((e) => console.error(`bot: ${e.stack ?? e}`)); };
  http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let event;
      try {
        event = verifier.verify(raw, req.headers);
      } catch {
        res.writeHead(401).end();
        return;
      }
      res.writeHead(204).end();
      const id = req.headers['webhook-id'];
      if (seen.has(id)) return;
      seen.add(id);
      run(() => onEvent(event));
    });
  }).listen(Number(port), host, () => {
    process.stdout.write(`#channel the bot is listening on ${hookUrl}\n`);
    createInterface({ input: process.stdin }).on('line', (line) => run(() => command(line.trim())))
      .on('close', () => run(() => process.exit(0)));
  });
}

main();
