"""The features' routes are built once per process and shared by its apps
(``app.main._feature_routes``): each app still answers with its own dependency
overrides (``app.web.middleware.SERVING_APP``), whichever app built them first."""

from __future__ import annotations

import shutil
import warnings
from pathlib import Path

from fastapi import HTTPException

from app.core.config import Settings
from app.main import create_app
from app.web.deps import use_language
from tests.support.servers import sqlite_url

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette: "use httpx2" (not installable here)
    from fastapi.testclient import TestClient


def _teapot() -> str:
    raise HTTPException(status_code=418)


def test_each_app_answers_with_its_own_dependency_overrides(
        tmp_path: Path, migrated_template: Path) -> None:
    apps = []
    for name in ("plain", "overridden"):
        shutil.copyfile(migrated_template, tmp_path / f"{name}.db")
        apps.append(create_app(Settings(database_url=sqlite_url(tmp_path / f"{name}.db"),
                                        analyse_hands=False)))
    plain, overridden = apps
    overridden.dependency_overrides[use_language] = _teapot
    with TestClient(plain) as one, TestClient(overridden) as other:
        assert one.get("/").status_code == 200
        assert other.get("/").status_code == 418
        assert other.get("/guide").status_code == 418
        assert one.get("/guide").status_code == 200
    overridden.dependency_overrides.clear()
    with TestClient(overridden) as other:
        assert other.get("/").status_code == 200
