// The table's own form (data-play) queues its taps (queue.js); a card button tapped
// without a card that allows its move says why in the status line. (New match and Start
// match: start.js.)
//
// Discard shows at the press (issue 48): the selected card leaves the hand when the
// finger lands on Discard (pointerdown), not when it lifts (the click, 50-100 ms later
// on a phone), shown as a discard queued is (motion.js: showDiscard, early); the click
// sends it (queue.js takes the discard shown). A press that ends in no click (the
// finger slid off, the page scrolled, no click within PRESS_MS of the release) puts the
// card back.

import { state } from "./state.js";
import { CARD_ACTIONS, selected } from "./page.js";
import { cardReason, enqueue, refuse } from "./queue.js";
import { putBack, showDiscard } from "./motion.js";

const PRESS_MS = 1000;
let press = null;  // the discard shown at a press on Discard: {id (pointer), code, timer}

function pressDown(event) {
  if (press || event.button !== 0 || !event.isPrimary) return;
  const button = event.target.closest && event.target.closest("#a-discard");
  if (!button || button.disabled || state.early) return;
  // As its click would: a card selected, and either a request in flight (the discard
  // is queued) or the button open for that card.
  const radio = selected();
  if (!radio || (!state.busy && button.getAttribute("aria-disabled") === "true")) return;
  showDiscard(radio.value, true);
  if (state.early && state.early.code === radio.value) {
    press = { id: event.pointerId, code: radio.value, timer: null };
  }
}

// The press ended: on Discard, its click is on its way (a touch's comes in a task of its
// own); elsewhere, or cancelled, the card goes back.
function pressUp(event) {
  if (!press || event.pointerId !== press.id || press.timer) return;
  const onButton = event.type === "pointerup" && event.target.closest &&
    event.target.closest("#a-discard");
  if (!onButton) pressDone(false);
  else press.timer = setTimeout(pressDone, PRESS_MS, false);
}

// The press ended: its click came and the discard it showed is sent (``sent``), or it
// was refused or no click came (the card, if it is still only shown, is put back).
function pressDone(sent) {
  const p = press;
  press = null;
  if (!p) return;
  clearTimeout(p.timer);
  if (!sent && state.early && state.early.code === p.code) putBack(true);
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
  pressDone(!!press && intent.value === "discard" && intent.card === press.code);
  enqueue(intent);
}

export function install() {
  document.addEventListener("submit", submit);
  document.addEventListener("pointerdown", pressDown);
  document.addEventListener("pointerup", pressUp, true);
  document.addEventListener("pointercancel", pressUp, true);
}
