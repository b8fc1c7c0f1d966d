/* Gin Rummy — small script for every page (CSP: loaded from /static, no inline code).
 * A module (<script type="module">, deferred like the others).
 * - Registers the service worker (<base>/sw.js: static files and the offline page only)
 *   after the load event, once the browser is idle, so that its install (the offline
 *   page and its CSS) never competes with the page's own bytes.
 *   The app's sub-path ("" or e.g. "/gin") is read from <meta name="app-base">.
 * - Settings page: the preview follows the radio buttons before saving (the saved
 *   choice is applied by the server on <html>; this only previews it).
 */
const APP_BASE = (document.querySelector('meta[name="app-base"]') || {}).content || "";

if ("serviceWorker" in navigator && window.isSecureContext) {
  const register = () => {
    navigator.serviceWorker.register(APP_BASE + "/sw.js", { scope: APP_BASE + "/" })
      .catch(() => {});
  };
  window.addEventListener("load", () => {
    if ("requestIdleCallback" in window) window.requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 1000);  // Safari: no idle callback
  });
}

document.addEventListener("change", (event) => {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || input.type !== "radio") return;
  if (!input.closest(".settings-form")) return;
  const attribute = {
    card_size: "cardSize", deck: "deck", theme: "theme", motion: "motion",
  }[input.name];
  if (attribute) document.documentElement.dataset[attribute] = input.value;
});
