{#- sw.js — the service worker (served as <base>/sw.js by app/routes/install.py, scope
    <base>/, where base is the app's sub-path, "" at the root).
    Context: version (str), files_json (JSON list of versioned static URLs), offline_url,
    static_prefix (<base>/static/).
    It answers only static files (cache first; their URLs carry a content hash, but a
    module's imports, which are matched without it) and failed page navigations (the
    offline page). Game state never touches its cache. -#}
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

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;  // posts and taps always go to the server
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith(STATIC)) {
    // A versioned URL (?v=<hash>) as the page names it; a module's own imports
    // (static/table/*.js) come without the query and are answered from the same cache,
    // so one page's modules are all of one version, offline too.
    event.respondWith(
      caches.match(request, { ignoreSearch: !url.search })
        .then((hit) => hit || fetch(request))
    );
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
