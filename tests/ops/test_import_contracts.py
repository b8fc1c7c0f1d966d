"""The import contracts of ``pyproject.toml`` ([tool.importlinter]): the engine and the
pure score modules import nothing of the app outside themselves, ``app.core`` imports no
web framework (FastAPI, Starlette, Jinja2), no route module imports
another, and the layers go routes → features (play among them) → the table kit → web →
core → engine, never back up.

``make check`` runs ``lint-imports``; here it runs on this checkout (every contract kept)
and on copies of it with one forbidden import added (the contract it breaks must fail),
so a contract that silently stopped checking anything would be caught too.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT = ("import sys; from importlinter.cli import lint_imports_command; "
        "sys.argv = ['lint-imports', '--no-cache']; lint_imports_command()")


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` with ``root``'s pyproject.toml, importing ``app`` from ``root``."""
    path = os.pathsep.join([str(root), os.environ.get("PYTHONPATH", "")])
    return subprocess.run([sys.executable, "-c", LINT], cwd=root, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": path})


def test_every_contract_is_kept() -> None:
    result = lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(("module", "line", "contract"), [
    ("app/engine/cards.py", "import app.web.render", "The engine imports nothing"),
    ("app/score/sheet.py", "import app.score.keeper", "The score sheet, its calculator"),
    ("app/routes/home.py", "import app.routes.play", "No route module imports another"),
    ("app/core/config.py", "import starlette.requests", "app.core imports no web framework"),
    ("app/table/screen.py", "import app.friend.live", "Layers:"),
    ("app/table/tap.py", "import app.play.hints", "Layers:"),
    ("app/friend/invites.py", "import app.play.actions", "Layers:"),
    ("app/review/stats.py", "import app.friend.invites", "Layers:"),
    ("app/web/render.py", "import app.table.common", "Layers:"),
])
def test_a_forbidden_import_breaks_its_contract(tmp_path: Path, module: str, line: str,
                                                contract: str) -> None:
    shutil.copytree(ROOT / "app", tmp_path / "app",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    target = tmp_path / module
    target.write_text(target.read_text() + f"\n{line}  # noqa: E402\n")
    result = lint_imports(tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    broken = [text for text in result.stdout.splitlines() if text.endswith(" BROKEN")]
    assert len(broken) >= 1 and any(text.startswith(contract) for text in broken), \
        result.stdout
