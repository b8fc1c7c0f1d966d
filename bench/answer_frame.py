"""The frame that swaps in a tap's answer, read from Chromium's trace (issue 48).

Run: ``nice -n 10 .venv/bin/python bench/answer_frame.py [--turns 8] [--rounds 2]
[--app DIR ...]`` (a server per ``--app``, a checkout of the app served by this one's
Python, e.g. the branch point's from ``git worktree add``; default: this checkout).

At 390x844, the page's CPU slowed ``--slowdown`` times (default 4) and 150 ms added round
trip, ``--turns`` turns of bench/browser.py's scripted strategy (draw, select, discard
by a second tap; a new hand after a result) under Chromium's trace (``devtools.timeline``
and ``blink.user_timing``). Each ``htmx.swap`` of an answer is marked (an init script
wraps it); its frame runs from the start of the task that swapped to the end of the next
``Commit`` (the frame that shows it). Printed per app, p50 / p90 / max over the answers:

* the frame's main-thread time (the renderer main thread's tasks in that window), and
  the thread's CPU time in them (``tdur``: without the waits for a CPU that the
  machine's load adds, so steadier across loads; the throttling's own work is in it);
* of it: the swapping task, and the frame's own style (``UpdateLayoutTree``), layout
  and paint (``PrePaint``, ``Paint``, ``Layerize``, ``Commit``), forced or not;
* the elements restyled in the window (``UpdateLayoutTree``'s ``elementCount``).

``--reinsert N``: instead, a new match's table at its first discard step put in again
from its own markup ``N`` times (no network: each time from the insertion to two frames
later), the same table every time, so the steady part of an answer's cost; ``--slowdown
1`` for the CPU not slowed. With ``--faces JC,QC,...`` the table's faces show those cards'
art in turn (each art's ``<use>`` pointed at the card's symbol; the indices left), so the
sides compare the same faces whatever the deals (``--faces courts``: the 12 court cards,
the heaviest art); each round prints how many of the table's faces are court cards.

``--restyle N``: instead, at that same step, the hand's slides started and ended ``N``
times (``is-moving`` set on the hand and taken off, as static/table/motion.js does when
an answer's slides start and once they are over), each with the style it forces read at
once: what that restyle costs the frame it falls in (CPU time), and how many elements it
restyles (the same ``--faces`` apply).

With several ``--app``, the apps take turns for ``--rounds`` rounds (A/B interleaved, the
same minutes); ``uptime``'s load is printed beside each pass.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app.core.db import run_migrations  # noqa: E402
from bench.browser import (  # noqa: E402
    CHROMIUM,
    cpu_slowdown,
    load,
    new_context,
    new_match,
    percentile,
    play_turn,
    probed_match,
    start_server,
    to_discard_step,
    wait,
)

# Marks every answer htmx swaps in (swap.js calls window.htmx.swap at each answer).
MARK = """
addEventListener('DOMContentLoaded', () => {
  const h = window.htmx;
  if (!h || h.__marked) return;
  const native = h.swap;
  h.swap = function () { performance.mark('answer-swap'); return native.apply(this, arguments); };
  h.__marked = true;
});
"""
CATEGORIES = ["devtools.timeline", "blink.user_timing", "disabled-by-default-devtools.timeline"]
FRAME_WORK = {"UpdateLayoutTree": "style", "Layout": "layout", "PrePaint": "paint",
              "Paint": "paint", "Layerize": "paint", "Commit": "paint"}


def _main_thread(events: list[dict[str, Any]], mark: str) -> list[dict[str, Any]]:
    """The complete events of the main thread of the renderer that made ``mark``."""
    pid = next(e["pid"] for e in events if e.get("name") == mark)
    mains = {e["tid"] for e in events if e.get("ph") == "M" and e.get("pid") == pid
             and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    return [e for e in events if e.get("pid") == pid and e.get("tid") in mains
            and e.get("ph") == "X" and "dur" in e]


def answer_frames(events: list[dict[str, Any]]) -> list[dict[str, float]]:
    """Each marked answer's frame in a trace: its main-thread time and parts (ms)."""
    marks = [e for e in events if e.get("name") == "answer-swap" and e.get("ph") in ("R", "I", "n")]
    if not marks:
        return []
    main = _main_thread(events, "answer-swap")
    tasks = sorted((e for e in main if e["name"] in ("RunTask", "ThreadControllerImpl::RunTask")),
                   key=lambda e: e["ts"])
    commits = sorted(e["ts"] + e["dur"] for e in main if e["name"] == "Commit")
    out = []
    for mark in marks:
        at = mark["ts"]
        task = next((t for t in tasks if t["ts"] <= at <= t["ts"] + t["dur"]), None)
        if task is None:
            continue
        start = task["ts"]
        end = next((c for c in commits if c > task["ts"] + task["dur"]), None)
        if end is None:
            continue
        within = [t for t in tasks if t["ts"] < end and t["ts"] + t["dur"] > start]
        busy = sum(min(t["ts"] + t["dur"], end) - max(t["ts"], start) for t in within)
        # the thread's own CPU time (not the time it waited for the CPU: the machine's
        # load, the throttling's pauses): the work, comparable across loads
        cpu = sum(t.get("tdur", 0) for t in within)
        parts = {"style": 0.0, "layout": 0.0, "paint": 0.0, "restyled": 0.0}
        for e in main:
            kind = FRAME_WORK.get(e["name"])
            if kind and start <= e["ts"] < end:
                parts[kind] += e["dur"] / 1000
                if kind == "style":
                    parts["restyled"] += (e.get("args", {}).get("elementCount") or 0)
        out.append({"frame": (end - start) / 1000, "busy": busy / 1000, "cpu": cpu / 1000,
                    "task": task["dur"] / 1000, **parts})
    return out


def traced_turns(browser: Any, base: str, turns: int, slowdown: float) -> list[dict[str, float]]:
    """``turns`` turns of the scripted strategy under the trace: the answers' frames."""
    context, page, posts = probed_match(browser, base, probe=MARK, slowdown=slowdown,
                                        round_trip=150)
    frames: list[dict[str, float]] = []
    played = 0
    while played < turns:
        browser.start_tracing(page=page, categories=CATEGORIES)
        try:
            played += play_turn(page, base, posts)[2]
            page.wait_for_timeout(600)  # the computer's turn and the frames after it
        finally:
            trace = json.loads(browser.stop_tracing())
        frames += answer_frames(trace["traceEvents"])
    context.close()
    return frames


# The table put in again from its own markup ``n`` times, each marked from the insertion
# to two frames later (what a swap costs the page, the same table every time).
REINSERT = """async n => {
  const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r)));
  const html = document.getElementById('table').outerHTML;
  for (let i = 0; i < n; i++) {
    performance.mark('reinsert-start');
    document.getElementById('table')
      .replaceWith(document.createRange().createContextualFragment(html));
    document.body.offsetHeight;
    await frame(); await frame();
    performance.mark('reinsert-end');
    await frame();
  }
}"""


# The hand's slides starting and ending ``n`` times: ``is-moving`` set on the hand and
# taken off (motion.js: tapWhereShown, settle), each followed by the style it forces read
# at once, marked (what each costs the frame it falls in).
RESTYLE = """async n => {
  const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r)));
  for (let i = 0; i < 2 * n; i++) {
    const hand = document.querySelector('#table .hand');
    performance.mark('reinsert-start');
    hand.classList.toggle('is-moving');
    getComputedStyle(hand.querySelector('.card')).pointerEvents;
    performance.mark('reinsert-end');
    await frame(); await frame();
  }
}"""


# The table's faces, and how many are court cards; with ``codes``, each face's art turned
# into those cards' first (in turn).
FACES = """codes => {
  const uses = [...document.querySelectorAll('#table .card__art use')];
  uses.forEach((use, i) => { if (codes.length) use.setAttribute('href',
    use.getAttribute('href').split('#')[0] + '#' + codes[i % codes.length]); });
  return [uses.length, uses.filter(u => /#[JQK]/.test(u.getAttribute('href'))).length];
}"""


COURTS = [rank + suit for rank in "JQK" for suit in "CDHS"]


def reinserted(browser: Any, base: str, times: int, slowdown: float,
               faces: list[str] | None = None, script: str = REINSERT) -> list[dict[str, float]]:
    """A new match's table at its first discard step (a new deal each call; its faces'
    art ``faces`` in turn if given), put in again ``times`` times under the trace: per
    time, the main thread's time, its CPU time, style, layout and paint (ms), and the
    elements restyled. ``script``: RESTYLE instead, the hand's slides started and ended
    ``times`` times (each a time)."""
    context = new_context(browser, viewport={"width": 390, "height": 844})
    page = context.new_page()
    posts: list[str] = []
    new_match(page, base)
    to_discard_step(page, base, posts)
    wait(page, "() => !document.documentElement.classList.contains('is-busy')"
         " && !window.__moving()", timeout=30_000)
    shown, court = page.evaluate(FACES, faces or [])
    print(f"  the table: {shown} faces, {court} of them court cards", flush=True)
    if slowdown != 1:
        cpu_slowdown(page, slowdown)
    browser.start_tracing(page=page, categories=CATEGORIES)
    try:
        page.evaluate(script, times)
    finally:
        events = json.loads(browser.stop_tracing())["traceEvents"]
    context.close()
    main = _main_thread(events, "reinsert-start")
    starts = sorted(e["ts"] for e in events if e.get("name") == "reinsert-start")
    ends = sorted(e["ts"] for e in events if e.get("name") == "reinsert-end")
    tasks = [e for e in main if e["name"] in ("RunTask", "ThreadControllerImpl::RunTask")]
    out = []
    for start, end in zip(starts, ends, strict=True):
        within = [t for t in tasks if t["ts"] < end and t["ts"] + t["dur"] > start]
        parts = {"style": 0.0, "layout": 0.0, "paint": 0.0, "restyled": 0.0}
        for e in main:
            kind = FRAME_WORK.get(e["name"])
            if kind and start <= e["ts"] < end:
                parts[kind] += e["dur"] / 1000
                if kind == "style":
                    parts["restyled"] += (e.get("args", {}).get("elementCount") or 0)
        out.append({"busy": sum(t["dur"] for t in within) / 1000,
                    "cpu": sum(t.get("tdur", 0) for t in within) / 1000, **parts})
    return out


def report(name: str, frames: list[dict[str, float]]) -> None:
    print(f"  {name}: {len(frames)} times")
    for key, label in (("busy", "main thread"),
                       ("cpu", "of it the thread's CPU time"), ("frame", "frame length"),
                       ("task", "the swapping task"), ("style", "style"), ("layout", "layout"),
                       ("paint", "paint, layerize, commit"), ("restyled", "elements restyled")):
        values = [f[key] for f in frames if key in f]
        if values:
            unit = "" if key == "restyled" else " ms"
            print(f"    {label}: p50 {statistics.median(values):.0f}{unit}, p90 "
                  f"{percentile(values, 90):.0f}{unit}, max {max(values):.0f}{unit}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--app", action="append", type=Path,
                        help="a checkout of the app to serve (repeat for A/B); default this one")
    parser.add_argument("--turns", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--slowdown", type=float, default=4.0)
    parser.add_argument("--reinsert", type=int, default=0,
                        help="instead of turns: the discard step's table put in again N "
                             "times a round")
    parser.add_argument("--restyle", type=int, default=0,
                        help="instead of turns: at the discard step, the hand's slides "
                             "started and ended N times (is-moving set and taken off)")
    parser.add_argument("--faces", default="",
                        help="with --reinsert: the table's faces' art these cards in turn "
                             "(JC,QC,...; 'courts': the 12 court cards)")
    args = parser.parse_args()
    apps = [a.resolve() for a in (args.app or [ROOT])]
    faces = COURTS if args.faces == "courts" else [c for c in args.faces.split(",") if c]
    if any(len(c) != 2 or c[0] not in "A23456789TJQK" or c[1] not in "CDHS" for c in faces):
        parser.error(f"--faces: cards as JC, 7H, TD (or 'courts'), not {args.faces!r}")
    from playwright.sync_api import sync_playwright

    workdir = Path(tempfile.mkdtemp(prefix="gin-frame-"))
    servers = []
    try:
        bases = []
        for i, app in enumerate(apps):
            db_url = f"sqlite:///{workdir / f'gin{i}.db'}"
            run_migrations(db_url)
            port = 19_000 + os.getpid() % 500 + i * 500
            servers.append(start_server(db_url, port, app))
            bases.append(f"http://127.0.0.1:{port}")
        results: dict[Path, list[dict[str, float]]] = {app: [] for app in apps}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            for r in range(args.rounds):
                order = list(zip(apps, bases, strict=True))
                if r % 2:
                    order.reverse()
                for app, base in order:
                    print(f"round {r + 1}, {app}: load {load()}", flush=True)
                    results[app] += (
                        reinserted(browser, base, args.reinsert, args.slowdown, faces)
                        if args.reinsert else
                        reinserted(browser, base, args.restyle, args.slowdown, faces, RESTYLE)
                        if args.restyle else
                        traced_turns(browser, base, args.turns, args.slowdown))
            browser.close()
        if args.reinsert:
            shown = f", its faces {args.faces}" if faces else ""
            print(f"The table put in again at 390x844{shown}, "
                  f"CPU slowed {args.slowdown:g}x, "
                  f"{args.reinsert} times x {args.rounds} rounds; load {load()}:")
        elif args.restyle:
            print(f"The hand's slides started and ended (is-moving) at 390x844, CPU slowed "
                  f"{args.slowdown:g}x, {args.restyle} times x {args.rounds} rounds; "
                  f"load {load()}:")
        else:
            print(f"Answers' frames at 390x844, CPU slowed {args.slowdown:g}x, 150 ms added "
                  f"round trip, {args.turns} turns x {args.rounds} rounds; load {load()}:")
        for app in apps:
            report(str(app), results[app])
    finally:
        for server in servers:
            server.terminate()
            server.wait(timeout=10)
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
