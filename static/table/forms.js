// The table's own form (data-play) queues its taps (queue.js); a card button tapped
// without a card that allows its move says why in the status line. (New match and Start
// match: start.js.)
//
// Discard and the draw show at the press (issue 48): the selected card leaves the hand
// when the finger lands on Discard (pointerdown), not when it lifts (the click, 50-100 ms
// later on a phone), shown as a discard queued is (motion.js: showDiscard, early); a
// press on Draw from stock or Take discard, with nothing in flight, starts the draw's
// motion then (motion.js: showDraw). The click sends the tap (queue.js takes what is
// shown). A press that ends in no click (the finger slid off, the page scrolled, no
// click within PRESS_MS of the release), or on a pile that becomes a drag of its card
// (pointer.js), puts the card back.

import { state } from "./state.js";
import { CARD_ACTIONS, selected } from "./page.js";
import { cardReason, enqueue, refuse } from "./queue.js";
import { DRAWS, putBack, showDiscard, showDraw } from "./motion.js";

const PRESS_MS = 1000;
const DRAG_PX = 10;  // a press on a pile gone this far is a drag of its card (pointer.js)
// What a press showed: {id (pointer), button, x, y, timer, and code (a discard's card)
// or draw (the draw's action)}.
let press = null;

function pressDown(event) {
  if (press || event.button !== 0 || !event.isPrimary) return;
  const button = event.target.closest && event.target.closest("#a-discard, .pile__btn");
  if (!button || button.disabled) return;
  const at = { id: event.pointerId, button: button, x: event.clientX, y: event.clientY, timer: null };
  if (button.id !== "a-discard") {
    // As its click would, when the click would be sent at once: nothing in flight or queued.
    if (DRAWS.indexOf(button.value) < 0 || button.getAttribute("aria-disabled") === "true" ||
        state.busy || state.pending || state.early || state.queue.length) return;
    showDraw(button.value);
    if (state.pending && state.pending.draw) press = Object.assign(at, { draw: button.value });
    return;
  }
  if (state.early) return;
  // As its click would: a card selected, and either a request in flight (the discard
  // is queued) or the button open for that card.
  const radio = selected();
  if (!radio || (!state.busy && button.getAttribute("aria-disabled") === "true")) return;
  showDiscard(radio.value, true);
  if (state.early && state.early.code === radio.value) press = Object.assign(at, { code: radio.value });
}

// A press on a pile that moves on is a drag of the pile's card (pointer.js): the draw
// shown at the press goes back (the drag's drop draws, from where the card is).
function pressMove(event) {
  if (!press || !press.draw || event.pointerId !== press.id || press.timer) return;
  if (Math.abs(event.clientX - press.x) + Math.abs(event.clientY - press.y) >= DRAG_PX) pressDone(false);
}

// The press ended: on its button, its click is on its way (a touch's comes in a task of
// its own); elsewhere, or cancelled, the card goes back.
function pressUp(event) {
  if (!press || event.pointerId !== press.id || press.timer) return;
  const onButton = event.type === "pointerup" && event.target.closest &&
    event.target.closest("button") === press.button;
  if (!onButton) pressDone(false);
  else press.timer = setTimeout(pressDone, PRESS_MS, false);
}

// The press ended: its click came and what it showed is sent (``sent``), or it was
// refused or no click came (the card, if it is still only shown, is put back).
function pressDone(sent) {
  const p = press;
  press = null;
  if (!p) return;
  clearTimeout(p.timer);
  if (sent) return;
  if (p.draw) {
    if (!state.busy && state.pending && state.pending.draw) putBack();
  } else if (state.early && state.early.code === p.code) putBack(true);
}

// The intent a press showed: a discard of its card, or its draw.
function pressed(intent) {
  if (!press) return false;
  return press.draw ? intent.id === press.button.id && intent.value === press.draw
    : intent.value === "discard" && intent.card === press.code;
}

function submit(event) {
  const form = event.target;
  if (!form.hasAttribute("data-play")) return;
  event.preventDefault();
  const button = event.submitter;
  if (!button) return;
  const intent = { id: button.id, name: button.name || "", value: button.value || "" };
  const cardMove = button.name === "action" && CARD_ACTIONS.indexOf(button.value) >= 0;
  const radio = cardMove ? selected() : null;
  if (button.getAttribute("aria-disabled") === "true" && !state.busy) {
    // Not with this selection (none, or a card that cannot make this move): say why.
    if (cardMove) refuse(cardReason(radio, button.textContent.trim()));
    pressDone(false);
    return;
  }
  if (radio) intent.card = radio.value;
  pressDone(pressed(intent));
  enqueue(intent);
}

export function install() {
  document.addEventListener("submit", submit);
  document.addEventListener("pointerdown", pressDown);
  document.addEventListener("pointermove", pressMove);
  document.addEventListener("pointerup", pressUp, true);
  document.addEventListener("pointercancel", pressUp, true);
}
