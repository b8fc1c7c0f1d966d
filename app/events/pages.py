"""What an event's pages and exports show: the rounds and their tables, the standings
(names, ranks, the duplicate percentage in a duplicate event, match points and tie-breaks), a
duplicate event's boards (commitments, then seeds), the viewer's own table and the exports
(CSV and JSON: names, results and standings only; no code, link token, browser or
match id).
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlmodel import Session, col, select

from app.core.i18n import N_, gettext, percentage
from app.core.models import Event, EventPairing, EventPlayer, ScoreSheetRow
from app.engine import Rules, preset_of
from app.events import hosting
from app.events.duplicate import DuplicateScore
from app.events.standings import Standing

FORMAT_LABELS = {"swiss": N_("Swiss"), "roundrobin": N_("Round robin")}
CARDS_LABELS = {"online": N_("Online tables"), "real": N_("Real cards")}
STATUS_LABELS = {"open": N_("Open for players"), "running": N_("Running"),
                 "paused": N_("Paused"), "finished": N_("Finished")}


def duplicate_text(score: DuplicateScore) -> str:
    """A duplicate percentage as shown, whole, in the page's language (``67%``, ``67 %``);
    ``–`` before any comparison."""
    return "–" if score.percent is None else percentage(score.percent)


def points_text(value: float) -> str:
    """Match points as shown: ``2``, ``1½``, ``½``."""
    whole = int(value)
    half = value - whole >= 0.5
    if half:
        return f"{whole}½" if whole else "½"
    return str(whole)


@dataclass(frozen=True, slots=True)
class TableView:
    """One pairing as a page shows it. ``result`` is words ("Ann won 104–61", "Bye",
    "In play"); ``link`` is the viewer's way to the table (its own seat or sheet, else the
    sheet's shared view), or ``""``."""

    id: int
    round: int
    table: int
    a: str
    b: str | None
    result: str
    done: bool
    corrected: bool
    link: str
    mine: bool
    outcome: str | None
    points_a: int
    points_b: int
    online: bool
    """A friend match (it may be watched while in play)."""


@dataclass(frozen=True, slots=True)
class LineView:
    """One line of the standings."""

    player_id: int
    rank: str
    name: str
    points: str
    won: int
    drawn: int
    lost: int
    byes: int
    points_for: int
    points_against: int
    difference: int
    head_to_head: str
    buchholz: str
    duplicate: str
    """The duplicate percentage as shown, ``""`` when the event is not duplicate."""
    dropped: bool
    mine: bool
    matchpoints: DuplicateScore | None = None
    """A duplicate event's matchpoints (``None`` when not duplicate)."""


@dataclass(frozen=True, slots=True)
class EventView:
    """Everything an event's page, board and final page show (see the templates)."""

    event: Event
    format_label: str
    cards_label: str
    status_label: str
    swiss: bool
    players: list[EventPlayer]
    rounds: list[list[TableView]]
    current: list[TableView]
    lines: list[LineView]
    me: EventPlayer | None
    my_table: TableView | None
    host: bool
    round_done: bool
    target: int
    duplicate: bool
    boards: list[hosting.Board]
    """A duplicate event's boards (empty otherwise)."""
    stacks: tuple[tuple[TableView, hosting.StackedBoard], ...] = ()
    """A real-card duplicate event: the next board's deck to stack (before dealing) of
    the viewer's own table in play; or, for a browser that plays no table of the round,
    of each table in play whose score sheet it keeps (the host's phone keeps the sheet
    of two players without phones). Nobody else's, and never on the board (no viewer)."""
    watch_ok: bool = True
    """Whether the viewer may watch the round's tables and open their score sheets (not
    a player of a duplicate round still in play: :func:`app.events.hosting.watch_table`)."""
    scoring_label: str = ""
    """The name of the scoring preset the event's rules have (*Classic*…, as the form
    offered it), in the page's language; ``""`` for the host's own scoring (each table's
    rules panel says it in full)."""

    @property
    def live_version(self) -> str:
        """What the page's live poll sends back as ``since``: the event's version, and
        the boards the viewer stacks next (a hand entered on a real-card table's sheet
        moves them on without moving the event: :func:`follows_sheets`)."""
        stacked = ".".join(f"{s.round}-{s.number}" for _, s in self.stacks)
        return f"{self.event.version}-{stacked}" if stacked else str(self.event.version)


def follows_sheets(event: Event) -> bool:
    """Whether the event's live poll must look at its tables' score sheets, not only its
    version: a real-card duplicate event (the next board to stack follows each hand
    entered)."""
    return event.cards == "real" and event.duplicate_seed is not None


def view(db: Session, event: Event, session_id: str | None) -> EventView:
    """The event as ``session_id``'s browser sees it (after reading its tables' results:
    :func:`app.events.hosting.sync`)."""
    roster = hosting.players(db, event)
    rows = hosting.pairings(db, event)
    names = {p.id: p.name for p in roster}
    mine = hosting.me(db, event, session_id) if session_id else None
    owned = _sheets(db, rows)
    tables = [_table(row, names, owned, mine, session_id) for row in rows]
    rounds: list[list[TableView]] = []
    for t in tables:
        while len(rounds) < t.round:
            rounds.append([])
        rounds[t.round - 1].append(t)
    current = rounds[event.round - 1] if 0 < event.round <= len(rounds) else []
    my_table = next((t for t in current if t.mine), None)
    scores = hosting.duplicate_scores(db, event, rows)
    lines = [_line(s, names, roster, mine, scores is not None)
             for s in hosting.table(event, roster, rows, scores)]
    host = session_id is not None and hosting.is_host(db, event, session_id)
    stacks = _stacks(db, event, rows, current, owned, session_id)
    watch_ok = event.duplicate_seed is None or mine is None \
        or hosting.round_revealed(db, event, rows)
    return EventView(event, gettext(FORMAT_LABELS[event.format]),
                     gettext(CARDS_LABELS[event.cards]), gettext(STATUS_LABELS[event.status]),
                     event.format == "swiss", roster, rounds, current, lines, mine, my_table,
                     host, all(t.done for t in current), int(event.rules.get("target", 100)),
                     scores is not None, hosting.boards(db, event), stacks, watch_ok,
                     _scoring_label(event))


def _scoring_label(event: Event) -> str:
    preset = preset_of(Rules.from_dict(event.rules))
    return gettext(preset.label) if preset else ""


def _stacks(db: Session, event: Event, rows: Sequence[EventPairing],
            current: Sequence[TableView], owned: dict[int, ScoreSheetRow],
            session_id: str | None) -> tuple[tuple[TableView, hosting.StackedBoard], ...]:
    """:attr:`EventView.stacks` for ``session_id``."""
    if session_id is None or event.duplicate_seed is None or event.cards != "real":
        return ()
    playing = any(t.mine for t in current)
    by_id = {r.id: r for r in rows}
    found = []
    for t in current:
        row = by_id[t.id]
        kept = owned.get(row.sheet_id) if row.sheet_id is not None else None
        if t.done or not (t.mine or (not playing and kept is not None
                                     and kept.session_id == session_id)):
            continue
        stack = hosting.stacked_board(db, event, row)
        if stack is not None:
            found.append((t, stack))
    return tuple(found)


def _sheets(db: Session, rows: Sequence[EventPairing]) -> dict[int, ScoreSheetRow]:
    ids = [r.sheet_id for r in rows if r.sheet_id is not None]
    if not ids:
        return {}
    return {s.id: s for s in db.exec(select(ScoreSheetRow).where(
        col(ScoreSheetRow.id).in_(ids))).all() if s.id is not None}


def _table(row: EventPairing, names: dict[int | None, str], owned: dict[int, ScoreSheetRow],
           mine: EventPlayer | None, session_id: str | None) -> TableView:
    a = names.get(row.player_a, "?")
    b = names.get(row.player_b) if row.player_b is not None else None
    is_mine = mine is not None and mine.id in (row.player_a, row.player_b)
    link = ""
    if row.match_id is not None and is_mine:
        link = f"/play?match={row.match_id}"
    elif row.sheet_id is not None and row.sheet_id in owned:
        sheet = owned[row.sheet_id]
        link = f"/score/{sheet.id}" if sheet.session_id == session_id \
            else f"/score/shared/{sheet.share_token}"
    return TableView(row.id or 0, row.round, row.table, a, b,
                     result_words(row, a, b), row.outcome is not None, row.corrected, link,
                     is_mine, row.outcome, row.points_a, row.points_b, row.match_id is not None)


def result_words(row: EventPairing, a: str, b: str | None) -> str:
    """A pairing's state in words: "Ann won 104–61", "Drawn 120–120", "Bye", "In play"."""
    if row.outcome is None:
        return gettext("In play")
    if row.outcome == "bye":
        return gettext("Bye")
    if row.outcome == "draw":
        return gettext("Drawn %(a)d–%(b)d", a=row.points_a, b=row.points_b)
    winner = a if row.outcome == "a" else (b or "?")
    high, low = sorted((row.points_a, row.points_b), reverse=True)
    return gettext("%(name)s won %(high)d–%(low)d", name=winner, high=high, low=low)


def _line(standing: Standing[int], names: dict[int | None, str], roster: list[EventPlayer],
          mine: EventPlayer | None, duplicate: bool) -> LineView:
    player = next(p for p in roster if p.id == standing.player)
    return LineView(standing.player, f"{standing.rank}{'=' if standing.shared else ''}",
                    names.get(standing.player, "?"), points_text(standing.match_points),
                    standing.won, standing.drawn, standing.lost, standing.byes,
                    standing.points_for, standing.points_against, standing.difference,
                    points_text(standing.head_to_head), points_text(standing.buchholz),
                    duplicate_text(standing.duplicate) if duplicate else "", player.dropped,
                    mine is not None and mine.id == standing.player,
                    standing.duplicate if duplicate else None)


EXPORT_COLUMNS = ("rank", "name", "duplicate_percent", "matchpoints", "matchpoints_most",
                  "match_points", "won", "drawn", "lost",
                  "byes", "points_for", "points_against", "difference", "head_to_head", "buchholz",
                  "dropped")


def export_data(v: EventView) -> dict[str, Any]:
    """The event's results as plain data (the JSON export): the event's name, format,
    cards, rounds and state, the standings and every pairing's result. Nothing secret
    (no host code, browser, link token or match id)."""
    return {
        "event": {"name": v.event.name, "format": v.event.format, "cards": v.event.cards,
                  "rounds": v.event.rounds, "round": v.event.round, "status": v.event.status,
                  "rules": v.event.rules, "duplicate": v.duplicate,
                  "hands": v.event.hands or None},
        "boards": [{"round": b.round, "board": b.number, "commitment": b.commitment,
                    "server_seed": b.server_seed,
                    "client_seed": v.event.duplicate_seed} for b in v.boards],
        "standings": [_export_line(line) for line in v.lines],
        "rounds": [[{"table": t.table, "a": t.a, "b": t.b, "outcome": t.outcome,
                     "points_a": t.points_a, "points_b": t.points_b,
                     "corrected": t.corrected} for t in tables] for tables in v.rounds],
    }


def _export_line(line: LineView) -> dict[str, Any]:
    score = line.matchpoints
    return {"rank": line.rank, "name": line.name,
            "duplicate_percent": None if score is None or score.percent is None
            else round(score.percent, 2),
            "matchpoints": None if score is None else score.matchpoints,
            "matchpoints_most": None if score is None else score.most,
            "match_points": line.points,
            "won": line.won, "drawn": line.drawn, "lost": line.lost, "byes": line.byes,
            "points_for": line.points_for, "points_against": line.points_against,
            "difference": line.difference, "head_to_head": line.head_to_head,
            "buchholz": line.buchholz, "dropped": line.dropped}


def export_json(v: EventView) -> str:
    """:func:`export_data` as indented JSON."""
    return json.dumps(export_data(v), ensure_ascii=False, indent=2)


def export_csv(v: EventView) -> str:
    """The standings as CSV (one line per player, :data:`EXPORT_COLUMNS`), then a blank
    line and every pairing (round, table, a, b, outcome, points)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(EXPORT_COLUMNS)
    for line in v.lines:
        row = _export_line(line)
        writer.writerow([_safe(row[c]) for c in EXPORT_COLUMNS])
    writer.writerow([])
    writer.writerow(("round", "table", "a", "b", "outcome", "points_a", "points_b",
                     "corrected"))
    for tables in v.rounds:
        for t in tables:
            writer.writerow((t.round, t.table, _safe(t.a), _safe(t.b or ""), t.outcome or "",
                             t.points_a, t.points_b, t.corrected))
    return out.getvalue()


def _safe(value: object) -> object:
    """A cell a spreadsheet will not run as a formula (a name starting ``=+-@``)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value
