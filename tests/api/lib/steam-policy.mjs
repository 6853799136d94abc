// steam-policy.mjs - a Steam player for the API tests that plays to score:
// it lays track that joins two cities where cubes wait for each other's
// colour, delivers whenever it can (the route worth most to it), improves
// its locomotive when it has nothing to deliver, takes City Growth when
// the new cubes would land where its own links can carry them, takes
// track points as income in the first half of the game and as VP after,
// and raises money for track only down to an income floor.
//
// It decides from what the API returns and nothing else: the GameView's
// state (map, track, links, cubes, players), the legal-moves list of the
// seat, and the ruleset description's tiles (GET /v1/rulesets/steam).
// Every move it returns is taken from legal-moves; where legal-moves gives
// a shape (build options, bid range, urbanize and grow values), the move is
// one of the combinations the shape allows.
//
// Geometry, as the ruleset describes it: pointy-top hexes in rows, odd
// rows (counting from 0) shifted half a hex to the right; "e4" is column e,
// row 4; sides 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE; a tile at rotation r
// turns its side s into (s + r) mod 6.

export const PLAIN_TILES = ['straight', 'gentle', 'sharp'];

// The hex next to name across side s, or null off the map's rectangle.
export function neighbour(map, name, s) {
  const c = name.charCodeAt(0) - 97;
  const r = Number(name.slice(1)) - 1;
  const dc = r & 1 ? [1, 1, 0, -1, 0, 1] : [1, 0, -1, -1, -1, 0];
  const dr = [0, 1, 1, 0, -1, -1];
  const nc = c + dc[s];
  const nr = r + dr[s];
  if (nc < 0 || nr < 0 || nc >= map.cols || nr >= map.rows_count) return null;
  return String.fromCharCode(97 + nc) + (nr + 1);
}

// The sides a tile's segments join at a rotation: [[a, b], ...], where b
// may be "town".
export function tileSides(tile, rotation) {
  return tile.segments.map(([a, b]) => [(a + rotation) % 6, b === 'town' ? 'town' : (b + rotation) % 6]);
}

// What the policy needs to know of the board, read from a view's state.
export class Board {
  constructor(state) {
    this.state = state;
    this.map = state.map;
    this.track = new Map(state.track.map((t) => [t.hex, t]));
    this.colour = new Map(state.map.cities.map((c) => [c.hex, c.colour]));
    for (const t of state.map.towns) if (t.new_city) this.colour.set(t.hex, t.new_city);
    this.blocked = new Set();
    for (const x of state.map.impassable) {
      const [hex, side] = x.split('/');
      const s = Number(side);
      this.blocked.add(`${hex}/${s}`);
      const n = neighbour(this.map, hex, s);
      if (n) this.blocked.add(`${n}/${(s + 3) % 6}`);
    }
  }

  code(hex) {
    const c = hex.charCodeAt(0) - 97;
    const r = Number(hex.slice(1)) - 1;
    return this.map.rows[r]?.[c];
  }

  isCity(hex) { return this.colour.has(hex); }
  isTown(hex) { return !this.isCity(hex) && /[tT]/.test(this.code(hex) ?? ''); }

  // An empty hex where a plain tile may go: on the map, no city, no town,
  // no track yet.
  isOpenGround(hex) {
    const code = this.code(hex);
    return code !== undefined && code !== '~' && !this.isCity(hex) && !this.isTown(hex) && !this.track.has(hex);
  }

  // The cost of a plain tile laid on an empty hex (RULINGS ST-DATA-02 and
  // the terrain surcharges: river +1, hills +2).
  plainCost(hex) {
    const code = this.code(hex);
    return 2 + (/[rHT]/.test(code) ? 1 : 0) + (/[hH]/.test(code) ? 2 : 0);
  }

  cubes(hex) { return this.state.cubes[hex] ?? []; }

  // Cubes at from whose colour is to's (deliverable along a from-to link).
  waiting(from, to) {
    if (!this.isCity(from) || !this.isCity(to)) return 0;
    const want = this.colour.get(to);
    return this.cubes(from).filter((c) => c === want).length;
  }
}

// Every way of finishing a link with at most maxTiles plain tiles on empty
// hexes, from each city or from one of seat's own incomplete links, to a
// city. Each plan: {origin, dest, steps: [{hex, sides: [in, out], cost}],
// cost, open (extends seat's incomplete link)}.
export function linkPlans(board, seat, maxTiles = 4) {
  const plans = [];
  const starts = [];
  for (const [city] of board.colour) {
    for (let d = 0; d < 6; d++) {
      const h = neighbour(board.map, city, d);
      if (h && !board.blocked.has(`${city}/${d}`) && board.isOpenGround(h)) {
        starts.push({ origin: city, hex: h, entry: (d + 3) % 6, open: false });
      }
    }
  }
  for (const l of board.state.links) {
    if (l.owner !== seat || l.complete || l.open_hex === undefined) continue;
    const origin = l.ends.find((e) => e !== null);
    const h = neighbour(board.map, l.open_hex, l.open_side);
    if (!origin || !h || !board.isOpenGround(h)) continue;
    starts.push({ origin, hex: h, entry: (l.open_side + 3) % 6, open: true });
  }
  const walk = (start, hex, entry, steps, seen) => {
    for (let x = 0; x < 6; x++) {
      if (x === entry || board.blocked.has(`${hex}/${x}`)) continue;
      const next = neighbour(board.map, hex, x);
      if (!next || board.code(next) === '~') continue;
      const path = [...steps, { hex, sides: [entry, x], cost: board.plainCost(hex) }];
      if (board.isCity(next)) {
        if (next !== start.origin) {
          plans.push({ origin: start.origin, dest: next, steps: path, open: start.open,
            cost: path.reduce((a, s) => a + s.cost, 0) });
        }
        continue;
      }
      if (path.length < maxTiles && board.isOpenGround(next) && !seen.has(next)) {
        seen.add(next);
        walk(start, next, (x + 3) % 6, path, seen);
        seen.delete(next);
      }
    }
  };
  for (const s of starts) walk(s, s.hex, s.entry, [], new Set([s.hex]));
  return plans;
}

// Seat's completed links as an adjacency map: node -> Set of nodes.
function ownGraph(board, seat) {
  const g = new Map();
  for (const l of board.state.links) {
    if (l.owner !== seat || !l.complete) continue;
    const [a, b] = l.ends;
    if (!g.has(a)) g.set(a, new Set());
    if (!g.has(b)) g.set(b, new Set());
    g.get(a).add(b);
    g.get(b).add(a);
  }
  return g;
}

// What a new link between a and b is worth to seat: the cubes it could
// carry on its own, and at half weight those it could carry as the second
// link of a route through seat's own track.
export function linkValue(board, seat, a, b) {
  let v = board.waiting(a, b) + board.waiting(b, a);
  const g = ownGraph(board, seat);
  const passes = (via, colour) => board.colour.get(via) !== colour;
  for (const [x, y] of [[a, b], [b, a]]) {
    for (const z of g.get(x) ?? []) {
      if (z === y || !board.isCity(z)) continue;
      // z -> x -> y and y -> x -> z, through x, which must not be the
      // cube's colour (it would be delivered there).
      const toY = board.cubes(z).filter((c) => c === board.colour.get(y) && passes(x, c)).length;
      const toZ = board.cubes(y).filter((c) => c === board.colour.get(z) && passes(x, c)).length;
      v += 0.5 * (toY + toZ);
    }
  }
  return v;
}

// The money seat could spend now without its income going below floor:
// cash, then $5 per income step above the floor.
export function budget(player, floor) {
  return player.cash + 5 * Math.max(0, player.income - floor);
}

// Track points a route gives seat: the steps along its own links.
export function ownSteps(move, seat) {
  return move.route.filter((s) => s.owner === seat).length;
}

// Chooses one build (or null) for seat from the legal "build" entry: the
// next tile of the best plan whose next tile legal-moves offers.
function chooseBuild(board, seat, buildEntry, player, opts) {
  if (!buildEntry) return null;
  const offered = new Map(buildEntry.options.map((o) => [o.hex, o.tiles]));
  const money = budget(player, opts.floor);
  const scored = linkPlans(board, seat, opts.maxTiles).map((p) => ({
    p,
    value: linkValue(board, seat, p.origin, p.dest),
  })).filter(({ p, value }) => (value > 0 || p.open) && p.cost <= money + (p.open ? 5 * opts.rescue : 0))
    .map((x) => ({ ...x, score: 3 * x.value - x.p.cost + (x.p.open ? 4 : 0) - 0.5 * x.p.steps.length }))
    .sort((x, y) => y.score - x.score);
  for (const { p } of scored) {
    const step = p.steps[0];
    const tiles = offered.get(step.hex);
    if (!tiles) continue;
    for (const t of tiles) {
      if (!PLAIN_TILES.includes(t.tile)) continue;
      const tile = opts.tiles.get(t.tile);
      for (const r of t.rotations) {
        const [[a, b]] = tileSides(tile, r);
        const [i, o] = step.sides;
        if ((a === i && b === o) || (a === o && b === i)) {
          return { type: 'build', hex: step.hex, tile: t.tile, rotation: r };
        }
      }
    }
  }
  return null;
}

// The best City Growth for seat from the legal "grow" shape: the city and
// Goods Supply space that put the most cubes where seat's own links can
// carry them off (a cube whose colour is that of a node linked to the
// city). Null when no choice helps.
function chooseGrowth(board, seat, grow) {
  const g = ownGraph(board, seat);
  let best = null;
  for (const city of grow.city) {
    const wanted = [...(g.get(city) ?? [])].map((n) => board.colour.get(n)).filter(Boolean);
    for (const supply of grow.supply) {
      const n = board.state.supply[supply].filter((c) => wanted.includes(c)).length;
      if (n > 0 && (!best || n > best.n)) best = { n, move: { type: 'grow', city, supply } };
    }
  }
  return best?.move ?? null;
}

// The action tile to take in Phase 1, from the concrete select moves:
// City Growth when it would feed seat's own links and cash pays for it,
// the locomotive now and then, otherwise the free tiles.
function chooseAction(board, seat, selects, player, opts) {
  const find = (action, po) => selects.find((m) => m.action === action && (po === undefined || m.pass_option === po));
  const cost = opts.actionCost;
  const wants = ['first_build', 'engineer', 'first_move', 'turn_order'];
  const grow = find('city_growth', false);
  if (grow && cost('city_growth', player) <= player.cash) {
    const shape = { city: board.state.map.cities.filter((c) => !c.growth_marker).map((c) => c.hex),
      supply: board.state.supply.map((_, i) => i).filter((i) => board.state.supply[i].length) };
    if (chooseGrowth(board, seat, shape)) return grow;
  }
  if (player.locomotive < 3 && cost('locomotive', player) <= player.cash) wants.splice(1, 0, 'locomotive');
  for (const a of wants) {
    const m = find(a);
    if (m) return m;
  }
  return find('city_growth', true) ?? find('urbanization', true) ?? selects[0];
}

// A concrete move from a shape whose fields list their allowed values.
function fromShape(entry, rand) {
  const move = {};
  for (const [k, v] of Object.entries(entry)) {
    if (Array.isArray(v)) {
      if (v.length) move[k] = rand.pick(v);
    } else if (v && typeof v === 'object' && 'min' in v && 'max' in v) {
      move[k] = v.min + rand.int(v.max - v.min + 1);
    } else {
      move[k] = v;
    }
  }
  return move;
}

// A player. ruleset: the body of GET /v1/rulesets/steam; rand: a
// seededRandom(). opts: floor, the lowest income it raises money down to
// for new track (default -3), and rescue, the income steps below that it
// may still raise to save an incomplete link (2); maxTiles, the longest
// link it plans (4); incomeUntilTurn, the last turn it takes points as
// income (half the game).
export function steamPlayer(ruleset, rand, opts = {}) {
  const tiles = new Map(ruleset.tiles.map((t) => [t.id, t]));
  const actions = new Map(ruleset.actions.map((a) => [a.id, a]));
  const o = {
    floor: opts.floor ?? -3,
    rescue: opts.rescue ?? 2,
    maxTiles: opts.maxTiles ?? 4,
    incomeUntilTurn: opts.incomeUntilTurn,
    tiles,
    actionCost: (id, p) => (actions.get(id)?.cost ?? 0) + (id === 'locomotive' ? p.locomotive + 1 : 0),
  };

  // Returns the move for seat, given the view (GameView) and the list of
  // legal moves (legal-moves' "moves").
  return function choose(view, moves, seat) {
    const state = view.state;
    const me = state.players[seat];
    const of = (type) => moves.filter((m) => m.type === type);

    switch (state.phase) {
      case 'auction': {
        // Cheap bids only: an opening bid of $0 half the time.
        const bid = of('bid')[0];
        if (bid && bid.amount.min === 0 && rand() < 0.5) return { type: 'bid', amount: 0 };
        return { type: 'pass' };
      }
      case 'select':
        return chooseAction(new Board(state), seat, of('select'), me, o);
      case 'build': {
        const board = new Board(state);
        const grow = of('grow')[0];
        if (grow) return chooseGrowth(board, seat, grow) ?? fromShape(grow, rand);
        if (of('urbanize').length) return fromShape(of('urbanize')[0], rand);
        const b = chooseBuild(board, seat, of('build')[0], me, o);
        return b ?? of('done')[0] ?? fromShape(moves[0], rand);
      }
      case 'move': {
        const deliveries = of('deliver');
        if (deliveries.length) {
          // The route worth most to the mover, then the longest.
          return [...deliveries].sort((x, y) => ownSteps(y, seat) - ownSteps(x, seat) ||
            y.route.length - x.route.length)[0];
        }
        if (of('locomotive').length && me.locomotive < 4) return of('locomotive')[0];
        return of('pass')[0];
      }
      case 'score': {
        const late = state.turn > (o.incomeUntilTurn ?? Math.floor(state.last_turn / 2));
        const income = of('score').find((m) => m.take === 'income');
        if (!late && income) return income;
        return of('score').find((m) => m.take === 'vp');
      }
      default:
        return fromShape(moves[0], rand);
    }
  };
}
