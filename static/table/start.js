// New match and Start match, on every page that has them (the New match page loads only
// this and page.js: static/table/main.js). Leaving the play screen takes one Back press:
// New match (data-replace) and Start match (data-start) replace the history entry instead
// of adding one.

import { BASE, DEAL_KEY } from "./page.js";

// Start match: posted here; its redirect replaces this history entry (the new table is
// then dealt on load, motion.js), a refusal's page replaces <main> (htmx swaps it).
function start(form, action) {
  const body = new URLSearchParams(new FormData(form));
  fetch(action, { method: "POST", body: body, credentials: "same-origin" })
    .then(function (response) {
      if (response.ok && response.redirected) {
        if (new URL(response.url).pathname === BASE + "/play") {
          try { sessionStorage.setItem(DEAL_KEY, "1"); } catch (e) { /* no deal then */ }
        }
        location.replace(response.url);
        return null;
      }
      return response.text().then(function (text) {
        if (text.indexOf("<main") < 0) { form.submit(); return; }
        window.htmx.swap("main", text, { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 0, ignoreTitle: true },
          { select: "main" });
      });
    })
    .catch(function () { form.submit(); });
}

function submit(event) {
  const form = event.target;
  if (form.hasAttribute("data-replace")) {
    // New match: replace this history entry, so one Back press leaves the play screen.
    event.preventDefault();
    location.replace(form.action);
    return;
  }
  if (form.hasAttribute("data-start")) {
    event.preventDefault();
    const by = event.submitter;
    start(form, by && by.hasAttribute("formaction") ? by.formAction : form.action);
  }
}

export function install() {
  document.addEventListener("submit", submit);
}
