"""The table's rules in words: every sentence or label any page shows about a
:class:`~app.engine.Rules` comes from here, so two pages never describe one option two
ways by accident.

* :func:`rules_rows` — ``(label, value)`` rows of a rules box: the play table's (short)
  and the guide's (``explained``: each value with its consequence);
* :func:`rules_line` — the options in one line, as the score sheet prints them;
* :func:`rules_name` — a match's rules in a few words, as the history lists them;
* :func:`hollywood_words` — the Hollywood option's value (a rules box's row);
* :func:`hands_words` — a match of a number of hands (a rules box's row);
* :func:`goal_words` — what ends a match, for a score line ("to 100", "8 hands");
* :func:`knock_note` — the knock limit of the hand in progress, as the table shows it.

No I/O, no templates: imports :mod:`app.engine` and the translations
(:mod:`app.core.i18n`: every word is in the request's language). Imported by the features.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.core.i18n import gettext, ngettext
from app.engine import HOUSE, OPTION, KnockLimit, Rules
from app.engine.hand import VOID_AT


def _on_off(value: bool) -> str:
    return gettext("on") if value else gettext("off")


def _label(name: str) -> str:
    """An option's label from the engine's one table (:data:`app.engine.OPTION`)."""
    return gettext(OPTION[name].label)


def rules_rows(rules: Rules, *, explained: bool = False) -> tuple[tuple[str, str], ...]:
    """``(label, value)`` rows for every table option of ``rules``, labelled as the engine's
    one table of the options names them (:data:`app.engine.OPTIONS`).

    Short (the play table's rules box): the knock limit says how straight gin and
    Oklahoma replace it. ``explained`` (the guide): each value says what it implies, and
    the rows the engine never varies (layoffs against gin, the void hand) are added.
    """
    knock, big = rules.knock_limit, rules.big_gin_bonus
    if explained:
        limit = (gettext("0 (straight gin: gin only)") if rules.straight_gin
                 else gettext("the first upcard's value, never more than %(limit)d "
                              "(Oklahoma)", limit=knock)
                 if rules.oklahoma
                 else gettext("%(limit)d or less (exactly %(limit)d is allowed)", limit=knock)
                 if knock else gettext("0 (gin only)"))
    elif rules.straight_gin:
        limit = gettext("gin only (straight gin)")
    elif rules.oklahoma:
        limit = gettext("the first upcard's value (Oklahoma; an ace means gin only)")
    else:
        limit = str(knock)
    none = gettext("none")
    if explained:
        undercut = gettext("%(bonus)d (a tie is an undercut)", bonus=rules.undercut_bonus)
        big_gin = gettext("%(on_off)s (bonus %(bonus)d)", on_off=_on_off(rules.big_gin),
                          bonus=big)
        oklahoma = _on_off(rules.oklahoma)
    else:
        undercut = str(rules.undercut_bonus)
        big_gin = gettext("on, bonus %(bonus)d", bonus=big) if rules.big_gin \
            else gettext("off")
        oklahoma = (gettext("on, a spade upcard doubles the hand")
                    if rules.oklahoma_spade_double else gettext("on")) if rules.oklahoma \
            else gettext("off")
    rows = [
        (_label("hands"), hands_words(rules)) if rules.hands else
        (_label("target"), gettext("%(target)d points", target=rules.target)),
        (_label("knock_limit"), limit),
        (_label("gin_bonus"), str(rules.gin_bonus)),
        (_label("undercut_bonus"), undercut),
        (_label("big_gin"), big_gin),
    ]
    if explained:
        rows += [(gettext("Layoffs against gin"), gettext("never")),
                 (gettext("Void hand"), gettext("a turn ends with %(cards)d or fewer stock "
                                                "cards", cards=VOID_AT))]
    rows += [
        (gettext("Box bonus"), str(rules.box_bonus) if rules.box_bonus else none),
        (_label("game_bonus"), str(rules.game_bonus) if rules.game_bonus else none),
        (gettext("Shutout doubling") if explained else _label("shutout"),
         _on_off(rules.shutout)),
        (_label("oklahoma"), oklahoma),
    ]
    if explained:
        rows.append((_label("straight_gin"), _on_off(rules.straight_gin)))
    rows += [
        (_label("round_the_corner"), _on_off(rules.round_the_corner)),
        (_label("loser_deals"), _on_off(rules.loser_deals)),
        (_label("hollywood"), hollywood_words(rules, explained=explained)),
    ]
    if not explained:
        rows.append((_label("knocker_best_arrangement"), gettext("laid for the best score")
                     if rules.knocker_best_arrangement
                     else gettext("laid for the least deadwood")))
    return tuple(rows)


def hands_words(rules: Rules) -> str:
    """A match of a number of hands (``rules.hands``, docs/rules.md §5) in words:
    "8 hands: the more points win (no target, no bonus)"."""
    return ngettext("%(num)d hand: the more points win (no target, no bonus)",
                    "%(num)d hands: the more points win (no target, no bonus)", rules.hands)


def goal_words(rules: Rules) -> str:
    """What ends a match, short, for a score line (docs/rules.md §5): "to 100", or for a
    match of a number of hands "8 hands" (its target ends nothing)."""
    if rules.hands:
        return ngettext("%(num)d hand", "%(num)d hands", rules.hands)
    return gettext("to %(target)s", target=rules.target)


def hollywood_words(rules: Rules, *, explained: bool = False) -> str:
    """The Hollywood option's value (docs/rules.md §6): "off", "on: three games at once",
    or, ``explained``, what it implies for the match's end and winner."""
    if not rules.hollywood:
        return gettext("off")
    if explained:
        return gettext("on (three games at once; the match ends when all three have "
                       "closed, and the higher total over the three games wins: level "
                       "totals are a tie)")
    return gettext("on: three games at once")


def rules_line(rules: Rules, extras: Sequence[str] = ()) -> str:
    """The options in one line, ``extras`` (options that are not the engine's) last:
    ``"To 100 · gin 25 · undercut 25 · box 20 · game 100 · shutout doubles"``."""
    parts = [ngettext("%(num)d hand", "%(num)d hands", rules.hands) if rules.hands
             else gettext("To %(target)d", target=rules.target),
             gettext("gin %(bonus)d", bonus=rules.gin_bonus),
             gettext("undercut %(bonus)d", bonus=rules.undercut_bonus)]
    if rules.big_gin:
        parts.append(gettext("big gin %(bonus)d", bonus=rules.big_gin_bonus))
    parts += [gettext("box %(bonus)d", bonus=rules.box_bonus),
              gettext("game %(bonus)d", bonus=rules.game_bonus)]
    if rules.shutout:
        parts.append(gettext("shutout doubles"))
    if rules.oklahoma:
        parts.append(gettext("Oklahoma (spades double)") if rules.oklahoma_spade_double
                     else gettext("Oklahoma"))
    if rules.straight_gin:
        parts.append(gettext("straight gin"))
    if rules.round_the_corner:
        parts.append(gettext("round the corner"))
    if rules.loser_deals:
        parts.append(gettext("loser deals"))
    parts += extras
    return " · ".join(parts)


def rules_name(rules: Rules) -> str:
    """A short name for a match's rules: "House rules, to 100", "Own rules, to 150" or
    "House rules, Hollywood, to 100" (House rules with another target, or played as
    Hollywood, are still House rules)."""
    house = Rules.from_dict({**rules.to_dict(), "target": HOUSE.target, "hollywood": False,
                             "hands": 0}) == HOUSE
    if rules.hands:
        return ngettext("House rules, %(num)d hand", "House rules, %(num)d hands",
                        rules.hands) if house else \
            ngettext("Own rules, %(num)d hand", "Own rules, %(num)d hands", rules.hands)
    if rules.hollywood:
        return gettext("House rules, Hollywood, to %(target)d", target=rules.target) \
            if house else gettext("Own rules, Hollywood, to %(target)d", target=rules.target)
    return gettext("House rules, to %(target)d", target=rules.target) if house \
        else gettext("Own rules, to %(target)d", target=rules.target)


def knock_note(rules: Rules, limit: KnockLimit) -> str:
    """The knock limit of the hand in progress, in every rule set: "Knock at 10 or
    less"; Oklahoma: this hand's limit ("Knock at 7 or less this hand", "Gin only this
    hand"); straight gin: "Gin only". A spade upcard's doubling is added."""
    if rules.straight_gin:
        note = gettext("Gin only (straight gin)")
    elif limit.gin_only:
        note = gettext("Gin only this hand")
    elif rules.oklahoma:
        note = gettext("Knock at %(limit)d or less this hand", limit=limit.limit)
    else:
        note = gettext("Knock at %(limit)d or less", limit=limit.limit)
    if limit.doubled:
        note = gettext("%(note)s; spade upcard: points double", note=note)
    return note



__all__ = ["goal_words", "hands_words", "hollywood_words", "knock_note", "rules_line", "rules_name",
           "rules_rows"]
