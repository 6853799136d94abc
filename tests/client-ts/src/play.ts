// play.ts - plays a whole Iron Future game and a whole Steam game through
// a client generated from the server's own /openapi.yaml (openapi-typescript
// types, openapi-fetch calls). Every move sent is one legal-moves listed,
// or a Steam shape filled with values the shape allows, and nothing here
// tells the compiler more than the contract does: run.mjs refuses this
// file if it holds a cast, an `any`, a non-null assertion or a directive
// that silences the compiler.
//
//   node build/js/src/play.js BASE_URL
//
// TURNPOST_CLIENT_SEED picks the players' choices (the server's dice are
// its own); TURNPOST_CLIENT_TRACE=1 prints each Steam move on stderr.

import createClient from "openapi-fetch";
import type { components, paths } from "../build/api.js";

type Schemas = components["schemas"];
type Move = Schemas["Move"];
type GameView = Schemas["GameView"];
type SteamMove = Schemas["SteamMove"];
type SteamLegalEntry = Schemas["SteamLegalEntry"];
type SteamView = Schemas["SteamView"];

const base = process.argv[2];
if (!base) throw new Error("usage: play.js BASE_URL");
// JSON is the one media type this client asks for and reads.
const api = createClient<paths, "application/json">({ baseUrl: base });

// A deterministic stream, so a failing game can be replayed by its seed.
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rnd: () => number, items: readonly T[]): T {
  if (items.length === 0) throw new Error("nothing to pick from");
  return items[Math.floor(rnd() * items.length)];
}

function check(cond: boolean, what: string): void {
  if (!cond) throw new Error(what);
}

const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
const run = Math.floor(Math.random() * 1e9).toString(36);

async function account(name: string): Promise<{ id: string; token: string }> {
  const { data, error } = await api.POST("/v1/accounts", {
    body: { name: `${name}-${run}`, kind: "player" },
  });
  if (!data) throw new Error(`account ${name}: ${JSON.stringify(error)}`);
  return { id: data.account.id, token: data.token };
}

async function view(id: string, token: string): Promise<GameView> {
  const { data, error } = await api.GET("/v1/games/{id}", {
    params: { path: { id } },
    headers: auth(token),
  });
  if (!data) throw new Error(`view: ${JSON.stringify(error)}`);
  return data;
}

async function legal(id: string, token: string) {
  const { data, error } = await api.GET("/v1/games/{id}/legal-moves", {
    params: { path: { id } },
    headers: auth(token),
  });
  if (!data) throw new Error(`legal-moves: ${JSON.stringify(error)}`);
  return data;
}

async function send(id: string, token: string, version: number, move: Move): Promise<GameView> {
  const { data, error } = await api.POST("/v1/games/{id}/moves", {
    params: { path: { id }, header: { "If-Match": `"${version}"` } },
    headers: auth(token),
    body: { move },
  });
  if (!data) throw new Error(`move ${JSON.stringify(move)} refused: ${JSON.stringify(error)}`);
  check(data.version === version + 1, "a move is one version");
  return data.game;
}

async function create(ruleset: "ironfuture" | "steam", seats: { id: string; token: string }[],
                      options: Schemas["GameOptions"]): Promise<GameView> {
  const { data, error } = await api.POST("/v1/games", {
    headers: auth(seats[0].token),
    body: { ruleset, options, seats: seats.map((s) => ({ account_id: s.id })) },
  });
  if (!data) throw new Error(`create ${ruleset}: ${JSON.stringify(error)}`);
  check(data.game.status === "active", "a game of account seats starts at once");
  return data.game;
}

// ---- Iron Future: two seats, each picks at random among its legal moves --------

async function playIronFuture(seed: number): Promise<GameView> {
  const rnd = random(seed);
  const seats = [await account("ada"), await account("bert")];
  let game = await create("ironfuture", seats, { rounds_to_win: 3 });
  for (let moves = 0; game.status === "active"; moves++) {
    check(moves < 2000, "Iron Future ends within 2000 moves");
    const seat = game.must_act[0];
    const token = seats[seat].token;
    const lm = await legal(game.id, token);
    if (lm.ruleset !== "ironfuture") throw new Error(`legal moves of ${lm.ruleset}`);
    check(lm.moves.length > 0, "the seat that must act has a legal move");
    // an attack is better than holding fire, so holds are picked less often
    const attacks = lm.moves.filter((m) => m.type !== "hold_fire");
    const move = attacks.length > 0 && rnd() < 0.8 ? pick(rnd, attacks) : pick(rnd, lm.moves);
    game = await send(game.id, token, game.version, move);
    const state = game.state;
    if (state && state.game === "ironfuture") {
      check(state.players.length === 2, "two players");
      check(state.seat === seat, "the mover's own view");
      const own = state.players[seat].hand;
      check(own !== undefined && own.length === state.players[seat].hand_size, "the mover sees its hand");
      check(state.players[1 - seat].hand === undefined, "and not the other's");
    } else {
      throw new Error("an Iron Future game shows an Iron Future view");
    }
  }
  check(game.status === "finished", "Iron Future finished");
  check(game.winners.length === 1, "Iron Future has one winner");
  check(game.result !== null && game.result.summary.length > 0, "the result says how it ended");
  const state = game.state;
  if (!state || state.game !== "ironfuture") throw new Error("a finished Iron Future view");
  check(state.phase === "over" && state.winner === game.winners[0], "the view names the winner");
  return game;
}

// ---- Steam: three seats (its fewest), shapes filled ---------------------

interface SteamStats { bids: number; builds: number; deliveries: number; shapes: number }

// The hex next to name across side s (pointy-top, odd rows shifted right).
function neighbour(state: SteamView, name: string, s: number): string | null {
  const c = name.charCodeAt(0) - 97;
  const r = Number(name.slice(1)) - 1;
  const dc = r & 1 ? [1, 1, 0, -1, 0, 1] : [1, 0, -1, -1, -1, 0];
  const dr = [0, 1, 1, 0, -1, -1];
  const nc = c + dc[s];
  const nr = r + dr[s];
  if (nc < 0 || nr < 0 || nc >= state.map.cols || nr >= state.map.rows_count) return null;
  return String.fromCharCode(97 + nc) + (nr + 1);
}

// What the players need of the board, read from the view.
class Board {
  readonly colour = new Map<string, string>();
  readonly track = new Set<string>();
  readonly blocked = new Set<string>();
  constructor(readonly state: SteamView) {
    for (const c of state.map.cities) this.colour.set(c.hex, c.colour);
    for (const t of state.map.towns) if (t.new_city) this.colour.set(t.hex, t.new_city);
    for (const t of state.track) this.track.add(t.hex);
    for (const x of state.map.impassable) {
      const [hex, side] = x.split("/");
      const s = Number(side);
      this.blocked.add(`${hex}/${s}`);
      const n = neighbour(state, hex, s);
      if (n) this.blocked.add(`${n}/${(s + 3) % 6}`);
    }
  }
  code(hex: string): string {
    const row = this.state.map.rows[Number(hex.slice(1)) - 1] ?? "";
    return row.charAt(hex.charCodeAt(0) - 97);
  }
  isCity(hex: string): boolean { return this.colour.has(hex); }
  // empty ground a plain tile may go on: no city, town, water or track
  isOpen(hex: string): boolean {
    const c = this.code(hex);
    return c !== "" && c !== "~" && !/[tTC]/.test(c) && !this.isCity(hex) && !this.track.has(hex);
  }
  // cubes in from that to takes
  waiting(from: string, to: string): number {
    const want = this.colour.get(to);
    return (this.state.cubes[from] ?? []).filter((c) => c === want).length;
  }
}

// A way to finish a link: from a city (or the open end of one of the
// seat's links) over empty hexes to another city.
interface Plan { origin: string; dest: string; steps: { hex: string; sides: [number, number] }[]; open: boolean }

function linkPlans(board: Board, seat: number, maxTiles: number): Plan[] {
  const plans: Plan[] = [];
  const starts: { origin: string; hex: string; entry: number; open: boolean }[] = [];
  for (const city of board.colour.keys()) {
    for (let d = 0; d < 6; d++) {
      const h = neighbour(board.state, city, d);
      if (h && !board.blocked.has(`${city}/${d}`) && board.isOpen(h)) starts.push({ origin: city, hex: h, entry: (d + 3) % 6, open: false });
    }
  }
  for (const l of board.state.links) {
    if (l.owner !== seat || l.complete || l.open_hex === undefined || l.open_side === undefined) continue;
    const origin = l.ends.find((e) => e !== null);
    const h = neighbour(board.state, l.open_hex, l.open_side);
    if (origin && h && board.isOpen(h)) starts.push({ origin, hex: h, entry: (l.open_side + 3) % 6, open: true });
  }
  const walk = (start: (typeof starts)[number], hex: string, entry: number, steps: Plan["steps"], seen: Set<string>) => {
    for (let x = 0; x < 6; x++) {
      if (x === entry || board.blocked.has(`${hex}/${x}`)) continue;
      const next = neighbour(board.state, hex, x);
      if (!next) continue;
      const path: Plan["steps"] = [...steps, { hex, sides: [entry, x] }];
      if (board.isCity(next)) {
        if (next !== start.origin) plans.push({ origin: start.origin, dest: next, steps: path, open: start.open });
      } else if (path.length < maxTiles && board.isOpen(next) && !seen.has(next)) {
        seen.add(next);
        walk(start, next, (x + 3) % 6, path, seen);
        seen.delete(next);
      }
    }
  };
  for (const st of starts) walk(st, st.hex, st.entry, [], new Set([st.hex]));
  return plans;
}

// The one-track plain tiles, as GET /v1/rulesets/steam describes them:
// each the two sides its track joins at rotation 0.
type TileGeometry = Map<Schemas["SteamTileId"], [number, number]>;

async function plainTiles(): Promise<TileGeometry> {
  const { data, error } = await api.GET("/v1/rulesets/{id}", { params: { path: { id: "steam" } } });
  if (!data) throw new Error(`GET /v1/rulesets/steam: ${JSON.stringify(error)}`);
  const out: TileGeometry = new Map();
  for (const t of data.tiles ?? []) {
    if (t.kind !== "plain" || t.segments.length !== 1) continue;
    const [a, b] = t.segments[0];
    if (typeof a === "number" && typeof b === "number") out.set(t.id, [a, b]);
  }
  check(out.size >= 3, "Steam describes its plain tiles");
  return out;
}

// The plain tiles and rotations whose track joins sides a and b (a
// rotation r turns side s into s + r).
function joining(tiles: TileGeometry, a: number, b: number): { tile: Schemas["SteamTileId"]; rotation: number }[] {
  const out: { tile: Schemas["SteamTileId"]; rotation: number }[] = [];
  for (const [tile, [x, y]] of tiles) {
    for (let r = 0; r < 6; r++) {
      const p = (x + r) % 6;
      const q = (y + r) % 6;
      if ((p === a && q === b) || (p === b && q === a)) out.push({ tile, rotation: r });
    }
  }
  return out;
}

// The next tile of the most valuable plan that legal-moves offers: one
// finishing a link the seat began first, then links whose cities hold
// cubes for each other.
function chooseBuild(board: Board, seat: number, shape: Schemas["SteamBuildShape"], money: number,
                     tiles: TileGeometry): SteamMove | null {
  const offered = new Map(shape.options.map((o) => [o.hex, o.tiles]));
  const scored = linkPlans(board, seat, 3)
    .map((p) => ({ p, value: board.waiting(p.origin, p.dest) + board.waiting(p.dest, p.origin) }))
    .filter(({ p, value }) => value > 0 || p.open)
    .map(({ p, value }) => ({ p, score: 3 * value + (p.open ? 6 : 0) - 2 * p.steps.length }))
    .sort((x, y) => y.score - x.score);
  for (const { p } of scored) {
    const step = p.steps[0];
    const here = offered.get(step.hex) ?? [];
    for (const want of joining(tiles, step.sides[0], step.sides[1])) {
      // legal-moves lists each orientation once; any rotation is taken
      if (here.some((o) => o.tile === want.tile && o.cost <= money)) {
        return { type: "build", hex: step.hex, tile: want.tile, rotation: want.rotation };
      }
    }
  }
  return null;
}

// The move to make of Steam's legal entries: a concrete one as it is, or a
// shape filled in with the values it allows.
function steamMove(rnd: () => number, state: SteamView, seat: number,
                   entries: SteamLegalEntry[], stats: SteamStats, tiles: TileGeometry): SteamMove {
  const me = state.players[seat];
  const concrete: SteamMove[] = [];
  const shapes: SteamLegalEntry[] = [];
  for (const e of entries) {
    if (e.form === "shape") shapes.push(e);
    else concrete.push(e);
  }
  for (const e of shapes) {
    switch (e.type) {
      case "bid":
        // the first bidder opens cheaply; the others let it go
        if (state.auction && state.auction.bid === null && e.amount.min <= 2 && e.amount.max >= e.amount.min) {
          stats.bids++;
          stats.shapes++;
          return { type: "bid", amount: e.amount.min };
        }
        break;
      case "build": {
        // raising money ($5 an income step) only down to an income floor
        const floor = state.turn <= state.last_turn / 2 ? -2 : 1;
        const money = me.cash + 5 * Math.max(0, me.income - floor);
        const m = me.built < 3 ? chooseBuild(new Board(state), seat, e, money, tiles) : null;
        if (m) {
          stats.builds++;
          stats.shapes++;
          return m;
        }
        break;
      }
      case "urbanize":
        stats.shapes++;
        return e.supply.length > 0
          ? { type: "urbanize", hex: pick(rnd, e.hex), colour: pick(rnd, e.colour), supply: pick(rnd, e.supply) }
          : { type: "urbanize", hex: pick(rnd, e.hex), colour: pick(rnd, e.colour) };
      case "grow":
        stats.shapes++;
        return e.supply.length > 0
          ? { type: "grow", city: pick(rnd, e.city), supply: pick(rnd, e.supply) }
          : { type: "grow", city: pick(rnd, e.city) };
      case "redirect":
        break;            // never needed to finish a game
      default:
        break;
    }
  }
  // the delivery that scores most along the seat's own links
  let best: SteamMove | null = null;
  let bestSteps = -1;
  for (const m of concrete) {
    if (m.type !== "deliver") continue;
    const own = m.route.filter((st) => st.owner === seat).length;
    if (own > bestSteps) {
      best = m;
      bestSteps = own;
    }
  }
  if (best) {
    stats.deliveries++;
    return best;
  }
  const half = state.turn <= state.last_turn / 2;
  for (const m of concrete) {
    if (m.type === "score" && m.take === (half ? "income" : "vp")) return m;
  }
  // Phase 1: an action tile that costs nothing more than a turn's worth
  const selects = concrete.filter((m) => m.type === "select" && m.pass_option !== true);
  if (selects.length > 0) return pick(rnd, selects);
  for (const m of concrete) if (m.type === "pass" || m.type === "done") return m;
  return pick(rnd, concrete);
}

async function playSteam(seed: number): Promise<{ game: GameView; stats: SteamStats }> {
  const rnd = random(seed);
  const seats = [await account("cleo"), await account("dirk"), await account("emil")];
  const stats: SteamStats = { bids: 0, builds: 0, deliveries: 0, shapes: 0 };
  const tiles = await plainTiles();
  let game = await create("steam", seats, { map: "tidewater", turn_order: "auction" });
  for (let moves = 0; game.status === "active"; moves++) {
    check(moves < 3000, "Steam ends within 3000 moves");
    const seat = game.must_act[0];
    const token = seats[seat].token;
    const state = game.state;
    if (!state || state.game !== "steam") throw new Error("a Steam game shows a Steam view");
    const lm = await legal(game.id, token);
    if (lm.ruleset !== "steam") throw new Error(`legal moves of ${lm.ruleset}`);
    check(lm.moves.length > 0, "the seat that must act has a legal move");
    for (const e of lm.moves) check(e.form === "move" || e.form === "shape", "every entry says its form");
    const move = steamMove(rnd, state, seat, lm.moves, stats, tiles);
    if (process.env.TURNPOST_CLIENT_TRACE) console.error(moves, state.phase, JSON.stringify(move).slice(0, 200));
    game = await send(game.id, token, game.version, move);
  }
  check(game.status === "finished", "Steam finished");
  check(game.winners.length === 1, "Steam has one winner");
  check(game.result !== null && game.result.summary.length > 0, "the result says how it ended");
  const state = game.state;
  if (!state || state.game !== "steam") throw new Error("a finished Steam view");
  check(state.phase === "over" && state.winner === game.winners[0], "the view names the winner");
  return { game, stats };
}

const seed = Number(process.env.TURNPOST_CLIENT_SEED ?? "20261202");
const iron = await playIronFuture(seed);
console.log(`Iron Future: ${iron.move_count} log entries; ${iron.result ? iron.result.summary : ""}`);
const steam = await playSteam(seed + 1);
console.log(`Steam: ${steam.game.move_count} log entries, ${steam.stats.shapes} shapes filled ` +
  `(${steam.stats.bids} bids, ${steam.stats.builds} builds), ${steam.stats.deliveries} deliveries; ` +
  `${steam.game.result ? steam.game.result.summary : ""}`);
check(steam.stats.builds > 0, "the Steam players built track from the build shape");
check(steam.stats.bids > 0, "and bid from the bid shape");
