"""The lock files in requirements/ cover pyproject.toml, pin exact versions with hashes,
and are what the Makefile and the Dockerfile install.

A dependency added to ``pyproject.toml`` without ``make lock`` fails here, saying so.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]
LOCKS = ROOT / "requirements"
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?==(\S+)")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def pins(lock: str) -> dict[str, list[str]]:
    """``{package: [hashes]}`` of a lock file; every requirement must be ``==`` pinned."""
    text = (LOCKS / lock).read_text()
    found: dict[str, list[str]] = {}
    # Join continuation lines: "name==1.0 \\\n    --hash=sha256:..."
    for entry in re.sub(r"\\\n\s*", " ", text).splitlines():
        entry = entry.strip()
        if not entry or entry.startswith("#"):
            continue
        match = _PIN.match(entry)
        assert match, f"{lock}: not an exact pin: {entry[:80]}"
        found[canonical(match.group(1))] = re.findall(r"--hash=sha256:[0-9a-f]{64}", entry)
    return found


def project() -> dict[str, list[Requirement]]:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    extras = data.get("optional-dependencies", {})
    return {
        "runtime.txt": [Requirement(r) for r in data["dependencies"] + extras["postgres"]],
        "dev.txt": [Requirement(r) for r in data["dependencies"] + extras["postgres"]
                    + extras["dev"]],
    }


@pytest.mark.parametrize("lock", ["runtime.txt", "dev.txt", "tools.txt", "core.txt"])
def test_every_pin_has_hashes(lock: str) -> None:
    found = pins(lock)
    assert found
    for name, hashes in found.items():
        assert hashes, f"{lock}: {name} has no --hash"
    header = "\n".join((LOCKS / lock).read_text().splitlines()[:3])
    assert "make lock" in header, "the header says how to refresh"


@pytest.mark.parametrize("lock", ["runtime.txt", "dev.txt"])
def test_the_lock_covers_every_dependency_of_pyproject(lock: str) -> None:
    found = pins(lock)
    for requirement in project()[lock]:
        name = canonical(requirement.name)
        assert name in found, (f"{requirement} is in pyproject.toml but not in "
                               f"requirements/{lock}: run `make lock`")


def test_the_runtime_lock_holds_no_test_tools() -> None:
    runtime = pins("runtime.txt")
    for tool in ("pytest", "playwright", "mypy", "ruff", "hypothesis", "httpx"):
        assert tool not in runtime, f"{tool} would be installed by `make run`"


def test_tools_lock_pins_current_pip_and_setuptools() -> None:
    tools = (LOCKS / "tools.txt").read_text()
    setuptools = re.search(r"^setuptools==(\d+)", tools, re.MULTILINE)
    assert setuptools and int(setuptools.group(1)) >= 77  # the base images ship 65
    assert re.search(r"^pip==\d+", tools, re.MULTILINE)


def test_the_makefile_and_the_dockerfile_install_from_the_locks() -> None:
    makefile = (ROOT / "Makefile").read_text()
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "--require-hashes" in makefile and "requirements/runtime.txt" in makefile
    assert "requirements/dev.txt" in makefile
    run_rule = makefile.split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "DEV_STAMP" not in run_rule and "RUNTIME_STAMP" in run_rule
    assert "--require-hashes -r requirements/tools.txt" in dockerfile
    assert "--require-hashes --no-deps -r requirements/runtime.txt" in dockerfile
    assert not re.search(r"pip install[^\n]*\./", dockerfile), "no unpinned project install"
