// Arrange your hand (issue 26): a card dragged along the hand (pointer.js: a drag starts
// after 10 px, less is a tap) or moved with Shift+Left/Right (keys.js) takes its new
// place at once, the others sliding aside (FLIP, as after a swap; none under reduced
// motion), and the new order is posted (arrange=<codes>, queued with the taps) so that
// the server keeps it for the hand: a reload shows it, a drawn card joins it at the
// right end, a sort button clears it.

import { state } from "./state.js";
import { announce, motionOff, table, word } from "./page.js";
import { ownTransform, playHand } from "./motion.js";
import { enqueue } from "./queue.js";

export const ARRANGE_MS = 160;  // the cards a dragged card passes slide aside

export function handSlots(root) {
  return Array.from((root || document).querySelectorAll(".hand .slot[data-card]"));
}

// The codes of the hand's cards, in the page's order.
export function handCodes(root) {
  return handSlots(root).map(function (slot) { return slot.dataset.card; });
}

// The wanted order against the cards held now: the wanted codes still held, in their
// order, then any card it lacks (just drawn) at the right end, as the server does.
export function merged(wanted, held) {
  const out = wanted.filter(function (code) { return held.indexOf(code) >= 0; });
  held.forEach(function (code) { if (out.indexOf(code) < 0) out.push(code); });
  return out;
}

// The slide of the cards that a move took elsewhere: measure (as they are seen now,
// mid-slide included), let ``change`` move them in the page, measure again, animate.
// ``still``: a card left where it is (the one under the pointer).
export function slideAside(change, still) {
  const slots = handSlots();
  const cards = slots.map(function (slot) { return slot.querySelector(".card"); });
  const off = motionOff();
  const homes = off ? null : slots.map(function (slot) { return slot.getBoundingClientRect(); });
  const from = off ? null : cards.map(function (card) { return card.getBoundingClientRect(); });
  change();
  if (off) return;
  const moves = [];
  cards.forEach(function (card, i) {
    const home = slots[i].getBoundingClientRect();
    // A card whose place did not change goes on as it was (a slide not over yet too).
    if (card === still || (Math.abs(home.left - homes[i].left) < 0.5 &&
        Math.abs(home.top - homes[i].top) < 0.5 && Math.abs(home.width - homes[i].width) < 0.5)) return;
    card.getAnimations().forEach(function (a) {
      if (!a.transitionProperty && a.playState !== "finished") a.cancel();  // restarts from here
    });
    const base = ownTransform(card);
    moves.push({ el: card, from: from[i], to: card.getBoundingClientRect(), base: base,
      duration: ARRANGE_MS });
  });
  playHand({ moves: moves });
}

// Puts the hand's cards in ``codes`` order, each into the place (group) of the card
// that was there: the meld groups keep their sizes until the answer.
export function applyOrder(root, codes) {
  const slots = handSlots(root);
  const byCode = {};
  slots.forEach(function (slot) { byCode[slot.dataset.card] = slot; });
  const order = merged(codes, Object.keys(byCode)).map(function (code) { return byCode[code]; });
  const marks = slots.map(function (slot) {
    const mark = document.createComment("");
    slot.parentNode.insertBefore(mark, slot);
    return mark;
  });
  order.forEach(function (slot, i) { marks[i].parentNode.insertBefore(slot, marks[i]); });
  marks.forEach(function (mark) { mark.remove(); });
}

// The order to post: queued behind another arrange not yet sent, it replaces it. The
// hand is in the player's own order now: no sort button is pressed.
export function arrange(codes) {
  document.querySelectorAll('.sorts button[aria-pressed="true"]').forEach(function (b) {
    b.setAttribute("aria-pressed", "false");
  });
  const last = state.queue[state.queue.length - 1];
  if (last && last.arrange) last.arrange = codes;
  else enqueue({ arrange: codes });
}

// The queued order, if any, laid onto a table just swapped in (before its motion is
// planned), so that an answer to an earlier tap does not undo a move not yet posted.
export function queuedOrder() {
  for (let i = state.queue.length - 1; i >= 0; i--) if (state.queue[i].arrange) return state.queue[i].arrange;
  return null;
}

// Shift+Left/Right on a card: it moves one place (``step`` -1 or 1), said aloud.
export function moveCard(input, step) {
  const slot = input.closest(".slot");
  const codes = handCodes();
  const at = codes.indexOf(slot.dataset.card);
  const to = at + step;
  if (at < 0 || to < 0 || to >= codes.length) return;
  codes.splice(at, 1);
  codes.splice(to, 0, slot.dataset.card);
  slideAside(function () { applyOrder(table(), codes); });
  input.focus({ preventScroll: true });
  // The card's name is its label up to the first comma (", in run …" follows).
  announce(document.getElementById("table-read"), word("place",
    "%(card)s: place %(place)s of %(total)s.",
    { card: (input.getAttribute("aria-label") || "").split(", ")[0], place: to + 1,
      total: codes.length }));
  arrange(codes);
}

// Where a dragged card goes: before the first other card of the hand's row whose centre
// lies right of the pointer (after the row's last, none), measured on the slots (a
// slot is its card's part in sight, which the cards' own motion never moves). ``null``:
// the pointer is off the hand.
function dropPlace(x, y, dragged) {
  const hand = document.querySelector(".hand");
  if (!hand) return null;
  const h = hand.getBoundingClientRect();
  const pad = 24;
  if (y < h.top - pad || y > h.bottom + pad || x < h.left - pad || x > h.right + pad) return null;
  let row = null;
  let best = Infinity;
  hand.querySelectorAll(".hand__row").forEach(function (r) {
    const box = r.getBoundingClientRect();
    const d = y < box.top ? box.top - y : y > box.bottom ? y - box.bottom : 0;
    if (d < best) { best = d; row = r; }
  });
  if (!row) return null;
  const others = Array.from(row.querySelectorAll(".slot[data-card]"))
    .filter(function (slot) { return slot !== dragged; });
  if (!others.length) return null;
  for (let i = 0; i < others.length; i++) {
    const r = others[i].getBoundingClientRect();
    if (x < r.left + r.width / 2) return { before: others[i] };
  }
  return { after: others[others.length - 1] };
}

// The dragged card (state.drag) to its place under the pointer at (x, y).
export function dragTo(x, y) {
  const drag = state.drag;
  const place = dropPlace(x, y, drag.slot);
  if (!place) return;
  const target = place.before || place.after;
  const next = place.before ? place.before : place.after.nextElementSibling;
  if (place.before && drag.slot.nextElementSibling === target) return;
  if (place.after && drag.slot.previousElementSibling === target) return;
  if (next === drag.slot) return;
  const home = drag.slot.getBoundingClientRect();
  slideAside(function () {
    const oldGroup = drag.slot.parentNode;
    if (place.before) target.parentNode.insertBefore(drag.slot, target);
    else target.parentNode.insertBefore(drag.slot, target.nextSibling);
    [oldGroup, drag.slot.parentNode].forEach(function (group) {
      group.hidden = !group.querySelector(".slot");
    });
  }, drag.card);
  // The dragged card stays under the pointer: its new place moves its origin.
  const now = drag.slot.getBoundingClientRect();
  drag.x += now.left - home.left + (now.width - home.width) / 2;
  drag.y += now.top - home.top;
  drag.moved = true;
}
