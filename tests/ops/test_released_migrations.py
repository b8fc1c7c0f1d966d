"""A migration that shipped in a release is never edited, re-parented or removed
(docs/development.md, "Migrations"): ``alembic/released.json`` holds each release's
migration files with their SHA-256, and these tests fail when one changes or goes.
``tools/release.py`` holds the check (``make release-prepare`` and ``make release`` run
it too). 0.3.0's record is checked against the commit RELEASES names for it."""

from __future__ import annotations

import json
import shutil
import subprocess
from hashlib import sha256
from pathlib import Path

import pytest

from tools.release import changed_migrations, recorded

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = json.loads((ROOT / "alembic" / "released.json").read_text())


def test_no_shipped_migration_changed_or_went() -> None:
    assert changed_migrations(ROOT) == []


def test_every_recorded_release_has_its_migrations_recorded() -> None:
    for version in recorded(ROOT):
        assert version in MANIFEST["releases"], version


def test_the_record_is_what_each_release_commit_held() -> None:
    """Each release's hashes are those of the files at its commit (when this clone has it)."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    for version, commit in recorded(ROOT).items():
        listing = subprocess.run(["git", "ls-tree", "--name-only", commit, "alembic/versions/"],
                                 cwd=ROOT, capture_output=True, text=True, check=False)
        if listing.returncode != 0:
            pytest.skip(f"this clone lacks {version}'s commit (shallow?)")
        held = {}
        for path in listing.stdout.split():
            if path.endswith(".py"):
                text = subprocess.run(["git", "show", f"{commit}:{path}"], cwd=ROOT,
                                      capture_output=True, check=True).stdout
                held[Path(path).name] = sha256(text).hexdigest()
        assert MANIFEST["releases"][version] == held, version


def test_an_edited_re_parented_or_removed_migration_is_found(tmp_path: Path) -> None:
    (tmp_path / "alembic").mkdir()
    shutil.copy(ROOT / "alembic" / "released.json", tmp_path / "alembic" / "released.json")
    shutil.copytree(ROOT / "alembic" / "versions", tmp_path / "alembic" / "versions",
                    ignore=shutil.ignore_patterns("__pycache__"))
    versions = tmp_path / "alembic" / "versions"
    assert changed_migrations(tmp_path) == []
    first = versions / "0001_browser_session.py"
    first.write_text(first.read_text().replace("down_revision", "down_revision ", 1))
    (versions / "0020_display_language.py").unlink()
    problems = " ".join(changed_migrations(tmp_path))
    assert "0001_browser_session.py changed since 0.3.0" in problems
    assert "0020_display_language.py shipped in 0.3.0 and is gone" in problems
