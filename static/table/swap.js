// A tap's answer put in place, then played out. htmx does the swap itself (htmx.swap:
// the answer's #table replaces the page's (a stand-in for it: standIn()), its #status and #step-help fill the page's,
// in one synchronous step with no settle delay, the new table processed for its own hx-
// attributes, such as the Hint form's); this module measures what it needs first and
// puts back what is the browser's own after: the selection, the order of the hand not
// yet posted, the focus, then the motion.
//
// The computer's (or the friend's) move arrives in #computer-live, its own live region:
// its words are announced by announce() (a repeat of the same words is read again),
// not swapped (htmx:oobBeforeSwap below).

import { state } from "./state.js";
import { announce, selected, table } from "./page.js";
import { refresh } from "./select.js";
import { restoreFocus } from "./focus.js";
import { applyOrder, queuedOrder } from "./arrange.js";
import { DEAL_MS, dealing, keepEarly, keepPile, pileRects, planHand, playHand, removeShown, snapshot,
  tapWhereShown } from "./motion.js";
import { animate } from "./turn.js";
import { dropDrag, keepAim } from "./pointer.js";

// How htmx swaps the answer: at once (no swap or settle delay: the next queued tap is
// judged against the new table right after), no scrolling, no view transition.
const SWAP = { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0, transition: false,
  ignoreTitle: true };
const OPTIONS = { select: "#table", selectOOB: "#status:innerHTML,#step-help:innerHTML,#computer-live" };

// htmx replaces a stand-in, not the old table: it would clean up each of the old
// table's elements (two events apiece: most of an answer's time with the CPU slowed 4x)
// and focus again what had the focus in it (a forced layout, before the new table is
// complete). The old table, taken out whole, is only read after (gin:swap: sound.js);
// restoreFocus() puts the focus back.
function standIn(old) {
  if (!old) return old;
  const stand = document.createElement("div");
  stand.id = old.id;
  stand.className = old.className;
  old.replaceWith(stand);
  return stand;
}

// ``html``: the route's answer to a script (the status and table blocks); ``focus`` as
// describeFocus() gave it when the tap was made.
export function swap(html, focus) {
  // Where things are now, read before anything is written (one layout, already clean).
  const old = table();
  const rects = old ? pileRects(old) : null;
  const before = snapshot(old);
  const dealt = !!old && old.classList.contains("is-dealing");
  const keep = selected();
  const keepCode = keep ? keep.value : null;
  keepAim(old);
  keepPile(old);
  dropDrag();
  window.htmx.swap(standIn(old), html, SWAP, OPTIONS);
  const fresh = table();
  const wanted = queuedOrder();
  if (wanted) applyOrder(fresh, wanted);
  keepEarly(fresh);
  if (keepCode && !selected()) {
    const again = document.getElementById("c-" + keepCode);
    if (again) again.checked = true;
  }
  refresh();
  restoreFocus(focus);
  const plan = before ? planHand(fresh, before) : null;
  let landing = state.pending;
  state.pending = null;
  if (landing && landing.draw) {
    // The drawn card flies on from where the card shown at the tap has got to (planHand).
    landing.flyer.remove();
    landing = null;
  }
  if (landing && fresh.querySelector('.hand .slot[data-card="' + landing.code + '"]')) {
    // Refused (400/409): the card is still in your hand; planHand flies it back from
    // where it is now to its place, and the status line says why.
    removeShown(landing);
    landing = null;
  }
  if (landing) {
    // The computer's turn starts from the pile once your card has landed on it (laid
    // out now, held until then).
    const held = landing;
    const landed = (held.anim ? held.anim.finished.catch(function () {}) : Promise.resolve()).then(function () {
      removeShown(held);
    });
    animate(fresh, rects, landed);
  } else if (plan && plan.deal) {
    // After the deal (the computer may be first to play on the new hand).
    setTimeout(function () { if (table() === fresh) animate(fresh, rects); }, DEAL_MS);
  } else {
    animate(fresh, rects);
  }
  if (plan) {
    const played = playHand(plan);
    if (dealt && !plan.deal) dealing(fresh, played);  // the deal goes on (Pass tapped during it)
    if (!plan.deal) tapWhereShown(fresh, played);
  }
  // static/sound.js and static/learn.js hear each new table: sounds, vibration, the
  // lesson's marks.
  document.dispatchEvent(new CustomEvent("gin:swap", { detail: { before: old, after: fresh } }));
}

// An answer that comes before the discard it answers has landed on the pile waits for
// it to land (issue 48): its swap, the new table's style and layout (40-70 ms with the
// CPU slowed 4x), then falls in no frame of that card's flight (the computer's turn
// waited for the landing already). Nothing else waits: a draw's answer places the drawn
// card as it flies on, a refusal flies the card back from where it is. An animation
// held (paused) is not waited for, nor anything past STILL_MS.
const STILL_MS = 1500;

function flying() {
  const p = state.pending;
  return p && !p.draw && p.anim && p.anim.playState === "running" ? p.anim : null;
}

// A tap handled since the last frame (its first visible change: the card raised, the
// discard or the draw leaving, Pass pressed) is painted before an answer is put in
// (issue 48): the answer's swap, the new table's style and layout, is the longest task
// of the page (100-300 ms with the CPU slowed 4x), and a tap's change written just
// before it would wait for it and for its frame. A tap marks the page unpainted
// (tapped(), from install's listeners) until the frame after it; an answer that comes
// then waits for that frame (afterPaint: a task after the next animation frame), a
// frame's delay at most.
let unpainted = false;

function tapped() {
  if (unpainted) return;
  unpainted = true;
  afterPaint().then(function () { unpainted = false; });
}

// Resolved in a task after the next frame (a requestAnimationFrame callback runs before
// the frame's style, layout and paint; the task after it, once they are done), or after
// PAINT_MS at most (a hidden tab has no frames).
const PAINT_MS = 100;

function afterPaint() {
  return new Promise(function (resolve) {
    requestAnimationFrame(function () { setTimeout(resolve, 0); });
    setTimeout(resolve, PAINT_MS);
  });
}

// swap(html, focus) once the discard shown before its answer has landed on the pile (at
// once when none flies, or ``now``: a refusal), and once a tap handled just before has
// been painted. A promise, resolved after the swap.
export function swapWhenStill(html, focus, now) {
  const flight = now ? null : flying();
  if (!flight && !unpainted) {
    swap(html, focus);
    return Promise.resolve();
  }
  const late = new Promise(function (resolve) { setTimeout(resolve, STILL_MS); });
  const still = flight ? Promise.race([flight.finished.catch(function () {}), late]) : Promise.resolve();
  return still.then(function () { return unpainted ? afterPaint() : null; }).then(function () {
    swap(html, focus);
  });
}

export function install() {
  // A tap (a press, its click, a key) shows before the next answer is put in (tapped).
  ["pointerdown", "click", "keydown"].forEach(function (type) {
    document.addEventListener(type, tapped, { capture: true, passive: true });
  });
  // The computer's move is announced, not swapped: the same words twice are read twice.
  document.addEventListener("htmx:oobBeforeSwap", function (event) {
    const region = event.detail.target;
    if (!region || region.id !== "computer-live") return;
    event.detail.shouldSwap = false;
    announce(region, event.detail.fragment.textContent);
  });
}
