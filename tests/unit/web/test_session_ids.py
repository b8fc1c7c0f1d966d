"""Session ids: unique and well formed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.web.sessions import (
    is_valid_session_id,
    new_session_id,
)

if TYPE_CHECKING:
    pass


def test_ids_are_unique_and_well_formed() -> None:
    ids = {new_session_id() for _ in range(1000)}
    assert len(ids) == 1000
    assert all(is_valid_session_id(i) and len(i) == 43 for i in ids)
