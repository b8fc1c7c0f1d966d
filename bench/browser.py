"""Play table in a real browser (Playwright + system Chromium): taps, frames and queues.

Run: ``nice -n 10 .venv/bin/python bench/browser.py [--turns 40] [--taps 200]``
(starts its own server on a fresh SQLite database; needs /usr/bin/chromium).

Prints (the targets of docs/benchmarks.md in brackets):

* requests per turn of a scripted strategy (pass on the upcard offer, a turn of its own;
  else draw from the stock, tap the card whose discard leaves the least deadwood and tap
  it again to discard, or knock or go gin with it) [≤ 2], and requests made by selecting
  cards [0];
* selection tap → painted frame, p50/p95: from the tap's ``pointerdown`` timestamp to
  the first frame after the selection (a ``requestAnimationFrame`` callback followed by
  a task) [p95 ≤ 50 ms];
* the same selection figure at 360×640 with the page's CPU slowed ``--slowdown`` times
  (default 4, DevTools' "cheap phone" setting);
* server taps (draw, discard) with 150 ms added round trip (Chromium network emulation
  through the DevTools protocol), tap → painted frame with the answer, p50/p95
  [p95 ≤ 150 + 60 ms];
* 200 taps fired at human speed (one every 250–350 ms, each chosen from what the screen
  shows at that moment, so some land while a request is in flight) with 400 ms added
  round trip: taps made, requests sent, refused as illegal by then, lost [0].

Your own hand in motion (issue 26; ``--motion-turns``, alone with ``--motion-only``): the
scripted strategy at 390×844 with the CPU slowed ``--slowdown`` times and 150 ms added
round trip, a sort button every fifth turn, the deals of new hands included. A probe reads
where every card of the hand is in every frame (``requestAnimationFrame``):

* cards of your hand that changed place (by more than 10 px: not a selected card's lift)
  between two moments at rest without being seen
  at any position strictly between the two (for a card new to the hand: never seen away
  from its place) [0 with motion on];
* frames longer than 50 ms while an animation runs (``requestAnimationFrame`` deltas) and
  long animation frames (``PerformanceObserver``, ``long-animation-frame``) [0];
* tap → first frame showing the change, p50/p95: a discard (the card leaving for the
  pile, before the answer) [≤ 50 ms] and a draw (the drawn card in the hand, after it);
* first-load bytes of the play screen (a fresh cache): on the wire and decoded.

Taps at 390x844 (issue 48; ``--tap-turns``, ``--sequences``, alone with ``--taps-only``),
with reduced motion off and on, the CPU slowed ``--slowdown`` times and 150 ms added
round trip; ``uptime``'s load printed beside the figures:

* tap -> first visible change, p50/p95/max, over ``--tap-turns`` turns of the scripted
  strategy: select (the card raised), draw (the drawn card or its flyer), discard (the
  card leaving the hand, or its flyer) and pass (the button pressed) [each <= 50 ms];
* ``--sequences`` (default 100) quick sequences: Draw, then at once a card and Discard,
  counting the discards that did not land: another card of the hand or the card just
  drawn discarded instead, none with or without a reason in the status line [0];
* frames over 50 ms while an animation runs and long animation frames over 50 ms [0];
  of those frames, the ones with an animation running at both ends of the gap (cards
  moving across it; the others end the frame that started a motion).

What moves is tracked without ``document.getAnimations()`` (``TRACKER``: it forced a
style update in every frame), and the bench's own waits poll every ``POLL_MS`` instead
of in every animation frame: the frames measured are the app's.

The hand's look (issue 48; alone with ``--cards-only``): at 360×640, 390×844
and 844×390, at the discard step (11 cards), with Normal and Large cards: the hand's card
width and height (CSS px), its rows (cards whose tops differ by less than half a card
share a row) and the felt left empty (the table's height that none of its parts covers).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.core.db import run_migrations  # noqa: E402

CHROMIUM = "/usr/bin/chromium"

# What moves, known without asking the page to bring its style up to date: every
# Web Animation the page starts (Element.animate, wrapped) and every CSS transition or
# animation (their run/start and end/cancel events), each counted while its target is in
# the page. Asking ``document.getAnimations()`` in every frame (as the probes did before
# 2026-12-06) forces a style update of the page in that frame: the bench's own work.
# ``window.__moving(within)``: an animation is running (its target inside ``within``, a
# selector, if given); CSS transitions count only without ``within`` (a card's lift).
TRACKER = """
(function () {
  const live = new Set();
  const native = Element.prototype.animate;
  Element.prototype.animate = function () {
    const a = native.apply(this, arguments);
    live.add(a);
    const drop = () => live.delete(a);
    a.addEventListener('finish', drop);
    a.addEventListener('cancel', drop);
    a.addEventListener('remove', drop);
    return a;
  };
  const css = new Map();  // element -> CSS transitions and animations running on it
  function count(e, by) {
    const n = (css.get(e.target) || 0) + by;
    if (n > 0) css.set(e.target, n); else css.delete(e.target);
  }
  for (const on of ['transitionrun', 'animationstart'])
    document.addEventListener(on, e => count(e, 1), true);
  for (const off of ['transitionend', 'transitioncancel', 'animationend', 'animationcancel'])
    document.addEventListener(off, e => count(e, -1), true);
  window.__moving = function (within) {
    for (const a of live) {
      const t = a.effect && a.effect.target;
      if (!t || !t.isConnected) { if (!t || a.playState === 'finished') live.delete(a); continue; }
      if (a.playState === 'running' && (!within || t.closest(within))) return true;
    }
    if (within) return false;
    for (const [e] of css) { if (e.isConnected) return true; css.delete(e); }
    return false;
  };
})();
"""

# How often the bench's own waits look at the page (ms): not in every animation frame
# (Playwright's default), which ran the predicate inside the frames being measured.
POLL_MS = 100


# Stamps every tap (pointerdown) and the first frame painted after the screen answers
# it: a selection (change event) or a swapped table (a new #table element).
PROBE = """
window.__frames = {select: [], server: []};
let pending = null;
function painted(kind, t0) {
  requestAnimationFrame(() => setTimeout(() => window.__frames[kind].push(performance.now() - t0)));
}
document.addEventListener('pointerdown', e => { pending = e.timeStamp; }, true);
document.addEventListener('change', e => {
  if (e.target.name === 'card' && pending !== null) { painted('select', pending); pending = null; }
}, true);
new MutationObserver(ms => { for (const m of ms) for (const n of m.addedNodes)
  if (n.id === 'table' && window.__serverTap !== undefined) {
    painted('server', window.__serverTap); window.__serverTap = undefined; }
}).observe(document, {childList: true, subtree: true});
document.addEventListener('pointerdown', e => {
  const b = e.target.closest && e.target.closest('button[type=submit], .slot');
  if (b && (b.matches('button') || b.querySelector('input:checked')))
    window.__serverTap = e.timeStamp;
}, true);
"""


# Where each card of the hand is in each frame, at rest or moving (see the docstring).
HAND_PROBE = """
window.__hand = {jumps: [], checked: 0, long: [], across: [], frames: 0, loaf: 0,
                 discard: [], draw: [], sorts: 0};
try {
  new PerformanceObserver(list => { window.__hand.loaf += list.getEntries()
    .filter(e => e.duration > 50).length; }).observe({type: 'long-animation-frame'});
} catch (e) { window.__hand.loaf = null; }
(function () {
  let rest = null;      // code -> [x, y] at the last moment at rest
  let seen = {};        // code -> [[x, y], ...] since then
  let last = null;
  let tap = null;       // {kind, t0, code, codes}
  function centres() {
    const out = {};
    for (const slot of document.querySelectorAll('.hand .slot[data-card]')) {
      if (slot.classList.contains('slot--gone')) continue;
      const r = slot.querySelector('.card').getBoundingClientRect();
      out[slot.dataset.card] = [r.left + r.width / 2, r.top + r.height / 2];
    }
    return out;
  }
  function between(a, m, b) {
    const axis = Math.abs(b[0] - a[0]) >= Math.abs(b[1] - a[1]) ? 0 : 1;
    const lo = Math.min(a[axis], b[axis]), hi = Math.max(a[axis], b[axis]);
    return m[axis] > lo + 1 && m[axis] < hi - 1;
  }
  function judge(now) {
    for (const code in now) {
      const end = now[code], was = rest[code], path = seen[code] || [];
      // More than 10 px: a card's place, not the selected card's lift (0.5rem).
      if (was && Math.abs(was[0] - end[0]) <= 10 && Math.abs(was[1] - end[1]) <= 10) continue;
      window.__hand.checked++;
      const ok = was ? path.some(p => between(was, p, end))
        : path.some(p => Math.abs(p[0] - end[0]) > 4 || Math.abs(p[1] - end[1]) > 4);
      if (!ok) window.__hand.jumps.push(code);
    }
  }
  function painted(list, t0) { setTimeout(() => list.push(performance.now() - t0)); }
  document.addEventListener('pointerdown', e => {
    const t = e.target.closest && e.target.closest('#a-draw_stock, #a-discard, .slot');
    if (!t) return;
    const codes = Object.keys(centres());
    if (t.id === 'a-draw_stock') tap = {kind: 'draw', t0: e.timeStamp, codes};
    else if (t.id === 'a-discard' || t.querySelector('input:checked')) {
      const on = document.querySelector('.hand input[name=card]:checked');
      if (on) tap = {kind: 'discard', t0: e.timeStamp, code: on.value, codes};
    }
  }, true);
  let was = false;
  function frame(t) {
    const running = window.__moving();
    if (last !== null && running) {
      window.__hand.frames++;
      if (t - last > 50) window.__hand.long.push(t - last);
      if (t - last > 50 && was) window.__hand.across.push(t - last);
    }
    last = t; was = running;
    const now = centres();
    if (tap && tap.kind === 'discard' && (!now[tap.code] || document.querySelector('.flyer'))) {
      painted(window.__hand.discard, tap.t0); tap = null;
    } else if (tap && tap.kind === 'draw' && (document.querySelector('.flyer')
               || Object.keys(now).some(c => !tap.codes.includes(c)))) {
      painted(window.__hand.draw, tap.t0); tap = null;
    }
    for (const code in now) (seen[code] = seen[code] || []).push(now[code]);
    const quiet = !running && !document.documentElement.classList.contains('is-busy')
      && !document.querySelector('.flyer, .ghost');
    if (quiet) {
      if (rest) judge(now);
      rest = now; seen = {};
    }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
})();
"""


# Issue 48's taps at 390x844: every tap (pointerdown) waits in order for its first visible
# change, checked in each frame (requestAnimationFrame) and stamped after it (a task):
# select, the card raised (its radio checked); draw, a new card in the hand or a new
# flyer; discard, the card leaving the hand (gone, or a new flyer); pass, the Pass button
# pressed (aria-pressed) or gone (a tap unseen for 5 s is dropped, its kind kept in
# ``unseen``). Each stamp is [kind, window.__tapMode, ms]. Frames over
# 50 ms while an animation runs (requestAnimationFrame deltas) and long animation frames
# over 50 ms (PerformanceObserver) are counted too.
TAP_PROBE = """
window.__taps = {stamps: [], unseen: [], long: [], across: [], frames: 0, loaf: 0,
                downs: []};
window.__tapMode = 'paced';
// A new match loads a new page: what the last page counted goes on (sessionStorage).
try {
  const kept = JSON.parse(sessionStorage.getItem('bench-taps') || 'null');
  if (kept) { window.__taps = kept.taps; window.__tapMode = kept.mode; }
} catch (e) {}
addEventListener('pagehide', () => { try { sessionStorage.setItem('bench-taps',
  JSON.stringify({taps: window.__taps, mode: window.__tapMode})); } catch (e) {} });
try {
  new PerformanceObserver(list => { window.__taps.loaf += list.getEntries()
    .filter(e => e.duration > 50).length; }).observe({type: 'long-animation-frame'});
} catch (e) { window.__taps.loaf = null; }
(function () {
  const open = [];
  const flyers = new WeakSet();
  let last = null;
  function codes() {
    return [...document.querySelectorAll('.hand .slot[data-card]')]
      .filter(s => !s.classList.contains('slot--gone')).map(s => s.dataset.card);
  }
  function newFlyer() {
    const f = [...document.querySelectorAll('.flyer')].find(e => !flyers.has(e));
    if (f) flyers.add(f);
    return !!f;
  }
  let swapped = null;
  document.addEventListener('gin:swap', () => { swapped = performance.now(); });
  document.addEventListener('pointerdown', e => {
    const hit = e.target.closest && e.target.closest('[id], .slot');
    // What the press hit, the card then flying into the hand, and when after the last
    // answer's swap it was made.
    const flying = document.querySelector('.hand .slot.is-flying');
    window.__taps.downs.push((hit ? (hit.id || 'slot ' + hit.dataset.card) : e.target.tagName)
      + (flying ? ' (' + flying.dataset.card + ' in flight)' : '')
      + (swapped === null ? '' : ', ' + Math.round(e.timeStamp - swapped)
         + ' ms after the answer'));
    const t = e.target.closest
      && e.target.closest('#a-draw_stock, #a-discard, #a-pass, .hand .slot');
    if (!t) return;
    const on = document.querySelector('.hand input[name=card]:checked');
    const input = t.querySelector('input[name=card]');
    let tap = null;
    if (t.id === 'a-draw_stock') tap = {kind: 'draw', codes: codes()};
    else if (t.id === 'a-pass') tap = {kind: 'pass'};
    else if (t.id === 'a-discard') tap = {kind: 'discard', code: on ? on.value : null};
    else if (input && input.checked) tap = {kind: 'discard', code: input.value};
    else if (input) tap = {kind: 'select', code: input.value};
    if (!tap) return;
    document.querySelectorAll('.flyer').forEach(f => flyers.add(f));
    tap.t0 = e.timeStamp; tap.mode = window.__tapMode;
    open.push(tap);
  }, true);
  function seen(tap) {
    if (tap.kind === 'select') {
      const r = document.getElementById('c-' + tap.code);
      return !r || r.checked;
    }
    if (tap.kind === 'pass') {
      const b = document.getElementById('a-pass');
      return !b || b.disabled || b.getAttribute('aria-pressed') === 'true';
    }
    if (tap.kind === 'draw') return newFlyer() || codes().some(c => !tap.codes.includes(c));
    if (!tap.code) {  // Discard tapped before a card was chosen: the one selected now
      const on = document.querySelector('.hand input[name=card]:checked');
      if (on) tap.code = on.value;
      return newFlyer();
    }
    return newFlyer() || !codes().includes(tap.code);
  }
  let was = false;
  function frame(t) {
    const running = window.__moving();
    if (last !== null && running) {
      window.__taps.frames++;
      if (t - last > 50) window.__taps.long.push(t - last);
      if (t - last > 50 && was) window.__taps.across.push(t - last);
    }
    last = t; was = running;
    // Oldest first (an earlier tap claims a new flyer); a tap unseen for 5 s is dropped.
    for (const tap of [...open]) {
      const shown = seen(tap);
      if (!shown && t - tap.t0 < 5000) continue;
      open.splice(open.indexOf(tap), 1);
      if (!shown) { window.__taps.unseen.push(tap.kind); continue; }
      setTimeout(() => window.__taps.stamps.push([tap.kind, tap.mode,
                                                  performance.now() - tap.t0]));
    }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
})();
"""


def wait(page: Any, expression: str, arg: Any = None, timeout: float | None = None) -> None:
    """``page.wait_for_function`` polled every ``POLL_MS`` (checked at once first)."""
    page.wait_for_function(expression, arg=arg, timeout=timeout, polling=POLL_MS)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def start_server(db_url: str, port: int, app: Path = ROOT) -> subprocess.Popen[bytes]:
    """The app of the checkout ``app`` (this one by default) served on ``port``."""
    env = {**os.environ, "DATABASE_URL": db_url, "HOST": "127.0.0.1", "PORT": str(port),
           "WORKERS": "1", "LOG_LEVEL": "warning", "DAILY_PARS": "0"}
    process = subprocess.Popen([sys.executable, "-m", "app"], cwd=app, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(600):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2).status_code == 200:
                return process
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    process.kill()
    raise RuntimeError(f"the server of {app} did not start")


def version(page: Any) -> str:
    return str(page.evaluate("() => document.querySelector('#table').dataset.version"))


def wait_change(page: Any, before: str) -> None:
    wait(page, "v => document.querySelector('#table').dataset.version !== v",
         arg=before, timeout=20_000)


def latency(page: Any, ms: int) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": ms, "downloadThroughput": -1, "uploadThroughput": -1})


def cpu_slowdown(page: Any, rate: float) -> None:
    """Slow the page's CPU ``rate`` times (Chromium's throttling, as DevTools' "4x slowdown")."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})


def new_match(page: Any, base: str) -> None:
    page.goto(base + "/play/new")
    page.get_by_role("button", name="Start match").click()
    page.wait_for_url(base + "/play")
    page.locator("#table").wait_for()


def click_center(page: Any, selector: str) -> None:
    xy = centre(page, selector)
    if xy is None:
        raise RuntimeError(f"{selector} is not on the screen")
    page.mouse.click(*xy)


def tap_card(page: Any, code: str, aim: bool = True) -> None:
    """Tap the hand's card ``code`` where it shows (in the fan the next card covers most of
    it): the middle of its part in sight across its middle (else its top), where it is the
    topmost card (as a person aims: not its edge, which a slide of a few pixels gives to
    the next card); with ``aim``, once the hand has stopped moving."""
    if aim:
        wait(page, "() => !window.__moving('.hand')")
    slot = f".hand .slot[data-card='{code}'] .card"
    wait(page, "s => document.querySelector(s)", arg=slot)
    point = page.evaluate(CARD_POINT, code)
    page.mouse.click(point[0], point[1])


def new_context(browser: Any, **options: Any) -> Any:
    """A browser context whose pages run ``TRACKER`` (what moves, cheaply)."""
    context = browser.new_context(**options)
    context.add_init_script(TRACKER)
    return context


def probed_match(browser: Any, base: str, width: int = 390, height: int = 844, *,
                 probe: str = PROBE, slowdown: float = 1.0, round_trip: int = 0,
                 **options: Any) -> tuple[Any, Any, list[str]]:
    """A fresh context (own cookie) running ``probe`` (a script; the frame probe by
    default), its page's CPU slowed ``slowdown`` times and ``round_trip`` ms added to
    each request (from the start, as on a slow phone), on a new match: (context, page,
    the URLs of its POST requests so far). ``options``: more of the context's (such as
    ``reduced_motion``)."""
    context = new_context(browser, viewport={"width": width, "height": height}, **options)
    context.add_init_script(probe)
    page = context.new_page()
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    if slowdown != 1:
        cpu_slowdown(page, slowdown)
    if round_trip:
        latency(page, round_trip)
    new_match(page, base)
    return context, page, posts


def play_turns(page: Any, base: str, posts: list[str], turns: int) -> None:
    """Play ``turns`` turns of the scripted strategy."""
    played = 0
    while played < turns:
        played += play_turn(page, base, posts)[2]


def play_turn(page: Any, base: str, posts: list[str]) -> tuple[int, int, int]:
    """One turn of the scripted strategy: (requests, selection requests, is a full turn)."""
    before = len(posts)
    if page.locator(".result").count():
        if page.locator("#a-next_hand").count():
            v = version(page)
            click_center(page, "#a-next_hand")
            wait_change(page, v)
        else:
            new_match(page, base)
        return (0, 0, 0)
    if page.locator("#a-pass:not([disabled])").count():  # the upcard offer: a turn of its own
        v = version(page)
        click_center(page, "#a-pass")
        wait_change(page, v)
        return (len(posts) - before, 0, 1)
    if page.locator("#a-draw_stock:not([disabled])").count():
        v = version(page)
        click_center(page, "#a-draw_stock")
        wait_change(page, v)
    if page.locator(".result").count() or not page.locator("[data-acts]").count():
        return (len(posts) - before, 0, 1)
    cards = page.evaluate("() => [...document.querySelectorAll('.hand input[name=card]')]"
                          ".filter(r => (r.dataset.acts || '').includes('discard'))"
                          ".map(r => [r.value, +r.dataset.left, r.dataset.acts])")
    code, _, acts = min(cards, key=lambda c: c[1])
    selecting = len(posts)
    tap_card(page, code)
    wait(page, "c => document.querySelector('#c-' + c).checked", arg=code)
    selection_requests = len(posts) - selecting
    v = version(page)
    if "gin" in acts.split():
        click_center(page, "#a-gin")
    elif "knock" in acts.split():
        click_center(page, "#a-knock")
    else:
        tap_card(page, code)  # tap the selected card again: discard
    wait_change(page, v)
    wait(page, "() => !document.documentElement.classList.contains('is-busy')")
    return (len(posts) - before, selection_requests, 1)


def human_taps(page: Any, taps: int, rng: random.Random, base: str) -> dict[str, int]:
    """Fire taps at human speed from what the screen shows now (not waiting for answers)."""
    made = 0
    while made < taps:
        page.wait_for_timeout(rng.randint(250, 350))
        if page.locator(".match-end").count():
            wait(page, "() => !document.documentElement.classList.contains('is-busy')")
            new_match(page, base)
            continue
        kind = page.evaluate("""() => {
          const enabled = s => { const b = document.querySelector(s);
            return b && !b.disabled && b.offsetParent !== null ? b : null; };
          const tap = b => {
            b.dispatchEvent(new PointerEvent('pointerdown', {bubbles: true, isPrimary: true}));
            b.dispatchEvent(new PointerEvent('pointerup', {bubbles: true, isPrimary: true}));
            b.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true, detail: 1}));
          };
          for (const s of ['#a-next_hand', '#a-pass', '#a-draw_stock']) {
            const b = enabled(s); if (b) { tap(b); return 'server'; } }
          const radios = [...document.querySelectorAll('.hand input[name=card]')]
            .filter(r => (r.dataset.acts || '').includes('discard'));
          if (!radios.length) return 'none';
          const on = radios.find(r => r.checked);
          if (on) { tap(on); return 'server'; }
          const best = radios.reduce((a, b) => (+a.dataset.left <= +b.dataset.left ? a : b));
          tap(best); return 'select';
        }""")
        if kind == "server":
            made += 1
    wait(page, "() => !document.documentElement.classList.contains('is-busy')",
         timeout=60_000)
    return {"made": made}


def first_load_bytes(browser: Any, context: Any, base: str) -> tuple[int, int]:
    """Bytes of the play screen's first load in a fresh cache (this browser's match):
    (on the wire, decoded)."""
    fresh = new_context(browser, viewport={"width": 390, "height": 844},
                                storage_state=context.storage_state())
    page = fresh.new_page()
    page.goto(base + "/play")
    page.wait_for_load_state("load")
    sizes = page.evaluate("""() => {
      const all = [...performance.getEntriesByType('navigation'),
                   ...performance.getEntriesByType('resource')];
      return [all.reduce((n, e) => n + e.transferSize, 0),
              all.reduce((n, e) => n + e.decodedBodySize, 0)]; }""")
    fresh.close()
    return int(sizes[0]), int(sizes[1])


def motion_pass(browser: Any, base: str, turns: int, slowdown: float) -> None:
    """Your own hand in motion at 390×844, slowed CPU, 150 ms round trip (docstring)."""
    context, page, posts = probed_match(browser, base, probe=HAND_PROBE, slowdown=slowdown,
                                        round_trip=150)
    played = 0
    sorts = ["suit", "melds", "rank"]
    while played < turns:
        played += play_turn(page, base, posts)[2]
        if played and played % 5 == 0 and page.locator("#board").count():
            key = sorts[(played // 5) % 3]
            if page.locator(f"#sort-{key}[aria-pressed=false]").count():
                click_center(page, f"#sort-{key}")
                wait(page,
                    "k => document.querySelector('#sort-' + k)?.getAttribute('aria-pressed')"
                    " === 'true'", arg=key, timeout=20_000)
                page.evaluate("window.__hand.sorts++")
    # The last moves come to rest.
    wait(page, "() => !window.__moving()"
         " && !document.documentElement.classList.contains('is-busy')",
         timeout=20_000)
    page.wait_for_timeout(200)
    hand = page.evaluate("window.__hand")
    print(f"Your hand in motion, {turns} turns at 390x844, CPU slowed {slowdown:g}x, 150 ms "
          f"added round trip ({hand['sorts']} sorts): {hand['checked']} cards changed place, "
          f"{len(hand['jumps'])} without an intermediate position (target 0)")
    longest = max(hand["long"], default=0.0)
    print(f"Frames during an animation: {hand['frames']}, {len(hand['long'])} over 50 ms "
          f"(longest {longest:.0f} ms; target 0), {len(hand['across'])} of them with an "
          f"animation running at both ends; long animation frames over 50 ms: {hand['loaf']}")
    for kind, target in (("discard", " (target <= 50 ms)"), ("draw", "")):
        values = hand[kind]
        if values:
            print(f"Tap -> first visible change, {kind}, {len(values)} taps: "
                  f"p50 {statistics.median(values):.0f} ms, p95 {percentile(values, 95):.0f} ms"
                  f"{target}")
    wire, decoded = first_load_bytes(browser, context, base)
    print(f"First load of the play screen (fresh cache): {wire / 1024:.1f} KB on the wire, "
          f"{decoded / 1024:.1f} KB decoded")
    context.close()


def load() -> str:
    """The machine's load averages (``uptime``'s 1, 5 and 15 minutes), to print beside figures."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def to_draw_step(page: Any, base: str, posts: list[str]) -> None:
    """Next hand, pass on the upcard offer, or wait for the computer, until the person
    may draw from the stock."""
    for _ in range(200):
        wait(page, "() => !document.documentElement.classList.contains('is-busy')"
             " && !document.querySelector('.flyer')", timeout=30_000)
        if page.locator("#a-draw_stock:not([disabled])").count():
            return
        # A result, the upcard offer or the person's discard: the strategy's turn.
        if page.locator(".result, #a-pass:not([disabled]), [data-acts]").count():
            play_turn(page, base, posts)
        else:
            page.wait_for_timeout(100)  # the computer's turn is still arriving
    raise RuntimeError("never reached the draw step")


HAND_CODES = ("() => [...document.querySelectorAll('.hand .slot[data-card]')]"
              ".map(s => s.dataset.card)")

# Where a person aims at the hand's card ``c``: the middle of its part in sight across
# its middle (else its top), where it is the topmost card (tap_card).
CARD_POINT = """c => {
  const slot = document.querySelector('.hand .slot[data-card="' + c + '"]');
  const r = slot.querySelector('.card').getBoundingClientRect();
  for (const y of [r.top + r.height / 2, r.top + 4]) {
    const xs = [];
    for (let x = r.left + 2; x < r.right; x += 3) {
      const hit = document.elementFromPoint(x, y);
      if (hit && hit.closest('.slot') === slot) xs.push(x);
    }
    if (xs.length) return [xs[Math.floor(xs.length / 2)], y];
  }
  return [r.left + r.width / 2, r.top + r.height / 2];
}"""


def quick_sequence(page: Any, base: str, posts: list[str], touch: Any = None) -> str:
    """Tap Draw, then at once a card of the hand and Discard (no waiting between the
    taps); once the table is idle: ``"landed"`` (the card left the hand), ``"another"``
    (another card of the hand did: the tap found a neighbour of the card aimed at),
    ``"drawn"`` (the card just drawn did: the tap found it where the card aimed at was
    shown before the draw's answer), ``"refused"`` (none, with a reason in the status
    line), ``"lost"`` (none, without a word) or ``"no button"`` (Discard not on screen to
    tap for 2 s).

    With ``touch`` (a DevTools session of the page) the taps are a finger's: touches aimed
    at what the screen showed before the first, ``TOUCH_GAP_S`` apart, each stamped with
    the time it is made (``Input.dispatchTouchEvent``'s ``timestamp``), as a phone stamps
    a touch when the finger lands, however busy the page is then. Without it they are
    Playwright's mouse clicks, each sent once the page has answered the one before and
    stamped then (on a page busy with an answer, later than a person's)."""
    to_draw_step(page, base, posts)
    held = page.evaluate(HAND_CODES)
    code = held[-1]
    if touch is not None:
        wait(page, "() => !window.__moving('.hand')")
        stock = centre(page, "#a-draw_stock")
        if stock is None:
            raise RuntimeError("the stock is not on the screen")
        aims = [stock, page.evaluate(CARD_POINT, code)]
        start = time.time()
        for i, xy in enumerate(aims):
            finger(touch, xy, max(time.time(), start + i * TOUCH_GAP_S))
    else:
        click_center(page, "#a-draw_stock")
        tap_card(page, code, aim=False)
    for _ in range(20):  # on screen (a person taps what they see): at once, or within 2 s
        xy = centre(page, "#a-discard")
        if xy is not None:
            if touch is not None:
                finger(touch, xy, max(time.time(), start + 2 * TOUCH_GAP_S))
            else:
                page.mouse.click(*xy)
            break
        page.wait_for_timeout(100)
    else:
        return "no button"
    wait(page, "() => !document.documentElement.classList.contains('is-busy')"
         " && !document.querySelector('.flyer')", timeout=30_000)
    if not page.locator(f".hand .slot[data-card='{code}']:not(.slot--gone)").count():
        return "landed"
    now = page.evaluate(HAND_CODES)
    if now and not set(held) <= set(now):
        return "another"
    if sorted(now) == sorted(held):  # as many cards as before the draw: the drawn one went
        downs = page.evaluate("window.__taps ? window.__taps.downs.slice(-3) : []")
        print(f"  drawn card discarded: {code} aimed at, the last taps hit {downs}")
        return "drawn"
    refused = page.locator(".play-status__refused").count() > 0
    downs = page.evaluate("window.__taps ? window.__taps.downs.slice(-3) : []")
    if refused:  # what was said, and what the last taps hit (the card aimed at, then Discard)
        said = page.locator(".play-status__refused").first.text_content() or ""
        print(f"  refused: {code} aimed at, {said.strip()!r}, the last taps hit {downs}")
    else:
        print(f"  lost: {code} aimed at, the last taps hit {downs}")
    if page.locator("[data-acts]").count():  # still the person's discard: make it
        play_turn(page, base, posts)
    return "refused" if refused else "lost"


# Seconds between a quick player's touches (Draw, the card, Discard).
TOUCH_GAP_S = 0.12


def centre(page: Any, selector: str) -> list[float] | None:
    """The middle of ``selector``'s first element on the screen: [x, y] CSS px, or None
    when it has no box on the screen (read once: it may go between two reads)."""
    box = page.locator(selector).first.bounding_box()
    return None if box is None else [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]


def finger(touch: Any, xy: list[float], at: float) -> None:
    """A tap of one finger at ``xy`` through the DevTools session ``touch``, landing at
    ``at`` (seconds since the epoch) and lifted 60 ms later."""
    touch.send("Input.dispatchTouchEvent", {
        "type": "touchStart", "touchPoints": [{"x": xy[0], "y": xy[1]}], "timestamp": at})
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": [],
                                            "timestamp": at + 0.06})


def tap_pass(browser: Any, base: str, turns: int, sequences: int, slowdown: float,
             reduced: bool, touch: bool = False) -> None:
    """Issue 48's taps at 390x844, CPU slowed ``slowdown`` times, 150 ms added round trip,
    with or without reduced motion: ``turns`` turns of the scripted strategy (tap ->
    first visible change of select, draw, discard and pass), then ``sequences`` quick
    draw -> card -> Discard sequences (taps lost; with ``touch`` a phone's touches, each
    stamped when made: quick_sequence), frames over 50 ms throughout."""
    motion = "reduce" if reduced else "no-preference"
    context, page, posts = probed_match(browser, base, probe=TAP_PROBE, slowdown=slowdown,
                                        round_trip=150, reduced_motion=motion,
                                        has_touch=touch, is_mobile=touch)
    fingers = context.new_cdp_session(page) if touch else None
    play_turns(page, base, posts, turns)
    page.evaluate("window.__tapMode = 'quick'")
    outcomes = {"landed": 0, "another": 0, "drawn": 0, "refused": 0, "lost": 0, "no button": 0}
    for _ in range(sequences):
        outcomes[quick_sequence(page, base, posts, fingers)] += 1
    page.wait_for_timeout(200)  # the last stamps (a task after their frame)
    taps = page.evaluate("window.__taps")
    where = (f"390x844, reduced motion {'on' if reduced else 'off'}, CPU slowed {slowdown:g}x, "
             f"150 ms added round trip; load {load()}")
    print(f"Taps at {where}:")
    for kind in ("select", "draw", "discard", "pass"):
        for mode, name in (("paced", f"{turns} turns of the strategy"),
                           ("quick", "quick sequences")):
            values = [ms for k, m, ms in taps["stamps"] if k == kind and m == mode]
            if values:
                print(f"  tap -> first visible change, {kind} ({name}), {len(values)} taps: "
                      f"p50 {statistics.median(values):.0f} ms, p95 {percentile(values, 95):.0f}"
                      f" ms, max {max(values):.0f} ms (target <= 50 ms)")
    if taps["unseen"]:
        print(f"  taps with no visible change within 5 s: {', '.join(taps['unseen'])}")
    taps_by = ("touches, each stamped when made" if touch
               else "mouse clicks, each stamped when the page takes it")
    print(f"  quick Draw -> card -> Discard sequences ({taps_by}): {sequences}, discard landed "
          f"{outcomes['landed']}, another card discarded {outcomes['another']}, the drawn card "
          f"discarded {outcomes['drawn']}, refused with a "
          f"reason {outcomes['refused']}, lost without a "
          f"word {outcomes['lost']}, Discard not on screen for 2 s {outcomes['no button']} "
          "(target 0 not landed)")
    longest = max(taps["long"], default=0.0)
    print(f"  frames during an animation: {taps['frames']}, {len(taps['long'])} over 50 ms "
          f"(longest {longest:.0f} ms; target 0), {len(taps['across'])} of them with an "
          f"animation running at both ends; long animation frames over 50 ms: {taps['loaf']}")
    context.close()


# The hand's cards at rest: width, height, rows, and the felt's empty height.
CARD_PROBE = """() => {
  const cards = [...document.querySelectorAll('.hand .slot')]
    .filter(s => !s.querySelector('input:checked'))
    .map(s => s.querySelector('.card').getBoundingClientRect());
  const tops = [];
  for (const r of cards)
    if (!tops.some(t => Math.abs(t - r.top) < r.height / 2)) tops.push(r.top);
  // The felt's height that none of its parts covers (the union of their heights).
  const board = document.querySelector('#board').getBoundingClientRect();
  const parts = ['.opponent', '.piles', '.mine__head', '.hand', '.hand-note', '.play-actions',
                 '.toolbar'].map(s => document.querySelector('#board ' + s))
    .filter(Boolean).map(e => e.getBoundingClientRect()).sort((a, b) => a.top - b.top);
  let covered = 0, end = -Infinity;
  for (const r of parts) {
    covered += Math.max(0, r.bottom - Math.max(r.top, end));
    end = Math.max(end, r.bottom);
  }
  return {count: cards.length, width: cards[0].width, height: cards[0].height, rows: tops.length,
          empty: board.height - covered};
}"""


def to_discard_step(page: Any, base: str, posts: list[str]) -> None:
    """Pass or draw (a new hand after a result) until the person has a card to discard."""
    for _ in range(20):
        if page.locator("[data-acts]").count() and page.locator("#board").count():
            return
        if page.locator(".result").count():
            play_turn(page, base, posts)
            continue
        for button in ("#a-pass", "#a-draw_stock"):
            if page.locator(f"{button}:not([disabled])").count():
                v = version(page)
                click_center(page, button)
                wait_change(page, v)
                break
        else:
            page.wait_for_timeout(100)  # the computer's turn is still arriving
    raise RuntimeError("never reached the discard step")


def card_sizes(browser: Any, base: str) -> None:
    """The hand's card size, rows and empty felt at the discard step (docstring)."""
    for size in ("normal", "large"):
        for width, height in ((360, 640), (390, 844), (844, 390)):
            context = new_context(browser, viewport={"width": width, "height": height})
            page = context.new_page()
            posts: list[str] = []
            page.goto(base + "/settings")
            page.locator(f"#card_size-{size}").check()
            page.get_by_role("button", name="Save settings").click()
            page.wait_for_url("**/settings?saved=1")
            for attempt in range(3):  # a hand that ends at once: a new match
                try:
                    new_match(page, base)
                    to_discard_step(page, base, posts)
                    wait(page, "() => !window.__moving()")
                    break
                except Exception:  # noqa: BLE001 (Playwright's timeout)
                    if attempt == 2:
                        raise
            m = page.evaluate(CARD_PROBE)
            print(f"Hand at {width}x{height}, {size} cards, discard step: {m['count']} cards "
                  f"of {m['width']:.1f} x {m['height']:.1f} CSS px in {m['rows']} row(s); "
                  f"{m['empty']:.0f} px of empty felt")
            context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--taps", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--slowdown", type=float, default=4.0,
                        help="CPU slowdown of the cheap-phone passes")
    parser.add_argument("--motion-turns", type=int, default=40)
    parser.add_argument("--motion-only", action="store_true",
                        help="only the pass of your own hand in motion")
    parser.add_argument("--cards-only", action="store_true",
                        help="only the hand's card size and rows")
    parser.add_argument("--tap-turns", type=int, default=20,
                        help="turns of the strategy in the pass of issue 48's taps")
    parser.add_argument("--sequences", type=int, default=100,
                        help="quick Draw -> card -> Discard sequences, each motion setting")
    parser.add_argument("--taps-only", action="store_true",
                        help="only the pass of issue 48's taps (both motion settings)")
    parser.add_argument("--touch", action="store_true",
                        help="the quick sequences by touch, each touch stamped when made")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    workdir = Path(tempfile.mkdtemp(prefix="gin-bench-"))
    db_url = f"sqlite:///{workdir / 'gin.db'}"
    run_migrations(db_url)
    port = 18_000 + os.getpid() % 1000
    base = f"http://127.0.0.1:{port}"
    server = start_server(db_url, port)
    rng = random.Random(args.seed)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            if args.cards_only:
                card_sizes(browser, base)
                browser.close()
                return
            if args.taps_only:
                for reduced in (False, True):
                    tap_pass(browser, base, args.tap_turns, args.sequences, args.slowdown,
                             reduced, args.touch)
                browser.close()
                return
            if args.motion_only:
                motion_pass(browser, base, args.motion_turns, args.slowdown)
                browser.close()
                return
            # 1. Requests per turn and selection frames, local server.
            context, page, posts = probed_match(browser, base, 390, 844)
            requests, selecting, turns = 0, 0, 0
            while turns < args.turns:
                r, s, t = play_turn(page, base, posts)
                requests, selecting, turns = requests + r, selecting + s, turns + t
            frames = page.evaluate("window.__frames.select")
            print(f"Scripted strategy, {turns} turns: {requests / turns:.2f} requests per turn "
                  f"(target <= 2), {selecting} requests made by selecting cards (target 0)")
            print(f"Selection tap -> painted frame, {len(frames)} taps: "
                  f"p50 {statistics.median(frames):.1f} ms, p95 {percentile(frames, 95):.1f} ms "
                  "(target p95 <= 50 ms)")
            context.close()
            # 1b. The same selections on a cheap phone: the page's CPU slowed four times.
            context, page, posts = probed_match(browser, base, 360, 640)
            cpu_slowdown(page, args.slowdown)
            play_turns(page, base, posts, max(10, args.turns // 2))
            frames = page.evaluate("window.__frames.select")
            print(f"Selection tap -> painted frame at 360x640 with the CPU slowed "
                  f"{args.slowdown:g}x, {len(frames)} taps: "
                  f"p50 {statistics.median(frames):.1f} ms, p95 {percentile(frames, 95):.1f} ms")
            context.close()
            # 2. Server taps at 150 ms round trip.
            context, page, posts = probed_match(browser, base, 390, 844)
            latency(page, 150)
            play_turns(page, base, posts, max(10, args.turns // 2))
            served = page.evaluate("window.__frames.server")
            print(f"Server taps at 150 ms added round trip, {len(served)} taps: "
                  f"p50 {statistics.median(served):.0f} ms, p95 {percentile(served, 95):.0f} ms "
                  "(target p95 <= 210 ms)")
            context.close()
            # 3. Human-speed taps at 400 ms round trip: none may be lost.
            context = new_context(browser, viewport={"width": 390, "height": 844})
            page = context.new_page()
            posts = []
            refused: list[int] = []
            page.on("request", lambda r: posts.append(r.url)
                    if r.method == "POST" and r.url.endswith("/play") else None)
            page.on("response", lambda r: refused.append(r.status)
                    if r.request.method == "POST" and r.status in (400, 409) else None)
            new_match(page, base)
            latency(page, 400)
            posts.clear()
            result = human_taps(page, args.taps, rng, base)
            lost = result["made"] - len(posts)
            print(f"Human-speed taps at 400 ms added round trip: {result['made']} taps, "
                  f"{len(posts)} requests, {len(refused)} refused as illegal by then, "
                  f"{lost} lost (target 0)")
            context.close()
            motion_pass(browser, base, args.motion_turns, args.slowdown)
            for reduced in (False, True):
                tap_pass(browser, base, args.tap_turns, args.sequences, args.slowdown, reduced,
                         args.touch)
            card_sizes(browser, base)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
