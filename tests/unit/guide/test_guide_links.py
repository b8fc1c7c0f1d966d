"""Which guide section each play step links to."""

from __future__ import annotations

import pytest

from app.engine import (
    Phase,
)
from app.guide.content import guide_link_for


@pytest.mark.parametrize("phase,expected", [
    (Phase.UPCARD_OFFER, "/guide/deal#upcard"),
    (Phase.DRAW, "/guide/turn#draw"),
    (Phase.DISCARD, "/guide/turn#discard"),
    (Phase.OVER, "/guide/scoring"),
    ("void", "/guide/void"),
    ("match_over", "/guide/match"),
    ("something else", "/guide"),
])
def test_guide_link_for_maps_each_play_step_to_its_section(phase: object, expected: str) -> None:
    assert guide_link_for(phase) == expected
