"""Database tables (SQLModel). Alembic autogenerates migrations from ``SQLModel.metadata``.

Conventions for every table in this module:

* Times are timezone-aware UTC ``datetime`` values (use ``utcnow()``); SQLModel stores
  them as ``UTCDateTime`` and refuses naive ones.
* A table that belongs to a browser references ``browser_session.id`` with
  ``ondelete="CASCADE"`` so that expiring a session removes its data (the id is the
  history's internal name, never its cookie: :class:`BrowserToken`)::

      session_id: str = Field(foreign_key="browser_session.id", ondelete="CASCADE", index=True)

* A row that requests update concurrently (a game, a score sheet) carries
  ``version: int = 0`` for optimistic concurrency. An update names the version it read and
  bumps it, and zero rows updated means another request got there first::

      result = db.exec(
          update(Game)
          .where(Game.id == game.id, Game.version == expected_version)
          .values(state=new_state, version=Game.version + 1)
      )
      if result.rowcount == 0:
          ...  # stale: re-read and show the current state with a notice

  (On SQLite, BEGIN IMMEDIATE already serialises the writers; the version also catches a
  stale double tap whose form carried an old version, and it protects PostgreSQL.)

After adding or changing a table: ``.venv/bin/alembic revision --autogenerate
--rev-id NNNN -m "what changed"``, read the generated file, then
``.venv/bin/alembic upgrade head``. ``tests/ops/test_migrations.py`` fails while models and
migrations differ.
"""

from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Column, Text, UniqueConstraint
from sqlmodel import Field, SQLModel

# Named constraints, so that Alembic's batch mode on SQLite can drop and alter them.
SQLModel.metadata.naming_convention = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


def utcnow() -> datetime:
    """The current time as an aware UTC datetime (how every table stores times)."""
    return datetime.now(UTC)


class BrowserSession(SQLModel, table=True):
    """One browser's history (its matches, sheets, settings …), shared by every device
    that joined it (docs/devices.md).

    ``id`` is an internal name (``app.web.sessions.new_session_id``), not a secret and
    never a credential: the browsers hold tokens (:class:`BrowserToken`). Before 0025
    it was the ``gin_session`` cookie itself."""

    __tablename__ = "browser_session"

    id: str = Field(primary_key=True, max_length=64)
    created_at: datetime = Field(default_factory=utcnow)
    last_seen: datetime = Field(default_factory=utcnow, index=True)


class BrowserToken(SQLModel, table=True):
    """One browser's credential for a history: the SHA-256 (hex) of the random value of
    its ``gin_session`` cookie (``app.web.sessions``); the value itself is never stored.
    A history has one per browser that holds it (the first, and one more for each device
    or recovery code redeemed), so each device keeps its own cookie; they go with the
    history (cascade)."""

    __tablename__ = "browser_token"

    token_hash: str = Field(primary_key=True, max_length=64)
    session_id: str = Field(
        foreign_key="browser_session.id", ondelete="CASCADE", index=True, max_length=64
    )
    created_at: datetime = Field(default_factory=utcnow)


class AccessCode(SQLModel, table=True):
    """A code that opens a browser's history on another browser (docs/devices.md):
    a *device* code (short, single-use, expires after minutes) or the *recovery* code
    (long, printable, good until revoked by a new one). Only the code's SHA-256 is
    stored; ``used_at`` marks a spent device code."""

    __tablename__ = "access_code"

    code_hash: str = Field(primary_key=True, max_length=64)
    session_id: str = Field(
        foreign_key="browser_session.id", ondelete="CASCADE", index=True, max_length=64
    )
    kind: str = Field(max_length=16)
    created_at: datetime = Field(default_factory=utcnow)
    expires_at: datetime | None = None
    used_at: datetime | None = None


class InstanceSetting(SQLModel, table=True):
    """One of the operator's switches or the announcement (``app.core.switches``), set on
    ``/admin`` and read by every server process of the instance."""

    __tablename__ = "instance_setting"

    key: str = Field(primary_key=True, max_length=32)
    value: str = Field(default="", sa_column=Column(Text, nullable=False))
    updated_at: datetime = Field(default_factory=utcnow)


class OperatorSession(SQLModel, table=True):
    """One signed-in operator of ``/admin`` (``app.admin.signin``): the SHA-256 of the
    ``gin_admin`` cookie's random value (never the value), which ``ADMIN_TOKEN`` it was
    signed in with (``token_tag``, an HMAC of it: a new token signs everyone out) and
    when it ends. Sign out deletes the row; expired rows are refused and purged."""

    __tablename__ = "operator_session"

    token_hash: str = Field(primary_key=True, max_length=64)
    token_tag: str = Field(max_length=64)
    created_at: datetime = Field(default_factory=utcnow)
    expires_at: datetime = Field(index=True)


class FairUseCounter(SQLModel, table=True):
    """A fair-use rate counter shared by the instances on PostgreSQL
    (:mod:`app.core.sharedrates`): a key's hash (never the cookie or address itself),
    when its budget is full again (seconds since the epoch, the database's clock) and
    its rate's period in seconds. Rows whose time has passed are deleted."""

    __tablename__ = "fair_use_counter"

    key: str = Field(primary_key=True, max_length=32)
    full_at: float
    period: float


# --- add tables here (and a migration, see the module docstring) ---


# --- Play: matches against the computer, stored hand by hand ----------------------------


class PlaySeat(SQLModel, table=True):
    """One browser's place in one match of Play: its version and its screen choices.

    A browser has one seat per match it plays (keyed ``(session_id, match_id)``): at
    most one match against the computer in progress (a New match drops the seat of the
    earlier one, whose match stays in the history) and any number of friend matches, as
    host or as guest, each resumable. The *open* match, the one ``/play`` shows without
    a ``match`` in the address, is the seat with the latest ``opened_at``
    (``app.table.storage``). Before migration 0023 the key was ``session_id`` alone (one
    match per browser); its seats carried over as each browser's open seat.

    ``version`` goes up by one on each change of the game or the seeds (see the module
    docstring); a form carries it, so a stale double tap changes nothing. ``sort`` and
    ``selected`` are screen choices, stored beside the game, never in its log; so is
    ``arranged``, the order the player dragged the hand into (card codes, space
    separated), which holds for the hand ``arranged_for`` names (``"<match id>/<hand
    number>"``) until a sort button clears it (``app.table.arrange``).
    ``computer_said`` is what the computer last did, as a language-free record
    (:func:`app.table.words.turn_record`), put into words when a page shows it.
    """

    __tablename__ = "play_seat"

    session_id: str = Field(
        primary_key=True, foreign_key="browser_session.id", ondelete="CASCADE", max_length=64
    )
    match_id: int = Field(foreign_key="play_match.id", ondelete="CASCADE", index=True,
                          primary_key=True)
    version: int = 0
    opened_at: datetime = Field(default_factory=utcnow)
    """When this browser last opened (or started, or joined) the match: the latest is
    the open one."""
    sort: str = Field(default="rank", max_length=8)
    selected: str | None = Field(default=None, max_length=2)
    arranged: str | None = Field(default=None, max_length=40)
    arranged_for: str | None = Field(default=None, max_length=32)
    computer_said: str = Field(default="", max_length=2000)
    updated_at: datetime = Field(default_factory=utcnow)


class PlayMatch(SQLModel, table=True):
    """One match against the computer (docs/rules.md §1, §5, §7), with its own id; it is kept
    when the browser starts another, so a history can list every match of a browser.

    Its hands are :class:`PlayHand` rows, numbered 1 .. ``hands``. ``client_seed`` deals
    the next hand (the person may change it between hands); ``next_server_seed`` is
    drawn when a hand ends and deals the next one, so its commitment can be shown before
    the person chooses a client seed for it. It never leaves the server before that hand
    is over. ``over`` is set when someone reaches the target.

    A match stored before provable deals (``docs/fairness.md``) arrives with ``legacy_seed`` and its
    whole old action log in ``legacy_log``; the first load splits that log into hand
    rows (dealt from ``legacy_seed``) and clears ``legacy_log``.

    ``hints_used`` counts the hints the person asked for in this match.
    """

    __tablename__ = "play_match"

    id: int | None = Field(default=None, primary_key=True)
    session_id: str = Field(
        foreign_key="browser_session.id", ondelete="CASCADE", index=True, max_length=64
    )
    rules: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    first_dealer: int = 1
    level: str = Field(default="standard", max_length=16)
    client_seed: str = Field(default="", max_length=64)
    next_server_seed: str | None = Field(default=None, max_length=64)
    hands: int = 0
    over: bool = False
    legacy_seed: int | None = Field(default=None, sa_column=Column(BigInteger, nullable=True))
    legacy_log: list[list[Any]] | None = Field(
        default=None, sa_column=Column(JSON, nullable=True))
    hints_used: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow)
    version: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    """The guard of every change of the game: an update names the version it
    read (``WHERE version = :read``), so two seats' taps on one match serialise."""
    friend: bool = Field(default=False, sa_column_kwargs={"server_default": "0"})
    """A match between two browsers: ``session_id`` plays seat 0 and
    ``guest_session_id`` seat 1; ``level`` is unused."""
    invite_token: str | None = Field(default=None, unique=True, max_length=64)
    """The invite link's token (``secrets.token_urlsafe(24)``, 192 bits); kept after the
    match starts so that the link still resumes the guest's seat, never admitting another."""
    invite_status: str | None = Field(default=None, max_length=16)
    """``"open"`` (waiting for the friend), ``"accepted"`` or ``"cancelled"``."""
    invite_expires: datetime | None = None
    guest_session_id: str | None = Field(
        default=None, foreign_key="browser_session.id", ondelete="SET NULL", index=True,
        max_length=64)
    names: list[str] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    """The two players' names, seat 0 first (friend matches)."""
    guest_client_seed: str = Field(default="", max_length=64,
                                   sa_column_kwargs={"server_default": ""})
    """The friend's client seed for the next hand; with ``client_seed`` it makes the
    combined client seed (``docs/fairness.md``)."""
    host_seen_at: datetime | None = None
    guest_seen_at: datetime | None = None
    """When each seat's browser last had the table open (SSE or poll), for "Ann is away"."""
    hand_seeds: list[str] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    """The two players' own client seeds (seat 0's first) that the current hand's
    combined client seed was made from (friend matches; shown in the fairness box once
    the hand is over, ``docs/fairness.md``). ``None`` against the computer."""
    bot_seats: list[bool] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    """Which seats a program plays through the bot protocol (seat 0's first; ``None``:
    neither), set when the seat is taken (``docs/bots.md``): every name shown of such a
    seat carries a "bot" mark."""
    board_seeds: list[str] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    """A duplicate event's table (``app.events``): the server seeds of hands 1, 2, …
    (the event's boards, committed on the event page before the round); a hand past
    the list gets a fresh seed. ``None``: every hand's seed is drawn fresh. The client
    seeds of such a match are the event's and cannot be changed."""
    boards_revealed_at: datetime | None = None
    """When the event revealed this table's boards (every table of its round had
    finished); until then (``None`` with ``board_seeds``) no page, export or stream shows
    a board's seed or a finished hand's deal (``app.table.storage.sealed``): another
    table may still be playing the same cards."""


class PlayHand(SQLModel, table=True):
    """One hand of a :class:`PlayMatch`: its seeds, its action log and, once over, its
    result. A tap rewrites only the current hand's row, so its cost does not grow with
    the match; finished hands are kept (never deleted with a new match).

    ``server_seed``/``client_seed``/``commitment`` are the ``gin-shuffle-v1`` values
    (``docs/fairness.md``); the server seed stays on the server until ``finished``.
    They are ``None`` for a hand dealt from the match's ``legacy_seed``. ``log`` holds
    the hand's game actions only (``[[player, "discard TH"], ...]``, no ``next_hand``).
    ``winner`` (``None`` on a void hand), ``points`` and ``kind`` (``HandKind`` value)
    are set when the hand ends.
    """

    __tablename__ = "play_hand"

    match_id: int = Field(foreign_key="play_match.id", ondelete="CASCADE", primary_key=True)
    number: int = Field(primary_key=True)
    dealer: int
    server_seed: str | None = Field(default=None, max_length=64)
    client_seed: str | None = Field(default=None, max_length=64)
    commitment: str | None = Field(default=None, max_length=64)
    seat_seeds: list[str] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    """Friend matches: both players' own client seeds, seat 0's first, whose
    combination is ``client_seed``; ``None`` against the computer."""
    log: list[list[Any]] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    finished: bool = False
    winner: int | None = None
    points: int = 0
    kind: str | None = Field(default=None, max_length=16)
    created_at: datetime = Field(default_factory=utcnow)
    finished_at: datetime | None = None


# --- History: ratings of the person's decisions in a finished hand ---------------------


class HandReview(SQLModel, table=True):
    """The analysis of one finished :class:`PlayHand` for one seat: that player's
    decisions rated by Expert's evaluation (``app.engine.rating``) from that player's
    own view, computed off the request path after the hand ends. ``seat`` is 0 (the
    person against the computer, or the inviter) or 1 (the friend who joined a friend
    match); each player's review reads its own row only.

    ``status`` is ``"analysing"`` until the ratings are stored, then ``"done"`` (or
    ``"failed"`` with nothing rated). ``ratings`` is a list of ``Rating.to_stored()``
    values in the order of the hand (compact lists; rows from before migration 0029
    held ``Rating.to_dict()`` values, which :meth:`Rating.from_stored` reads too);
    ``seconds`` the analysis time.
    """

    __tablename__ = "hand_review"

    match_id: int = Field(foreign_key="play_match.id", ondelete="CASCADE", primary_key=True)
    number: int = Field(primary_key=True)
    seat: int = Field(default=0, primary_key=True, sa_column_kwargs={"server_default": "0"})
    status: str = Field(default="analysing", max_length=16)
    ratings: list[Any] = Field(default_factory=list,
                                          sa_column=Column(JSON, nullable=False))
    seconds: float | None = None
    created_at: datetime = Field(default_factory=utcnow)
    finished_at: datetime | None = None



# --- Statistics kept up to date (app.review.stats; docs/ARCHITECTURE.md) --------------


class MatchStats(SQLModel, table=True):
    """What the statistics need of one match, seen from one seat, so that a view of
    ``/stats`` never replays a hand twice: each finished hand's facts (who knocked, with
    what deadwood, the seat's draws: what the hand's row does not hold), the seat's
    accuracy, luck and play over the analysed hands, the match's result and, for a
    friend match, the friend's rating when it ended. Derived data, rebuilt by
    ``app.review.stats`` whenever ``stamp`` (the match's version, its seats and the
    analyses done) no longer matches; it goes with its match."""

    __tablename__ = "match_stats"

    match_id: int = Field(foreign_key="play_match.id", ondelete="CASCADE", primary_key=True)
    seat: int = Field(primary_key=True)
    stamp: str = Field(max_length=200)
    facts: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))


class BrowserStats(SQLModel, table=True):
    """A browser's statistics as ``/stats`` shows them, in no language (the figures,
    the lines by level, the accuracy and luck by match, the rating after each match),
    so that a view reads this one row. ``generation`` is bumped
    (``app.core.statcache.bump``) by every change that moves the figures: a hand that
    ends, an analysis that lands, a friend forgotten, rows set aside; the row is current
    while ``built`` equals it. Derived data, rebuilt by ``app.review.stats``."""

    __tablename__ = "browser_stats"

    session_id: str = Field(
        primary_key=True, foreign_key="browser_session.id", ondelete="CASCADE", max_length=64)
    generation: int = Field(default=0)
    built: int = Field(default=-1)
    figures: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    built_at: datetime = Field(default_factory=utcnow)

class PracticeHand(SQLModel, table=True):
    """A practice hand (*Try again from here*): one per browser, started from
    position ``start`` of its finished hand ``number`` of match ``match_id`` with the
    very same cards (the hand is rebuilt from its seed and the first ``start - 1``
    actions of its log), then played on with the actions of ``log``. Never counted in
    the match or the statistics; replaced by the next practice. ``version`` guards taps
    like :class:`PlaySeat`'s.
    """

    __tablename__ = "practice_hand"

    session_id: str = Field(
        primary_key=True, foreign_key="browser_session.id", ondelete="CASCADE", max_length=64
    )
    match_id: int = Field(foreign_key="play_match.id", ondelete="CASCADE", index=True)
    number: int
    start: int
    log: list[list[Any]] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    version: int = 0
    created_at: datetime = Field(default_factory=utcnow)


class HandShare(SQLModel, table=True):
    """A read-only link to one finished hand's review, made by *Share this hand*
    (``app.review.share``): the SHA-256 (hex) of the link's random token (the token
    itself is never stored), the browser that shared it, the hand (match, number, and
    the sharer's ``seat``, from which the hand is shown), the name shown with it
    (``None``: no name, the default), when it was made and when it was stopped
    (``revoked_at``: the link then says so). Goes with the history or the match
    (cascade)."""

    __tablename__ = "hand_share"

    token_hash: str = Field(primary_key=True, max_length=64)
    session_id: str = Field(
        foreign_key="browser_session.id", ondelete="CASCADE", index=True, max_length=64
    )
    match_id: int = Field(foreign_key="play_match.id", ondelete="CASCADE", index=True)
    number: int
    seat: int = 0
    name: str | None = Field(default=None, max_length=40)
    created_at: datetime = Field(default_factory=utcnow)
    revoked_at: datetime | None = None


# --- Train: the drill, the daily puzzle, reviews together (app.review.drill, .puzzle) ---


class DrillCard(SQLModel, table=True):
    """A browser's spaced-repetition state of one rated decision of its history in the
    drill (``app.review.drill``): the decision is the one that led to position ``index``
    of hand ``number`` of match ``match_id`` (from the browser's own seat). A decision
    with no row is new (due now); the row is written at the first answer. ``card`` is
    the FSRS card (``fsrs.Card.to_dict()``), ``due`` its next review, ``answered`` and
    ``solved`` the counts, ``learnt`` set once its interval reaches the drill's
    threshold (it then leaves the queue). ``version`` guards answers like
    :class:`PlaySeat`'s."""

    __tablename__ = "drill_card"

    session_id: str = Field(
        primary_key=True, foreign_key="browser_session.id", ondelete="CASCADE", max_length=64
    )
    match_id: int = Field(foreign_key="play_match.id", ondelete="CASCADE", primary_key=True,
                          index=True)
    number: int = Field(primary_key=True)
    index: int = Field(primary_key=True)
    card: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    due: datetime = Field(default_factory=utcnow)
    answered: int = 0
    solved: int = 0
    learnt: bool = False
    version: int = 0
    updated_at: datetime = Field(default_factory=utcnow)


class DrillDay(SQLModel, table=True):
    """How many drill items a browser answered (and solved) on one UTC day: the
    drill's progress and streak (consecutive days with an answer)."""

    __tablename__ = "drill_day"

    session_id: str = Field(
        primary_key=True, foreign_key="browser_session.id", ondelete="CASCADE", max_length=64
    )
    day: date = Field(primary_key=True)
    answered: int = 0
    solved: int = 0


class DailyPuzzle(SQLModel, table=True):
    """One UTC day's puzzle, the same for the whole instance (``app.review.puzzle``):
    a position of an analysed, finished hand of the instance, chosen once off the
    request path and stored anonymised: ``spot`` is only what the player could see
    then (no names, no ids, no hidden card), ``choices`` each candidate with its chance
    (``[action, permille]``, best first), ``best`` the answer; ``source`` the SHA-256 of
    where it came from (so no position is drawn twice, and no id is kept). ``rating``,
    ``rd``, ``volatility``: the puzzle's own Glicko-2 rating, moved by each answer."""

    __tablename__ = "daily_puzzle"

    day: date = Field(primary_key=True)
    source: str = Field(max_length=64, unique=True)
    spot: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    choices: list[Any] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    best: str = Field(max_length=16)
    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06
    created_at: datetime = Field(default_factory=utcnow)


class PuzzleAnswer(SQLModel, table=True):
    """A browser's one answer to a day's puzzle (the first counts; no second)."""

    __tablename__ = "puzzle_answer"

    session_id: str = Field(
        primary_key=True, foreign_key="browser_session.id", ondelete="CASCADE", max_length=64
    )
    day: date = Field(primary_key=True, index=True)
    answer: str = Field(max_length=16)
    solved: bool = False
    created_at: datetime = Field(default_factory=utcnow)


class PuzzleRating(SQLModel, table=True):
    """A browser's puzzle rating (Glicko-2, ``app.review.skill``), apart from the play
    rating: moved by each daily puzzle answered against the puzzle's own rating."""

    __tablename__ = "puzzle_rating"

    session_id: str = Field(
        primary_key=True, foreign_key="browser_session.id", ondelete="CASCADE", max_length=64
    )
    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06
    puzzles: int = 0
    updated_at: datetime = Field(default_factory=utcnow)


class ReviewTogether(SQLModel, table=True):
    """Where both players of a friend match stand in *Review together*
    (``app.review.together``): the hand ``number`` and its position ``step``;
    ``version`` goes up with each step (the live signal carries it)."""

    __tablename__ = "review_together"

    match_id: int = Field(foreign_key="play_match.id", ondelete="CASCADE", primary_key=True)
    number: int = 1
    step: int = 0
    version: int = 0
    updated_at: datetime = Field(default_factory=utcnow)


class WatchLink(SQLModel, table=True):
    """A watch link of a friend match (``app.friend.watch``): the SHA-256 (hex) of the
    link's random token (the token itself is never stored), the match it shows, the
    seat whose player made it (``None``: made for an event table, whose players agreed
    by joining), when it was made and when it was stopped (``revoked_at``: the link then
    says so). Whoever opens it sees only what is public (``app.table.watch``). Goes
    with the match (cascade)."""

    __tablename__ = "watch_link"

    token_hash: str = Field(primary_key=True, max_length=64)
    match_id: int = Field(foreign_key="play_match.id", ondelete="CASCADE", index=True)
    seat: int | None = None
    created_at: datetime = Field(default_factory=utcnow)
    revoked_at: datetime | None = None


class WatchConsent(SQLModel, table=True):
    """One player's *Let others watch* in a friend match (``app.friend.watch``): a row
    per seat that allows it, since ``allowed_at``. Watch links of a friend match are
    made only while both seats have a row; taking one back deletes it and stops every
    link of the match. Goes with the match (cascade)."""

    __tablename__ = "watch_consent"

    match_id: int = Field(foreign_key="play_match.id", ondelete="CASCADE", primary_key=True)
    seat: int = Field(primary_key=True)
    allowed_at: datetime = Field(default_factory=utcnow)


class BotAccount(SQLModel, table=True):
    """A program the operator admitted to play through the bot protocol
    (``docs/bots.md``, ``python -m app bot add NAME``): its ``name`` (unique, shown with
    a "bot" mark wherever it plays), the SHA-256 (hex) of its bearer token (the token is
    printed once and never stored), the history its seats belong to (``session_id``: a
    browser session of its own, made with it) and when the operator stopped it
    (``revoked_at``: its token is refused from then on). Looked up by the token's hash
    alone (``app.core.botaccounts``), like :class:`BrowserToken`."""

    __tablename__ = "bot_account"

    token_hash: str = Field(primary_key=True, max_length=64)
    name: str = Field(unique=True, max_length=20)
    session_id: str = Field(
        foreign_key="browser_session.id", ondelete="CASCADE", index=True, max_length=64
    )
    created_at: datetime = Field(default_factory=utcnow)
    revoked_at: datetime | None = None


# --- Learn: the lesson *Learn by playing* -------------------------------------------------


class LearnLesson(SQLModel, table=True):
    """A browser's place in *Learn by playing* (``app.learn``): ``done`` taught moves made
    (the fixed deal and the scripted computer rebuild the table from it), ``version``
    guards taps like :class:`PlaySeat`'s, ``sort`` the hand's order, ``back`` the local
    path Leave returns to, ``offer_closed`` once the home page's offer was taken or
    dismissed. Never a match: nothing here counts in the history or the statistics.
    """

    __tablename__ = "learn_lesson"

    session_id: str = Field(
        primary_key=True, foreign_key="browser_session.id", ondelete="CASCADE", max_length=64
    )
    done: int = 0
    version: int = 0
    sort: str = Field(default="rank", max_length=8)
    back: str = Field(default="/", max_length=200)
    offer_closed: bool = False
    updated_at: datetime = Field(default_factory=utcnow)


# --- The daily deal ----------------------------------------------------------------------


class DailyDeal(SQLModel, table=True):
    """One UTC day's daily deal (``app.daily``, docs/daily.md), the same for the whole
    instance: the day's secret ``server_seed`` (drawn the day before, when its
    commitment is first shown; revealed from the day after) and its *par*, the points
    Expert scores from the player's seat (``par``; ``par_kind`` how the hand ended),
    computed once in the background. ``par_status``: ``pending``, ``computing`` (since
    ``par_started_at``), ``done`` or ``failed``."""

    __tablename__ = "daily_deal"

    day: date = Field(primary_key=True)
    server_seed: str = Field(max_length=64)
    par: int | None = None
    par_kind: str | None = Field(default=None, max_length=16)
    par_status: str = Field(default="pending", max_length=16)
    par_started_at: datetime | None = None
    created_at: datetime = Field(default_factory=utcnow)


class DailyPlay(SQLModel, table=True):
    """One play of a day's daily deal by a browser: the hand's actions after the deal
    (``log``, ``[seat, action]`` pairs), the hand's ``sort``, and once it ended the
    ``points`` from the player's seat. ``attempt`` 1 is the play that counts (the
    browser's first of the day; one per browser and day, which the unique constraint
    holds), 2 and up are practice. ``version`` guards taps like :class:`PlaySeat`'s.
    The result against the par is derived (the par never changes once computed)."""

    __tablename__ = "daily_play"
    __table_args__ = (UniqueConstraint("session_id", "day", "attempt",
                                       name="uq_daily_play_session_day_attempt"),)

    id: int | None = Field(default=None, primary_key=True)
    session_id: str = Field(
        foreign_key="browser_session.id", ondelete="CASCADE", index=True, max_length=64
    )
    day: date = Field(index=True)
    attempt: int = 1
    log: list[list[Any]] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    version: int = 0
    sort: str = Field(default="rank", max_length=8)
    points: int | None = None
    started_at: datetime = Field(default_factory=utcnow)
    finished_at: datetime | None = None

    @property
    def counted(self) -> bool:
        """True for the play that counts (the first of the day), False for practice."""
        return self.attempt == 1


# --- Score: score sheets kept for games played with real cards -------------------------


class ScoreSheetRow(SQLModel, table=True):
    """One score sheet kept by a browser (docs/rules.md §1.2, §5–6).

    ``document`` is the sheet's own versioned JSON export
    (``app.score.sheet.ScoreSheet.to_json``): names, options and entries; every
    total is recomputed from it. ``share_token`` (``secrets.token_urlsafe(16)``, 128 bits)
    opens the read-only view ``/score/shared/{token}``. ``version`` goes up by one on
    each change (optimistic concurrency, see the module docstring).
    """

    __tablename__ = "score_sheet"

    id: int | None = Field(default=None, primary_key=True)
    session_id: str = Field(
        foreign_key="browser_session.id", ondelete="CASCADE", index=True, max_length=64
    )
    share_token: str = Field(unique=True, max_length=64)
    title: str = Field(default="", max_length=200)
    document: str = Field(sa_column=Column(Text, nullable=False))
    version: int = 0
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow, index=True)
    redo: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    """Hands taken back by Undo, as a JSON list of entries (last undone last); any other
    change clears it."""
    previous_id: int | None = Field(
        default=None, foreign_key="score_sheet.id", ondelete="SET NULL", unique=True
    )
    """The game this one is a rematch of (an evening is the chain of rematches)."""


# --- Display settings: how this browser wants the pages drawn --------------------------


class DisplayPrefs(SQLModel, table=True):
    """One browser's display settings (``app.web.display.Display``): one row per session.

    Values are the ``Literal`` choices of ``app.web.display``; a row is written only when the
    person saves the settings page, so most sessions have none (defaults apply).
    """

    __tablename__ = "display_prefs"

    session_id: str = Field(
        primary_key=True, foreign_key="browser_session.id", ondelete="CASCADE", max_length=64
    )
    card_size: str = Field(default="normal", max_length=16)
    deck: str = Field(default="two", max_length=16)
    theme: str = Field(default="device", max_length=16)
    motion: str = Field(default="device", max_length=16)
    computer_speed: str = Field(default="normal", max_length=16)
    card_back: str = Field(default="red", max_length=16, sa_column_kwargs={"server_default": "red"})
    felt: str = Field(default="green", max_length=16, sa_column_kwargs={"server_default": "green"})
    sound: str = Field(default="off", max_length=16, sa_column_kwargs={"server_default": "off"})
    vibration: str = Field(default="off", max_length=16,
                           sa_column_kwargs={"server_default": "off"})
    language: str = Field(default="auto", max_length=16,
                          sa_column_kwargs={"server_default": "auto"})
    updated_at: datetime = Field(default_factory=utcnow)


# --- Rows set aside: stored rows that could not be read, kept for the operator ---------


class SetAsideRow(SQLModel, table=True):
    """A stored row that could not be read (a corrupted match, score sheet, display
    settings …), copied here as it was and removed from its table, so its owner starts
    afresh instead of meeting an error on every page (``app.core.setaside``).

    ``table_name`` and ``row_key`` (the primary key as JSON) say where it was;
    ``session_id`` is the browser it belonged to (not a foreign key: kept when the
    session expires); ``data`` is the row's stored values as JSON text, with the rows
    that went with it (a match's hands) under ``"with"``; ``reason`` what failed.
    """

    __tablename__ = "set_aside_row"

    id: int | None = Field(default=None, primary_key=True)
    table_name: str = Field(max_length=64)
    row_key: str = Field(max_length=200)
    session_id: str | None = Field(default=None, max_length=64, index=True)
    reason: str = Field(default="", max_length=500)
    data: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(default_factory=utcnow)


# --- Events: club nights and leagues (app/events) -------------------------------------------


class Event(SQLModel, table=True):
    """An event on this instance (``/events``, app/events): its name, format (``"round
    robin"`` as ``roundrobin`` or ``swiss``), the number of Swiss rounds, the cards
    (``online``: friend matches; ``real``: score sheets), the table options (an engine
    ``Rules.to_dict()``), its state (``open`` → ``running`` ⇄ ``paused`` →
    ``finished``) and the current round (0 before the start).

    ``slug`` is the public name in its links (``/events/{slug}``, the join link, the
    board): random, not a secret. ``host_code_hash`` is the SHA-256 of the host's code
    (shown once, like a device code; the code itself is never stored). ``version`` goes
    up on every change, which is what the live pages poll for."""

    __tablename__ = "event"

    id: int | None = Field(default=None, primary_key=True)
    slug: str = Field(unique=True, max_length=32)
    host_code_hash: str = Field(unique=True, max_length=64)
    name: str = Field(max_length=60)
    format: str = Field(default="swiss", max_length=16)
    rounds: int = 3
    cards: str = Field(default="online", max_length=16)
    rules: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    status: str = Field(default="open", max_length=16)
    round: int = 0
    version: int = 0
    created_at: datetime = Field(default_factory=utcnow)
    updated_at: datetime = Field(default_factory=utcnow, index=True)
    duplicate_seed: str | None = Field(default=None, max_length=64)
    """A duplicate event's client seed (16 hex characters, public), every table's both
    seats' seed; ``None``: not a duplicate event. Its boards are :class:`EventBoard`."""
    hands: int = Field(default=0, sa_column_kwargs={"server_default": "0"})
    """The event's format of a table: 0, a match to the rules' target; else a number of
    hands: a table's result is its hand points after that many hands."""


class EventBoard(SQLModel, table=True):
    """One board of a duplicate event's round: the server seed every table of
    ``round`` deals its hand ``board`` from (``docs/fairness.md``); its SHA-256 is
    shown on the event page from the round's start, the seed itself once the round's
    tables are all done."""

    __tablename__ = "event_board"

    event_id: int = Field(foreign_key="event.id", ondelete="CASCADE", primary_key=True)
    round: int = Field(primary_key=True)
    board: int = Field(primary_key=True)
    server_seed: str = Field(max_length=64)


class EventHost(SQLModel, table=True):
    """A browser that may run an event: the one that made it, and any that entered the
    host code since (the host's phone died: another device carries on)."""

    __tablename__ = "event_host"

    event_id: int = Field(foreign_key="event.id", ondelete="CASCADE", primary_key=True)
    session_id: str = Field(
        primary_key=True, foreign_key="browser_session.id", ondelete="CASCADE", max_length=64,
        index=True)
    created_at: datetime = Field(default_factory=utcnow)


class EventPlayer(SQLModel, table=True):
    """A player of an event: a name, and the browser that joined (``None`` for a walk-in
    the host added, or once that browser's history is forgotten). ``number`` is the
    order of joining (ties in the standings are listed so); ``dropped`` players are paired no
    more; ``joined_round`` is the first round a late arrival is paired in."""

    __tablename__ = "event_player"
    __table_args__ = (UniqueConstraint("event_id", "session_id"),)

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", ondelete="CASCADE", index=True)
    session_id: str | None = Field(
        default=None, foreign_key="browser_session.id", ondelete="SET NULL", max_length=64,
        index=True)
    name: str = Field(max_length=20)
    number: int = 0
    dropped: bool = False
    joined_round: int = 1
    created_at: datetime = Field(default_factory=utcnow)


class EventPairing(SQLModel, table=True):
    """One table of a round (or a bye, ``player_b`` ``None``): the friend match
    (``match_id``) or the score sheet (``sheet_id``) it is played on, and once finished
    its ``outcome`` (``a``, ``b``, ``draw``, ``bye``) and each side's game points (the
    match's final totals). ``corrected`` marks a result the host set by hand (the table's
    own result no longer overrides it)."""

    __tablename__ = "event_pairing"

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="event.id", ondelete="CASCADE", index=True)
    round: int
    table: int
    player_a: int = Field(foreign_key="event_player.id", ondelete="CASCADE")
    player_b: int | None = Field(default=None, foreign_key="event_player.id",
                                 ondelete="CASCADE")
    match_id: int | None = Field(default=None, foreign_key="play_match.id",
                                 ondelete="SET NULL")
    sheet_id: int | None = Field(default=None, foreign_key="score_sheet.id",
                                 ondelete="SET NULL")
    outcome: str | None = Field(default=None, max_length=8)
    points_a: int = 0
    points_b: int = 0
    corrected: bool = False
    finished_at: datetime | None = None


class Season(SQLModel, table=True):
    """A season (``/seasons``, :mod:`app.events.seasons`): a club's events grouped under a
    name, with a running table over all their results. ``slug`` is the public name in its
    link (random, not a secret); ``host_code_hash`` the SHA-256 of its host's code (shown
    once, like an event's; the code itself is never stored)."""

    __tablename__ = "season"

    id: int | None = Field(default=None, primary_key=True)
    slug: str = Field(unique=True, max_length=32)
    host_code_hash: str = Field(unique=True, max_length=64)
    name: str = Field(max_length=60)
    created_at: datetime = Field(default_factory=utcnow)


class SeasonHost(SQLModel, table=True):
    """A browser that may run a season (attach its events): the one that made it, and any
    that entered its host code since."""

    __tablename__ = "season_host"

    season_id: int = Field(foreign_key="season.id", ondelete="CASCADE", primary_key=True)
    session_id: str = Field(
        primary_key=True, foreign_key="browser_session.id", ondelete="CASCADE", max_length=64,
        index=True)
    created_at: datetime = Field(default_factory=utcnow)


class SeasonEvent(SQLModel, table=True):
    """An event of a season: an event is in one season at most (its primary key)."""

    __tablename__ = "season_event"

    event_id: int = Field(foreign_key="event.id", ondelete="CASCADE", primary_key=True)
    season_id: int = Field(foreign_key="season.id", ondelete="CASCADE", index=True)
    attached_at: datetime = Field(default_factory=utcnow)
