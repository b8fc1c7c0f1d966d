"""The operator's page tests: apps with an operator token, the switches read afresh."""

from __future__ import annotations

import pytest

from app.core import switches
from app.core.config import Settings

TOKEN = "correct horse battery staple"
"""This folder's operator token (``ADMIN_TOKEN``)."""


@pytest.fixture
def settings(db_url: str) -> Settings:
    """This folder's apps have an operator token."""
    return Settings(database_url=db_url, analyse_hands=False, admin_token=TOKEN)


@pytest.fixture(autouse=True)
def _fresh() -> None:
    switches.forget_cache()
