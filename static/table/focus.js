// Focus never falls to <body> after a swap: where it was is described before the table
// is replaced (by id, or by a button's name and value) and found again after.

import { table } from "./page.js";

// Where the focus is: {lost} on <body>, null outside the table (a panel, the header:
// left alone), else {selector} of the focused control (null when it has no handle).
export function describeFocus() {
  const el = document.activeElement;
  if (!el || el === document.body) return { lost: true, selector: null };
  const t = table();
  if (!t || !t.contains(el)) return null;
  if (el.id) return { selector: "#" + CSS.escape(el.id) };
  if (el.name) {
    return { selector: el.tagName.toLowerCase() + '[name="' + CSS.escape(el.name) +
      '"][value="' + CSS.escape(el.value || "") + '"]' };
  }
  return { selector: null };
}

function usable(el) {
  return el && !el.disabled && el.getAttribute("aria-disabled") !== "true" &&
    el.offsetParent !== null;
}

// Where focus goes after a swap when the focused control is gone or disabled: the next
// step's control; your hand only when you are to discard; else the score button, which
// every state of the table has (waiting for a friend, the friend's move then changes
// nothing under the focus).
const FOCUS_ORDER = [".result__foot .btn--primary", ".result__foot button", ".piles .pile__btn",
  ".play-actions button", ".hand input[data-acts]:checked", ".hand input[data-acts]",
  "#score-button", "button"];

// ``focus`` as describeFocus() gave it before the swap; {keep: true}: leave it be.
export function restoreFocus(focus) {
  if (focus && focus.keep) return;
  const active = document.activeElement;
  if (!focus && active && active !== document.body) return;
  const t = table();
  if (!t) return;
  const same = focus && focus.selector ? t.querySelector(focus.selector) : null;
  let target = usable(same) && same.id !== "read-table" ? same : null;
  // The next step's control, in order of preference (querySelectorAll alone would give
  // document order, where Read the table comes first): never Read the table, which shows
  // itself when focused and would sit over the score.
  for (let g = 0; g < FOCUS_ORDER.length && !target; g++) {
    const candidates = t.querySelectorAll(FOCUS_ORDER[g]);
    for (let i = 0; i < candidates.length && !target; i++) {
      if (usable(candidates[i]) && candidates[i].id !== "read-table") target = candidates[i];
    }
  }
  if (target) target.focus({ preventScroll: true });
}
