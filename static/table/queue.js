// The table's own request queue (docs/adr/0001): taps reach the server one at a time, in
// the order they were made, each with the version the previous answer brought.
//
// * A tap posts with fetch (header HX-Request: the route answers with the status and
//   table blocks, as it does for htmx); swap.js puts the answer in with htmx.
// * A tap made while a request is in flight is queued and sent after it, first checked
//   against the new table: a repeat that has become illegal (its button disabled, its
//   card gone) is dropped without a word (stillLegal).
// * A friend's move is fetched through the same queue ({refresh: true}), so it never
//   overtakes a tap.
// * #table has aria-busy, and <html> the class is-busy, while a request is in flight.

import { state } from "./state.js";
import { postUrl, shownMatch, table, word, acts } from "./page.js";
import { describeFocus } from "./focus.js";
import { handCodes, merged } from "./arrange.js";
import { DRAWS, putBack, showDiscard, showDraw } from "./motion.js";
import { swap } from "./swap.js";

// Queue a tap: {id, name, value, card} (a button: its id, the field it posts and the
// card it takes), {arrange: codes} (the hand's new order) or {refresh: true}.
export function enqueue(intent) {
  intent.queued = state.busy;
  state.queue.push(intent);
  if (!state.busy) next();
}

// A tap queued behind a request is checked again against the table that request brought:
// its button gone, disabled or now meaning another move (Take upcard became Take
// discard), or its card no longer in the hand (or not allowed that move), and it is
// dropped in silence. That is an impatient repeat (a double tap on Discard, Pass or the
// stock), not a move to refuse with a red message. A tap still legal is sent.
function stillLegal(intent) {
  if (!intent.queued || intent.refresh || !intent.id) return true;
  const button = document.getElementById(intent.id);
  if (!button || button.disabled || (intent.name && button.value !== intent.value)) return false;
  if (!intent.card) return true;
  const radio = document.getElementById("c-" + intent.card);
  return !!radio && acts(radio).indexOf(intent.value) >= 0;
}

function busy(on) {
  state.busy = on;
  document.documentElement.classList.toggle("is-busy", on);
  if (on && table()) table().setAttribute("aria-busy", "true");
}

// Sends the next tap still legal, or marks the table idle when none is left.
function next() {
  let intent = state.queue.shift();
  while (intent && !stillLegal(intent)) intent = state.queue.shift();
  if (!intent) {
    busy(false);
    return;
  }
  busy(true);
  (intent.refresh ? fetchTable() : post(intent)).then(next);
}

// A friend's move: the table fetched again, played out like a tap's answer. It must not
// move the focus: restored only if it was in the table.
function fetchTable() {
  state.refreshQueued = false;
  let keepFocus = describeFocus();
  if (keepFocus && keepFocus.lost) keepFocus = { keep: true };
  return fetch(postUrl() + shownMatch(), { credentials: "same-origin", headers: { "HX-Request": "true" } })
    .then(function (response) { return response.text(); })
    .then(function (text) {
      if (text.indexOf('id="table"') < 0) { location.reload(); return; }
      swap(text, keepFocus);
    })
    .catch(function () {});
}

// The form a tap posts: the table's version and match, then the tap's own fields.
function formOf(intent) {
  const body = new URLSearchParams();
  const version = document.querySelector('#table input[name="version"]');
  if (version) body.set("version", version.value);
  // The match this table shows: a tap acts on it, whatever another tab opened since.
  const match = document.querySelector('#table input[name="match"]');
  if (match) body.set("match", match.value);
  if (intent.arrange) {
    // Sent with the version of the table it is sent from, against the cards held now.
    intent.arrange = merged(intent.arrange, handCodes());
    body.set("arrange", intent.arrange.join(" "));
  }
  if (intent.name) body.set(intent.name, intent.value);
  if (intent.card) body.set("card", intent.card);
  return body;
}

// What the server said when it could not act: thrown, caught by post().
function refusal(response, text) {
  if (response.status === 503) {  // the database cannot save just now: say why
    const said = new DOMParser().parseFromString(text, "text/html").querySelector("[role=alert] p");
    return { said: said ? said.textContent : "" };
  }
  const error = new Error("status " + response.status);
  // 429 (fair use): the server's own words say how long to wait.
  if (response.status === 429) {
    error.said = new DOMParser().parseFromString(text, "text/html").body.textContent.trim();
  }
  return error;
}

function post(intent) {
  const body = formOf(intent);
  const focus = describeFocus();
  if (intent.value === "discard" && intent.card) showDiscard(intent.card);
  else if (DRAWS.indexOf(intent.value) >= 0) showDraw(intent.value);
  return fetch(postUrl(), {
    method: "POST", body: body, credentials: "same-origin",
    headers: { "HX-Request": "true" }
  }).then(function (response) {
    return response.text().then(function (text) {
      if (response.redirected && text.indexOf('id="table"') < 0) {
        // Sent elsewhere (a match that could not be read was set aside): go there.
        location.assign(response.url);
        return;
      }
      if (response.status >= 500 || text.indexOf('id="table"') < 0) throw refusal(response, text);
      // An order stored while the next drag is under way: the table already shows it,
      // and a swap now would end that drag.
      if (intent.arrange && response.ok && state.drag && state.drag.active) {
        if (table()) table().removeAttribute("aria-busy");
        return;
      }
      // An order that crossed a friend's move (409: the version moved on) is sent once
      // more with the new version, against the cards held then (queued first, so that
      // the swap keeps showing it).
      if (intent.arrange && response.status === 409 && !intent.again) {
        state.queue.unshift({ arrange: intent.arrange, again: true });
      }
      swap(text, focus);
    });
  }).catch(function (error) {
    state.queue.length = 0;
    putBack();
    if (table()) table().removeAttribute("aria-busy");
    const status = document.getElementById("status");
    if (status) {
      const line = document.createElement("span");
      line.className = "play-status__refused";
      line.textContent = (error && error.said) || word("unreachable",
        "The server could not be reached, so nothing was changed: tap again.");
      status.replaceChildren(line);
    }
  });
}
