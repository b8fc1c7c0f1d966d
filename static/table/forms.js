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

// New match's scoring: a preset chosen shows its values in the fields (data-preset-values);
// a scoring field changed (inside [data-scoring]) makes the scoring the player's own.
function presets(event) {
  const input = event.target;
  const form = input && input.form;
  if (!form || !form.querySelector('input[name="preset"]')) return;
  if (input.name === "preset" && input.dataset.presetValues) {
    const values = JSON.parse(input.dataset.presetValues);
    Object.keys(values).forEach(function (name) {
      const field = form.elements.namedItem(name);
      if (!field) return;
      if (field.type === "checkbox") field.checked = !!values[name];
      else field.value = values[name];
    });
  } else if (input.closest("[data-scoring]")) {
    const own = form.querySelector('input[name="preset"][value="custom"]');
    if (own) own.checked = true;
  }
}

export function install() {
  document.addEventListener("change", presets);
  document.addEventListener("input", presets);
  document.addEventListener("submit", submit);
}
