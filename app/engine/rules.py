"""The table's rules: one frozen object shared by Play and Score (docs/rules.md §5–6)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from .errors import Cause, RulesError

_BONUSES = (("gin_bonus", Cause.BAD_GIN_BONUS), ("undercut_bonus", Cause.BAD_UNDERCUT_BONUS),
            ("big_gin_bonus", Cause.BAD_BIG_GIN_BONUS), ("box_bonus", Cause.BAD_BOX_BONUS),
            ("game_bonus", Cause.BAD_GAME_BONUS))
"""Each bonus option and the refusal of a value outside 0–1000."""


@dataclass(frozen=True, slots=True)
class Rules:
    """Every table option of docs/rules.md §6 that the engine applies.

    Points are game points; ``knock_limit`` is a deadwood count. Build variants with
    ``dataclasses.replace(HOUSE, target=150)`` or :meth:`with_options`.

    ``knocker_best_arrangement`` (off in every preset): how the knocker's melds are laid
    (:func:`~app.engine.layoff.lay_down`). Off: the arrangement with the least deadwood
    (among equal ones, the one leaving the defender the most deadwood after layoffs).
    On: the legal arrangement within the hand's knock limit that scores best for the
    knocker after the defender's best layoffs (least deadwood among equals), as most rule
    books allow the knocker to choose.

    ``hollywood`` (off in every preset): a Play match scores three games at once
    (:func:`~app.engine.scoring.hollywood_tally`) and ends when all three have closed.
    The score sheet keeps its own ``SheetOptions.hollywood`` and ignores this field.
    """

    target: int = 100
    knock_limit: int = 10
    gin_bonus: int = 25
    undercut_bonus: int = 25
    big_gin: bool = False
    big_gin_bonus: int = 31
    box_bonus: int = 0
    game_bonus: int = 0
    shutout: bool = False
    oklahoma: bool = False
    oklahoma_spade_double: bool = True
    straight_gin: bool = False
    round_the_corner: bool = False
    loser_deals: bool = False
    knocker_best_arrangement: bool = False
    hollywood: bool = False

    def __post_init__(self) -> None:
        if self.target <= 0:
            raise RulesError(Cause.BAD_TARGET, num=self.target)
        if not 0 <= self.knock_limit <= 10:
            raise RulesError(Cause.BAD_KNOCK_LIMIT, num=self.knock_limit)
        for name, cause in _BONUSES:
            value = getattr(self, name)
            if not 0 <= value <= 1000:
                raise RulesError(cause, num=value)

    def to_dict(self) -> dict[str, Any]:
        """The options as a plain JSON-ready dict."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rebuild rules from :meth:`to_dict` output; unknown keys are ignored.

        Raises:
            RulesError: a value is out of range or of the wrong type.
        """
        known = {f.name: f for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                continue
            default = getattr(HOUSE, key)
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise RulesError(Cause.NOT_TRUE_OR_FALSE, key=key)
            elif not isinstance(value, int) or isinstance(value, bool):
                raise RulesError(Cause.NOT_WHOLE, key=key)
            values[key] = value
        return cls(**values)

    def with_options(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated like the constructor)."""
        return replace(self, **changes)


HOUSE = Rules()
"""House rules (default for Play): to 100, gin 25, undercut 25, no bonuses, no big gin."""

CLASSIC = Rules(box_bonus=20, game_bonus=100, shutout=True)
"""Classic rules (default for Score): House plus box 20, game 100, shutout doubling."""
