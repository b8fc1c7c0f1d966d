"""The verify page's logic (docs/fairness.md): read the four values of ``/fair``, deal from them.

A friend match's hand may be checked from both players' own client seeds
(``inviter_seed``, ``friend_seed``): the page combines them
(:func:`app.engine.fairness.combine_client_seeds`) into the hand's client seed, and
refuses a client seed that is not their combination.

Parsing lives here so the route stays thin. Every value from outside is checked by
:mod:`app.engine.fairness`; a problem becomes a message for its field, never a 500.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from app.core.i18n import N_, gettext, number
from app.core.inputs import whole_number
from app.engine.fairness import (
    ALGORITHM,
    MAX_CLIENT_SEED,
    MAX_HAND_NUMBER,
    SEED_HEX_LENGTH,
    FairDeal,
    InvalidSeedError,
    check_client_seed,
    check_hand_number,
    check_hex,
    combine_client_seeds,
    fair_deal,
)

FIELDS = ("server_seed", "client_seed", "hand_number", "commitment", "inviter_seed",
          "friend_seed")
SEAT_SEEDS = ("inviter_seed", "friend_seed")
"""Optional: a friend match's two players' own client seeds (seat 0's first)."""
MAX_FIELD = 200
"""Characters of a field echoed back into the form (longer input is cut when shown)."""


@dataclass(frozen=True, slots=True)
class Check:
    """What ``/fair`` shows: the values as typed, a message per bad field, and the deal
    (``None`` until all of server seed, client seed and hand number are valid).
    ``matches`` is ``None`` without a commitment, else whether it equals the deal's;
    ``combined`` the client seed made of the two players' own seeds, when given."""

    values: dict[str, str]
    errors: dict[str, str] = field(default_factory=dict)
    deal: FairDeal | None = None
    matches: bool | None = None
    algorithm: str = ALGORITHM
    combined: str | None = None

    @property
    def asked(self) -> bool:
        """True when any value was given (an empty visit shows just the form)."""
        return any(self.values.values())


EMPTY = {
    "server_seed": N_("Enter the server seed."),
    "client_seed": N_("Enter the client seed."),
    "hand_number": N_("Enter the hand number."),
}
"""The message of a required field left empty."""

PROBLEMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), message) for pattern, message in (
        (r"^The server seed may hold only the hex digits",
         N_("The server seed may hold only the hex digits 0-9 and a-f.")),
        (r"^The commitment may hold only the hex digits",
         N_("The commitment may hold only the hex digits 0-9 and a-f.")),
        (r"^The server seed must be \d+ hex characters long, not (?P<found>\d+)\.$",
         N_("The server seed must be %(length)s hex characters long, not %(found)s.")),
        (r"^The commitment must be \d+ hex characters long, not (?P<found>\d+)\.$",
         N_("The commitment must be %(length)s hex characters long, not %(found)s.")),
        (r"^The client seed needs at least one character",
         N_("The client seed needs at least one character.")),
        (r"^The client seed may hold only printable ASCII characters .*, not the character "
         r"(?P<bad>.+)\.$",
         N_("The client seed may hold only printable ASCII characters (letters, digits, "
            "space and punctuation), not the character %(bad)s.")),
        (r"^The client seed may be at most \d+ characters, not (?P<found>\d+)\.$",
         N_("The client seed may be at most %(length)s characters, not %(found)s.")),
        (r"^The hand number must be from [\d,]+ to [\d,]+, not (?P<found>-?[\d,]+)\.$",
         N_("The hand number must be from 1 to %(most)s, not %(found)s.")),
        (r"^The hand number must be ",
         N_("The hand number must be a whole number from 1 to %(most)s.")),
    ))
"""The engine's refusals of a seed or hand number (``app.engine.fairness``, English)
mapped to the page's messages: the engine stays free of translations."""


def problem(error: InvalidSeedError) -> str:
    """``error`` (a refusal of ``app.engine.fairness``) in the page's language; a
    refusal this table does not know is shown as the engine wrote it."""
    text = str(error)
    for pattern, message in PROBLEMS:
        found = pattern.search(text)
        if found:
            length = MAX_CLIENT_SEED if "client" in pattern.pattern else SEED_HEX_LENGTH
            given: dict[str, str] = {"found": "", "bad": "", **found.groupdict()}
            if re.fullmatch(r"-?[\d,]+", given["found"]):  # a count: the page's digits
                given["found"] = number(int(given["found"].replace(",", "")))
            return gettext(message, length=length, most=number(MAX_HAND_NUMBER), **given)
    return text


def _hand_number(text: str) -> int:
    value = whole_number(text.strip())
    if value is None:
        raise InvalidSeedError("The hand number must be a whole number from 1 to 10,000.")
    return check_hand_number(value)


def check_deal(query: Mapping[str, str]) -> Check:
    """Check the verify form's values and deal from them when they are valid.

    ``query`` maps field names (:data:`FIELDS`) to the text typed; missing means empty.
    The commitment is optional; so are the two players' seeds of a friend match, which
    (either given) make the client seed, or must combine into the one given. Never
    raises for any text.
    """
    values = {name: query.get(name, "") for name in FIELDS}
    shown = {name: value[:MAX_FIELD] for name, value in values.items()}
    if not any(values.values()):
        return Check(shown)
    errors: dict[str, str] = {}
    parsed: dict[str, object] = {}
    combined = _combined(values, errors)
    if combined is not None and not values["client_seed"]:
        values["client_seed"] = shown["client_seed"] = combined
    elif combined is not None and values["client_seed"] != combined:
        errors["client_seed"] = gettext(
            "This is not the two players' seeds combined: that is %(combined)s.",
            combined=combined)
    checks: dict[str, Callable[[str], object]] = {
        "server_seed": lambda text: check_hex(text, "The server seed"),
        "client_seed": check_client_seed,
        "hand_number": _hand_number,
        "commitment": lambda text: check_hex(text, "The commitment"),
    }
    for name in FIELDS:
        if name in SEAT_SEEDS or name in errors \
                or (name == "commitment" and not values[name].strip()):
            continue
        if not values[name]:
            errors[name] = gettext(EMPTY[name])
            continue
        try:
            parsed[name] = checks[name](values[name])
        except InvalidSeedError as error:
            errors[name] = problem(error)
    if errors:
        return Check(shown, errors, combined=combined)
    deal = fair_deal(str(parsed["server_seed"]), str(parsed["client_seed"]),
                     int(str(parsed["hand_number"])))
    matches = None if "commitment" not in parsed else parsed["commitment"] == deal.commitment
    return Check(shown, errors, deal, matches, combined=combined)


def _combined(values: Mapping[str, str], errors: dict[str, str]) -> str | None:
    """The combined client seed of the two players' seeds in ``values`` (``None`` when
    neither is given, or when one is invalid: its message goes into ``errors``)."""
    if not any(values[name] for name in SEAT_SEEDS):
        return None
    whose = (N_("The inviter's seed: %(problem)s"), N_("The friend's seed: %(problem)s"))
    for name, who in zip(SEAT_SEEDS, whose, strict=True):
        if values[name]:
            try:
                check_client_seed(values[name])
            except InvalidSeedError as error:
                errors[name] = gettext(who, problem=problem(error))
    if errors:
        return None
    return combine_client_seeds(values["inviter_seed"], values["friend_seed"])
