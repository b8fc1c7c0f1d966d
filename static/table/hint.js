// The Expert's advice (#hint, swapped in by htmx from the Hint form) floats over the
// table until the next tap, or until closed, in the tallest band of the screen left free
// by what the step needs: the status line and the action buttons always, the piles when
// you take or draw a card (upcard offer, draw), your hand when you discard. So the piles
// it tells you to tap stay visible and tappable. It scrolls inside itself if the band is
// short.

import { table } from "./page.js";

export function placeHint() {
  const hint = document.getElementById("hint");
  const t = table();
  if (!hint || !t || !hint.querySelector(".play-hint__best")) return;
  // Open first, out of the flow: it moves nothing it is placed against. (The page has the
  // class too, but htmx's settle may put back the class the old #hint had.)
  hint.classList.add("play-hint--open");
  const needed = ["#status", ".play-actions"];
  needed.push(t.dataset.phase === "discard" ? ".hand" : ".piles");
  const rects = needed.map(function (selector) {
    const el = document.querySelector(selector);
    return el ? el.getBoundingClientRect() : null;
  }).filter(function (r) { return r && r.height > 0; });
  rects.sort(function (a, b) { return a.top - b.top; });
  const margin = 6;
  const edges = [0].concat(rects.map(function (r) { return r.top; }), [window.innerHeight]);
  const ends = [0].concat(rects.map(function (r) { return r.bottom; }));
  let best = { top: 0, height: 0 };
  for (let i = 0; i < ends.length; i++) {
    const top = Math.max(0, ends[i]) + margin;
    const height = edges[i + 1] - margin - top;
    if (height > best.height) best = { top: top, height: height };
  }
  hint.style.setProperty("--hint-top", Math.round(best.top) + "px");
  hint.style.setProperty("--hint-max", Math.max(80, Math.floor(best.height)) + "px");
  hint.classList.add("play-hint--placed");
}

// Closed: the advice goes, its form stays (the Hint button submits it), focus back on Hint.
function close(event) {
  const button = event.target.closest && event.target.closest(".play-hint__close");
  if (!button) return;
  const hint = button.closest("#hint");
  Array.from(hint.children).forEach(function (child) {
    if (child.tagName !== "FORM") hint.removeChild(child);
  });
  hint.classList.remove("play-hint--open");
  const hintButton = document.getElementById("a-hint");
  if (hintButton) hintButton.focus({ preventScroll: true });
}

export function install() {
  document.addEventListener("click", close);
  // After the swap, in the same task (before it is painted), and again once settled.
  document.addEventListener("htmx:afterSwap", placeHint);
  document.addEventListener("htmx:afterSettle", placeHint);
  window.addEventListener("resize", placeHint);
}
