// Selection is local: the hand is a radio group; each radio carries what discarding it
// would do (data-acts, data-note), so the note under the hand and the Discard / Knock /
// Gin buttons follow the selection at once, with no request.

import { state } from "./state.js";
import { CARD_ACTIONS, acts, board, selected, word } from "./page.js";
import { enqueue, refuse } from "./queue.js";

// The note and the card buttons, after the selection (or the table) changed.
export function refresh() {
  if (!board()) return;
  const radio = selected();
  const note = document.getElementById("hand-note");
  if (note) {
    // A raised card says how it goes: tapped again (or Discard), or lowered by a tap
    // on the felt; not once it is on its way to the pile (shown before the answer).
    const going = radio && radio.closest(".slot--gone");
    const again = !going && acts(radio).indexOf("discard") >= 0
      ? " " + word("again", "Tap it again to discard it.") : "";
    if (radio && radio.dataset.note) say(note, radio.dataset.note, again);
    else say(note, note.dataset.default, "");
  }
  const allowed = acts(radio);
  CARD_ACTIONS.forEach(function (name) {
    const button = document.getElementById("a-" + name);
    if (!button || button.disabled) return;
    if (allowed.indexOf(name) >= 0) button.removeAttribute("aria-disabled");
    else button.setAttribute("aria-disabled", "true");
  });
}

// The note says all of itself in its box (two lines under the hand): a long note in a
// narrow window or a long language first drops the "tap it again" help (the guide's
// Controls page has it), then takes a smaller font in the same box, never a cut word.
function say(note, text, help) {
  // Fitted already (a refresh that changed nothing): no layout read.
  const fitted = innerWidth + "|" + text + help;
  if (state.noteFit && state.noteFit.note === note && state.noteFit.key === fitted) return;
  state.noteFit = { note: note, key: fitted };
  note.style.removeProperty("font-size");
  note.style.removeProperty("height");
  note.textContent = text + help;
  if (!overflows(note)) return;
  if (help) {
    note.textContent = text;
    if (!overflows(note)) return;
  }
  note.style.height = note.clientHeight + "px";
  const size = parseFloat(getComputedStyle(note).fontSize);
  for (let scale = 0.9; scale > 0.6 && overflows(note); scale -= 0.1) {
    note.style.fontSize = (size * scale).toFixed(1) + "px";
  }
}

function overflows(element) {
  return element.scrollHeight > element.clientHeight + 1;
}

export function choose(radio) {
  if (!radio) return;
  radio.checked = true;
  refresh();
}

export function lower() {
  const radio = selected();
  if (!radio) return;
  radio.checked = false;
  refresh();
}

// Discard this card (tapped again, dropped on the pile, Enter): queued like a tap on
// Discard. While a request is in flight it is queued anyway and judged against the
// table that request brings (queue.js). A card that cannot go (the card just taken from
// the pile) is lowered instead, and the status line says why.
export function discard(radio) {
  if (!radio) return;
  if (!state.busy && acts(radio).indexOf("discard") < 0) {
    if (radio.dataset.acts !== undefined) refuse(radio.dataset.note);
    if (radio.checked) lower();
    return;
  }
  // The card leaves the hand first (queue.js shows it before any other write of the
  // tap); the note and the buttons follow.
  radio.checked = true;
  enqueue({ id: "a-discard", name: "action", value: "discard", card: radio.value });
  refresh();
}

export function install() {
  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches(".slot__input")) refresh();
  });
  // A phone turned (or a window resized): the note is fitted again to its new width.
  window.addEventListener("resize", refresh);
  // A tap on the felt (not on a card, a pile or a button) lowers the raised card.
  document.addEventListener("click", function (event) {
    const target = event.target;
    if (!target.closest || !target.closest("#board") || event.detail === 0) return;
    if (target.closest(".slot, button, a, input, label, summary, [popover]")) return;
    lower();
  });
}
