"""The table's rules in words: every sentence or label any page shows about a
:class:`~app.engine.Rules` comes from here, so two pages never describe one option two
ways by accident.

* :func:`rules_rows` — ``(label, value)`` rows of a rules box: the play table's (short)
  and the guide's (``explained``: each value with its consequence);
* :func:`rules_line` — the options in one line, as the score sheet prints them;
* :func:`rules_name` — a match's rules in a few words, as the history lists them;
* :func:`hollywood_words` — the Hollywood option's value (a rules box's row);
* :func:`knock_note` — the knock limit of the hand in progress, as the table shows it.

Pure (no I/O, no templates): imports only :mod:`app.engine`. Imported by the features.
"""

from __future__ import annotations

from collections.abc import Sequence

from app.engine import HOUSE, KnockLimit, Rules
from app.engine.hand import VOID_AT


def _on_off(value: bool) -> str:
    return "on" if value else "off"


def rules_rows(rules: Rules, *, explained: bool = False) -> tuple[tuple[str, str], ...]:
    """``(label, value)`` rows for every table option of ``rules``.

    Short (the play table's rules box): the knock limit says how straight gin and
    Oklahoma replace it. ``explained`` (the guide): each value says what it implies, and
    the rows the engine never varies (layoffs against gin, the void hand) are added.
    """
    knock, big = rules.knock_limit, rules.big_gin_bonus
    if explained:
        limit = ("0 (straight gin: gin only)" if rules.straight_gin
                 else f"the first upcard's value, never more than {knock} (Oklahoma)"
                 if rules.oklahoma
                 else f"{knock} or less (exactly {knock} is allowed)" if knock
                 else "0 (gin only)")
    elif rules.straight_gin:
        limit = "gin only (straight gin)"
    elif rules.oklahoma:
        limit = "the first upcard's value (Oklahoma; an ace means gin only)"
    else:
        limit = str(knock)
    if explained:
        undercut = f"{rules.undercut_bonus} (a tie is an undercut)"
        big_gin = f"{_on_off(rules.big_gin)} (bonus {big})"
        oklahoma = _on_off(rules.oklahoma)
    else:
        undercut = str(rules.undercut_bonus)
        big_gin = f"on, bonus {big}" if rules.big_gin else "off"
        oklahoma = ("on, a spade upcard doubles the hand" if rules.oklahoma_spade_double
                    else "on") if rules.oklahoma else "off"
    rows = [
        ("Target", f"{rules.target} points"),
        ("Knock limit", limit),
        ("Gin bonus", str(rules.gin_bonus)),
        ("Undercut bonus", undercut),
        ("Big gin", big_gin),
    ]
    if explained:
        rows += [("Layoffs against gin", "never"),
                 ("Void hand", f"a turn ends with {VOID_AT} or fewer stock cards")]
    rows += [
        ("Box bonus", str(rules.box_bonus) if rules.box_bonus else "none"),
        ("Game bonus", str(rules.game_bonus) if rules.game_bonus else "none"),
        ("Shutout doubling" if explained else "Shutout doubles", _on_off(rules.shutout)),
        ("Oklahoma", oklahoma),
    ]
    if explained:
        rows.append(("Straight gin", _on_off(rules.straight_gin)))
    rows += [
        ("Round the corner", _on_off(rules.round_the_corner)),
        ("Loser deals", _on_off(rules.loser_deals)),
        ("Hollywood", hollywood_words(rules, explained=explained)),
    ]
    if not explained:
        rows.append(("Knocker's melds", "laid for the best score"
                     if rules.knocker_best_arrangement else "laid for the least deadwood"))
    return tuple(rows)


def hollywood_words(rules: Rules, *, explained: bool = False) -> str:
    """The Hollywood option's value (docs/rules.md §6): "off", "on: three games at once",
    or, ``explained``, what it implies for the match's end and winner."""
    if not rules.hollywood:
        return "off"
    if explained:
        return ("on (three games at once; the match ends when all three have closed, and "
                "the higher total over the three games wins: level totals are a tie)")
    return "on: three games at once"


def rules_line(rules: Rules, extras: Sequence[str] = ()) -> str:
    """The options in one line, ``extras`` (options that are not the engine's) last:
    ``"To 100 · gin 25 · undercut 25 · box 20 · game 100 · shutout doubles"``."""
    parts = [f"To {rules.target}", f"gin {rules.gin_bonus}", f"undercut {rules.undercut_bonus}"]
    if rules.big_gin:
        parts.append(f"big gin {rules.big_gin_bonus}")
    parts += [f"box {rules.box_bonus}", f"game {rules.game_bonus}"]
    if rules.shutout:
        parts.append("shutout doubles")
    if rules.oklahoma:
        parts.append("Oklahoma" + (" (spades double)" if rules.oklahoma_spade_double else ""))
    if rules.straight_gin:
        parts.append("straight gin")
    if rules.round_the_corner:
        parts.append("round the corner")
    if rules.loser_deals:
        parts.append("loser deals")
    parts += extras
    return " · ".join(parts)


def rules_name(rules: Rules) -> str:
    """A short name for a match's rules: "House rules, to 100", "Own rules, to 150" or
    "House rules, Hollywood, to 100" (House rules with another target, or played as
    Hollywood, are still House rules)."""
    base = "House rules" if Rules.from_dict(
        {**rules.to_dict(), "target": HOUSE.target, "hollywood": False}) == HOUSE \
        else "Own rules"
    hollywood = ", Hollywood" if rules.hollywood else ""
    return f"{base}{hollywood}, to {rules.target}"


def knock_note(rules: Rules, limit: KnockLimit) -> str:
    """The knock limit of the hand in progress, in every rule set: "Knock at 10 or
    less"; Oklahoma: this hand's limit ("Knock at 7 or less this hand", "Gin only this
    hand"); straight gin: "Gin only". A spade upcard's doubling is added."""
    if rules.straight_gin:
        note = "Gin only (straight gin)"
    elif limit.gin_only:
        note = "Gin only this hand"
    elif rules.oklahoma:
        note = f"Knock at {limit.limit} or less this hand"
    else:
        note = f"Knock at {limit.limit} or less"
    if limit.doubled:
        note += "; spade upcard: points double"
    return note


__all__ = ["hollywood_words", "knock_note", "rules_line", "rules_name", "rules_rows"]
