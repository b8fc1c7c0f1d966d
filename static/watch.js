// A watched friend match (friend/watch.html): live, read-only.
//
// The page's own address is the watch link: its "/events" stream (EventSource) says
// "move" with the match's version; a new version fetches "/view" (the table alone, the
// template's `view` block) and swaps it into #watch, and the new status is read out by
// #watch-news. "gone" (the link was stopped) fetches the view once more, which then
// says so. Where EventSource fails twice, "/view" is polled every 2 s instead. Nothing
// here holds a card: the server sends only what is public.

const POLL_MS = 2000;
const here = location.pathname.replace(/\/+$/, "");
const root = document.getElementById("watch");
let busy = false;
let again = false;
let failures = 0;
let polling = null;

function shownVersion() {
  const section = root && root.querySelector("[data-version]");
  return section ? section.getAttribute("data-version") : "";
}

function announce() {
  const news = document.getElementById("watch-news");
  const status = root.querySelector("#watch-status");  // a stopped link's role=alert speaks for itself
  const move = root.querySelector(".watch__move");
  if (news) news.textContent = [move && move.textContent, status && status.textContent]
    .filter(Boolean).join(" ");
}

function refresh() {
  if (busy) { again = true; return; }
  busy = true;
  fetch([here, "view"].join("/"), { headers: { "HX-Request": "true" }, cache: "no-store",
                          credentials: "same-origin" })
    .then(function (response) {
      if (response.status !== 200 && response.status !== 404) return null;
      return response.text();
    })
    .then(function (html) {
      if (html === null) return;
      root.innerHTML = html;
      announce();
      if (!shownVersion()) stop();
    })
    .catch(function () {})
    .finally(function () {
      busy = false;
      if (again) { again = false; refresh(); }
    });
}

let source = null;

function stop() {
  if (source) source.close();
  if (polling !== null) clearInterval(polling);
  polling = null;
}

function listen() {
  if (!("EventSource" in window)) { polling = setInterval(refresh, POLL_MS); return; }
  source = new EventSource([here, "events"].join("/"));
  source.addEventListener("move", function (event) {
    failures = 0;
    if (String(event.data) !== shownVersion()) refresh();
  });
  source.addEventListener("gone", function () { stop(); refresh(); });
  source.addEventListener("error", function () {
    failures += 1;
    if (failures >= 2 && polling === null) {
      source.close();
      polling = setInterval(refresh, POLL_MS);
    }
  });
}

if (root) listen();
