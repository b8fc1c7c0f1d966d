// The table's own form (data-play) queues its taps (queue.js); a card button tapped
// without a card that allows its move says why in the status line. (New match and Start
// match: start.js.)

import { state } from "./state.js";
import { CARD_ACTIONS, selected } from "./page.js";
import { cardReason, enqueue, refuse } from "./queue.js";

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
    return;
  }
  if (radio) intent.card = radio.value;
  enqueue(intent);
}

export function install() {
  document.addEventListener("submit", submit);
}
