"""The verify page's logic (issue 14): read the four values of ``/fair``, deal from them.

Parsing lives here so the route stays thin. Every value from outside is checked by
:mod:`app.engine.fairness`; a problem becomes a message for its field, never a 500.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from app.engine.fairness import (
    ALGORITHM,
    FairDeal,
    InvalidSeedError,
    check_client_seed,
    check_hand_number,
    check_hex,
    fair_deal,
)
from app.play.common import whole_number

FIELDS = ("server_seed", "client_seed", "hand_number", "commitment")
MAX_FIELD = 200
"""Characters of a field echoed back into the form (longer input is cut when shown)."""


@dataclass(frozen=True, slots=True)
class Check:
    """What ``/fair`` shows: the values as typed, a message per bad field, and the deal
    (``None`` until all of server seed, client seed and hand number are valid).
    ``matches`` is ``None`` without a commitment, else whether it equals the deal's."""

    values: dict[str, str]
    errors: dict[str, str] = field(default_factory=dict)
    deal: FairDeal | None = None
    matches: bool | None = None
    algorithm: str = ALGORITHM

    @property
    def asked(self) -> bool:
        """True when any value was given (an empty visit shows just the form)."""
        return any(self.values.values())


def _hand_number(text: str) -> int:
    number = whole_number(text.strip())
    if number is None:
        raise InvalidSeedError("The hand number must be a whole number from 1 to 10,000.")
    return check_hand_number(number)


def check_deal(query: Mapping[str, str]) -> Check:
    """Check the verify form's values and deal from them when they are valid.

    ``query`` maps field names (:data:`FIELDS`) to the text typed; missing means empty.
    The commitment is optional. Never raises for any text.
    """
    values = {name: query.get(name, "") for name in FIELDS}
    shown = {name: value[:MAX_FIELD] for name, value in values.items()}
    if not any(values.values()):
        return Check(shown)
    errors: dict[str, str] = {}
    parsed: dict[str, object] = {}
    checks: dict[str, Callable[[str], object]] = {
        "server_seed": lambda text: check_hex(text, "The server seed"),
        "client_seed": check_client_seed,
        "hand_number": _hand_number,
        "commitment": lambda text: check_hex(text, "The commitment"),
    }
    for name in FIELDS:
        if name == "commitment" and not values[name].strip():
            continue
        if not values[name]:
            errors[name] = f"Enter the {name.replace('_', ' ')}."
            continue
        try:
            parsed[name] = checks[name](values[name])
        except InvalidSeedError as error:
            errors[name] = str(error)
    if errors:
        return Check(shown, errors)
    deal = fair_deal(str(parsed["server_seed"]), str(parsed["client_seed"]),
                     int(str(parsed["hand_number"])))
    matches = None if "commitment" not in parsed else parsed["commitment"] == deal.commitment
    return Check(shown, errors, deal, matches)
