// Your own hand in motion (issue 26): after a swap the cards that stayed slide from where
// they were (matched by their code, data-card), a drawn card flies in from the stock or
// the pile (leaving it at the tap, before the answer), a new hand is dealt card by card
// from the stock; a discard flies to the pile as soon as it is tapped (before the
// answer) and back to its place if it is refused. Each within 600 ms, none under
// reduced motion (the device's or the Settings').
//
// FLIP with the Web Animations API, not the View Transitions API: the table is one
// replaced subtree, and a view transition would freeze the whole page into snapshots
// while it runs (taps on the piles and buttons would land on a picture), could not run
// the optimistic discard before the answer, nor two of them at once (the computer's
// turn plays over the table at the same time). FLIP animates only the cards, each a
// transform (composited: no layout in the frames), from rects measured all at once
// before the swap and all at once after it.

import { state } from "./state.js";
import { DEAL_KEY, motionOff, table } from "./page.js";

const SLIDE_MS = 320;         // the cards that stayed slide to their new places
const DRAW_MS = 420;          // the drawn card flies from the stock or the pile to its place
const DISCARD_MS = 220;       // the tapped card flies to the pile at once, before the answer
export const DRAWS = ["draw_stock", "take_discard", "take_upcard"];
export const DEAL_MS = 600;   // a new hand, card by card, the upcard last
const DEAL_FLIGHT_MS = 240;   // each dealt card's flight inside that time
const EASE = "cubic-bezier(0.2, 0.7, 0.3, 1)";

function rectOf(root, selector) {
  const el = root.querySelector(selector);
  return el ? el.getBoundingClientRect() : null;
}

// The stock's, the pile's and the opponent's hand's rects (the computer's turn flies
// between them), or null when the table has not all three.
export function pileRects(root) {
  const stock = root.querySelector(".pile--stock .card");
  const pile = root.querySelector(".pile__top .card");
  const opponent = root.querySelector(".opponent__cards");
  if (!stock || !pile || !opponent) return null;
  return {
    stock: stock.getBoundingClientRect(),
    pile: pile.getBoundingClientRect(),
    opponent: opponent.getBoundingClientRect()
  };
}

// ``el`` laid over the page at ``rect`` (position: fixed by its class), after ``under``
// (or last in the page).
function lay(el, rect, kind, under) {
  el.classList.add(kind || "ghost");
  el.removeAttribute("id");
  el.style.left = rect.left + "px";
  el.style.top = rect.top + "px";
  el.style.width = rect.width + "px";
  el.style.height = rect.height + "px";
  el.style.setProperty("--w", rect.width + "px");
  if (under) under.before(el);
  else document.body.appendChild(el);
  return el;
}

// A copy of ``card`` laid over the page at ``rect``.
export function ghost(card, rect, kind) {
  return lay(card.cloneNode(true), rect, kind);
}

// Where everything was, before the table is replaced: each card of the hand by its
// code (a card on its way to the pile, where it is now), the stock and the pile's top.
export function snapshot(root) {
  if (!root || motionOff()) return null;
  const shot = { hand: {}, had: false, stock: rectOf(root, ".pile--stock .card"),
    pile: rectOf(root, ".pile__top .card") };
  const top = root.querySelector(".pile__top");
  shot.pileCode = top ? top.dataset.card : null;
  root.querySelectorAll(".hand .slot[data-card]").forEach(function (slot) {
    const card = slot.querySelector(".card");
    shot.had = true;
    if (card) shot.hand[slot.dataset.card] = card.getBoundingClientRect();
  });
  const pending = state.pending;
  if (pending && pending.draw) {
    shot.drawFrom = pending.flyer.getBoundingClientRect();
  } else if (pending && shot.hand[pending.code]) {
    shot.hand[pending.code] = pending.flyer.getBoundingClientRect();
  }
  return shot;
}

// From a rect to where an element is, as a transform put before its own (a selected
// card's lift): centre to centre, scaled from the other size.
function fromFrame(from, to) {
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const sx = to.width ? from.width / to.width : 1;
  const sy = to.height ? from.height / to.height : 1;
  if (Math.abs(dx) < 0.5 && Math.abs(dy) < 0.5 && Math.abs(sx - 1) < 0.01 && Math.abs(sy - 1) < 0.01) {
    return null;
  }
  return "translate(" + dx.toFixed(1) + "px, " + dy.toFixed(1) + "px) scale(" +
    sx.toFixed(3) + ", " + sy.toFixed(3) + ")";
}

// What moves after a swap, measured in one go (reads only): the cards that stayed, the
// drawn card (from the pile if it was the pile's top, else from the stock), or, when
// the old table had no hand (the result panel) and this one has, the deal.
export function planHand(root, before) {
  const slots = root.querySelectorAll(".hand .slot[data-card]");
  if (!slots.length) return null;
  if (!before.had) return planDeal(root);
  const moves = [];
  slots.forEach(function (slot) {
    const card = slot.querySelector(".card");
    let from = before.hand[slot.dataset.card];
    const drawn = !from;
    if (drawn) {
      from = before.drawFrom ||
        (slot.dataset.card === before.pileCode ? before.pile : before.stock);
    }
    if (card && from) {
      moves.push({ el: card, from: from, slot: drawn ? slot : null, onward: drawn && !!before.drawFrom });
    }
  });
  moves.forEach(function (m) {
    m.to = m.el.getBoundingClientRect();
    m.base = ownTransform(m.el);
  });
  return { moves: moves };
}

function planDeal(root) {
  const stock = rectOf(root, ".pile--stock .card");
  if (!stock) return null;
  const mine = Array.from(root.querySelectorAll(".hand .slot .card"));
  const theirs = Array.from(root.querySelectorAll(".opponent__cards .card"));
  const first = root.dataset.dealer === "you" ? theirs : mine;   // the non-dealer first
  const second = first === mine ? theirs : mine;
  const order = [];
  for (let i = 0; i < Math.max(mine.length, theirs.length); i++) {
    if (first[i]) order.push(first[i]);
    if (second[i]) order.push(second[i]);
  }
  const up = root.querySelector(".pile__top .card:not(.card--empty)");
  if (up) order.push(up);   // the upcard, turned from the stock
  const step = order.length > 1 ? (DEAL_MS - DEAL_FLIGHT_MS) / (order.length - 1) : 0;
  return { deal: true, moves: order.map(function (el, n) {
    return { el: el, from: stock, to: el.getBoundingClientRect(), delay: Math.round(n * step), dealt: true };
  }) };
}

// A card's own transform (the selected card's lift), its short CSS transition finished
// first (the flight hides it): the flight ends there. Keyframes replace the transform
// rather than add to it, so the compositor runs them (it refuses composite: "add").
export function ownTransform(el) {
  el.getAnimations().forEach(function (a) { if (a.transitionProperty) a.finish(); });
  const t = getComputedStyle(el).transform;
  return t && t !== "none" ? " " + t : "";
}

// Then the writes only: one transform animation per card that moved. While a deal
// runs, #table is marked is-dealing: the dealt cards (waiting on the stock, or in
// flight) let taps through to what is really there (the stock, the pile), so a tap on
// the stock during the deal draws instead of landing on a card on its way to the hand.
export function playHand(plan) {
  const dealt = [];
  const played = [];
  plan.moves.forEach(function (m) {
    const frame = fromFrame(m.from, m.to);
    if (!frame) return;
    const base = m.base || "";
    const duration = m.duration || (m.dealt ? DEAL_FLIGHT_MS : m.slot && !m.onward ? DRAW_MS : SLIDE_MS);
    const anim = m.el.animate([{ transform: frame + base }, { transform: "translate(0px, 0px) scale(1, 1)" + base }],
      { duration: duration, delay: m.delay || 0, easing: EASE, fill: "backwards" });
    played.push(anim);
    if (m.dealt) {   // out of sight on the stock until its turn comes
      m.el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 1, delay: m.delay, fill: "backwards" });
      dealt.push(anim.finished.catch(function () {}));
    }
    if (m.slot) {    // the drawn card flies over the others
      const slot = m.slot;
      slot.classList.add("is-flying");
      anim.finished.catch(function () {}).then(function () { slot.classList.remove("is-flying"); });
    }
  });
  if (dealt.length) dealing(plan.moves[0].el.closest("#table"), dealt);
  return played;
}

// #table marked is-dealing until ``flights`` (promises, or animations) are over: the
// dealt cards let taps through to the stock and the pile under them (play.css). An
// answer swapped in during a deal (Pass tapped at once) goes on with it: the cards not
// yet dealt slide on from the stock in the new table (swap.js), still letting taps through.
export function dealing(root, flights) {
  if (!root || !flights.length) return;
  root.classList.add("is-dealing");
  Promise.all(flights.map(function (f) { return f.finished ? f.finished.catch(function () {}) : f; }))
    .then(function () { root.classList.remove("is-dealing"); });
}

// While the cards of a new table slide to their places (FLIP: each card is drawn away
// from its slot, whose radio is already where the card is going), a tap goes to the card
// shown under the finger, not to the radio laid out there: ``.hand.is-moving`` lets taps
// through the radios to the cards (play.css; a card is inside its radio's label, so a
// tap on it selects that radio). The class goes once none of the hand's cards moves.
export function tapWhereShown(root, played) {
  const hand = root ? root.querySelector(".hand") : null;
  if (!hand || !played.length) return;
  hand.classList.add("is-moving");
  // Until every card of the hand is still: these slides, and any that started since (a
  // drag's slide aside); a card's own CSS transition (its lift) does not count.
  function settle(moving) {
    Promise.all(moving.map(function (a) { return a.finished.catch(function () {}); })).then(function () {
      const still = hand.getAnimations({ subtree: true }).filter(function (a) {
        return !a.transitionProperty && a.playState !== "finished" && a.playState !== "idle";
      });
      if (still.length) settle(still);
      else hand.classList.remove("is-moving");
    });
  }
  settle(played);
}

// A discard is shown at once: the card leaves your hand for the pile before the server
// answers. If the answer comes first, the pile's top as it was stays under the card
// until it lands (keepPile: the answer may change the pile); swap() then removes both
// (removeShown), or, if the card is still in the
// new hand (refused), flies it back to its place. Under reduced motion the card is on
// the pile at once, with no flight (anim null). ``early``: tapped while another request
// is in flight (a draw), so queued: shown at once all the same, kept in state.early
// across the answers before its own (keepEarly) until it is sent (queue.js).
export function showDiscard(code, early) {
  if (early ? state.early : state.pending) return;
  const slot = document.querySelector('.hand .slot[data-card="' + code + '"]');
  const card = slot ? slot.querySelector(".card") : null;
  const pileCard = document.querySelector(".pile__top .card");
  if (!card || !pileCard) return;
  const from = card.getBoundingClientRect();
  const to = pileCard.getBoundingClientRect();
  const still = motionOff();
  const shown = { code: code, slot: slot, base: null, anim: null };
  if (still) {
    shown.flyer = ghost(card, to, "flyer");
  } else {
    shown.flyer = ghost(card, from, "flyer");
    const frame = fromFrame(to, from);
    shown.anim = shown.flyer.animate([{ transform: "translate(0px, 0px) scale(1, 1)" },
      { transform: frame || "none" }], { duration: DISCARD_MS, easing: EASE, fill: "forwards" });
  }
  slot.classList.add("slot--gone");
  showLeft(document, slot);
  if (early) state.early = shown;
  else state.pending = shown;
}

// The deadwood badge by "Your hand" follows a discard shown before its answer: it reads
// what that card's discard leaves (its radio's data-left), not the best a discard could
// leave, which the hand no longer shows. ``slot`` null: the badge as the table gave it.
// A card without data-left (a discard queued during a draw) leaves the badge alone; the
// draw's answer brings the figures (keepEarly).
const givenFigures = new WeakMap();  // each badge's figure as the table gave it

function showLeft(root, slot) {
  const badge = root.querySelector(".mine__head .deadwood");
  const figure = badge && badge.querySelector(".deadwood__num");
  if (!figure) return;
  const input = slot && slot.querySelector(".slot__input");
  const left = input ? input.dataset.left : undefined;
  if (!givenFigures.has(badge)) givenFigures.set(badge, figure.textContent);
  figure.textContent = left === undefined ? givenFigures.get(badge) : left;
  badge.classList.toggle("deadwood--left", left !== undefined);
}

// The answer to a discard still on its way to the pile is about to replace the table
// (and maybe the pile's top): the pile's top card, as it is, stays under the flying
// card until it lands (moved out of the old table, which goes: not a copy made at the
// tap, whose first frame it would cost). Under reduced motion the card is on the pile.
export function keepPile(root) {
  const p = state.pending;
  if (!root || !p || p.draw || p.base || !p.anim || p.anim.playState !== "running") return;
  const pileCard = root.querySelector(".pile__top .card");
  if (pileCard) p.base = lay(pileCard, pileCard.getBoundingClientRect(), "flyer", p.flyer);
}

// A discard shown before its answer taken off the page: the card and the pile's card.
export function removeShown(shown) {
  shown.flyer.remove();
  if (shown.base) shown.base.remove();
}

// A new table in place while a discard shown early waits to be sent: its card, still
// in this hand, stays off it. A card no longer held: the discard is put away.
export function keepEarly(root) {
  const early = state.early;
  if (!early) return;
  const slot = root.querySelector('.hand .slot[data-card="' + early.code + '"]');
  if (!slot) {
    state.early = null;
    removeShown(early);
    return;
  }
  slot.classList.add("slot--gone");
  showLeft(root, slot);
  early.slot = slot;
}

// A draw is shown at once too: a card leaves the stock (its back) or the pile (its
// face) for your hand; the answer's card then flies on from where that one has got to
// (snapshot, planHand). Refused, the new table simply shows the piles as they are.
// Under reduced motion the card is over your hand at once, with no flight.
export function showDraw(action) {
  if (state.pending) return;
  const take = action !== "draw_stock";
  const source = document.querySelector(take ? ".pile__top .card:not(.card--empty)" : ".pile--stock .card");
  const hand = document.querySelector(".hand");
  if (!source || !hand) return;
  const from = source.getBoundingClientRect();
  const h = hand.getBoundingClientRect();
  const to = { left: h.left + h.width / 2 - from.width / 2, top: h.top, width: from.width, height: from.height };
  if (motionOff()) {
    if (take) source.classList.add("is-taken");
    state.pending = { draw: true, flyer: ghost(source, to, "flyer"), source: source, anim: null };
    return;
  }
  const flyer = ghost(source, from, "flyer");
  if (take) source.classList.add("is-taken");
  const anim = flyer.animate([{ transform: "translate(0px, 0px) scale(1, 1)" },
    { transform: fromFrame(to, from) || "none" }], { duration: DRAW_MS, easing: EASE, fill: "forwards" });
  state.pending = { draw: true, flyer: flyer, source: source, anim: anim };
}

// No answer at all (the network), or a discard shown early that will not be sent
// (``early``): the card goes back from where it is to its place.
export function putBack(early) {
  const p = early ? state.early : state.pending;
  if (early) state.early = null;
  else state.pending = null;
  if (!p) return;
  if (p.draw) {
    p.flyer.remove();
    p.source.classList.remove("is-taken");
    return;
  }
  const card = p.slot.querySelector(".card");
  const from = p.flyer.getBoundingClientRect();
  const to = card && card.isConnected ? card.getBoundingClientRect() : null;  // hidden, still laid out
  const base = to ? ownTransform(card) : "";
  removeShown(p);
  p.slot.classList.remove("slot--gone");
  if (p.slot.isConnected) showLeft(document, null);
  if (to && !motionOff()) playHand({ moves: [{ el: card, from: from, to: to, base: base }] });
}

// A new match started from this page (start.js set DEAL_KEY): its first hand is dealt
// when the table loads.
export function dealOnLoad() {
  let flagged = false;
  try {
    flagged = sessionStorage.getItem(DEAL_KEY) !== null;
    sessionStorage.removeItem(DEAL_KEY);
  } catch (e) { /* no storage: no deal */ }
  const t = table();
  if (!flagged || !t || motionOff()) return;
  const plan = planDeal(t);
  if (plan) playHand(plan);
}
