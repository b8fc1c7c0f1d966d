"""The verify page's logic (docs/fairness.md): read the four values of ``/fair``, deal from them.

A friend match's hand may be checked from both players' own client seeds
(``inviter_seed``, ``friend_seed``): the page combines them
(:func:`app.engine.fairness.combine_client_seeds`) into the hand's client seed, and
refuses a client seed that is not their combination.

Parsing lives here so the route stays thin. Every value from outside is checked by
:mod:`app.engine.fairness`; a problem becomes a message for its field, never a 500.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from app.core.i18n import N_, gettext
from app.core.inputs import whole_number
from app.engine.errors import Cause
from app.engine.fairness import (
    ALGORITHM,
    MAX_HAND_NUMBER,
    FairDeal,
    InvalidSeedError,
    check_client_seed,
    check_hand_number,
    check_hex,
    combine_client_seeds,
    fair_deal,
)
from app.web.phrases import in_words

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

def problem(error: InvalidSeedError) -> str:
    """``error`` (a refusal of ``app.engine.fairness``) in the page's language
    (:func:`app.web.phrases.in_words`)."""
    return in_words(error)


def _hand_number(text: str) -> int:
    value = whole_number(text.strip())
    if value is None:
        raise InvalidSeedError(Cause.HAND_NUMBER_WHOLE, most=MAX_HAND_NUMBER)
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
        "server_seed": check_hex,
        "client_seed": check_client_seed,
        "hand_number": _hand_number,
        "commitment": lambda text: check_hex(text, commitment=True),
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
