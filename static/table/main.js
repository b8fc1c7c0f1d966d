// The entry of static/table/ on the New match form and the invite page (loaded with
// <script type="module">; the play table itself loads tablepage.js, which imports the
// table's modules at once). Everything
// here is an enhancement: without it every control is a plain form post (303 back).
// It loads start.js (and page.js) at once; the table's own modules (play.js and what it
// imports) only on a page that has a table, a friend's listener (#live) or a shown list
// of matches (its Notify button), so the New match page of a first visit stays small (docs/benchmarks.md).
//
// The modules, by concern (their one shared state is state.js; what they read of the
// page is listed in app/web/markup.py):
//   page.js    the page: base path, words, the table, the selection, live regions
//   select.js  the selection, local: the note and the card buttons follow it
//   queue.js   the request queue (docs/adr/0001): taps in order, stale repeats dropped
//   swap.js    an answer put in place by htmx, then played out
//   focus.js   focus kept across a swap
//   motion.js  your own hand in motion (FLIP), the optimistic discard and draw, the deal
//   turn.js    the computer's turn played out
//   arrange.js arranging the hand (drag, Shift+Arrow), posted with the taps
//   pointer.js tap again to discard, drag onto the pile or along the hand
//   keys.js    keyboard shortcuts, Read the table
//   hint.js    the Expert's advice placed where it hides nothing the step needs
//   start.js   New match and Start match replace the history entry
//   forms.js   the table's form: its taps go through the queue
//   live.js    a friend match's moves, the other matches, notifications, Copy and Share
// static/sound.js (sounds, vibration) and static/learn.js (the lesson's marks) hear
// "gin:swap", dispatched on document after each new table (swap.js).

import { install as installStart } from "./start.js";

installStart();

function ready() {
  const table = document.getElementById("table") || document.getElementById("live") ||
    document.querySelector("#matches:not([hidden]) [data-notify]");
  const loaded = table ? import("./play.js").then((play) => play.start()) : Promise.resolve();
  // The table's keys and taps are live from here (tests wait for it).
  loaded.then(() => document.documentElement.setAttribute("data-play-ready", ""));
}

// A module runs once the page is parsed, like a deferred script.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
else ready();
