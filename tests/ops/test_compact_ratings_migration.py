"""Migration 0029 (compact ratings): the ratings of hand reviews stored before it are
rewritten in the compact form, read back as the same ratings (the chances as the review
shows them), and the way down writes the dicts back."""

from __future__ import annotations

import json
from pathlib import Path

from sqlalchemy import create_engine, text

from alembic import command
from app.core.db import alembic_config
from app.engine.rating import Rating

OLD = [
    Rating(1, "pass", "pass", 0.5401304905737399, 0.5401304905737399, 0.0, ""),
    Rating(4, "discard QS", "discard 9S", 0.551845536732004, 0.6024, 5.06, "inaccuracy"),
    Rating(7, "draw_stock", "take_discard", 0.49417950028990654, 0.5343367272102563, 4.02, ""),
    Rating(9, "knock 3C", "discard 3C", 0.3, 0.5, 20.0, "blunder"),
]


def _stored(url: str) -> dict[int, object]:
    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT number, ratings FROM hand_review")).all()
    finally:
        engine.dispose()
    return {number: json.loads(ratings) for number, ratings in rows}


def test_old_ratings_are_stored_compactly_and_read_the_same(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    command.upgrade(alembic_config(url), "0028")
    engine = create_engine(url)  # SQLite leaves foreign keys unchecked: no match needed
    with engine.begin() as conn:
        for number, ratings in ((1, [r.to_dict() for r in OLD]), (2, [])):
            conn.execute(text(
                "INSERT INTO hand_review (match_id, number, seat, status, ratings, seconds, "
                "created_at) VALUES (1, :number, 0, 'done', :ratings, 0.1, "
                "'2026-12-01 10:00:00.000000')"), {"number": number,
                                                   "ratings": json.dumps(ratings)})
    engine.dispose()
    before = len(json.dumps(_stored(url)[1]))

    command.upgrade(alembic_config(url), "head")
    stored = _stored(url)
    assert stored[2] == []
    assert stored[1] == [r.to_stored() for r in OLD]
    assert [len(r) for r in stored[1]] == [3, 7, 7, 7]  # type: ignore[arg-type]
    assert len(json.dumps(stored[1])) < before / 3
    read = [Rating.from_stored(r) for r in stored[1]]  # type: ignore[union-attr]
    for old, new in zip(OLD, read, strict=True):
        assert (new.index, new.chosen, new.best, new.loss, new.mark) == (
            old.index, old.chosen, old.best, old.loss, old.mark)
        assert round(100 * new.chosen_chance, 1) == round(100 * old.chosen_chance, 1)
        assert round(100 * new.best_chance, 1) == round(100 * old.best_chance, 1)

    command.downgrade(alembic_config(url), "0028")
    back = _stored(url)[1]
    assert [Rating.from_dict(r) for r in back] == read  # type: ignore[union-attr]
