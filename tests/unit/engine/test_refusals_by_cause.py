"""Every refusal the engine (and the pure score sheet, and the bounds of outside input)
can raise, wherever it is raised, carries a catalogue template and the values of its
placeholders (app/engine/errors.py, docs/translating.md "The engine's messages").

Three walks: each :class:`Cause` is a template with named placeholders that some code
raises; every ``raise`` of a refusal anywhere in the app names a cause or an ``N_``
template (never an English sentence built on the spot) and passes a value for each
placeholder; and real refusals, raised by playing, carry their cause and values."""

from __future__ import annotations

import ast
import importlib
import pickle
import re
from pathlib import Path

import pytest

from app.engine import (
    HOUSE,
    Card,
    Cause,
    GameError,
    Rules,
    apply_match,
    new_match,
    parse_match_action,
    score_hand,
)
from app.engine.errors import CASES, Phrase
from app.engine.fairness import check_client_seed, check_hand_number, check_hex

ROOT = Path(__file__).resolve().parents[3]
MODULES = sorted((ROOT / "app").rglob("*.py"))
"""Every module of the app: a refusal raised anywhere carries its template."""

PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def placeholders(template: str) -> set[str]:
    """The values a template needs: ``card_acc`` and ``card_dat`` are filled by ``card``."""
    names = set()
    for name in PLACEHOLDER.findall(template):
        for case in CASES[1:]:
            if name.endswith(case):
                name = name[: -len(case)]
        names.add(name)
    return names


def _subclasses(cls: type) -> set[type]:
    found = set(cls.__subclasses__())
    for sub in list(found):
        found |= _subclasses(sub)
    return found


def refusal_names() -> set[str]:
    """The names of every refusal class: the engine's errors, the sheet's, the bounds of
    outside input."""
    for module in ("app.engine", "app.engine.handhistory", "app.score.sheet"):
        importlib.import_module(module)
    return {cls.__name__ for cls in _subclasses(GameError)} | {"GameError", "InputError"}


def _raises(path: Path, names: set[str]) -> list[tuple[int, str, ast.Call]]:
    calls = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
            func = node.exc.func
            name = func.id if isinstance(func, ast.Name) else \
                func.value.id if isinstance(func, ast.Attribute) \
                and isinstance(func.value, ast.Name) else ""
            if name in names:
                calls.append((node.lineno, name, node.exc))
    return calls


def _template(call: ast.Call) -> str | None:
    """The literal template a raise names (``Cause.X`` or ``N_("...")``), else ``None``."""
    if not call.args:
        return None
    first = call.args[0]
    if isinstance(first, ast.Attribute) and isinstance(first.value, ast.Name) \
            and first.value.id == "Cause":
        return Cause[first.attr].template
    if isinstance(first, ast.Call) and isinstance(first.func, ast.Name) \
            and first.func.id == "N_" and isinstance(first.args[0], ast.Constant):
        return str(first.args[0].value)
    return None


def test_every_cause_is_a_template_with_named_placeholders() -> None:
    for cause in Cause:
        assert cause.template.strip(), cause
        bare = re.sub(r"%\(\w+\)[sd]", "", cause.template)
        assert "%" not in bare, f"{cause.name}: only %(name)s or %(name)d placeholders"
        values = {name: 1 if f"%({name})d" in cause.template else "x"
                  for name in PLACEHOLDER.findall(cause.template)}
        assert str(GameError(cause, **values)), cause


def test_every_cause_is_raised_somewhere() -> None:
    used = set()
    for path in (ROOT / "app").rglob("*.py"):
        used |= set(re.findall(r"Cause\.([A-Z_]+)", path.read_text()))
    assert {cause.name for cause in Cause} <= used, "a cause nobody raises"


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_refusal_names_a_template_and_its_values(path: Path) -> None:
    """No refusal is an English sentence made on the spot (an f-string, a literal, a
    ``str()`` of another error): it names a cause or an ``N_`` template, or passes one
    on (a variable, another error's cause), with a value for each placeholder."""
    for line, name, call in _raises(path, refusal_names()):
        where = f"{path.relative_to(ROOT)}:{line} {name}"
        assert call.args, f"{where}: no template"
        first = call.args[0]
        assert not isinstance(first, ast.JoinedStr | ast.Constant | ast.BinOp), \
            f"{where}: an English sentence instead of a template"
        assert not (isinstance(first, ast.Call) and isinstance(first.func, ast.Name)
                    and first.func.id in ("str", "gettext", "repr")), \
            f"{where}: another message's text instead of its template"
        template = _template(call)
        if template is None or any(k.arg is None for k in call.keywords):
            continue  # passed on: checked where the template is written
        given = {k.arg for k in call.keywords}
        assert placeholders(template) <= given, \
            f"{where}: no value for {placeholders(template) - given}"


def _real_refusals() -> list[GameError]:
    """Refusals raised by playing and by checking input, as the pages meet them."""
    match = new_match(HOUSE, seed=3, first_dealer=1)
    found: list[GameError] = []
    for player, text in ((1, "pass"), (0, "draw_stock"), (0, "discard 2C"),
                         (0, "big_gin"), (0, "discard ZZ"), (0, "next_hand")):
        try:
            apply_match(match, player, parse_match_action(text))
        except GameError as error:
            found.append(error)
    checks = (lambda: check_client_seed("x" * 80), lambda: check_client_seed(""),
              lambda: check_hex("xyz"), lambda: check_hex("ab", commitment=True),
              lambda: check_hand_number(0), lambda: Rules(target=0),
              lambda: Rules.from_dict({"shutout": 3}), lambda: score_hand(12, 30),
              lambda: score_hand(0, 30, big_gin=True), lambda: Card.parse("1X"))
    for check in checks:
        try:
            check()
        except GameError as error:
            found.append(error)
    return found


def test_real_refusals_carry_their_cause_and_values() -> None:
    refusals = _real_refusals()
    assert len(refusals) == 16
    for error in refusals:
        assert error.cause is not None, str(error)
        assert error.template == error.cause.template
        assert placeholders(error.template) <= set(error.values), str(error)
        assert str(error) == str(error.phrase)
        again = pickle.loads(pickle.dumps(error))  # crosses the process pool intact
        assert (type(again), again.cause, again.values, str(again)) == \
            (type(error), error.cause, error.values, str(error))


def test_a_refused_card_is_a_value_and_the_english_names_it() -> None:
    error = GameError(Cause.NOT_HELD, card=Card.parse("JS"))
    assert error.values == {"card": Card.parse("JS")}
    assert str(error) == "You do not hold the jack of spades."


def test_a_hands_score_carries_its_terms() -> None:
    undercut = score_hand(8, 5)
    assert (undercut.kind, undercut.bonus, undercut.knocker_deadwood,
            undercut.defender_deadwood, undercut.points) == ("undercut", 25, 8, 5, 28)
    assert undercut.terms == Phrase.of(
        "undercut: %(bonus)d + %(knocker)d − %(defender)d = %(points)d",
        knocker=8, defender=5, bonus=25, points=28)
    assert undercut.arithmetic == "undercut: 25 + 8 − 5 = 28"
