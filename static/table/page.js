// The page as the table's modules see it: the app's sub-path, the page's words, the
// table and its hand, and the live regions. Reads only (but announce()).

import { state } from "./state.js";

// The app's sub-path ("" or e.g. "/gin"): every URL the scripts build starts with it.
export const BASE = (document.querySelector('meta[name="app-base"]') || {}).content || "";
export const DEAL_KEY = "gin-deal";  // sessionStorage: a new match was just started here

// The buttons whose move takes the selected card.
export const CARD_ACTIONS = ["discard", "knock", "gin"];

// One of the page's words (#script-words, app.web.render.SCRIPT_WORDS), its %(name)s
// placeholders filled; ``fallback`` (English) if the page has none.
export function word(key, fallback, values) {
  if (state.words === null) {
    try {
      state.words = JSON.parse((document.getElementById("script-words") || {}).textContent || "{}");
    } catch (error) { state.words = {}; }
  }
  return (state.words[key] || fallback).replace(/%\((\w+)\)s/g, function (all, name) {
    return values && name in values ? String(values[name]) : all;
  });
}

export function table() { return document.getElementById("table"); }

// Where the table's taps go: /play, the lesson's /learn, a practice hand's
// /play/practice or the daily deal's /daily/<day> (data-post on #table, with the base).
export function postUrl() {
  const t = table();
  return (t && t.dataset.post) || BASE + "/play";
}

// "?match=<id>" of the match this table shows ("" on a lesson or practice table).
export function shownMatch() {
  const match = document.querySelector('#table input[name="match"]');
  return match ? "?match=" + encodeURIComponent(match.value) : "";
}

export function board() { return document.getElementById("board"); }

// The selected card's radio, or null.
export function selected() {
  const b = board();
  return b ? b.querySelector('input[name="card"]:checked') : null;
}

// A button's words as a sentence names it (a pile's button: its action, not its card).
export function labelOf(button) {
  return button ? ((button.querySelector(".pile__act") || button).textContent || "").trim() : "";
}

// The moves discarding this card allows (its data-acts: "discard knock"...).
export function acts(radio) {
  return radio && radio.dataset.acts !== undefined ? radio.dataset.acts.split(" ") : [];
}

// A live region announces a change of its text: the same words again (the computer
// repeating a move, Read the table twice) are cleared first, then set a moment later.
export function announce(region, text) {
  if (!region) return;
  if (!text || region.textContent !== text) {
    region.textContent = text;
    return;
  }
  region.textContent = "";
  setTimeout(function () { region.textContent = text; }, 120);
}

// Whether the browser or the Settings page ask for reduced motion.
const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

export function motionOff() {
  return reduceMotion.matches || document.documentElement.dataset.motion === "reduced";
}

// The device alone (the computer's turn reads the Settings' choice as its length).
export function deviceReducesMotion() { return reduceMotion.matches; }
