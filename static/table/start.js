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
      if (window.ginLanguageChanged && window.ginLanguageChanged(response)) return null;
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

// New match's scoring: a preset chosen shows its values in the fields (data-preset-values);
// a scoring field changed (inside [data-scoring]) makes the scoring the player's own.
function presets(event) {
  const input = event.target;
  const form = input && input.form;
  if (!form || !form.querySelector('input[name="preset"]')) return;
  if (input.name === "preset" && input.dataset.presetValues) {
    const values = JSON.parse(input.dataset.presetValues);
    Object.keys(values).forEach(function (name) {
      const field = form.elements.namedItem(name);
      if (!field) return;
      if (field.type === "checkbox") field.checked = !!values[name];
      else field.value = values[name];
    });
  } else if (input.closest("[data-scoring]")) {
    const own = form.querySelector('input[name="preset"][value="custom"]');
    if (own) own.checked = true;
  }
}

export function install() {
  document.addEventListener("change", presets);
  document.addEventListener("input", presets);
  document.addEventListener("submit", submit);
}
