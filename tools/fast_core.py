"""Build the engine's compiled core (``make fast``): the modules the play-outs use
(:data:`app.engine.CORE_MODULES`), compiled with mypyc from the same source.

The compiled modules are C extensions placed next to their ``.py`` files (Python
imports an extension before the source of the same name), with mypyc's shared library
``gin_engine_core__mypyc*.so`` at the top of the checkout; none is committed
(``.gitignore``). ``clean`` removes them and the pure engine runs again. Building needs
mypyc (installed with mypy, the ``dev`` extra), a C compiler and Python's headers.

Usage::

    .venv/bin/python tools/fast_core.py build               # compile (fails without a compiler)
    .venv/bin/python tools/fast_core.py build --if-possible # what make test and make run do
    .venv/bin/python tools/fast_core.py clean               # remove the compiled files
    .venv/bin/python tools/fast_core.py status              # built, stale or none
    .venv/bin/python tools/fast_core.py can-build           # a C compiler and headers?

``build`` does nothing when the compiled files are newer than every source of the
core. ``can-build`` succeeds when a C compiler and Python's headers are there (what
``make run`` asks before installing mypyc into the venv), else prints why in one line
and fails. ``--if-possible``: when the build cannot run (no mypyc, no compiler), say so and
succeed (the pure engine runs), unless ``FAST_CORE_REQUIRED=1`` (CI) makes it an error.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GROUP = "gin_engine_core"
"""The name of mypyc's shared library (``gin_engine_core__mypyc*.so`` at the top)."""
CORE_MODULES = (
    "app.engine.melds",
    "app.engine.layoff",
    "app.engine.bots.rollout",
    "app.engine.bots.inference",
    "app.engine.bots.hard",
)
"""The same list as :data:`app.engine.CORE_MODULES` (``tests/unit/tools`` checks; it is
repeated so that this script never imports the engine it builds)."""


def sources() -> list[Path]:
    """The source files of the core, relative to the checkout."""
    return [Path(*name.split(".")).with_suffix(".py") for name in CORE_MODULES]


def compiled_files() -> list[Path]:
    """The files a build leaves in the checkout (every extension of the core)."""
    found = sorted(ROOT.glob(f"{GROUP}__mypyc.*"))
    for source in sources():
        stem = (ROOT / source).with_suffix("")
        found.extend(sorted(p for p in stem.parent.glob(stem.name + ".*")
                            if p.suffix in (".so", ".pyd")))
    return found


def status() -> str:
    """``"built"`` (every module compiled, newer than every source), ``"stale"`` (some
    compiled file older than a source, or missing) or ``"none"``."""
    built = compiled_files()
    if not built:
        return "none"
    if len(built) != len(CORE_MODULES) + 1:
        return "stale"
    newest_source = max((ROOT / s).stat().st_mtime for s in sources())
    return "built" if min(p.stat().st_mtime for p in built) >= newest_source else "stale"


def missing_tools() -> str:
    """Why no build can run here (``""`` when it can): a C compiler (the one Python was
    built with, else ``cc``) and Python's headers (``Python.h``)."""
    import shlex
    import shutil
    import sysconfig

    compiler = shlex.split(sysconfig.get_config_var("CC") or "cc")[:1] or ["cc"]
    if shutil.which(compiler[0]) is None and shutil.which("cc") is None:
        return f"no C compiler ({compiler[0]} or cc)"
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.exists():
        return f"no Python headers ({headers})"
    return ""


def build() -> None:
    """Compile the core in place (setuptools' ``build_ext --inplace``), unless it is
    built and up to date."""
    if status() == "built":
        print("engine: compiled core up to date")
        return
    from mypyc.build import mypycify
    from setuptools import Distribution

    os.chdir(ROOT)
    started = time.monotonic()
    clean(quiet=True)
    extensions = mypycify([str(s) for s in sources()], group_name=GROUP, opt_level="3",
                          strip_asserts=False)
    # A Distribution of its own, not setup(): the project's pyproject.toml describes the
    # app, not this build, and is not read.
    dist = Distribution({"name": "gin-engine-core", "ext_modules": extensions,
                         "script_args": ["--quiet", "build_ext", "--inplace",
                                         "--build-temp", "build/fast-core"]})
    dist.parse_command_line()
    dist.run_commands()
    for path in compiled_files():  # setuptools copies them with the build's old times
        path.touch()
    print(f"engine: compiled core built in {time.monotonic() - started:.0f} s "
          f"({len(CORE_MODULES)} modules)")


def clean(quiet: bool = False) -> None:
    """Remove the compiled files (the pure engine runs again)."""
    for path in compiled_files():
        path.unlink()
        if not quiet:
            print(f"removed {path.relative_to(ROOT)}")


def main(argv: list[str]) -> int:
    """Command line: see the module docstring."""
    command = argv[0] if argv else "build"
    if command == "build" and "--if-possible" in argv[1:]:
        try:
            build()
        except (Exception, SystemExit) as error:  # no mypyc, no compiler, no headers
            if os.environ.get("FAST_CORE_REQUIRED") == "1":
                raise
            clean(quiet=True)
            print(f"engine: no compiled core ({type(error).__name__}: {error}); "
                  "the pure Python engine runs (same results, slower play-outs)")
        return 0
    if command == "build":
        build()
    elif command == "clean":
        clean()
    elif command == "status":
        print(status())
    elif command == "can-build":
        missing = missing_tools()
        if missing:
            print(f"engine: {missing}: make run serves the pure Python engine (same results, "
                  "slower play-outs; Expert's deadline scales to it)")
            return 1
    else:
        print(f"usage: {sys.argv[0]} build [--if-possible] | clean | status | can-build",
              file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
