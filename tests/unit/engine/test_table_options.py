"""The one table of the table options (``app.engine.OPTIONS``): it describes every field
of :class:`Rules`, its defaults are House rules, and the engine's bounds are the table's."""

from dataclasses import fields

import pytest

from app.engine import HOUSE, OPTION, OPTIONS, Option, Rules, RulesError


def test_the_table_describes_every_rules_field_once_with_the_house_default() -> None:
    assert [option.name for option in OPTIONS] == sorted(
        (f.name for f in fields(Rules)), key=[o.name for o in OPTIONS].index)
    assert len(OPTIONS) == len(fields(Rules))
    for option in OPTIONS:
        assert option.default == getattr(HOUSE, option.name)
        assert option.label, option.name
        assert option.switch == isinstance(getattr(HOUSE, option.name), bool)
        assert not option.switch or option.choice, f"{option.name}: no New match sentence"


@pytest.mark.parametrize("option", [o for o in OPTIONS if not o.switch], ids=lambda o: o.name)
def test_the_engine_refuses_a_number_outside_the_tables_bounds(option: Option) -> None:
    assert option.low is not None and option.cause is not None
    with pytest.raises(RulesError) as refused:
        Rules(**{option.name: option.low - 1})
    assert refused.value.cause == option.cause
    Rules(**{option.name: option.low})
    if option.high is not None:
        Rules(**{option.name: option.high})
        with pytest.raises(RulesError):
            Rules(**{option.name: option.high + 1})
    assert option.most is not None, f"{option.name}: the forms need a highest value"


def test_a_bound_changed_in_the_table_is_the_engines(monkeypatch: pytest.MonkeyPatch) -> None:
    from app.engine import rules

    tighter = rules.Option("knock_limit", "Knock limit", low=0, high=7,
                           cause=OPTION["knock_limit"].cause)
    monkeypatch.setattr(rules, "NUMBERS", tuple(
        tighter if o.name == "knock_limit" else o for o in rules.NUMBERS))
    with pytest.raises(RulesError):
        Rules(knock_limit=8)


def test_the_scoring_presets_are_house_classic_and_tournament_as_the_rule_books_say() -> None:
    from app.engine import CLASSIC, PRESET, PRESETS, SCORING, TOURNAMENT, preset_of

    assert [p.name for p in PRESETS] == ["house", "classic", "tournament"]
    assert PRESET["house"].rules == HOUSE
    assert (CLASSIC.box_bonus, CLASSIC.game_bonus, CLASSIC.shutout) == (20, 100, True)
    assert PRESET["classic"].rules == CLASSIC
    tournament = PRESET["tournament"].values
    assert tournament == {"target": 100, "knock_limit": 10, "gin_bonus": 25,
                          "undercut_bonus": 25, "big_gin_bonus": 31, "box_bonus": 0,
                          "game_bonus": 0, "shutout": False, "big_gin": False}
    assert PRESET["tournament"].rules == TOURNAMENT
    assert set(tournament) == {o.name for o in SCORING}
    for preset in PRESETS:
        assert preset.label and preset.explanation
    variant = Rules(oklahoma=True, box_bonus=5)
    classic = PRESET["classic"].apply(variant)
    assert classic.oklahoma and classic.box_bonus == 20 and classic.shutout
    assert preset_of(classic) is PRESET["classic"]
    assert preset_of(Rules(target=150)) is None
    assert preset_of(Rules(straight_gin=True)) is PRESET["house"]
