"""What ``/daily`` shows (docs/daily.md): the day's hand on play's table
(:func:`app.table.screen.table_screen`, drawn by ``templates/play/table.html``) and the
daily panel around it (:class:`Panel`: the day, the par, the commitment; after the hand
your points against the par, your streak and the day's results on this server).

The table is built from the person's view only, as on the play screen: the computer's
cards and the stock stay hidden until the hand ends. The day's server seed is never
shown while the day lasts (its commitment is); yesterday's is, with a link to ``/fair``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date

from sqlmodel import Session

from app.core.i18n import N_, gettext, ngettext, signed
from app.daily import days, deal, plays
from app.daily.days import Day, Revealed
from app.table.common import VS_COMPUTER
from app.table.fairness import FairBox
from app.table.screen import Screen, just_did, table_screen
from app.web.charts import Chart, count_bars

BUCKET = 10
"""Points to a bar of the day's results."""

HOW = {"gin": N_("gin"), "big_gin": N_("big gin"), "knock": N_("knock"),
       "undercut": N_("undercut"), "void": N_("void hand")}
"""How Expert's par hand ended, in words."""


def versus_par(points: int, par: int) -> str:
    """The result against the par in words: "3 points above par", "on par",
    "12 points below par"."""
    gap = abs(points - par)
    if not gap:
        return gettext("on par")
    if points > par:
        return ngettext("%(num)d point above par", "%(num)d points above par", gap, num=gap)
    return ngettext("%(num)d point below par", "%(num)d points below par", gap, num=gap)


@dataclass(frozen=True, slots=True)
class Panel:
    """The daily panel (``templates/daily/``): the ``day`` and where its table posts
    (``post``, the day in the address's query); ``attempt`` (1 counts, more is practice);
    the par (``par_status`` ``pending``/``computing``/``done``/``failed``; ``par`` and
    ``par_how`` once done); the hand's ``points`` once over, ``versus`` the par in words;
    ``streak``; ``chart`` and ``players``, the day's results (only once this browser's
    counted play is over); the day's ``commitment`` and tomorrow's; ``yesterday`` the
    last day revealed; ``version`` the play's (for *Play again*)."""

    day: date
    post: str
    attempt: int
    over: bool
    par_status: str
    par: int | None
    par_how: str
    points: int | None
    versus: str
    streak: int
    chart: Chart | None
    players: int
    commitment: str
    next_commitment: str | None
    yesterday: Revealed | None
    version: int

    @property
    def again(self) -> str:
        """Where *Play again* posts (the day in the query, as for a tap)."""
        return f"/daily/again?day={self.day.isoformat()}"

    @property
    def practice(self) -> bool:
        """True for a practice play (not the day's first)."""
        return self.attempt > 1

    @property
    def par_ready(self) -> bool:
        """True once the par is computed."""
        return self.par_status == "done" and self.par is not None

    @property
    def par_text(self) -> str:
        """The par with its sign (``+28``), ``""`` before it is computed."""
        return "" if self.par is None else signed(self.par)

    @property
    def points_text(self) -> str:
        """Your points with their sign, ``""`` before the hand ends."""
        return "" if self.points is None else signed(self.points)


def results_chart(results: list[int], mine: int | None) -> Chart:
    """The day's results as bars of :data:`BUCKET` points, the bar of ``mine`` marked: the
    x axis labels the bars' edges (a histogram: −26 lies between "−30" and "−20"), each
    bar says its whole range ("−30 to −21: 2")."""
    buckets = deal.distribution(results, BUCKET)
    mine_at = None if mine is None else (mine // BUCKET) * BUCKET
    return count_bars(
        gettext("Today's results on this server"),
        [(gettext("%(low)s to %(high)s", low=signed(low), high=signed(low + BUCKET - 1)), count)
         for low, count in buckets],
        ["you" if low == mine_at else "" for low, _ in buckets], height=96,
        edges=[signed(low) for low, _ in buckets]
        + ([signed(buckets[-1][0] + BUCKET)] if buckets else []))


def panel(db: Session, session_id: str, day: Day, play: plays.Play) -> Panel:
    """The daily panel for ``play`` of ``day``'s deal (the day's results only once this
    browser's counted play is over: nobody sees them before playing)."""
    row = play.row
    counted = plays.counted_points(db, session_id, day.day)
    chart, players = None, 0
    if counted is not None:
        results = plays.results(db, day.day)
        chart, players = results_chart(results, counted), len(results)
    revealed = days.revealed(db, day.day, 1)
    points = row.points if play.over else None
    par = day.par if day.par_status == "done" else None
    return Panel(
        day=day.day, post=f"/daily?day={day.day.isoformat()}", attempt=row.attempt,
        over=play.over, par_status=day.par_status, par=par,
        par_how=gettext(HOW[day.par_kind]) if par is not None and day.par_kind in HOW else "",
        points=points,
        versus=versus_par(points, par) if points is not None and par is not None else "",
        streak=plays.streak_of(db, session_id, day.day), chart=chart, players=players,
        commitment=day.commitment, next_commitment=days.next_commitment(db, day.day),
        yesterday=revealed[0] if revealed else None, version=row.version)


def table(day: Day, play: plays.Play, notice: str = "") -> Screen:
    """The day's hand on play's table, from the person's view only; ``notice`` heads
    the status line (a refusal). The fairness box shows the day's commitment (its seed
    is revealed tomorrow), and a hand that would end a match to 100 shows no match end:
    the daily deal is one hand."""
    match = play.match
    said, events = just_did(match, VS_COMPUTER, play.events)
    fair = FairBox(hand_number=1, commitment=day.commitment, over=play.over,
                   server_seed=None, client_seed=None, verify_url=None, next_commitment=None,
                   next_client_seed="", can_change=False)
    screen = table_screen(match, VS_COMPUTER, version=play.row.version, level=deal.LEVEL,
                          sort=play.row.sort, said=said, events=events, notice=notice,
                          fair=fair)
    if play.over:  # no Next hand here: the daily deal is one hand
        done = gettext("The hand is over: your points against the par are below.")
        screen = replace(screen, status=f"{notice} {done}" if notice else done, step=done)
    return replace(screen, match_end=None)


__all__ = ["BUCKET", "HOW", "Panel", "panel", "results_chart", "signed", "table",
           "versus_par"]
