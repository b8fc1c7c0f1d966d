"""Expert's deadline is the compiled core's; on the pure Python engine it is scaled by
the measured slowdown, so that the level searches as much there (issue 48)."""

from __future__ import annotations

import pytest

import app.engine
from app.engine.bots import expert


@pytest.mark.parametrize("compiled", [True, False])
def test_the_deadline_scales_to_the_engine_in_use(monkeypatch: pytest.MonkeyPatch,
                                                  compiled: bool) -> None:
    monkeypatch.setattr(app.engine, "compiled_core", lambda: compiled)
    budget = expert.Budget(deadline=0.6)
    expected = 0.6 if compiled else 0.6 * expert.PURE_ENGINE_SLOWDOWN
    assert expert.deadline_of(budget) == pytest.approx(expected)
    assert expert.deadline_of(expert.Budget(deadline=None)) is None
    assert expert.PURE_ENGINE_SLOWDOWN >= 3
