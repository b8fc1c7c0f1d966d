{#- sw.js — the service worker (served as <base>/sw.js by app/routes/install.py, scope
    <base>/, where base is the app's sub-path, "" at the root; static/app.js registers it
    after the page's load event, when the browser is idle).
    Context: version (str: changes with any static file), files_json (JSON list of the
    versioned static URLs the offline page needs: app.routes.install.OFFLINE_FILES),
    offline_url, static_prefix (<base>/static/).
    Its install fetches only the offline page and files_json (already in the HTTP cache
    after a visit: nothing else on the wire). Every other static file enters its cache
    when a page fetches it (runtime caching): under the URL as asked, versioned (?v=<hash>)
    as the page names it, or without the hash as a module's imports name it (those are
    matched against a versioned entry too). A page that loaded before the worker controlled
    it (the first visit) posts the static files it fetched ({keep: [urls]}, static/app.js);
    the worker keeps those it lacks, fetched as usual: a versioned file from the HTTP cache
    (nothing on the wire), a module's bare URL revalidated (a 304), so the next visit
    fetches the page alone. It answers only static files (cache first) and failed page
    navigations (the offline page). Game state never touches its cache. -#}
/* Gin Rummy service worker {{ version }}: static files and the offline page only. */
"use strict";
const CACHE = "gin-static-{{ version }}";
const FILES = {{ files_json|safe }};
const OFFLINE = "{{ offline_url }}";
const STATIC = "{{ static_prefix }}";

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE)
      .then((cache) => cache.addAll([...FILES, new Request(OFFLINE, { cache: "reload" })]))
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(
        keys.filter((key) => key.startsWith("gin-static-") && key !== CACHE)
          .map((key) => caches.delete(key))))
      .then(() => self.clients.claim())
  );
});

// A static file from the cache, else from the network, kept for next time. A versioned
// URL (?v=<hash>) is matched exactly; a module's own imports (static/table/*.js) come
// without the query and match either entry, so one page's modules are all of one
// version, offline too. The cache is this worker's version's: a new file, a new worker.
function staticFile(event, request, url) {
  return caches.open(CACHE).then((cache) =>
    cache.match(request, { ignoreSearch: !url.search }).then((hit) => hit ||
      fetch(request).then((response) => {
        if (response.status === 200 && response.type === "basic") {
          event.waitUntil(cache.put(request, response.clone()));
        }
        return response;
      })));
}

// The static files a page loaded before this worker controlled it: kept as if fetched
// through it. Only this origin's static files; at most 100 of them.
self.addEventListener("message", (event) => {
  const urls = event.data && Array.isArray(event.data.keep) ? event.data.keep : [];
  const wanted = urls.slice(0, 100).map((text) => {
    try { return new URL(text, self.location.href); } catch (error) { return null; }
  }).filter((url) => url && url.origin === self.location.origin &&
            url.pathname.startsWith(STATIC));
  event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(wanted.map((url) =>
    cache.match(url.href, { ignoreSearch: !url.search }).then((hit) => hit ||
      fetch(url.href).then((response) => {
        if (response.status === 200 && response.type === "basic") {
          return cache.put(url.href, response);
        }
        return undefined;
      }).catch(() => undefined))))));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;  // posts and taps always go to the server
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(STATIC)) {
    event.respondWith(staticFile(event, request, url));
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(
      fetch(request).catch(() =>
        caches.match(OFFLINE).then((page) =>
          page || new Response("No connection.", {
            status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" },
          })))
    );
  }
});
