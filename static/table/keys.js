// Keyboard shortcuts (listed in the Keys panel, #keys-help, which ? opens): a letter
// presses the table's button with that data-key; Left/Right move the selection along the
// hand, Shift+Left/Right move the selected card (arrange.js); Enter on a card discards
// it; Escape clears the selection. A key whose button is not open now says why. R or the Read the table button speaks the whole table
// (#table-summary-text into the live region #table-read).

import { announce, board, labelOf, selected, table, word } from "./page.js";
import { refuse } from "./queue.js";
import { choose, discard, refresh } from "./select.js";
import { moveCard } from "./arrange.js";

function readTable() {
  const text = document.getElementById("table-summary-text");
  if (text) announce(document.getElementById("table-read"), text.textContent);
}

// A key whose button is shown but not open at this step says so (the step follows in the
// status line), like a refused tap.
function press(key) {
  const t = table();
  const button = t ? t.querySelector('[data-key="' + key + '"]') : null;
  if (!button || button.offsetParent === null) return false;
  if (button.disabled) {
    if (!document.documentElement.classList.contains("is-busy")) {
      refuse(word("not_now", "%(action)s is not open now.", { action: labelOf(button) }));
    }
    return true;
  }
  button.click();
  return true;
}

function moveSelection(step) {
  const b = board();
  if (!b) return;
  const radios = Array.from(b.querySelectorAll('input[name="card"]'));
  if (!radios.length) return;
  const at = radios.indexOf(selected());
  const to = at < 0 ? (step > 0 ? 0 : radios.length - 1) : (at + step + radios.length) % radios.length;
  choose(radios[to]);
  radios[to].focus({ preventScroll: true });
}

function keydown(event) {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target.matches && target.matches("textarea, select, [contenteditable], input:not([type=radio])")) return;
  if (!table()) return;
  const key = event.key;
  const onCard = target.matches && target.matches(".slot__input");
  if (key === "?") {
    const help = document.getElementById("keys-help");
    if (help) help.togglePopover();
    event.preventDefault();
    return;
  }
  if (document.querySelector(".sheet:popover-open")) return;
  if ((key === "ArrowLeft" || key === "ArrowRight") && onCard && event.shiftKey) {
    moveCard(target, key === "ArrowRight" ? 1 : -1);  // arrange: the card moves one place
    event.preventDefault();
    return;
  }
  if ((key === "ArrowLeft" || key === "ArrowRight") && !onCard) {
    moveSelection(key === "ArrowRight" ? 1 : -1);
    event.preventDefault();
    return;
  }
  if (key === "Enter" && onCard) {
    discard(selected());
    event.preventDefault();
    return;
  }
  if (key === "Escape" && selected()) {
    selected().checked = false;
    refresh();
    return;
  }
  if (key.length === 1 && /[a-z]/i.test(key) && !(target.matches && target.matches("button") && key === " ")) {
    if (press(key.toLowerCase())) event.preventDefault();
  }
}

export function install() {
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("#read-table")) readTable();
  });
  document.addEventListener("keydown", keydown);
}
