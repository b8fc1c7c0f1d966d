/* Gin Rummy — small script for every page (CSP: loaded from /static, no inline code).
 * A module (<script type="module">, deferred like the others).
 * - Registers the service worker (<base>/sw.js: static files and the offline page only)
 *   after the load event, once the browser is idle, so that its install (the offline
 *   page and its CSS) never competes with the page's own bytes. Once it is active, the
 *   page tells it which static files it loaded before the worker controlled it (the
 *   first visit), so that the next visit fetches the page alone.
 *   The app's sub-path ("" or e.g. "/gin") is read from <meta name="app-base">.
 * - A page of one language never shows a piece of another (issue 52): every answer the
 *   server renders says its language (Content-Language); one that differs from the
 *   page's <html lang> (the language was switched in another tab) is not swapped in, the
 *   page is loaded again instead. htmx's own requests are checked here (htmx:beforeSwap);
 *   the scripts that fetch pieces themselves (static/table/queue.js, live.js, start.js,
 *   static/score.js) call window.ginLanguageChanged(response) before they swap.
 * - Settings page: the preview follows the radio buttons before saving (the saved
 *   choice is applied by the server on <html>; this only previews it).
 * - A form field the browser refuses (a number past its max) inside a closed <details>
 *   (New match's table options): the disclosure opens, so the browser can point at the
 *   field; closed, the tap on the form's button did nothing and said nothing.
 */
const APP_BASE = (document.querySelector('meta[name="app-base"]') || {}).content || "";

if ("serviceWorker" in navigator && window.isSecureContext) {
  // Loaded without a worker: its files did not go through one (the first visit).
  const firstVisit = !navigator.serviceWorker.controller;
  const register = () => {
    navigator.serviceWorker.register(APP_BASE + "/sw.js", { scope: APP_BASE + "/" })
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => {
        if (!firstVisit) return;
        const prefix = location.origin + APP_BASE + "/static/";
        const keep = performance.getEntriesByType("resource")
          .map((entry) => entry.name).filter((url) => url.startsWith(prefix));
        if (keep.length && registration.active) registration.active.postMessage({ keep });
      })
      .catch(() => {});
  };
  window.addEventListener("load", () => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 1000);  // Safari: no idle callback
  });
}

// True (and the page reloading) when ``answer`` (a fetch Response or an XMLHttpRequest)
// was rendered in another language than this page's.
window.ginLanguageChanged = (answer) => {
  const said = answer && (answer.headers && answer.headers.get
    ? answer.headers.get("Content-Language")
    : answer.getResponseHeader && answer.getResponseHeader("Content-Language"));
  if (!said || said === document.documentElement.lang) return false;
  location.reload();
  return true;
};

document.addEventListener("htmx:beforeSwap", (event) => {
  if (window.ginLanguageChanged(event.detail.xhr)) event.detail.shouldSwap = false;
});

document.addEventListener("change", (event) => {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || input.type !== "radio") return;
  if (!input.closest(".settings-form")) return;
  const attribute = {
    card_size: "cardSize", deck: "deck", theme: "theme", motion: "motion",
  }[input.name];
  if (attribute) document.documentElement.dataset[attribute] = input.value;
});

// The browser's own check refused a field hidden in a closed disclosure: open it first
// (the "invalid" events come before the browser points at the first refused field).
document.addEventListener("invalid", (event) => {
  const closed = event.target.closest && event.target.closest("details:not([open])");
  if (closed) closed.open = true;
}, true);
