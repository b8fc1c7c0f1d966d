"""Each package's docstring (``app/<package>/__init__.py``) is its map: it names every
module of the package, and says which of the app's packages it may import exactly as the
import contracts of ``pyproject.toml`` ([tool.importlinter], checked by ``make check``)
allow: the packages of the layers below its own (none of its sibling features), less
what a ``forbidden`` contract takes away. Read from the files, nothing imported.

The statement is the docstring's span from "May import" to "Imported by" (or the end of
its paragraph): every ``app.<package>`` it names counts, and it must name them all.
"""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "app"
PACKAGES = sorted(path.parent.name for path in APP.glob("*/__init__.py"))
_NAMED = re.compile(r"\bapp\.(\w+)")


def contracts() -> list[dict[str, object]]:
    with (ROOT / "pyproject.toml").open("rb") as handle:
        found: list[dict[str, object]] = tomllib.load(handle)["tool"]["importlinter"]["contracts"]
    return found


def allowed_imports(package: str) -> set[str]:
    """The app's packages ``package`` may import by the contracts: those of every layer
    below its own, less the modules a forbidden contract on the whole package names."""
    layers = next(c["layers"] for c in contracts() if c["type"] == "layers")
    assert isinstance(layers, list)
    split = [[name.strip() for name in layer.split("|")] for layer in layers]
    index = next(i for i, layer in enumerate(split) if f"app.{package}" in layer)
    below = {name.removeprefix("app.") for layer in split[index + 1:] for name in layer}
    for contract in contracts():
        if contract["type"] == "forbidden" and contract["source_modules"] == [f"app.{package}"]:
            forbidden = contract["forbidden_modules"]
            assert isinstance(forbidden, list)
            below -= {name.removeprefix("app.") for name in forbidden}
    return {name for name in below if name in PACKAGES}


def docstring(package: str) -> str:
    text = ast.get_docstring(ast.parse((APP / package / "__init__.py").read_text()))
    assert text, f"app/{package}/__init__.py has no docstring"
    return text


def modules(package: str) -> list[str]:
    """The package's modules and subpackages (``__init__`` aside)."""
    folder = APP / package
    return sorted([path.stem for path in folder.glob("*.py") if path.stem != "__init__"]
                  + [path.parent.name for path in folder.glob("*/__init__.py")])


def stated_imports(text: str) -> set[str] | None:
    """The packages the docstring's "May import" statement names (``None``: no statement)."""
    start = text.find("May import")
    if start < 0:
        return None
    span = text[start:]
    ends = [at for at in (span.find("Imported by"), span.find("\n\n")) if at >= 0]
    span = span[:min(ends)] if ends else span
    return set(_NAMED.findall(span))


def test_every_package_of_the_app_is_checked() -> None:
    assert len(PACKAGES) >= 15 and {"engine", "core", "web", "play", "routes"} <= set(PACKAGES)


@pytest.mark.parametrize("package", PACKAGES)
def test_the_package_docstring_names_every_module(package: str) -> None:
    text = docstring(package)
    missing = [name for name in modules(package)
               if f"app.{package}.{name}" not in text and f"``{name}``" not in text]
    assert not missing, f"app/{package}/__init__.py's docstring does not name {missing}"


@pytest.mark.parametrize("package", PACKAGES)
def test_the_package_docstring_states_the_imports_the_contracts_allow(package: str) -> None:
    stated = stated_imports(docstring(package))
    assert stated is not None, f"app/{package}/__init__.py's docstring has no 'May import'"
    stated.discard(package)
    allowed = allowed_imports(package)
    assert stated == allowed, (f"app/{package}: the docstring says it may import "
                               f"{sorted(stated)}, the contracts allow {sorted(allowed)}")


def test_the_statement_is_read_up_to_imported_by() -> None:
    text = "May import :mod:`app.web`, :mod:`app.core`. Imported by :mod:`app.routes`."
    assert stated_imports(text) == {"web", "core"}
    assert stated_imports("No statement at all.") is None
