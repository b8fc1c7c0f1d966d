"""The Settings page's logic: the form's groups, reading a posted form, saving it, and
the page's way back (issue 16).

What the settings *are* and how every page paints with them is :mod:`app.web.display`;
this module changes them. Imports :mod:`app.web` and :mod:`app.core` only.
"""

from dataclasses import dataclass

from pydantic import ValidationError
from sqlmodel import Session

from app.core.i18n import N_, gettext
from app.core.models import DisplayPrefs, utcnow
from app.web.display import Display
from app.web.links import return_path


@dataclass(frozen=True, slots=True)
class Choice:
    """One radio button of the settings form: stored value, label and an optional hint."""

    value: str
    label: str
    hint: str = ""


@dataclass(frozen=True, slots=True)
class Setting:
    """One group of the settings form (a fieldset of radio buttons)."""

    name: str
    legend: str
    choices: tuple[Choice, ...]


SETTINGS: tuple[Setting, ...] = (
    Setting("card_size", N_("Card size"), (
        Choice("normal", N_("Normal")),
        Choice("large", N_("Large"), N_("Bigger cards, easier to read")),
    )),
    Setting("deck", N_("Deck"), (
        Choice("two", N_("Two colours"), N_("Hearts and diamonds red, clubs and spades black")),
        Choice("four", N_("Four colours"),
               N_("Clubs green and diamonds blue, so every suit differs")),
    )),
    Setting("theme", N_("Theme"), (
        Choice("device", N_("Follow the device")),
        Choice("light", N_("Light")),
        Choice("dark", N_("Dark")),
        Choice("contrast", N_("High contrast")),
    )),
    Setting("motion", N_("Motion"), (
        Choice("device", N_("Follow the device")),
        Choice("reduced", N_("Reduced"), N_("No animation")),
    )),
    Setting("computer_speed", N_("The computer's turn"), (
        Choice("quick", N_("Quick"), N_("Shown for 0.3 seconds")),
        Choice("normal", N_("Normal"), N_("Shown for 0.45 seconds")),
        Choice("slow", N_("Slow"), N_("Shown for 0.6 seconds")),
    )),
    Setting("card_back", N_("Card backs"), (
        Choice("red", N_("Red lattice")),
        Choice("blue", N_("Blue diamonds")),
        Choice("green", N_("Green checks")),
    )),
    Setting("felt", N_("Table felt"), (
        Choice("green", N_("Green felt")),
        Choice("blue", N_("Blue felt")),
        Choice("burgundy", N_("Burgundy felt")),
        Choice("grey", N_("Grey felt")),
    )),
    Setting("sound", N_("Sound"), (
        Choice("off", N_("No sound")),
        Choice("on", N_("Sounds on"), N_("Short sounds for a draw, a discard, a knock, gin, "
                                         "an undercut and a won match")),
    )),
    Setting("vibration", N_("Vibration"), (
        Choice("off", N_("No vibration")),
        Choice("on", N_("Vibrate"), N_("On a phone: when it is your turn and when you are "
                                       "knocked against")),
    )),
    Setting("language", N_("Language"), (
        Choice("auto", N_("As your browser"),
               N_("The first of its languages that this app speaks")),
        # Each language is named in itself, in every language.
        Choice("en", "English"),
        Choice("de", "Deutsch"),
        Choice("es", "Español"),
        Choice("fr", "Français"),
        Choice("it", "Italiano"),
        Choice("pt", "Português"),
    )),
)
"""The settings page's groups, in order; names are ``Display`` fields. The words are
marked for translation (``N_``) and translated when the page shows them."""


class DisplayError(ValueError):
    """A posted settings form with a missing, unknown or repeated field; ``str()`` says which."""


def parse_form(fields: list[tuple[str, str]]) -> Display:
    """A ``Display`` from a posted form's ``(name, value)`` pairs.

    Every setting must appear exactly once with one of its values; other field names are
    refused too (a forged or mistyped form changes nothing). Raises ``DisplayError``.
    """
    known = {setting.name: setting for setting in SETTINGS}
    values: dict[str, str] = {}
    for name, value in fields:
        if name not in known:
            raise DisplayError(gettext("Unknown setting %(name)s.", name=repr(name[:40])))
        if name in values:
            raise DisplayError(gettext("%(setting)s: chosen twice.",
                                       setting=gettext(known[name].legend)))
        values[name] = value
    for setting in SETTINGS:
        if setting.name not in values:
            raise DisplayError(gettext("%(setting)s: nothing chosen.",
                                       setting=gettext(setting.legend)))
        if values[setting.name] not in {choice.value for choice in setting.choices}:
            allowed = ", ".join(gettext(choice.label) for choice in setting.choices)
            raise DisplayError(gettext("%(setting)s: choose one of %(allowed)s.",
                                       setting=gettext(setting.legend), allowed=allowed))
    try:
        return Display.model_validate(values)
    except ValidationError as exc:  # unreachable while SETTINGS matches Display
        raise DisplayError(gettext("Those settings are not valid.")) from exc


def save_display(db: Session, session_id: str, display: Display) -> None:
    """Store ``display`` for ``session_id`` (insert or update; the request commits)."""
    row = db.get(DisplayPrefs, session_id)
    if row is None:
        row = DisplayPrefs(session_id=session_id)
    row.card_size = display.card_size
    row.deck = display.deck
    row.theme = display.theme
    row.motion = display.motion
    row.computer_speed = display.computer_speed
    row.card_back = display.card_back
    row.felt = display.felt
    row.sound = display.sound
    row.vibration = display.vibration
    row.language = display.language
    row.updated_at = utcnow()
    db.add(row)
    db.flush()


BACK_LABELS = {"/play": N_("Back to Play"), "/score": N_("Back to Score"),
               "/guide": N_("Back to the rules")}


def safe_back(value: str | None, base: str = "") -> str:
    """``value`` as a plain local app path such as ``/play`` or ``/score/3``, else ``""``
    (:func:`app.web.links.return_path`: the request's sub-path ``base`` taken off when the
    value carries it; never a scheme, a host, ``//host`` or a query: the link cannot
    lead off the site), and never the settings page itself.
    """
    path = return_path(value, base)
    return "" if path == "/settings" else path


def back_label(back: str) -> str:
    """The words of the link back to ``back`` (a local path), in the page's language."""
    for prefix, label in BACK_LABELS.items():
        if back == prefix or back.startswith(prefix + "/"):
            return gettext(label)
    return gettext("Back") if back != "/" else gettext("Back to the start")
