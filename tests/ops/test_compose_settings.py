"""compose.yaml passes every setting of app/core/config.py to the app: each one from the
shell or a `.env` file beside it, else the app's own default; a `.env` file's other
variables reach the container too (README, "Configuration")."""

import re
from pathlib import Path
from typing import Any

import pytest

from app.core.config import Settings

ROOT = Path(__file__).resolve().parents[2]
APPS = ("app", "app-postgres")
FIXED = {"HOST": "0.0.0.0", "PORT": "8000"}
"""The container's own: the app listens on every interface at 8000 (published as
GIN_PUBLISH); DATABASE_URL is each service's own."""
IMAGE_ONLY = {"RUN_MIGRATIONS"}
_REFERENCE = re.compile(r"\$\{(?P<name>[A-Z_]+)(?::-(?P<default>[^}]*))?\}")


def _services() -> dict[str, Any]:
    yaml = pytest.importorskip("yaml")
    services: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]
    return services


def _setting_names() -> set[str]:
    return {name.upper() for name in Settings.model_fields}


def _interpolate(value: object, shell: dict[str, str]) -> str:
    """Compose's `${NAME}` and `${NAME:-default}` (an unset or empty NAME takes the default)."""
    return _REFERENCE.sub(
        lambda found: shell.get(found["name"]) or (found["default"] or ""), str(value))


def _container_env(service: str, shell: dict[str, str]) -> dict[str, str]:
    environment = _services()[service]["environment"]
    return {name: _interpolate(value, shell) for name, value in environment.items()}


@pytest.mark.parametrize("service", APPS)
def test_compose_names_every_setting_of_the_app(service: str) -> None:
    environment = _services()[service]["environment"]
    missing = _setting_names() - set(environment)
    assert not missing, f"compose.yaml's {service} does not pass {sorted(missing)}"
    assert set(environment) - _setting_names() <= IMAGE_ONLY


@pytest.mark.parametrize("service", APPS)
def test_compose_reads_a_dot_env_file_when_there_is_one(service: str) -> None:
    assert {"path": ".env", "required": False} in _services()[service]["env_file"]


@pytest.mark.parametrize("service", APPS)
def test_each_setting_comes_from_the_shell_or_dot_env(service: str) -> None:
    """Every setting but the container's own is `${ITS_NAME:-default}`: a value in the
    shell or `.env` (compose interpolates both) reaches the app unchanged."""
    environment = _services()[service]["environment"]
    for name, value in environment.items():
        if name in FIXED or name == "DATABASE_URL":
            continue
        found = _REFERENCE.fullmatch(str(value))
        assert found is not None and found["name"] == name, f"{name}: {value!r}"
    shell = {name: f"value-of-{name}" for name in environment}
    passed = _container_env(service, shell)
    for name in set(environment) - set(FIXED) - {"DATABASE_URL"}:
        assert passed[name] == shell[name]


@pytest.mark.parametrize("service", APPS)
def test_compose_defaults_are_the_apps_defaults(
        service: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """With nothing set, the container's settings are the app's defaults (but for the
    container's own address, port and database)."""
    passed = _container_env(service, shell={})
    assert {name: passed[name] for name in FIXED} == FIXED
    for name in _setting_names():
        monkeypatch.delenv(name, raising=False)
    for name in _setting_names():
        monkeypatch.setenv(name, passed[name])
    settings = Settings()
    defaults = Settings.model_construct()
    for field in Settings.model_fields:
        if field.upper() in FIXED or field == "database_url":
            continue
        assert getattr(settings, field) == getattr(defaults, field), field
    assert passed["RUN_MIGRATIONS"] == "1"


def test_the_readme_documents_every_setting() -> None:
    readme = (ROOT / "README.md").read_text()
    table = readme[readme.index("## Configuration"):readme.index("## Self-hosting")]
    for name in sorted(_setting_names() | IMAGE_ONLY):
        assert f"| `{name}` |" in table, f"README's Configuration table lacks {name}"
