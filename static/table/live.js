// A friend match, and the other matches in progress.
//
// * #live hears "<version>-<away>" from its data-events (an EventSource, "move" events)
//   or, where EventSource fails (twice), by polling its data-pulse every 2 s; a change
//   fetches the table like a tap (queued with the taps: queue.js) and plays the friend's
//   move out. The waiting page (#live with data-version, no table) opens data-open once
//   the friend has joined.
// * Several matches at once: #live also hears "turn" events (another friend match
//   moved; polling asks every 10 s): the notice #turns and the list #matches are fetched
//   again from its data-matches and swapped in by htmx. Where the person pressed "Notify
//   me" (data-notify) and the browser granted it, a match that became their turn shows
//   a Notification while the tab is hidden (never asked for on load).
// * The invite page's Copy (data-copy-target) and Share (data-share-url) buttons.

import { state } from "./state.js";
import { BASE, table, word } from "./page.js";
import { enqueue } from "./queue.js";

const POLL_MS = 2000;
const MATCHES_EVERY = 5;          // polls: the other matches every 10 s
const NOTIFY_KEY = "gin-notify-turns";

function onPulse(text) {
  const parts = String(text || "").trim().split("-");
  if (parts.length !== 2) return;
  const t = table();
  const live = document.getElementById("live");
  if (!t) {
    if (live && live.dataset.version && parts[0] !== live.dataset.version) {
      location.replace(live.dataset.open || BASE + "/play");
    }
    return;
  }
  if (parts[0] === t.dataset.version && parts[1] === (t.dataset.away || "0")) return;
  if (state.refreshQueued) return;
  state.refreshQueued = true;
  enqueue({ refresh: true });
}

function poll() {
  const live = document.getElementById("live");
  if (!live || !live.dataset.pulse) return;
  fetch(live.dataset.pulse, { credentials: "same-origin" })
    .then(function (response) { return response.status === 200 ? response.text() : ""; })
    .then(onPulse)
    .catch(function () {});
}

function startPolling() {
  if (state.polling !== null) return;
  state.polling = setInterval(function () {
    poll();
    state.polls += 1;
    if (state.polls % MATCHES_EVERY === 0) fetchMatches();
  }, POLL_MS);
}

function wantsNotifications() {
  try { return localStorage.getItem(NOTIFY_KEY) === "1"; } catch (e) { return false; }
}

function turnIds(element) {
  const text = element ? element.getAttribute("data-turns") || "" : "";
  return text ? text.split(" ") : [];
}

// A notification for each match that became the person's turn, only while this tab is
// hidden, only where the browser grants it and only once the person asked (the button).
function notifyTurns(turns) {
  const ids = turnIds(turns);
  const before = state.turnsKnown || [];
  state.turnsKnown = ids;
  if (!document.hidden || !wantsNotifications() || !("Notification" in window)) return;
  if (Notification.permission !== "granted") return;
  ids.forEach(function (id) {
    if (before.indexOf(id) >= 0) return;
    const link = turns.querySelector('a[href$="match=' + id + '"]');
    const text = link ? link.getAttribute("data-turn-text") : "";
    try {
      const note = new Notification(text || document.title, { tag: "gin-turn-" + id });
      note.onclick = function () { window.focus(); location.assign(link.href); };
    } catch (e) { /* a browser that only notifies from a service worker: the notice stays */ }
  });
}

// #turns and #matches again (htmx swaps each one the answer has in place of the page's).
// #turns keeps the page's first layout (its own row, or floating): the table never moves
// because another match started or ended.
function fetchMatches() {
  const live = document.getElementById("live");
  if (!live || !live.dataset.matches) return;
  fetch(live.dataset.matches, { credentials: "same-origin" })
    .then(function (response) {
      if (window.ginLanguageChanged && window.ginLanguageChanged(response)) return "";
      return response.ok ? response.text() : "";
    })
    .then(function (text) {
      if (!text) return;
      const old = document.getElementById("turns");
      const row = !!old && old.classList.contains("turns--row");
      window.htmx.swap(document.body, text,
        { swapStyle: "none", swapDelay: 0, settleDelay: 0, ignoreTitle: true },
        { selectOOB: "#turns,#matches" });
      const fresh = document.getElementById("turns");
      if (fresh) fresh.classList.toggle("turns--row", row);
      setupNotify();
      notifyTurns(fresh);
    })
    .catch(function () {});
}

function setupNotify() {
  const button = document.querySelector("[data-notify]");
  const on = document.querySelector("[data-notify-on]");
  if (!button || !("Notification" in window)) return;
  const granted = Notification.permission === "granted" && wantsNotifications();
  button.hidden = granted || Notification.permission === "denied";
  if (on) on.hidden = !granted;
  if (button.dataset.wired) return;
  button.dataset.wired = "1";
  button.addEventListener("click", function () {
    // Asked only now, on the person's own tap: never on load.
    Promise.resolve(Notification.requestPermission()).then(function (answer) {
      if (answer === "granted") {
        try { localStorage.setItem(NOTIFY_KEY, "1"); } catch (e) { /* kept for this page */ }
      }
      setupNotify();
    });
  });
}

// The stream carries only "<version>-<away>", so a plain EventSource is all it needs.
// It reconnects by itself after a dropped connection; one the server closed for good
// (a 204: no friend match here) or two errors in a row fall back to polling.
function listen(live) {
  const source = new EventSource(live.dataset.events);
  source.addEventListener("move", function (event) { onPulse(event.data); });
  // Another friend match moved: ask whether it is now the person's turn there.
  source.addEventListener("turn", function () { fetchMatches(); });
  source.addEventListener("open", function () {
    state.sseErrors = 0;
    fetchMatches();  // what moved while the page was loading or the stream was down
    if (state.polling !== null) { clearInterval(state.polling); state.polling = null; }
  });
  source.addEventListener("error", function () {
    state.sseErrors += 1;
    if (state.sseErrors >= 2 || source.readyState === EventSource.CLOSED) startPolling();
  });
}

function setupShare() {
  document.querySelectorAll("[data-copy-target]").forEach(function (button) {
    if (!navigator.clipboard) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      const field = document.getElementById(button.dataset.copyTarget);
      navigator.clipboard.writeText(field.value).then(function () { button.textContent = word("copied", "Copied"); });
    });
  });
  document.querySelectorAll("[data-share-url]").forEach(function (button) {
    if (!navigator.share) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      navigator.share({ title: "Play gin with me", url: button.dataset.shareUrl }).catch(function () {});
    });
  });
}

// On load: the notice's matches known, the notify button, the stream (or the poll).
export function setupLive() {
  state.turnsKnown = turnIds(document.getElementById("turns"));
  setupNotify();
  const live = document.getElementById("live");
  if (!live) return;
  if (!window.EventSource || !live.dataset.events || live.hasAttribute("data-poll")) startPolling();
  else listen(live);
  setupShare();
}
