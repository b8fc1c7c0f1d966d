"""Display settings: card size, deck colours, theme, motion, the computer's speed, card
back, felt, sound and vibration.

They belong to the browser session and are stored on the server (table
``display_prefs``), so the very first paint of every page is right: the ``DisplayDep``
dependency (``app.web.deps``) reads this browser's ``Display`` once per request,
``render`` (in ``app.web.render``) puts it into the context of every full page and
``templates/base.html`` writes it on ``<html>`` as data attributes, which
``static/app.css`` turns into CSS custom properties:

========================  ==============================================================
``data-card-size``            ``normal`` | ``large`` (bigger cards with their full face)
``data-deck``             ``two`` | ``four`` (clubs green, diamonds blue)
``data-theme``            ``device`` (follows ``prefers-color-scheme``) | ``light`` |
                          ``dark`` | ``contrast``
``data-motion``           ``device`` (follows ``prefers-reduced-motion``) | ``reduced``
``data-computer-turn-ms`` how long the computer's turn is shown, in milliseconds
                          (``static/play.js`` reads it; 0 = no animation)
``data-card-back``        ``red`` | ``blue`` | ``green`` (the pattern on face-down cards)
``data-felt``             ``green`` | ``blue`` | ``burgundy`` | ``grey`` (the table's cloth)
``data-sound``            ``off`` | ``on`` (``static/sound.js``: short sounds on the table)
``data-vibration``        ``off`` | ``on`` (``static/sound.js``: your turn, a knock against you)
========================  ==============================================================

``language`` (``auto`` | ``en`` | ``de`` | ``es``) is not an attribute: it chooses the
language of the page (``app.web.deps.use_language``), written as ``<html lang>``.

A browser without a stored row, or without a session cookie at all, gets ``DEFAULT``.

This module holds what every page's first paint needs (the values, reading them); the
Settings page that changes them — its form and saving — is :mod:`app.prefs`. Imports
:mod:`app.core` and :mod:`app.web.sessions` only.
"""

from typing import Literal

from fastapi import Request
from pydantic import BaseModel, ConfigDict, ValidationError
from sqlalchemy import Engine
from sqlmodel import Session, col, select

from app.core.models import BrowserToken, DisplayPrefs
from app.web.sessions import COOKIE_NAME, is_valid_token, token_hash
from app.web.unitofwork import state_value

CardSize = Literal["normal", "large"]
Deck = Literal["two", "four"]
Theme = Literal["device", "light", "dark", "contrast"]
Motion = Literal["device", "reduced"]
Speed = Literal["quick", "normal", "slow"]
CardBack = Literal["red", "blue", "green"]
Felt = Literal["green", "blue", "burgundy", "grey"]
Switch = Literal["off", "on"]
Language = Literal["auto", "en", "de", "es", "fr", "it", "pt"]

COMPUTER_TURN_MS: dict[str, int] = {"quick": 300, "normal": 450, "slow": 600}
"""How long the computer's draw and discard are shown on the table, per speed setting, in
milliseconds from the first card moving to the last one gone. The table caps the computer's
turn at 600 ms, so Slow is that cap; ``static/play.js`` keeps the whole animation within it."""

THEME_COLOURS: dict[str, str] = {
    "light": "#163c27",
    "dark": "#0d1f15",
    "contrast": "#000000",
}
"""``<meta name="theme-color">`` (browser chrome, installed app's title bar) per theme."""

FELT_COLOURS: dict[str, dict[str, str]] = {
    "blue": {"light": "#12304a", "dark": "#0b1a29"},
    "burgundy": {"light": "#40131c", "dark": "#230a10"},
    "grey": {"light": "#2a3033", "dark": "#161a1c"},
}
"""The browser chrome's colour with another felt than green (``--felt-dark`` in
``static/app.css``, which the site header wears), per light and dark theme."""


class Display(BaseModel):
    """One browser's display settings (immutable; every field has a default).

    Raises ``pydantic.ValidationError`` for a value outside its ``Literal`` choices.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    card_size: CardSize = "normal"
    deck: Deck = "two"
    theme: Theme = "device"
    motion: Motion = "device"
    computer_speed: Speed = "normal"
    card_back: CardBack = "red"
    felt: Felt = "green"
    sound: Switch = "off"
    vibration: Switch = "off"
    language: Language = "auto"
    """``auto``: the browser's ``Accept-Language`` (``app.core.i18n.negotiate``)."""

    @property
    def computer_turn_ms(self) -> int:
        """Milliseconds the computer's turn is shown (0 when motion is reduced)."""
        return 0 if self.motion == "reduced" else COMPUTER_TURN_MS[self.computer_speed]

    def html_attributes(self) -> dict[str, str]:
        """The data attributes ``templates/base.html`` puts on ``<html>``."""
        return {
            "data-card-size": self.card_size,
            "data-deck": self.deck,
            "data-theme": self.theme,
            "data-motion": self.motion,
            "data-computer-speed": self.computer_speed,
            "data-computer-turn-ms": str(self.computer_turn_ms),
            "data-card-back": self.card_back,
            "data-felt": self.felt,
            "data-sound": self.sound,
            "data-vibration": self.vibration,
        }

    def theme_colours(self) -> list[tuple[str, str | None]]:
        """``(colour, media query or None)`` for each ``<meta name="theme-color">`` tag."""
        colours = {**THEME_COLOURS, **FELT_COLOURS.get(self.felt, {})}
        if self.theme == "device":
            return [
                (colours["light"], "(prefers-color-scheme: light)"),
                (colours["dark"], "(prefers-color-scheme: dark)"),
            ]
        return [(colours[self.theme], None)]


DEFAULT = Display()


def from_row(row: DisplayPrefs | None) -> Display:
    """The settings a stored ``display_prefs`` row holds (``DEFAULT`` for none, or for a
    value this version does not know)."""
    if row is None:
        return DEFAULT
    try:
        return Display(card_size=row.card_size, deck=row.deck, theme=row.theme,  # type: ignore[arg-type]
                       motion=row.motion, computer_speed=row.computer_speed,  # type: ignore[arg-type]
                       card_back=row.card_back, felt=row.felt,  # type: ignore[arg-type]
                       sound=row.sound, vibration=row.vibration,  # type: ignore[arg-type]
                       language=row.language)  # type: ignore[arg-type]
    except ValidationError:
        return DEFAULT  # a value from a future version: show the defaults, never fail


def read_display(engine: Engine, token: str) -> Display:
    """The stored settings of the history the cookie's ``token`` opens (``DEFAULT`` when
    it has none, or the token opens nothing).

    Reads in a deferred transaction, so a page view never queues behind writers.
    """
    with engine.connect() as conn:
        reader = conn.execution_options(sqlite_begin="DEFERRED")
        with Session(bind=reader) as db:
            return from_row(db.exec(
                select(DisplayPrefs)
                .join(BrowserToken, col(BrowserToken.session_id) == col(DisplayPrefs.session_id))
                .where(col(BrowserToken.token_hash) == token_hash(token))).first())


def display_for(request: Request) -> Display:
    """This request's browser settings, read once per request (``request.state.display``:
    ``app.web.deps.get_display`` reads them with the browser's session row, in one
    statement; this reads them alone for a request that did not, such as an error page).

    Uses the session cookie as it arrived: a browser on its first visit has no settings.
    """
    cached = state_value(request, "display")
    if isinstance(cached, Display):
        return cached
    cookie = request.cookies.get(COOKIE_NAME) or ""
    display = DEFAULT
    if is_valid_token(cookie):
        display = read_display(request.app.state.engine, cookie)
    request.state.display = display
    return display


def shown_display(request: Request) -> Display:
    """The settings :func:`display_for` read for this request, ``DEFAULT`` when nothing
    read them (never reads: what ``render`` puts on a page)."""
    cached = state_value(request, "display")
    return cached if isinstance(cached, Display) else DEFAULT
