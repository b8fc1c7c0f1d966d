"""A link checker for the app's pages, as a browser would follow them (issue 30: the app
under a sub-path, ``BASE_PATH``, directly and behind a real proxy).

* ``Links`` — an HTML parser that collects every URL a page names (links, assets, forms
  and their buttons' ``formaction``, ``hx-*``, the event stream and pulse, the invite's
  share URL) with the method the browser would use, and ``<meta name="app-base">``;
* ``crawl(client, origin, base, starts, routed=None, kinds=None)`` — follow them from
  ``starts``: every fault in words (a URL outside ``origin + base + "/"``, a 404, 405 or
  5xx, a redirect outside the base; with ``routed``, a post or stream with no route);
* ``under_base(url, origin, base)``; ``summary(faults)`` — the faults once each.

GETs are fetched (a GET changes nothing); posts and the event stream are never sent.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import httpx

URL_ATTRIBUTES = {"href", "src", "action", "formaction", "hx-get", "hx-post", "hx-put",
                  "hx-delete", "data-events", "data-pulse", "data-share-url", "poster"}
MAX_FETCHES = 600


class Links(HTMLParser):
    """Every URL of a page: ``(attribute, value, method)``, ``method`` being how the
    browser would ask for it (a form's method for its action and its buttons'
    ``formaction``; GET for the rest; ``STREAM`` for an event stream)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[str, str, str]] = []
        self.form_method = "GET"
        self.meta_base: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "form":
            self.form_method = values.get("method", "get").upper()
        if tag == "meta" and values.get("name") == "app-base":
            self.meta_base = values.get("content", "")
        for name, value in values.items():
            if name not in URL_ATTRIBUTES:
                continue
            if name in ("action", "formaction"):
                method = self.form_method
            elif name in ("hx-post", "hx-put", "hx-delete"):
                method = name[3:].upper()
            elif name == "data-events":
                method = "STREAM"
            else:
                method = "GET"
            self.found.append((f"<{tag} {name}>", value, method))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.form_method = "GET"


def under_base(url: str, origin: str, base: str) -> bool:
    """True for a URL of this app: ``origin`` (``"https://host:port"``), its path at or
    below ``base + "/"``."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" == origin and parts.path.startswith(base + "/")


def crawl(client: httpx.Client, origin: str, base: str, starts: list[str],
          routed: Callable[[str, str], bool] | None = None,
          kinds: set[str] | None = None) -> list[str]:
    """Crawl from ``starts`` (app paths such as ``"/play"``) as ``client`` (which must not
    follow redirects), the app at ``origin + base``; every fault found, in words.
    ``routed(path, method)`` (optional) says whether a route answers a post or a stream
    at that full path; ``kinds`` collects the kinds of URL met (``"<form action> POST"``)."""
    faults: list[str] = []
    kinds = set() if kinds is None else kinds
    queue = [f"{origin}{base}{path}" for path in starts]
    seen: set[str] = set(queue)
    fetched = 0
    while queue and fetched < MAX_FETCHES:
        url = queue.pop(0)
        response = client.get(url)
        fetched += 1
        if response.status_code in (404, 405) or response.status_code >= 500:
            faults.append(f"{url}: {response.status_code}")
            continue
        if response.is_redirect:
            location = urljoin(url, response.headers["location"])
            if not under_base(location, origin, base):
                faults.append(f"{url}: redirects to {location}, outside {base}/")
            elif location.split("#")[0] not in seen:
                seen.add(location.split("#")[0])
                queue.append(location.split("#")[0])
            continue
        if not response.headers.get("content-type", "").startswith("text/html"):
            continue
        page = Links()
        page.feed(response.text)
        if page.meta_base != base:
            faults.append(f"{url}: <meta name=app-base> is {page.meta_base!r}, not {base!r}")
        for where, value, method in page.found:
            if value.startswith(("mailto:", "tel:", "data:")):
                continue
            kinds.add(f"{where} {method}")
            target = urljoin(url, value).split("#")[0]
            parts = urlsplit(target)
            if parts.netloc and f"{parts.scheme}://{parts.netloc}" != origin:
                continue  # another site (none today): not ours to check
            if not under_base(target, origin, base):
                faults.append(f"{url}: {where}={value!r} leaves {base}/")
            elif method == "GET":
                if target not in seen:
                    seen.add(target)
                    queue.append(target)
            elif routed and not routed(parts.path, "GET" if method == "STREAM" else method):
                faults.append(f"{url}: {where}={value!r} ({method}) has no route")
    assert fetched < MAX_FETCHES, "the crawl did not end: a link makes ever new URLs"
    return faults


def summary(faults: list[str]) -> str:
    """The faults once each, with how many pages have them and one of those pages."""
    kinds: dict[str, list[str]] = {}
    for fault in faults:
        page, _, what = fault.partition(": ")
        kinds.setdefault(re.sub(r"\?v=[0-9a-f]+", "?v=...", what), []).append(page)
    return "\n".join(f"{what} (on {len(pages)} pages, e.g. {pages[0]})"
                     for what, pages in sorted(kinds.items()))


