// The table's own request queue (docs/adr/0001): taps reach the server one at a time, in
// the order they were made, each with the version the previous answer brought.
//
// * A tap posts with fetch (header HX-Request: the route answers with the status and
//   table blocks, as it does for htmx); swap.js puts the answer in with htmx, once the
//   discard it answers has landed on the pile (swapWhenStill).
// * A tap made while a request is in flight is queued and sent after it, first checked
//   against the new table: a repeat of the tap sent just before it that has become
//   illegal (its button disabled) is dropped without a word; any other tap no longer
//   open (its button gone or disabled, its card gone, or the card just taken) says why
//   in the status line (stillLegal). While a draw is in flight the card
//   buttons (Discard, Knock, Gin) take taps, so a Discard tapped then is queued.
// * A tap shows first (show()): before the rest of its work, from the layout the last
//   frame left clean. A discard queued behind a request (a draw) shows at once all the
//   same (motion.js: showDiscard, early), its card kept off the hands swapped in before
//   it is sent; dropped as stale, the card comes back.
// * A refused tap answered here (refuse()) says why in the status line, never nothing;
//   a tap shown before its answer (Pass, a discard) says what it is doing there
//   (sayPending), never the step it ended.
// * A friend's move is fetched through the same queue ({refresh: true}), so it never
//   overtakes a tap.
// * #table has aria-busy, and <html> the class is-busy, while a request is in flight.

import { state } from "./state.js";
import { CARD_ACTIONS, acts, labelOf, postUrl, selected, shownMatch, table, word } from "./page.js";
import { describeFocus } from "./focus.js";
import { handCodes, merged } from "./arrange.js";
import { DRAWS, putBack, showDiscard, showDraw } from "./motion.js";
import { swapWhenStill } from "./swap.js";

// Queue a tap: {id, name, value, card} (a button: its id, the field it posts and the
// card it takes), {arrange: codes} (the hand's new order) or {refresh: true}.
export function enqueue(intent) {
  intent.queued = state.busy;
  // Its button's words as they are now: the button may be gone when the tap is judged.
  if (intent.id && !intent.label) intent.label = labelOf(document.getElementById(intent.id));
  state.queue.push(intent);
  if (!state.busy) next();
  else if (intent.value === "discard" && intent.card) showDiscarding(intent.card, true);
}

// Why a tap could not be made, in the status line (the step it refused follows, as in
// the server's refusals): the tap is answered at once, never left without a word.
export function refuse(text) {
  const status = document.getElementById("status");
  if (!status || !text) return;
  const step = status.querySelector(".play-status__text:not(.play-status__pending), .play-status__then");
  const line = document.createElement("span");
  line.className = "play-status__refused";
  line.textContent = text;
  const parts = [line];
  if (step && step.textContent.trim()) {
    const then = document.createElement("span");
    then.className = "play-status__then";
    then.textContent = " " + step.textContent.trim();
    parts.push(then);
  }
  status.replaceChildren.apply(status, parts);
}

// What a card button (Discard, Knock, Gin: its label ``action``) says it cannot do with
// ``radio`` (the selected card, or null).
export function cardReason(radio, action) {
  if (!radio) return word("choose", "Select a card first, then tap %(action)s.", { action: action });
  if (acts(radio).indexOf("discard") < 0) return radio.dataset.note || "";
  return word("not_with", "Not with this card: %(note)s", { note: radio.dataset.note || "" });
}

// A tap queued behind a request is checked again against the table that request brought:
// its button gone, disabled or now meaning another move (Take upcard became Take
// discard), or its card gone, and it is not sent: in silence if it repeats the tap sent
// just before it (a double tap on Discard, Pass or the stock: that tap was made), else
// with the reason in the status line (Knock tapped during the draw, and no card lets
// you knock; Take discard tapped behind a draw from the stock). A card move (Discard,
// Knock, Gin) tapped before the card could be chosen (during the draw) takes the card
// selected now; one whose card cannot make that move says why. A tap still legal is
// sent.
function stillLegal(intent) {
  if (!intent.queued || intent.refresh || !intent.id) return true;
  const button = document.getElementById(intent.id);
  if (!button || button.disabled || (intent.name && button.value !== intent.value)) return notNow(intent);
  if (CARD_ACTIONS.indexOf(intent.value) < 0) return true;
  if (!intent.card && selected()) intent.card = selected().value;
  const radio = intent.card ? document.getElementById("c-" + intent.card) : null;
  if (radio && acts(radio).indexOf(intent.value) >= 0) return true;
  if (intent.card && !radio) return notNow(intent);  // gone already (a discard that landed)
  refuse(cardReason(radio, labelOf(button)));
  return false;
}

// A queued tap that can no longer be made (false: not sent): an impatient repeat of the
// tap sent last is dropped in silence, any other says so in the status line.
function notNow(intent) {
  const last = state.lastSent;
  const repeat = !!last && last.id === intent.id && last.value === intent.value;
  if (!repeat) refuse(word("not_now", "%(action)s is not open now.", { action: intent.label }));
  return false;
}

// While a draw is in flight, the card buttons (disabled at the draw step) take taps: one
// made now is queued (forms.js) and lands once the drawn card is in the hand. The answer's
// table brings the buttons as they are then.
function armCardButtons() {
  CARD_ACTIONS.forEach(function (name) {
    const button = document.getElementById("a-" + name);
    if (!button || !button.disabled) return;
    button.disabled = false;
    button.setAttribute("aria-disabled", "true");
  });
}

// The status line says what a tap shown before its answer is doing (Pass pressed, a
// card on its way to the pile), not the step it ended, until the answer replaces it.
function sayPending(text) {
  const status = document.getElementById("status");
  if (!status) return;
  const line = document.createElement("span");
  line.className = "play-status__text play-status__pending";
  line.textContent = text;
  status.replaceChildren(line);
}

// Pass answers at once: the button shows it is pressed and the status line says so
// until the answer replaces both.
function showPass(intent) {
  const button = document.getElementById(intent.id);
  if (button) button.setAttribute("aria-pressed", "true");
  sayPending(word("passing", "You pass…"));
}

// A discard shown at once (motion.js: showDiscard; ``early``: queued behind a request):
// the card leaves the hand, and the status line says it is being discarded, as the note
// under the hand no longer says to tap it again (select.js), until the answer.
function showDiscarding(code, early) {
  showDiscard(code, early);  // nothing if it is shown already
  const shown = early ? state.early : state.pending;
  if (shown && shown.code === code) sayPending(word("discarding", "You discard…"));
}

function busy(on) {
  state.busy = on;
  document.documentElement.classList.toggle("is-busy", on);
  if (on && table()) table().setAttribute("aria-busy", "true");
}

// A queued discard shown when it was tapped (motion.js: showDiscard, early).
function shownEarly(intent) {
  return !!state.early && intent.value === "discard" && intent.card === state.early.code;
}

// Sends the next tap still legal, or marks the table idle when none is left.
function next() {
  let intent = state.queue.shift();
  while (intent && !stillLegal(intent)) {
    if (shownEarly(intent)) putBack(true);
    intent = state.queue.shift();
  }
  if (!intent) {
    busy(false);
    return;
  }
  state.lastSent = intent;
  // The tap shows first, from the layout the last frame left clean (its rects are read
  // before anything is written), then the rest of its work is done.
  if (!intent.refresh) show(intent);
  busy(true);
  (intent.refresh ? fetchTable() : post(intent)).then(next);
}

// What a tap shows at once, before the answer: a discard leaves the hand for the pile, a
// draw leaves its pile, Pass is pressed.
function show(intent) {
  if (shownEarly(intent)) {   // shown when it was tapped (enqueue)
    state.pending = state.early;
    state.early = null;
    showDiscarding(intent.card);  // the status line again (the answers before replaced it)
  } else if (intent.value === "discard" && intent.card) showDiscarding(intent.card);
  else if (DRAWS.indexOf(intent.value) >= 0) {
    showDraw(intent.value);
    armCardButtons();
  } else if (intent.value === "pass") showPass(intent);
}

// A friend's move: the table fetched again, played out like a tap's answer. It must not
// move the focus: restored only if it was in the table.
function fetchTable() {
  state.refreshQueued = false;
  let keepFocus = describeFocus();
  if (keepFocus && keepFocus.lost) keepFocus = { keep: true };
  return fetch(postUrl() + shownMatch(), { credentials: "same-origin", headers: { "HX-Request": "true" } })
    .then(function (response) {
      return window.ginLanguageChanged && window.ginLanguageChanged(response) ? "" : response.text();
    })
    .then(function (text) {
      if (!text) return;
      if (text.indexOf('id="table"') < 0) { location.reload(); return; }
      return swapWhenStill(text, keepFocus);
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
  return fetch(postUrl(), {
    method: "POST", body: body, credentials: "same-origin",
    headers: { "HX-Request": "true" }
  }).then(function (response) {
    // Another language than the page's (switched in another tab): the page reloads.
    if (window.ginLanguageChanged && window.ginLanguageChanged(response)) return;
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
      return swapWhenStill(text, focus, !response.ok);
    });
  }).catch(function (error) {
    state.queue.length = 0;
    putBack();
    putBack(true);
    const pass = document.getElementById("a-pass");
    if (pass) pass.removeAttribute("aria-pressed");
    if (table()) table().removeAttribute("aria-busy");
    refuse((error && error.said) || word("unreachable",
      "The server could not be reached, so nothing was changed: tap again."));
  });
}
