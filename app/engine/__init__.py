"""The game engine: pure Python, no I/O, no web, no database (docs/rules.md §2–6).

Public API (also used by outside checks):

- cards: :class:`Card`, :class:`Rank`, :class:`Suit`, :func:`parse_cards`;
- rules: :class:`Rules`, presets :data:`HOUSE`, :data:`CLASSIC` and :data:`TOURNAMENT`
  (the New match form's :data:`PRESETS`, :func:`preset_of`), and the table of
  table options :data:`OPTIONS` (:class:`Option`; :data:`OPTION` by name);
- melds: :func:`least_deadwood`, :func:`best_discards`, :func:`best_arrangements`;
- the end of a hand: :func:`settle` (knocker's melds as given), :func:`lay_down`;
- scoring: :func:`score_hand`, :func:`tally`, :func:`match_tally` (plain or Hollywood),
  :func:`standing`, :func:`knock_limit_for`;
- a hand: :func:`deal`, :func:`legal_actions`, :func:`apply`, :func:`view`;
- a match: :func:`new_match`, :func:`apply_match`, :func:`replay`;
- provably fair deals (``gin-shuffle-v1``): :class:`HandSeed`, :func:`fair_deal`;
- the compiled core: :data:`CORE_MODULES`, :func:`compiled_core`.

The modules, one concern each:

* :mod:`app.engine.cards` — cards, ranks, suits and the deck;
* :mod:`app.engine.rules` — the table's rules (:class:`Rules`, its presets, and the
  table of table options every form and page reads);
* :mod:`app.engine.errors` — every refusal by its cause (:class:`GameError`);
* :mod:`app.engine.melds` — melds, least deadwood and best discards;
* :mod:`app.engine.layoff` — laying down after a knock, layoffs;
* :mod:`app.engine.scoring` — scoring a hand and a match;
* :mod:`app.engine.hand` — one hand as a state machine;
* :mod:`app.engine.match` — a match: hands one after another to the target;
* :mod:`app.engine.fairness` — the ``gin-shuffle-v1`` deal, its commitment and checks;
* :mod:`app.engine.handhistory` — the hand history text format;
* :mod:`app.engine.review` — a finished hand's positions and decisions;
* :mod:`app.engine.rating` — ratings of a player's decisions;
* :mod:`app.engine.bots` — the computer players, each from its own view only.

May import nothing of the app outside itself (``pyproject.toml``'s import contracts
check it). Imported by every other package.

The modules of :data:`CORE_MODULES` may run compiled (mypyc, from the same source:
``make fast``, docs/strength.md); without a build they run as pure Python and give
the same results.
"""

from .cards import CARDS, Card, Rank, Suit, format_cards, new_deck, parse_cards, shuffled_deck
from .errors import (
    Cause,
    GameError,
    IllegalActionError,
    InvalidCardError,
    InvalidHandError,
    InvalidScoreError,
    Phrase,
    RulesError,
)
from .fairness import FairDeal, HandSeed, InvalidSeedError, fair_deal
from .hand import (
    Action,
    BigGin,
    Dealt,
    Discard,
    Discarded,
    DrawStock,
    Drew,
    Event,
    Gin,
    HandResult,
    HandScored,
    HandState,
    HandVoided,
    Knock,
    Knocked,
    LaidOff,
    Pass,
    Passed,
    Phase,
    PlayerView,
    TakeDiscard,
    TakeUpcard,
    TookDiscard,
    TookUpcard,
    apply,
    check,
    deal,
    is_legal,
    legal_actions,
    parse_action,
    view,
    visible_event,
)
from .layoff import Settlement, lay_down, settle
from .match import (
    MatchAction,
    MatchState,
    NextHand,
    apply_match,
    legal_match_actions,
    match_view,
    new_match,
    parse_match_action,
    replay,
)
from .melds import (
    Arrangement,
    Meld,
    MeldKind,
    all_melds,
    best_arrangement,
    best_arrangements,
    best_discards,
    deadwood_by_discard,
    least_deadwood,
    make_meld,
)
from .rules import (
    CLASSIC,
    HOUSE,
    MOST_HANDS,
    OPTION,
    OPTIONS,
    PRESET,
    PRESETS,
    SCORING,
    TOURNAMENT,
    Option,
    Preset,
    Rules,
    preset_of,
)
from .scoring import (
    MAX_DEADWOOD,
    VOID_SCORE,
    HandKind,
    HandRecord,
    HandScore,
    HollywoodTally,
    KnockLimit,
    MatchTally,
    Role,
    hollywood_tally,
    knock_limit_for,
    match_tally,
    next_dealer,
    score_hand,
    standing,
    tally,
    tally_of_hands,
)

CORE_MODULES: tuple[str, ...] = (
    "app.engine.melds",
    "app.engine.layoff",
    "app.engine.bots.rollout",
    "app.engine.bots.inference",
    "app.engine.bots.hard",
)
"""The engine modules ``make fast`` compiles with mypyc (``tools/fast_core.py``): what
the Expert's play-outs spend their time in (least deadwood, the best discard, the
settlement of a knock, sampling the hidden hand, the play-out loop)."""


CORE_REVISION = 4
"""The revision of the core's speed: raised when a change makes the very same decisions
in a different CPU time (2: the best discard without a dict, ``Final`` constants, a
sampler that reads its view once; 3: the knock's arrangements from the choices of sets,
each player's deadwood carried from turn to turn in the play-outs; 4: Hard's outlook
finds the best discard after a draw without a dict, and Expert's search shares Hard's
memo of hand values with its candidates). The strength
benchmark saves it with each pair and takes its time figures from the pairs of the
latest revision (docs/strength.md)."""


def compiled_core() -> bool:
    """True when every module of :data:`CORE_MODULES` was imported compiled (a C
    extension built by ``make fast``), False when the engine runs as pure Python."""
    import sys

    from . import melds
    from .bots import hard, inference, rollout

    del melds, hard, inference, rollout  # imported so that sys.modules holds them
    return all(not str(getattr(sys.modules[name], "__file__", "")).endswith(".py")
               for name in CORE_MODULES)


__all__ = [
    "CORE_MODULES",
    "CARDS", "CLASSIC", "HOUSE", "MAX_DEADWOOD", "MOST_HANDS", "OPTION", "OPTIONS",
    "PRESET", "PRESETS",
    "SCORING", "TOURNAMENT", "VOID_SCORE", "Preset", "preset_of",
    "Action", "Arrangement", "BigGin", "Card", "Cause", "Dealt", "Discard", "Discarded",
    "DrawStock", "Drew", "Event", "FairDeal", "GameError", "Gin", "HandKind", "HandRecord",
    "HandResult", "HandScore", "HandScored", "HandSeed", "HandState", "HandVoided",
    "HollywoodTally",
    "IllegalActionError", "InvalidCardError", "InvalidHandError", "InvalidScoreError",
    "InvalidSeedError",
    "Knock", "KnockLimit", "Knocked", "LaidOff", "MatchAction", "MatchState",
    "MatchTally", "Meld", "MeldKind", "NextHand", "Pass", "Passed", "Phase",
    "Option", "Phrase", "PlayerView", "Rank", "Role", "Rules", "RulesError", "Settlement", "Suit",
    "TakeDiscard", "TakeUpcard", "TookDiscard", "TookUpcard",
    "all_melds", "apply", "apply_match", "best_arrangement", "best_arrangements",
    "best_discards", "check", "compiled_core", "deadwood_by_discard", "deal", "fair_deal",
    "format_cards",
    "hollywood_tally", "is_legal",
    "knock_limit_for", "lay_down", "least_deadwood", "legal_actions",
    "legal_match_actions", "make_meld", "match_tally", "match_view", "new_deck", "new_match",
    "next_dealer", "parse_action", "parse_cards", "parse_match_action", "replay",
    "score_hand", "settle", "shuffled_deck", "standing", "tally", "tally_of_hands", "view",
    "visible_event",
]
