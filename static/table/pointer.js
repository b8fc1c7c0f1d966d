// The pointer on the hand: tapping the selected card again discards it; a card dragged
// onto the discard pile is discarded; a card dragged along the hand is arranged
// (arrange.js). A pile's card (the stock's back, the discard's face) dragged into the
// hand draws it: its button is tapped there (queued as any tap). A drag starts after
// 10 px (less is a tap); one card at a time.
//
// A press on the hand is the card the player aimed at, taken by its code when the
// finger comes down, never by where the cards are when it is lifted: a card that
// slides away between press and release is still the one pressed (tapMoved), and a
// press made as an answer re-laid out the hand (a drawn card put in, the others moved
// half a step; at once under reduced motion), before the new hand could be seen, goes
// to the card that was shown there before (keepAim, aimedAt): the finger was on its way
// to it. A slow phone handles such a press only once the answer is in. A card flying
// into the hand (the drawn card) is where it is going (landingAt): a press where it is
// shown in flight takes the card shown under it, one where it lands takes it; a press
// on a gap the sliding cards leave takes the card coming to rest there (restingAt).

import { state } from "./state.js";
import { acts, board, motionOff } from "./page.js";
import { choose, discard } from "./select.js";
import { ARRANGE_MS, arrange, dragTo, handCodes } from "./arrange.js";
import { ownTransform, playHand } from "./motion.js";

function cardOf(target) {
  const slot = target && target.closest ? target.closest(".slot") : null;
  return slot ? slot.querySelector(".slot__input") : null;
}

const PAD = 24;  // px around the hand that still count as the hand

// The pointer within ``pad`` px of ``el``'s box.
function over(el, event, pad) {
  const r = el ? el.getBoundingClientRect() : null;
  return !!r && event.clientX >= r.left - pad && event.clientX <= r.right + pad &&
    event.clientY >= r.top - pad && event.clientY <= r.bottom + pad;
}

// A pile's enabled button pressed: maybe a drag of its card into the hand.
function pileDown(event) {
  const button = event.target.closest ? event.target.closest(".pile__btn") : null;
  if (!button || button.disabled || button.getAttribute("aria-disabled") === "true" ||
      event.button !== 0 || state.drag) return false;
  const card = button.querySelector(".pile__card .card:not(.card--empty)");
  if (!card) return false;
  state.pileDrag = { button: button, card: card, x: event.clientX, y: event.clientY,
    id: event.pointerId, active: false };
  return true;
}

function pileMove(event) {
  const drag = state.pileDrag;
  if (!drag.active) {
    if (Math.abs(event.clientX - drag.x) + Math.abs(event.clientY - drag.y) < 10) return;
    drag.active = true;
    drag.card.classList.add("is-lifted");
  }
  const hand = document.querySelector(".hand");
  if (hand) hand.classList.toggle("is-drop-target", over(hand, event, PAD));
  drag.card.style.transform = "translate(" + (event.clientX - drag.x) + "px, " +
    (event.clientY - drag.y) + "px) scale(1.08)";
}

// Let go in the hand: the pile's button is tapped (the draw's motion starts from where
// the card is); elsewhere the card goes back and nothing is drawn.
function pileUp(event, dropped) {
  const drag = state.pileDrag;
  state.pileDrag = null;
  if (!drag.active) return;
  const hand = document.querySelector(".hand");
  if (hand) hand.classList.remove("is-drop-target");
  if (dropped && over(hand, event, PAD)) drag.button.click();
  drag.card.style.transform = "";
  drag.card.classList.remove("is-lifted");
  state.suppressClick = true;  // a release over the pile itself is no tap
  setTimeout(function () { state.suppressClick = false; }, 0);
}

// How long after the new hand is first painted (by the page: on the screen a frame
// later) a press is still taken as aimed at the hand shown before it: the finger came
// down before the new hand could be seen. No longer: a press made once it shows is
// aimed at it (a quick player's, a test's that waited for the new table).
const AIM_MS = 16;

// The hand about to be replaced by an answer (swap.js, before the swap): where each of
// its cards is shown (mid-slide too), in the page's order (a card lies over the one
// before it). A press made before the new hand is on the screen takes the card that
// was under it then (aimedAt).
export function keepAim(old) {
  const cards = [];
  if (old) {
    old.querySelectorAll(".hand .slot[data-card]:not(.slot--gone) .card").forEach(function (card) {
      cards.push({ code: card.closest(".slot").dataset.card, rect: card.getBoundingClientRect() });
    });
  }
  const aim = { cards: cards, until: Infinity };
  state.aim = cards.length ? aim : null;
  if (!cards.length) return;
  // The window starts once the new hand is painted (a frame, then a task after it).
  requestAnimationFrame(function () {
    setTimeout(function () { aim.until = performance.now() + AIM_MS; }, 0);
  });
}

// The card a press was aimed at when it was made before the new hand was on the screen
// (its time is the press's own, event.timeStamp: a press queued behind the answer's
// work counts from when it was made): the card shown under it before, by its code, if
// it is still in the hand; else null (the card under the finger now).
function aimedAt(event) {
  const aim = state.aim;
  if (!aim || event.timeStamp > aim.until) return null;
  let code = null;
  aim.cards.forEach(function (c) {
    const r = c.rect;
    if (event.clientX >= r.left && event.clientX <= r.right &&
        event.clientY >= r.top && event.clientY <= r.bottom) code = c.code;  // the topmost
  });
  const input = code ? document.getElementById("c-" + code) : null;
  return input && input.matches(".hand .slot__input") ? input : null;
}

// A card in flight is where it is going: the drawn card flying to its place in the hand
// (.slot.is-flying, motion.js playHand) is no target where it is shown in flight (its
// face lets presses through to the cards shown under it: play.css), and a press on the
// place it lands on, the part of it that will be in sight there (not under a later
// card), is its own: a quick "draw and throw it back" made as it lands takes it. Under
// reduced motion nothing flies.
function landingAt(event) {
  const flying = document.querySelectorAll(".hand .slot.is-flying");
  if (!flying.length) return null;
  const slots = Array.from(document.querySelectorAll(".hand .slot[data-card]:not(.slot--gone)"));
  let hit = null;
  flying.forEach(function (slot) {
    const at = slots.indexOf(slot);
    if (at < 0 || !atRest(slot, event)) return;
    for (let i = at + 1; i < slots.length; i++) if (atRest(slots[i], event)) return;
    hit = slot.querySelector(".slot__input");
  });
  return hit;
}

// The press within the slot's card as it is at rest (its slot, laid out where it
// goes, and the card's own box in it, whatever its flight's transform), or its slot.
function atRest(slot, event) {
  if (over(slot, event, 0)) return true;
  const card = slot.querySelector(".card");
  if (!card) return false;
  const r = slot.getBoundingClientRect();
  const left = r.left + card.offsetLeft;
  const top = r.top + card.offsetTop;
  return event.clientX >= left && event.clientX <= left + card.offsetWidth &&
    event.clientY >= top && event.clientY <= top + card.offsetHeight;
}

// A press on the felt among the hand's cards while they slide (a gap their slides
// leave for a moment, where a card is about to come to rest) takes the card coming to
// rest there, the topmost: the cards are where they are going (as the flying card is,
// landingAt). A press on a card shown under the finger is that card's.
function restingAt(event) {
  const hand = document.querySelector(".hand.is-moving");
  if (!hand || !over(hand, event, 0)) return null;
  const slots = Array.from(hand.querySelectorAll(".slot[data-card]:not(.slot--gone)"));
  for (let i = slots.length - 1; i >= 0; i--) {
    if (atRest(slots[i], event)) return slots[i].querySelector(".slot__input");
  }
  return null;
}

function down(event) {
  state.suppressClick = false;  // a new press: what ended before it is over
  if (pileDown(event)) return;
  const input = aimedAt(event) || landingAt(event) || cardOf(event.target) ||
    restingAt(event);
  state.pressedChecked = input && input.checked ? input.value : null;
  if (!input || event.button !== 0 || (state.drag && state.drag.active)) return;
  state.drag = { input: input, slot: input.closest(".slot"), x: event.clientX, y: event.clientY,
    id: event.pointerId, active: false, moved: false, codes: handCodes() };
}

function move(event) {
  if (state.pileDrag && event.pointerId === state.pileDrag.id) {
    pileMove(event);
    return;
  }
  const drag = state.drag;
  if (!drag || event.pointerId !== drag.id) return;
  if (!drag.active) {
    // A tap, not a drag, until the pointer has gone a few pixels.
    if (Math.abs(event.clientX - drag.x) + Math.abs(event.clientY - drag.y) < 10) return;
    drag.active = true;
    drag.card = drag.slot.querySelector(".card");
    drag.card.getAnimations().forEach(function (a) { a.finish(); });
    const c = drag.card.getBoundingClientRect();
    const h = drag.slot.getBoundingClientRect();
    drag.inSlot = { left: c.left - h.left, top: c.top - h.top, width: c.width, height: c.height };
    drag.slot.classList.add("is-dragging");
    if (board() && acts(drag.input).indexOf("discard") >= 0) board().classList.add("is-dropping");
    try { drag.input.setPointerCapture(event.pointerId); } catch (e) { /* no capture */ }
  }
  dragTo(event.clientX, event.clientY);
  // The card follows the pointer, but never past the screen's edges (the page would
  // grow wider under it).
  const slot = drag.slot.getBoundingClientRect();
  const left = slot.left + drag.inSlot.left;
  const top = slot.top + drag.inSlot.top;
  const edge = 4 + drag.inSlot.width * 0.04;   // the lift's scale, and a margin
  const tx = Math.min(Math.max(event.clientX - drag.x, edge - left),
    window.innerWidth - edge - left - drag.inSlot.width);
  const ty = Math.min(Math.max(event.clientY - drag.y, edge - top),
    window.innerHeight - edge - top - drag.inSlot.height);
  drag.card.style.transform = "translate(" + tx + "px, " + ty + "px) scale(1.08)";
}

// A tap on a card that moved away from under the finger before it was lifted (the hand
// sliding after an answer, a drawn card flying in), or that the press was aimed at in
// the hand shown just before (aimedAt): the browser's click then goes to what holds
// both, or to another card, and would be lost or taken by that card. The tap is the
// pressed card's: it is selected, or discarded if it was already selected (as click()
// does); the stray click is swallowed wherever it lands (it would select another card,
// lower this one as a tap on the felt, or press a button). A card swapped out since
// (its table replaced) is taken by its code from the table shown now.
function tapMoved(d, event) {
  if (event.button !== 0 || (cardOf(event.target) === d.input && d.input.isConnected)) return;
  const input = d.input.isConnected ? d.input : document.getElementById("c-" + d.input.value);
  if (!input) return;
  // The stray click follows at once after a mouse, a moment later after a finger (its
  // tap gesture): swallowed until then, or until the next press.
  state.suppressClick = true;
  setTimeout(function () { state.suppressClick = false; }, 400);
  if (state.pressedChecked === input.value && input.checked) {
    state.pressedChecked = null;
    discard(input);
  } else {
    choose(input);
  }
}

// A table swapped in under a drag (a friend's move) ends it: its cards are gone.
export function dropDrag() {
  state.pileDrag = null;  // its pile is gone too: nothing is drawn
  const drag = state.drag;
  if (drag && drag.card) {
    drag.card.style.transform = "";
    drag.slot.classList.remove("is-dragging");
  }
  state.drag = null;
}

function endDrag(event, dropped) {
  if (state.pileDrag && event.pointerId === state.pileDrag.id) {
    pileUp(event, dropped);
    return;
  }
  const d = state.drag;
  if (!d || event.pointerId !== d.id) return;
  state.drag = null;
  if (!d.active) {
    if (dropped) tapMoved(d, event);
    return;
  }
  const from = d.card.getBoundingClientRect();
  d.card.style.transform = "";
  d.slot.classList.remove("is-dragging");
  if (board()) board().classList.remove("is-dropping");
  state.suppressClick = true;
  setTimeout(function () { state.suppressClick = false; }, 0);
  const onPile = dropped && over(document.querySelector(".pile--discard .pile__btn"), event, 12);
  if (onPile && (state.busy || acts(d.input).indexOf("discard") >= 0)) {  // discard() queues it
    discard(d.input);
  } else {
    if (onPile) discard(d.input);  // a card that cannot go to the pile: the status line says why
    if (!motionOff()) {
      // Let go: the card settles from under the pointer into its place (its own CSS
      // transition, which clearing the drag's transform started, finished first).
      const base = ownTransform(d.card);
      playHand({ moves: [{ el: d.card, from: from, to: d.card.getBoundingClientRect(),
        base: base, duration: ARRANGE_MS }] });
    }
  }
  const codes = handCodes();
  if (d.moved && codes.join(" ") !== d.codes.join(" ")) arrange(codes);
}

// The selected card tapped again: discarded (a click from the keyboard, detail 0, only
// selects).
function click(event) {
  if (state.suppressClick && event.target.closest && event.target.closest(".pile__btn")) {
    event.preventDefault();
    event.stopPropagation();
    return;
  }
  const input = cardOf(event.target);
  if (state.suppressClick && event.detail > 0) {
    // The click after a drag, or after a tap that moved (tapMoved): no tap of its own,
    // on a card, on the felt between the cards (which would lower the raised one), nor
    // on a button laid out since where the card was.
    event.preventDefault();
    if (!input) event.stopPropagation();
    return;
  }
  if (!input) return;
  if (event.detail > 0 && state.pressedChecked === input.value && input.checked) {
    state.pressedChecked = null;
    discard(input);
  }
}

export function install() {
  document.addEventListener("pointerdown", down, true);
  document.addEventListener("pointermove", move);
  document.addEventListener("pointerup", function (event) { endDrag(event, true); });
  document.addEventListener("pointercancel", function (event) { endDrag(event, false); });
  document.addEventListener("click", click, true);
}
