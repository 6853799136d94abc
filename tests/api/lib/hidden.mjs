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

// ---- by value ---------------------------------------------------------------
//
// The checks above look where the engine puts things today ("hand",
// "card", keys naming a deck). These look at values, wherever they are:
// what a seat may not know is another seat's hand, known to the test from
// that seat's own view at the same version (and, after the game, the
// export's full final state with every deck in order).

// Each card id's kind (catalog data, the same for every viewer), learned
// from every {card, unit} pair seen in value.
export function learnKinds(value, kinds) {
  if (Array.isArray(value)) {
    for (const v of value) learnKinds(v, kinds);
  } else if (value && typeof value === 'object') {
    if (Number.isInteger(value.card) && typeof value.unit === 'string') kinds.set(value.card, value.unit);
    for (const v of Object.values(value)) learnKinds(v, kinds);
  }
  return kinds;
}

// Every place in value that shows one of the cards in hidden (a Set of
// card ids), whatever its key:
//   - an array of distinct integers that is the whole of hidden (ids
//     listed bare), when hidden holds three or more (views hold pairs of
//     small numbers, a location's capture values, that may equal a hand
//     of two);
//   - an object holding an id of hidden with that card's kind among its
//     strings (a card shown as an object), unless another of its
//     integers is a card of that kind the viewer may see (a public card
//     with, say, its damage equal to a hidden id).
// Returns [{path, why}].
export function hiddenShown(value, hidden, kinds, path = '', out = []) {
  if (Array.isArray(value)) {
    const ints = value.filter((v) => Number.isInteger(v));
    if (hidden.size >= 3 && ints.length === value.length && ints.length === hidden.size &&
        new Set(ints).size === ints.length && ints.every((v) => hidden.has(v))) {
      out.push({ path, why: `lists the hidden cards ${JSON.stringify(value)}` });
    }
    value.forEach((v, i) => hiddenShown(v, hidden, kinds, `${path}[${i}]`, out));
  } else if (value && typeof value === 'object') {
    const vals = Object.values(value);
    const strs = new Set(vals.filter((v) => typeof v === 'string'));
    const cards = vals.filter((v) => Number.isInteger(v) && kinds.has(v) && strs.has(kinds.get(v)));
    const shown = cards.filter((c) => hidden.has(c));
    if (shown.length > 0 && shown.length === cards.length) {
      out.push({ path, why: `shows hidden card ${shown[0]} (${kinds.get(shown[0])}): ${JSON.stringify(value).slice(0, 200)}` });
    }
    for (const [k, v] of Object.entries(value)) hiddenShown(v, hidden, kinds, `${path}.${k}`, out);
  }
  return out;
}

// Fails when value, received by viewer (a seat or null), shows a card of
// another seat's hand. hands: {seat: Set of ids}.
export function assertShowsNoHiddenCard(value, viewer, hands, kinds, label) {
  for (const [s, hand] of Object.entries(hands)) {
    if (Number(s) === viewer) continue;
    const found = hiddenShown(value, hand, kinds);
    assert.deepEqual(found, [], `${label}: shows seat ${s}'s hand to ${viewer ?? 'the spectator'}`);
  }
}

// Fails when an array anywhere in value holds three or more entries of a
// hidden list one after another, in that list's order (a deck's order, by
// value; three, as two small numbers side by side are common): lists is
// an array of arrays, e.g. every deck of the export's final state.
export function assertNoRunOf(value, lists, label, path = '') {
  if (Array.isArray(value)) {
    for (const list of lists) {
      for (let i = 0; i + 2 < value.length; i++) {
        const at = list.indexOf(value[i]);
        assert.ok(at < 0 || at + 2 >= list.length || list[at + 1] !== value[i + 1] || list[at + 2] !== value[i + 2],
          `${label}: ${path} shows a hidden pile in order: ${JSON.stringify(value).slice(0, 200)}`);
      }
    }
    value.forEach((v, i) => assertNoRunOf(v, lists, label, `${path}[${i}]`));
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) assertNoRunOf(v, lists, label, `${path}.${k}`);
  }
}

// What viewer may see of the export's events: the public ones and the
// private ones sent to it.
export function eventsFor(events, viewer) {
  return events.filter((e) => e.to === undefined || (viewer !== null && e.to.includes(viewer)));
}

// A private event goes to exactly the seat it names.
export function assertPrivateToNamed(events, label) {
  for (const e of events) {
    if (e.to === undefined) continue;
    assert.ok(Number.isInteger(e.seat), `${label}: private event ${e.type} names no seat`);
    assert.deepEqual(e.to, [e.seat], `${label}: private event ${e.type} of seat ${e.seat} goes to ${JSON.stringify(e.to)}`);
  }
}

// A Heavy Steam seat's view less what only its team sees: its own hand
// and its teammates' (HS-R-154), its side's recon pile, its orders, and
// its team's loadouts (before their reveal) and pilots (before theirs), so
// that it equals the spectator's (seat null) when the view hides
// everything else.
export function hsPublicPart(view, seat) {
  const v = structuredClone(view);
  delete v.viewer_seat;
  delete v.state.seat;
  if (seat !== null) {
    const bc = v.state.battle_cards;
    delete bc.hand;
    if (v.state.players === 2) assert.deepEqual(bc.teammates, [], 'a team of one has no teammates');
    delete bc.teammates;
    delete bc.recon_pile;
    delete v.state.seats[seat].orders;
    const team = v.state.seats[seat].team;
    for (const p of v.state.seats) {
      if (p.team !== team) continue;
      if (v.state.stage === 'loadouts') p.loadout = null;
      if (v.state.stage === 'pilots') {
        p.pilot = null;
        delete p.charge;
      }
    }
  }
  return v;
}

// views[seat] of every seat and the spectator's of the same version: each
// seat sees its hand and its teammates' as they see them, its side's
// recon pile as its teammates do, its team's loadouts and pilots as their
// owners do, and nothing else the spectator does not.
export function hsCheckTeamViews(views, spectator, label) {
  const seats = views.length;
  for (const [s, v] of views.entries()) {
    assert.equal(v.version, spectator.version, `${label}: seat ${s} viewed the same version`);
    const bc = v.state.battle_cards;
    const team = v.state.seats[s].team;
    assert.equal(bc.hand.length, bc.hands[s], `${label}: seat ${s}'s hand has its count`);
    const mates = [...Array(seats).keys()].filter((t) => t !== s && v.state.seats[t].team === team);
    assert.deepEqual(bc.teammates.map((m) => m.seat), mates, `${label}: seat ${s} is shown its teammates' hands`);
    for (const m of bc.teammates) {
      assert.deepEqual(m.hand, views[m.seat].state.battle_cards.hand, `${label}: seat ${s} sees seat ${m.seat}'s hand as it is`);
    }
    if (spectator.state.battle_cards.recon !== undefined && spectator.status === 'active') {
      assert.equal(bc.recon_pile.length, spectator.state.battle_cards.recon[team],
        `${label}: seat ${s} sees its side's pile, the others its count`);
      for (const t of mates) {
        assert.deepEqual(bc.recon_pile, views[t].state.battle_cards.recon_pile, `${label}: seats ${s} and ${t} see one pile`);
      }
    }
    for (const t of mates) {
      for (const key of ['loadout', 'pilot', 'charge']) {
        assert.deepEqual(v.state.seats[t][key], views[t].state.seats[t][key],
          `${label}: seat ${s} sees its teammate ${t}'s ${key} as ${t} does`);
      }
    }
    assert.deepEqual(hsPublicPart(v, s), hsPublicPart(spectator, null), `${label}: seat ${s} sees nothing hidden but its team's`);
  }
  assert.equal(spectator.state.battle_cards.hand, undefined, `${label}: the spectator sees no hand`);
  assert.equal(spectator.state.battle_cards.recon_pile, undefined, `${label}: nor a recon pile`);
}
