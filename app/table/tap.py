"""A tap of any table: the form's action parsed into the engine's action.

docs/rules.md §1 and §7.
"""

from __future__ import annotations

from collections.abc import Mapping

from app.core.i18n import N_, gettext
from app.engine import (
    BigGin,
    Card,
    Discard,
    DrawStock,
    GameError,
    Gin,
    Knock,
    MatchAction,
    MatchState,
    NextHand,
    Pass,
    Phase,
    TakeDiscard,
    TakeUpcard,
    match_view,
)
from app.table.common import PERSON, PlayError
from app.web.cardwords import card_values

SIMPLE_ACTIONS: dict[str, MatchAction] = {
    "take_upcard": TakeUpcard(), "pass": Pass(), "draw_stock": DrawStock(),
    "take_discard": TakeDiscard(), "big_gin": BigGin(), "next_hand": NextHand(),
}
"""The form's ``action`` values that name an action by themselves."""
CARD_ACTIONS: dict[str, type[Discard] | type[Knock] | type[Gin]] = {
    "discard": Discard, "knock": Knock, "gin": Gin,
}
"""The form's ``action`` values that take the card of the form's ``card`` field."""


def _held_card(match: MatchState, text: str, me: int = PERSON) -> Card:
    try:
        card = Card.parse(text)
    except GameError:
        raise PlayError(gettext("%(text)s is not a card: tap one of your cards.",
                                text=repr(text[:20]))) from None
    if match.hand.phase is Phase.OVER or card not in match_view(match, me).hand:
        raise PlayError(gettext("You do not hold %(card_acc)s: tap one of your cards.",
                                **card_values(card)))
    return card


def action_from_form(match: MatchState, form: Mapping[str, str],
                      me: int = PERSON) -> MatchAction:
    """The engine's action a tap's ``form`` names (``action``, and ``card`` for discard,
    knock and gin: a card held by seat ``me``): built as a value here, written as text
    only when the log stores it.

    Raises:
        PlayError: an unknown action, a card action without its card, a card that is
            none or not held; nothing changes.
    """
    name = form.get("action", "")
    if name in SIMPLE_ACTIONS:
        return SIMPLE_ACTIONS[name]
    if name in CARD_ACTIONS:
        code = form.get("card")
        if not code:
            raise PlayError(gettext(_SELECT_FIRST[name]))
        return CARD_ACTIONS[name](_held_card(match, code, me))
    raise PlayError(gettext("Unknown action %(name)s: use the buttons on the screen.",
                            name=repr(name[:20])))


_SELECT_FIRST = {
    "discard": N_("Select the card to discard first, then tap Discard."),
    "knock": N_("Select the card to knock with first, then tap Knock."),
    "gin": N_("Select the card to gin with first, then tap Gin."),
}
