"""The table's rules: one frozen object shared by Play and Score (docs/rules.md §5–6),
and :data:`OPTIONS`, the one table of the table options: each option's name, type,
default, bounds, label, hint and suggested values, which the New match form, the score
sheet's setup and their parsers read (no form lists the options itself).
"""

from __future__ import annotations

from dataclasses import MISSING, asdict, dataclass, fields, replace
from typing import Any

from .errors import N_, Cause, RulesError


@dataclass(frozen=True, slots=True)
class Option:
    """One table option (a field of :class:`Rules`), as every form shows and checks it.

    ``label`` and ``hint`` are catalogue messages (``N_``: a page translates them);
    ``choice`` is the New match form's sentence for a switch (its label and hint in one).
    ``low``/``high`` bound a number (``None``: unbounded); the engine refuses a value
    outside them with ``cause``. ``form_high`` is the forms' highest where the engine sets
    none (the target). ``presets`` are values to suggest (the target's list). ``sheet``:
    the score sheet's setup offers it (the knocker's arrangement is Play's alone, and the
    sheet keeps its own Hollywood switch). ``group``: what it is: ``"scoring"`` (a
    preset sets it), ``"match"`` (the match's length: shown with the numbers, no preset
    sets it) or ``"variants"``.
    """

    name: str
    label: str
    hint: str = ""
    choice: str = ""
    low: int | None = None
    high: int | None = None
    cause: Cause | None = None
    form_high: int | None = None
    presets: tuple[int, ...] = ()
    sheet: bool = True
    group: str = "variants"

    @property
    def default(self) -> int | bool:
        """The House value (the :class:`Rules` field's default)."""
        value: int | bool = Rules.__dataclass_fields__[self.name].default  # type: ignore[assignment]
        return value

    @property
    def switch(self) -> bool:
        """An on/off option (a checkbox), else a whole number."""
        return isinstance(self.default, bool)

    @property
    def most(self) -> int | None:
        """The highest value a form takes (``form_high``, else ``high``)."""
        return self.form_high if self.form_high is not None else self.high

    def check(self, value: int) -> None:
        """Refuse a number outside the bounds.

        Raises:
            RulesError: ``cause`` with the value (``num``), its ``option`` this one's name.
        """
        if self.cause is not None and not (
                (self.low is None or value >= self.low)
                and (self.high is None or value <= self.high)):
            raise RulesError(self.cause, option=self.name, num=value)


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

    ``hands`` (0 in every preset): 0, the match is played to ``target``; 1 to
    :data:`MOST_HANDS`, the match is that many deals, void hands included, and the
    higher hand points win (equal points: a draw), with no box, game or shutout bonus
    (:func:`~app.engine.scoring.tally`, docs/rules.md §5 "A match of a number of
    hands"). It does not go with Hollywood (three games to a target each).

    Raises:
        RulesError: a number out of its bounds, or ``hands`` with ``hollywood``.
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
    hands: int = 0

    def __post_init__(self) -> None:
        for option in NUMBERS:
            option.check(getattr(self, option.name))
        if self.hands and self.hollywood:
            raise RulesError(Cause.HANDS_HOLLYWOOD, option="hands")

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
                    raise RulesError(Cause.NOT_TRUE_OR_FALSE, option=key, key=key)
            elif not isinstance(value, int) or isinstance(value, bool):
                raise RulesError(Cause.NOT_WHOLE, option=key, key=key)
            values[key] = value
        return cls(**values)

    def with_options(self, **changes: Any) -> Rules:
        """A copy with some options changed (validated like the constructor)."""
        return replace(self, **changes)


MAX_BONUS = 1000
"""The highest bonus of any kind (gin, undercut, big gin, box, game)."""

MOST_HANDS = 30
"""The most hands a match of a number of hands may have (``Rules.hands``; an event's
hands per table, as many as a round's duplicate boards)."""

OPTIONS: tuple[Option, ...] = (
    Option("target", N_("Target"), low=1, cause=Cause.BAD_TARGET, form_high=100_000,
           presets=(100, 150, 250), group="scoring"),
    Option("hands", N_("Hands per match"),
           N_("0 plays to the target; 1 to 30: the match is that many hands, the higher "
              "points win, and no box, game bonus or shutout counts"),
           low=0, high=MOST_HANDS, cause=Cause.BAD_HANDS, group="match"),
    Option("knock_limit", N_("Knock limit"), N_("0 means gin only"), low=0, high=10,
           cause=Cause.BAD_KNOCK_LIMIT, group="scoring"),
    Option("gin_bonus", N_("Gin bonus"), low=0, high=MAX_BONUS, cause=Cause.BAD_GIN_BONUS,
           group="scoring"),
    Option("undercut_bonus", N_("Undercut bonus"), low=0, high=MAX_BONUS,
           cause=Cause.BAD_UNDERCUT_BONUS, group="scoring"),
    Option("big_gin_bonus", N_("Big gin bonus"), low=0, high=MAX_BONUS,
           cause=Cause.BAD_BIG_GIN_BONUS, group="scoring"),
    Option("box_bonus", N_("Box bonus (per hand won)"), low=0, high=MAX_BONUS,
           cause=Cause.BAD_BOX_BONUS, group="scoring"),
    Option("game_bonus", N_("Game bonus"), low=0, high=MAX_BONUS, cause=Cause.BAD_GAME_BONUS,
           group="scoring"),
    Option("shutout", N_("Shutout doubles"), N_("the whole total doubles if the loser won no hand"),
           N_("Shutout doubles the winner's total"), group="scoring"),
    Option("big_gin", N_("Big gin"), N_("all 11 cards melded, no discard"),
           N_("Big gin (all 11 cards melded, no discard)"), group="scoring"),
    Option("oklahoma", N_("Oklahoma"), N_("the first upcard sets the knock limit"),
           N_("Oklahoma (the first upcard sets the knock limit)")),
    Option("oklahoma_spade_double", N_("Spade upcard doubles"),
           N_("Oklahoma: a spade doubles the hand"),
           N_("Spade upcard doubles (Oklahoma: a spade as the first upcard doubles the hand)")),
    Option("straight_gin", N_("Straight gin"), N_("no knocking: only gin ends a hand"),
           N_("Straight gin (no knocking, only gin)")),
    Option("round_the_corner", N_("Round the corner"),
           N_("aces high as well as low: Q-K-A and K-A-2 are runs; an ace still counts 1"),
           N_("Round the corner (Q-K-A and K-A-2 are runs)")),
    Option("loser_deals", N_("Loser deals"), N_("instead of alternating (two players)"),
           N_("Loser deals the next hand")),
    Option("hollywood", N_("Hollywood"), N_("three games scored at once"),
           N_("Hollywood (three games at once: your 1st win in game 1, the 2nd in games "
              "1–2, then all three)"), sheet=False),
    Option("knocker_best_arrangement", N_("Knocker's melds"),
           N_("laid for the best score"),
           N_("Knocker arranges for the best score (the knocker's melds are laid for the "
              "best score after layoffs, not for the least deadwood)"), sheet=False),
)
"""Every table option, in the order the forms show them (docs/rules.md §6)."""

OPTION = {option.name: option for option in OPTIONS}
""":data:`OPTIONS` by name."""

NUMBERS = tuple(option for option in OPTIONS if not option.switch)
"""The options that are whole numbers."""

SWITCHES = tuple(option for option in OPTIONS if option.switch)
"""The on/off options."""

assert [o.name for o in OPTIONS] and {o.name for o in OPTIONS} == {
    f.name for f in fields(Rules)} and all(
    f.default is not MISSING for f in fields(Rules)), "OPTIONS must describe every Rules field"


HOUSE = Rules()
"""House rules (default for Play): to 100, gin 25, undercut 25, no bonuses, no big gin."""

CLASSIC = Rules(box_bonus=20, game_bonus=100, shutout=True)
"""Classic rules (default for Score): House plus box 20, game 100, shutout doubling."""

TOURNAMENT = Rules(target=100, knock_limit=10, gin_bonus=25, undercut_bonus=25, big_gin=False,
                   box_bonus=0, game_bonus=0, shutout=False)
"""Tournament rules (the EAAI competition's): to 100, knock with 10, gin and undercut 25
(a tie is an undercut), no big gin, no box, game or shutout bonus. Every scoring value is
spelled out: they equal House's today, and stay these if House's change."""

SCORING: tuple[Option, ...] = tuple(option for option in OPTIONS if option.group == "scoring")
"""The scoring options (group ``"scoring"``): what a :class:`Preset` sets; the variants
(Oklahoma, straight gin, Hollywood…) are the table's own choice under any preset."""


@dataclass(frozen=True, slots=True)
class Preset:
    """A named set of scoring options the New match form offers (docs/rules.md §5).

    ``name`` is the form's value; ``label`` and ``explanation`` (one line) are catalogue
    messages (``N_``). ``rules`` holds the preset's value of every :data:`SCORING` option.
    """

    name: str
    label: str
    explanation: str
    rules: Rules

    @property
    def values(self) -> dict[str, int | bool]:
        """The preset's value of each scoring option, by name."""
        return {option.name: getattr(self.rules, option.name) for option in SCORING}

    def apply(self, rules: Rules) -> Rules:
        """``rules`` with every scoring option set to the preset's (variants kept)."""
        return rules.with_options(**self.values)


PRESETS: tuple[Preset, ...] = (
    Preset("house", N_("House"),
           N_("First to 100, gin and undercut 25, no box or game bonus: quick matches."),
           HOUSE),
    Preset("classic", N_("Classic"),
           N_("As in the rule books: a box of 20 for every hand won, a game bonus of 100, "
              "a shutout doubles."), CLASSIC),
    Preset("tournament", N_("Tournament (EAAI)"),
           N_("The competition's rules: to 100, knock with 10, gin and undercut 25, a tie "
              "is an undercut, no big gin and no bonuses."), TOURNAMENT),
)
"""The scoring presets, in the order the New match form shows them (House first: the
default)."""

PRESET = {preset.name: preset for preset in PRESETS}
""":data:`PRESETS` by name."""


def preset_of(rules: Rules) -> Preset | None:
    """The first preset whose scoring options ``rules`` has (House before Tournament when
    they agree), or ``None`` (the player's own scoring)."""
    return next((preset for preset in PRESETS
                 if all(getattr(rules, name) == value
                        for name, value in preset.values.items())), None)

