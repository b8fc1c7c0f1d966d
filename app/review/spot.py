"""A decision's position as the player saw it, for the drill and the daily puzzle.

:func:`spot_of` keeps of a :class:`~app.engine.hand.PlayerView` only what the player
could see at that moment: their own hand, the discard pile's top and size, the stock's
size (never its cards), the cards the other player was seen to take and still holds,
the other player's discards, the score and the legal moves; never a hidden card, a
name or an id. A :class:`Spot` goes to JSON and back (:meth:`Spot.to_dict`), so the
day's puzzle is stored anonymised (``daily_puzzle.spot``). :func:`spot_view` is the
page's view of it, in the page's language.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from app.core.i18n import N_, gettext
from app.engine.cards import Card
from app.engine.hand import Phase, PlayerView, parse_action
from app.engine.rules import Rules
from app.table.words import action_words
from app.web.cardwords import card_values

QUESTIONS = {
    "upcard": N_("Take the upcard or pass?"),
    "draw": N_("Draw from the stock, or take %(card_acc)s from the discard pile?"),
    "discard": N_("Which card do you discard, and do you knock?"),
}
"""The question of each kind of decision (:attr:`Spot.kind`)."""


def _sorted(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in sorted(cards, key=lambda c: (c.suit.index, c.rank.number))]


@dataclass(frozen=True, slots=True)
class Spot:
    """One decision's position from the deciding player's seat (module docstring).

    ``kind``: ``"upcard"``, ``"draw"`` or ``"discard"``; ``hand``: the player's cards
    (codes, by suit and rank); ``drawn``: the card just drawn (the discard's turn; ``None``
    otherwise; from the stock only the player saw it); ``top``: the discard pile's top;
    ``pile``, ``stock``: sizes; ``shown``: the other player's cards known (taken from the
    pile, not discarded since); ``their_discards``: what they discarded, in order;
    ``their_count``: their number of cards; ``scores``: hand points before the hand,
    the player's first; ``target``: the match's target (0 in a match of a number of
    hands); ``legal``: the legal moves (action texts)."""

    kind: str
    hand: tuple[str, ...]
    drawn: str | None
    top: str | None
    pile: int
    stock: int
    shown: tuple[str, ...]
    their_discards: tuple[str, ...]
    their_count: int
    scores: tuple[int, int]
    target: int
    legal: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (the day's puzzle stores it)."""
        return {"kind": self.kind, "hand": list(self.hand), "drawn": self.drawn,
                "top": self.top, "pile": self.pile, "stock": self.stock,
                "shown": list(self.shown), "their_discards": list(self.their_discards),
                "their_count": self.their_count, "scores": list(self.scores),
                "target": self.target, "legal": list(self.legal)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Spot:
        """Rebuild a spot from :meth:`to_dict`'s output.

        Raises ``KeyError``, ``TypeError`` or ``ValueError`` for anything else."""
        scores = [int(x) for x in data["scores"]]
        return cls(str(data["kind"]), tuple(map(str, data["hand"])),
                   None if data["drawn"] is None else str(data["drawn"]),
                   None if data["top"] is None else str(data["top"]), int(data["pile"]),
                   int(data["stock"]), tuple(map(str, data["shown"])),
                   tuple(map(str, data["their_discards"])), int(data["their_count"]),
                   (scores[0], scores[1]), int(data["target"]),
                   tuple(map(str, data["legal"])))


def spot_of(view: PlayerView) -> Spot:
    """The spot of the player's decision in ``view`` (their turn; see the module
    docstring for what is kept)."""
    if view.phase is Phase.UPCARD_OFFER:
        kind = "upcard"
    elif view.phase is Phase.DRAW:
        kind = "draw"
    else:
        kind = "discard"
    rules: Rules = view.rules
    return Spot(kind, tuple(_sorted(view.hand)),
                None if view.drawn is None else str(view.drawn),
                None if view.top_discard is None else str(view.top_discard),
                len(view.discard_pile), view.stock_count,
                tuple(_sorted(list(view.opponent_known))),
                tuple(str(c) for c in view.opponent_discards), view.opponent_card_count,
                (view.scores[view.player], view.scores[1 - view.player]),
                0 if rules.hands else rules.target, tuple(str(a) for a in view.legal))


@dataclass(frozen=True, slots=True)
class Move:
    """One legal move as a button says it: its action text and its words."""

    action: str
    words: str


@dataclass(frozen=True, slots=True)
class SpotView:
    """A spot as a page shows it: the question in words, the moves (each in words),
    the card just drawn in a sentence (``""``: none) and the spot itself for the
    cards."""

    spot: Spot
    question: str
    moves: tuple[Move, ...]
    drawn: str = ""


def move_words(action: str) -> str:
    """An action text in words, as a button or an answer says it ("Discard the ten of
    hearts"), in the page's language."""
    return action_words(parse_action(action))


def spot_view(spot: Spot) -> SpotView:
    """The page's view of ``spot``: its question and its moves in words."""
    values = card_values(spot.top) if spot.top is not None else {}
    question = gettext(QUESTIONS[spot.kind], **values)
    drawn = gettext("You just drew %(card_acc)s.", **card_values(spot.drawn)) \
        if spot.drawn is not None else ""
    return SpotView(spot, question, tuple(Move(a, move_words(a)) for a in spot.legal),
                    drawn)


__all__ = ["QUESTIONS", "Move", "Spot", "SpotView", "move_words", "spot_of", "spot_view"]
