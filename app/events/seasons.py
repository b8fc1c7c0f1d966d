"""Seasons: a club's events grouped under a name, with a running table and each pair's
head to head over all their matches (``/seasons``).

* **create** (:func:`create_season`): a name; the host's code is made here and returned
  once (only its SHA-256 is stored, as an event's); the browser that made the season is
  a host. Any browser that enters the code hosts it too (:func:`claim_host`).
* **attach** (:func:`attach`): a browser that hosts both the season and an event puts
  the event in the season (when creating the event, or from the event's page or the
  season's); an event is in one season at most. :func:`detach` takes it out. Refused,
  nothing changed: an unknown season or event (404), a browser that hosts one of them
  not (403), an event in a season already (409).
* **who is who across events**: events know a player by the browser that joined, or,
  for a walk-in the host added, by name only. A season is conservative: the **same
  browser** is the same player in every event (whatever name it used: the season shows
  the latest); a **walk-in** (or a player whose browser's history was forgotten) is the
  same player as another walk-in of the season **with exactly the same name** (case and
  accents included), and never the same as a browser's player, even of the same name.
  Two different players shown under one name get a number (``Ann (2)``).
* **the running table** (:func:`view`): every result of the season's events so far (an
  event still running counts what it has; its tables are read first,
  :func:`app.events.hosting.sync`), computed by :mod:`app.events.season_table`; each
  pair's record with the luck and play split summed from each side's own analysed hands
  (:func:`app.review.stats.seat_analyses`, as ``/play/h2h``), in words.

Every refusal is an :class:`app.events.hosting.EventError` with a message in the
request's language and a status.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from app.core.i18n import N_, gettext, ngettext
from app.core.models import Event, EventPairing, EventPlayer, Season, SeasonEvent, SeasonHost
from app.devices.codes import CodeKind, code_hash, new_code
from app.events import finders, hosting
from app.events.hosting import EventError
from app.events.pages import STATUS_LABELS, _safe, points_text
from app.events.season_table import Pair, SeasonResult, Side, pairs, running_table
from app.events.standings import Outcome, Result
from app.review.stats import seat_analyses, split_figures

MAX_NAME = 60
"""The longest season name, in characters."""
SLUG_BYTES = 9
"""Random bytes of a season's public slug (12 URL-safe characters)."""
MOST_EVENTS = 200
"""The most events a season holds."""

NOT_HOST = N_("Only the season's host can do this. Enter the season's host code to run it "
              "from this device.")

PlayerKey = tuple[str, str]
"""How a season knows a player: ``("browser", session id)`` or ``("name", name)`` (see
the module docstring). Never shown: pages and exports show names."""


@dataclass(frozen=True, slots=True)
class Created:
    """A new season and its host code (shown once, in groups of four)."""

    season: Season
    code: str


def season_name(text: str | None) -> str:
    """A season's name as typed: spaces collapsed, 1–60 printable characters.

    Raises:
        EventError: empty, too long, or a control character (400).
    """
    name = " ".join((text or "").split())
    if not name or len(name) > MAX_NAME or not name.isprintable():
        raise EventError(gettext("Give the season a name of 1 to %(most)d letters, digits "
                                 "or spaces.", most=MAX_NAME))
    return name


def create_season(db: Session, session_id: str, name: str) -> Created:
    """A new season named ``name`` (:func:`season_name`), hosted by this browser."""
    code = new_code(CodeKind.RECOVERY)
    season = Season(slug=secrets.token_urlsafe(SLUG_BYTES), host_code_hash=code_hash(code),
                    name=name)
    db.add(season)
    db.flush()
    assert season.id is not None
    db.add(SeasonHost(season_id=season.id, session_id=session_id))
    db.flush()
    return Created(season, code)


def find(db: Session, slug: str) -> Season:
    """The season of ``slug``.

    Raises:
        EventError: (404) no such season.
    """
    season = finders.by_slug(db, Season, slug)
    if season is None:
        raise EventError(N_("There is no such season: check that the link was copied "
                            "whole."), 404)
    return season


def is_host(db: Session, season: Season, session_id: str) -> bool:
    """True when this browser may run ``season``."""
    return db.get(SeasonHost, (season.id, session_id)) is not None


def by_code(db: Session, typed: str) -> Season | None:
    """The season whose host code was typed (case, spaces and dashes do not matter), or
    ``None``."""
    return finders.by_code(db, Season, typed)


def claim_host(db: Session, typed: str, session_id: str) -> Season:
    """Make this browser a host of the season whose code was typed.

    Raises:
        EventError: (400) the code opens no season (the route counts the failure).
    """
    season = by_code(db, typed)
    if season is None:
        raise EventError(N_("That host code opens no season: check it and type it again."))
    if not is_host(db, season, session_id):
        assert season.id is not None
        db.add(SeasonHost(season_id=season.id, session_id=session_id))
        db.flush()
    return season


def hosted(db: Session, session_id: str) -> list[Season]:
    """The seasons this browser hosts, newest first."""
    return list(db.exec(select(Season).join(
        SeasonHost, col(SeasonHost.season_id) == col(Season.id))
        .where(col(SeasonHost.session_id) == session_id)
        .order_by(col(Season.created_at).desc(), col(Season.id).desc())).all())


def held(db: Session, session_id: str, slug: str | None) -> Season:
    """The season ``slug`` (a form's field), which this browser must host.

    Raises:
        EventError: no such season (404), not its host (403).
    """
    season = find(db, (slug or "").strip())
    if not is_host(db, season, session_id):
        raise EventError(NOT_HOST, 403)
    return season


def season_of(db: Session, event: Event) -> Season | None:
    """The season ``event`` is in, or ``None``."""
    link = db.get(SeasonEvent, event.id)
    return None if link is None else db.get(Season, link.season_id)


def events_of(db: Session, season: Season) -> list[Event]:
    """The season's events, oldest first."""
    return list(db.exec(select(Event).join(
        SeasonEvent, col(SeasonEvent.event_id) == col(Event.id))
        .where(col(SeasonEvent.season_id) == season.id)
        .order_by(col(Event.created_at), col(Event.id))).all())


def attachable(db: Session, session_id: str) -> list[Event]:
    """The events this browser hosts that are in no season yet, newest first."""
    return [event for event, hosts in hosting.my_events(db, session_id)
            if hosts and db.get(SeasonEvent, event.id) is None]


def attach(db: Session, season: Season, event_slug: str | None, session_id: str) -> Event:
    """Put the event ``event_slug`` in ``season``; both must be this browser's to host.

    Raises:
        EventError: no such event (404), not the host of the season or of the event
            (403), the event in a season already (409), the season full (409).
    """
    if not is_host(db, season, session_id):
        raise EventError(NOT_HOST, 403)
    event = hosting.find(db, (event_slug or "").strip())
    if not hosting.is_host(db, event, session_id):
        raise EventError(hosting.NOT_HOST, 403)
    already = season_of(db, event)
    if already is not None:
        raise EventError(gettext("%(event)s is in the season %(season)s already: an event "
                                 "counts in one season only.", event=event.name,
                                 season=already.name), 409)
    if len(events_of(db, season)) >= MOST_EVENTS:
        raise EventError(gettext("A season holds at most %(most)d events.",
                                 most=MOST_EVENTS), 409)
    assert event.id is not None and season.id is not None
    try:
        with db.begin_nested():  # two attaching at once: the second is refused
            db.add(SeasonEvent(event_id=event.id, season_id=season.id))
    except IntegrityError as error:
        raise EventError(N_("That event was just put in a season: look at it again."),
                         409) from error
    return event


def detach(db: Session, season: Season, event_slug: str | None, session_id: str) -> Event:
    """Take the event ``event_slug`` out of ``season`` (its results no longer count).

    Raises:
        EventError: not the season's host (403), no such event in this season (404).
    """
    if not is_host(db, season, session_id):
        raise EventError(NOT_HOST, 403)
    event = hosting.find(db, (event_slug or "").strip())
    link = db.get(SeasonEvent, event.id)
    if link is None or link.season_id != season.id:
        raise EventError(N_("That event is not in this season."), 404)
    db.delete(link)
    db.flush()
    return event


# --- The running table ------------------------------------------------------------------


def player_key(player: EventPlayer) -> PlayerKey:
    """How the season knows ``player`` (the module docstring)."""
    if player.session_id is not None:
        return ("browser", player.session_id)
    return ("name", player.name)


@dataclass(frozen=True, slots=True)
class SeasonRow:
    """One line of the running table as the page shows it."""

    rank: str
    name: str
    events: int
    points: str
    won: int
    drawn: int
    lost: int
    byes: int
    points_for: int
    points_against: int
    difference: int
    head_to_head: str
    mine: bool


@dataclass(frozen=True, slots=True)
class RivalryView:
    """A pair's head to head in words: ``record`` ("Ann leads Bob 6–4"), the figures,
    and each side's luck and play sentence (``""`` when none of its hands is analysed)."""

    first: str
    second: str
    record: str
    won: int
    lost: int
    drawn: int
    points_for: int
    points_against: int
    first_words: str
    second_words: str


@dataclass(frozen=True, slots=True)
class EventLine:
    """One of the season's events as the page lists it."""

    slug: str
    name: str
    status: str
    status_label: str


@dataclass(frozen=True, slots=True)
class SeasonView:
    """Everything the season's page and exports show."""

    season: Season
    events: list[EventLine]
    rows: list[SeasonRow]
    rivalries: list[RivalryView]
    host: bool
    attachable: list[Event]
    """The events this browser hosts that are in no season (the host's form)."""
    version: str = ""
    """What the page's live poll sends back as ``since`` (:func:`live_version`)."""


def _names(roster: Sequence[tuple[PlayerKey, str]]) -> dict[PlayerKey, str]:
    """Each key's name (its latest), numbered when two keys share one (``Ann (2)``)."""
    latest: dict[PlayerKey, str] = {}
    for key, name in roster:
        latest[key] = name
    counts: dict[str, int] = {}
    shown: dict[PlayerKey, str] = {}
    for key, name in latest.items():
        counts[name.casefold()] = counts.get(name.casefold(), 0) + 1
        n = counts[name.casefold()]
        shown[key] = name if n == 1 else f"{name} ({n})"
    return shown


def _synced(db: Session, season: Season) -> list[Event]:
    """The season's events, each unfinished one's tables read first
    (:func:`app.events.hosting.sync`: a result in bumps that event's version)."""
    events = events_of(db, season)
    for event in events:
        if event.status != "finished":
            hosting.sync(db, event)
    return events


def _version(events: Sequence[Event]) -> str:
    """The token of the season's events as they stand: which events, and each one's
    version (every result, round and correction bumps it), hashed short."""
    text = ";".join(f"{e.id}:{e.version}:{e.status}" for e in events)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def live_version(db: Session, season: Season) -> str:
    """What the season's page polls (``GET /seasons/{slug}/live?since=``): changes when
    an event is put in or taken out, or one of its events changes (a table's result
    read in, a round paired, a correction), so an open page updates within a poll.
    Reads the unfinished events' tables first, as :func:`view` does."""
    return _version(_synced(db, season))


def view(db: Session, season: Season, session_id: str | None) -> SeasonView:
    """The season as ``session_id``'s browser sees it (each unfinished event's tables are
    read first: :func:`app.events.hosting.sync`), with its :func:`live_version`."""
    events = _synced(db, season)
    order: list[PlayerKey] = []
    roster: list[tuple[PlayerKey, str]] = []
    rows: list[tuple[Event, EventPairing, PlayerKey, PlayerKey | None]] = []
    for event in events:
        keys: dict[int | None, PlayerKey] = {}
        for player in hosting.players(db, event):
            key = player_key(player)
            keys[player.id] = key
            roster.append((key, player.name))
            if key not in order:
                order.append(key)
        for row in hosting.pairings(db, event):
            if row.outcome is None or row.player_a not in keys:
                continue
            b = keys.get(row.player_b) if row.player_b is not None else None
            rows.append((event, row, keys[row.player_a], b))
    splits = seat_analyses(db, [r.match_id for _, r, _, _ in rows if r.match_id is not None])

    def split(row: EventPairing, seat: int) -> tuple[float, float] | None:
        found = splits.get((row.match_id, seat)) if row.match_id is not None else None
        if found is None or found[1] is None or found[2] is None:
            return None
        return found[1], found[2]

    results = [SeasonResult(event.id, Result(a, b, Outcome(row.outcome or "bye"), row.points_a,
                                              row.points_b), split(row, 0), split(row, 1))
               for event, row, a, b in rows]
    table = running_table(order, results)
    names = _names(roster)
    me: PlayerKey | None = ("browser", session_id) if session_id else None
    lines = [SeasonRow(f"{line.standing.rank}{'=' if line.standing.shared else ''}",
                       names[line.standing.player], line.events,
                       points_text(line.standing.match_points), line.standing.won,
                       line.standing.drawn, line.standing.lost, line.standing.byes,
                       line.standing.points_for, line.standing.points_against,
                       line.standing.difference, points_text(line.standing.head_to_head),
                       line.standing.player == me) for line in table]
    rivalries = [_rivalry(pair, names) for pair in
                 pairs([line.standing.player for line in table], results)]
    host = session_id is not None and is_host(db, season, session_id)
    return SeasonView(season, [EventLine(e.slug, e.name, e.status,
                                         gettext(STATUS_LABELS[e.status])) for e in events],
                      lines, rivalries, host,
                      attachable(db, session_id) if host and session_id else [],
                      _version(events))


def record_words(first: str, second: str, won: int, lost: int, drawn: int) -> str:
    """A pair's record in a sentence: "Ann leads Bob 6–4", "Ann and Bob are level at
    3–3" (draws, Hollywood's or a host's, are said apart)."""
    if won > lost:
        text = gettext("%(first)s leads %(second)s %(won)d–%(lost)d", first=first,
                       second=second, won=won, lost=lost)
    else:
        text = gettext("%(first)s and %(second)s are level at %(won)d–%(lost)d",
                       first=first, second=second, won=won, lost=lost)
    if drawn:
        text += " " + ngettext("(%(num)d drawn)", "(%(num)d drawn)", drawn)
    return text


def split_words(name: str, side: Side) -> str:
    """One side's luck and play over the pair's analysed matches in a sentence ("" with
    none): "Over 3 analysed matches, the cards gave Ann +80 points of win chance, and
    Ann's play −12." (figures as ``/play/h2h`` rounds them:
    :func:`app.review.stats.split_figures`)."""
    if not side.analysed:
        return ""
    cards, play = split_figures(side.luck, side.play)
    return ngettext("Over %(num)d analysed match, the cards gave %(name)s %(cards)s points "
                    "of win chance, and %(name)s's play %(play)s.",
                    "Over %(num)d analysed matches, the cards gave %(name)s %(cards)s points "
                    "of win chance, and %(name)s's play %(play)s.", side.analysed, name=name,
                    cards=cards, play=play)


def _rivalry(pair: Pair[PlayerKey], names: dict[PlayerKey, str]) -> RivalryView:
    first, second = names[pair.first], names[pair.second]
    return RivalryView(first, second,
                       record_words(first, second, pair.won, pair.lost, pair.drawn),
                       pair.won, pair.lost, pair.drawn, pair.points_for, pair.points_against,
                       split_words(first, pair.first_side),
                       split_words(second, pair.second_side))


# --- Exports ----------------------------------------------------------------------------

EXPORT_COLUMNS = ("rank", "name", "events", "match_points", "won", "drawn", "lost", "byes",
                  "points_for", "points_against", "difference", "head_to_head")


def _export_row(row: SeasonRow) -> dict[str, Any]:
    return {"rank": row.rank, "name": row.name, "events": row.events,
            "match_points": row.points, "won": row.won, "drawn": row.drawn,
            "lost": row.lost, "byes": row.byes, "points_for": row.points_for,
            "points_against": row.points_against, "difference": row.difference,
            "head_to_head": row.head_to_head}


def export_data(v: SeasonView) -> dict[str, Any]:
    """The season as plain data (the JSON export): its name, its events (name, state),
    the running table and each pair's head to head. Nothing secret (no host code,
    browser or match id)."""
    return {
        "season": {"name": v.season.name},
        "events": [{"name": e.name, "status": e.status} for e in v.events],
        "standings": [_export_row(row) for row in v.rows],
        "head_to_head": [{"first": r.first, "second": r.second, "won": r.won,
                          "lost": r.lost, "drawn": r.drawn, "points_for": r.points_for,
                          "points_against": r.points_against} for r in v.rivalries],
    }


def export_json(v: SeasonView) -> str:
    """:func:`export_data` as indented JSON."""
    return json.dumps(export_data(v), ensure_ascii=False, indent=2)


def export_csv(v: SeasonView) -> str:
    """The running table as CSV (one line per player, :data:`EXPORT_COLUMNS`), then a
    blank line and each pair's head to head."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(EXPORT_COLUMNS)
    for row in v.rows:
        values = _export_row(row)
        writer.writerow([_safe(values[c]) for c in EXPORT_COLUMNS])
    writer.writerow([])
    writer.writerow(("first", "second", "won", "lost", "drawn", "points_for",
                     "points_against"))
    for r in v.rivalries:
        writer.writerow((_safe(r.first), _safe(r.second), r.won, r.lost, r.drawn,
                         r.points_for, r.points_against))
    return out.getvalue()

