// The computer's turn (data-moves on #table: "stock", "take:<card>", "discard:<card>")
// played out over the new table in the time the Settings page chose (<html
// data-computer-turn-ms>, 450 ms by default, never over 600 ms, the last 60 ms the flown
// cards fading out). Nothing moves when the device asks for reduced motion, nor when the
// Settings do (that attribute is then 0).

import { deviceReducesMotion } from "./page.js";
import { ghost, pileRects } from "./motion.js";

const DEFAULT_TURN_MS = 450;
const MAX_TURN_MS = 600;  // the computer's whole turn is shown in at most 600 ms
const FADE_MS = 60;       // the flown cards fade out at the end, inside that time

function turnMs() {
  const ms = parseInt(document.documentElement.dataset.computerTurnMs, 10);
  return isNaN(ms) ? DEFAULT_TURN_MS : Math.min(ms, MAX_TURN_MS);
}

function flight(el, from, to, delay, duration, fadeIn) {
  const dx = to.left - from.left;
  const dy = to.top - from.top;
  const frames = [
    { transform: "translate(0px, 0px)", opacity: fadeIn ? 0 : 1 },
    { transform: "translate(0px, 0px)", opacity: 1, offset: 0.1 },
    { transform: "translate(" + dx + "px, " + dy + "px)", opacity: 1 }
  ];
  return el.animate(frames, { duration: duration, delay: delay, easing: "ease-in-out", fill: "both" });
}

// ``root``: the new #table; ``before``: pileRects() of the old one (the stock's card
// flies from where it was); ``hold`` (a promise, or none): the turn is laid out at once
// but waits for it to play (your discard still on its way to the pile).
export function animate(root, before, hold) {
  const moves = (root.dataset.moves || "").split(" ").filter(Boolean);
  const total = turnMs();
  if (!moves.length || deviceReducesMotion() || total <= FADE_MS || !root.querySelector("#board")) return;
  const now = pileRects(root);
  const template = root.querySelector("#move-cards");
  const pileCard = root.querySelector(".pile__top .card");
  const stockCard = root.querySelector(".pile--stock .card");
  if (!now || !template || !pileCard || !stockCard) return;
  const rects = before || now;
  const pileRect = now.pile;
  const opp = now.opponent;
  const hand = {
    left: opp.left + opp.width / 2 - pileRect.width / 2,
    top: opp.top + opp.height / 2 - pileRect.height / 2,
    width: pileRect.width, height: pileRect.height
  };
  function face(code) {
    return template.content.querySelector('[data-code="' + code + '"] .card') || null;
  }
  const step = Math.floor((total - FADE_MS) / moves.length);
  const ghosts = [];
  const animations = [];
  let t = 0;
  let under = root.dataset.under && moves[0] === "stock" ? face(root.dataset.under) : null;
  if (under) {
    under = ghost(under, pileRect);
    ghosts.push(under);
    if (hold) under.classList.add("is-held");
  }
  moves.forEach(function (move) {
    const parts = move.split(":");
    let g;
    if (parts[0] === "stock") {
      g = ghost(stockCard, rects.stock);
      animations.push(flight(g, rects.stock, hand, t, step, false));
    } else if (parts[0] === "take" && face(parts[1])) {
      g = ghost(face(parts[1]), pileRect);
      animations.push(flight(g, pileRect, hand, t, step, false));
    } else if (parts[0] === "discard" && face(parts[1])) {
      g = ghost(face(parts[1]), hand);
      animations.push(flight(g, hand, pileRect, t, step, true));
    } else {
      return;
    }
    ghosts.push(g);
    t += step;
  });
  if (!animations.length) {
    ghosts.forEach(function (g) { g.remove(); });
    return;
  }
  // The real top of the pile shows once the computer's discard has landed.
  animations.push(pileCard.animate([{ opacity: 0 }, { opacity: 0 }], { duration: t }));
  if (hold) {
    animations.forEach(function (a) { a.pause(); });
    hold.then(function () {
      if (under) under.classList.remove("is-held");
      animations.forEach(function (a) { a.play(); });
    });
  }
  const last = animations[animations.length - 2];
  last.finished.catch(function () {}).then(function () {
    ghosts.forEach(function (g) {
      g.animate([{ opacity: 1 }, { opacity: 0 }], { duration: FADE_MS }).finished.then(function () { g.remove(); });
    });
  });
}
