"""The server says once, at start, whether the engine's play-outs run compiled
(``make fast``) or as pure Python (docs/strength.md)."""

from __future__ import annotations

import logging

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.engine import compiled_core


def test_the_start_log_says_once_which_engine_runs(app: FastAPI,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger="app"), TestClient(app):
        pass
    said = [r.getMessage() for r in caplog.records if r.getMessage().startswith("engine: ")]
    assert said == ["engine: compiled core" if compiled_core()
                    else "engine: pure Python (no compiled core)"]
