"""Run the engine as pure Python even where its compiled core is built.

``install()`` (before anything imports ``app.engine``) makes every later import of an
``app.engine`` module load its ``.py`` source, never a compiled extension beside it.
The agreement test of the compiled core (``tests/unit/engine/test_compiled_core.py``)
and ``bench/playouts.py --pure`` use it to run both paths on one checkout.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

PACKAGE = "app.engine"


class _SourceOnly(importlib.abc.MetaPathFinder):
    """Finds ``app.engine`` modules by their source files only."""

    def find_spec(self, name: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if name != PACKAGE and not name.startswith(PACKAGE + "."):
            return None
        leaf = name.rpartition(".")[2]
        for folder in path or ():
            package = Path(folder) / leaf / "__init__.py"
            if package.is_file():
                return importlib.util.spec_from_file_location(
                    name, package, submodule_search_locations=[str(package.parent)])
            module = Path(folder) / f"{leaf}.py"
            if module.is_file():
                return importlib.util.spec_from_file_location(name, module)
        return None


def install() -> None:
    """Load ``app.engine`` from source from now on.

    Raises:
        RuntimeError: ``app.engine`` is already imported (too late to choose).
    """
    if any(name == PACKAGE or name.startswith(PACKAGE + ".") for name in sys.modules):
        raise RuntimeError("app.engine is already imported: call install() first")
    sys.meta_path.insert(0, _SourceOnly())
