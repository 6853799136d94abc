// hidden.mjs - checks that a view shows a seat its own hand and nothing
// else hidden, for Iron Future's view shape:
//
//   state.players[s].hand        only in seat s's own view: [{card, ...}]
//   state.players[s].hand_size   everyone
//   *_deck_size / deck_size      decks only as sizes, never as lists
//   "card" / "target"            card instance ids of cards in sight
//
// A card instance id says which kind of card it is, not where it lies in a
// deck, so a hand is hidden when none of its ids appears in another view.

import assert from './checks.mjs';

// Every value under a "card" or "target" key, anywhere in value.
export function cardIds(value, out = new Set()) {
  if (Array.isArray(value)) {
    for (const v of value) cardIds(v, out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if ((k === 'card' || k === 'target') && Number.isInteger(v)) out.add(v);
      else cardIds(v, out);
    }
  }
  return out;
}

// Fails if any key that names a deck holds a list (a deck's order).
export function assertNoDeckLists(value, where, path = '') {
  if (Array.isArray(value)) {
    value.forEach((v, i) => assertNoDeckLists(v, where, `${path}[${i}]`));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (/deck/i.test(k) && Array.isArray(v) && !(k === 'piles' && v.every((x) => typeof x === 'string'))) {
        assert.fail(`${where}: ${path}.${k} lists a deck: ${JSON.stringify(v).slice(0, 200)}`);
      }
      assertNoDeckLists(v, where, `${path}.${k}`);
    }
  }
}

// The ids of seat s's hand as its own view shows them.
export function handOf(ownView, s) {
  const p = ownView.state.players[s];
  assert.ok(Array.isArray(p.hand), `seat ${s} sees its own hand`);
  assert.equal(p.hand.length, p.hand_size, `seat ${s}: hand_size is the hand's length`);
  return new Set(p.hand.map((c) => c.card));
}

// The view without the viewer's own hand and the viewer fields, to compare
// a seat's view with the spectator's.
export function publicPart(view, seat) {
  const v = structuredClone(view);
  delete v.viewer_seat;
  if (v.state) {
    delete v.state.seat;
    if (seat !== null && v.state.players?.[seat]) delete v.state.players[seat].hand;
  }
  return v;
}

// Checks one moment of a two-seat game: views[0], views[1] (the seats'
// own views) and views.spectator.
export function assertHidden(views, label) {
  const hands = [handOf(views[0], 0), handOf(views[1], 1)];
  for (const [who, v] of [['0', views[0]], ['1', views[1]], ['spectator', views.spectator]]) {
    assertNoDeckLists(v.state, `${label}: view of ${who}`);
    const seen = cardIds(v.state);
    for (const s of [0, 1]) {
      if (who === String(s)) continue;
      assert.equal(v.state.players[s].hand, undefined, `${label}: ${who} sees seat ${s}'s hand`);
      const leaked = [...hands[s]].filter((c) => seen.has(c));
      assert.deepEqual(leaked, [], `${label}: ${who} sees cards of seat ${s}'s hand`);
    }
  }
  // A seat's view is the spectator's plus its own hand, and nothing else.
  for (const s of [0, 1]) {
    assert.deepEqual(publicPart(views[s], s), publicPart(views.spectator, null),
      `${label}: seat ${s}'s view differs from the spectator's by more than its hand`);
  }
  return hands;
}

// Checks events one viewer received: private events name it, no public
// event lists a deck, and no public draw or deal event names a card.
// (A public event may name a card that is back in a hand by the end of the
// same move, e.g. deployed, discarded at the round's end, reshuffled and
// drawn again, so public events are not checked against the hands.)
export function assertEventsHidden(events, viewerSeat, label) {
  for (const e of events) {
    if (e.to !== undefined) {
      assert.ok(viewerSeat !== null && e.to.includes(viewerSeat), `${label}: ${viewerSeat} got an event for ${JSON.stringify(e.to)}`);
      continue;
    }
    assertNoDeckLists(e, `${label}: public event ${e.type}`);
    if (/^(draw|drawn|deal|dealt)$/.test(e.type)) {
      assert.equal(cardIds(e).size, 0, `${label}: public event ${JSON.stringify(e)} names drawn cards`);
    }
  }
}
