"""The release tooling (``tools/release.py``) on scratch git checkouts: ``make tags``
makes every recorded release's tag (idempotent, checking the commit); ``make
release-prepare`` commits the release (version, changelog heading, README, the migrations
recorded); ``make release`` checks (the changelog's entry on top, not recorded, the
migrations recorded, a clean tree, a new tag), prints the image build with the OCI labels
in its dry run, tags, then records the release and sets the next development version in
a second commit; without docker the real run fails, saying so, and tags nothing. The
Dockerfile declares every label."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCE = "https://example.org/gin-rummy"
_MAJOR, _MINOR, _PATCH = (int(part) for part in re.sub(
    r"\.dev\d+$", "", re.search(r'__version__ = "([^"]+)"',
                               (ROOT / "app" / "__init__.py").read_text()).group(1)
).split("."))
VERSION = f"{_MAJOR}.{_MINOR}.{_PATCH}"
"""The release the scratch checkouts make: this checkout's development version's."""
NEXT_DEV = f"{_MAJOR}.{_MINOR + 1}.0.dev0"
"""The development version that follows it."""


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True,
                          text=True).stdout.strip()


def _commit(repo: Path, message: str) -> str:
    _git(repo, "add", "--all")
    _git(repo, "commit", "-q", "-m", message)
    return _git(repo, "rev-parse", "HEAD")


@pytest.fixture
def dev(tmp_path: Path) -> Path:
    """A git checkout holding this checkout's version, CHANGELOG.md, README.md, RELEASES
    and migrations with their record, committed: a development version between releases."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    for name in ("app/__init__.py", "CHANGELOG.md", "README.md", "RELEASES",
                 "alembic/released.json"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, tmp_path / name)
    shutil.copytree(ROOT / "alembic" / "versions", tmp_path / "alembic" / "versions",
                    ignore=shutil.ignore_patterns("__pycache__"))
    changelog = tmp_path / "CHANGELOG.md"  # something to release, whatever main's holds
    changelog.write_text(changelog.read_text().replace(
        "## [Unreleased]\n", "## [Unreleased]\n\n### Added\n\n- A scratch change.\n", 1))
    init = tmp_path / "app" / "__init__.py"
    init.write_text(re.sub(r'__version__ = "[^"]*"', f'__version__ = "{VERSION}.dev0"',
                           init.read_text()))
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "config", "user.name", "Test")
    _git(tmp_path, "config", "user.email", "test@example.org")
    _commit(tmp_path, "development")
    return tmp_path


@pytest.fixture
def repo(dev: Path) -> Path:
    """``dev`` after ``make release-prepare VERSION=<VERSION>``: the release commit."""
    result = run(dev, "prepare", VERSION)
    assert result.returncode == 0, result.stderr
    return dev


def run(repo: Path, *args: str, path: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATH": path} if path is not None else None
    return subprocess.run([sys.executable, str(ROOT / "tools" / "release.py"), "--root",
                           str(repo), *args], capture_output=True, text=True, env=env,
                          timeout=60, check=False)


def release(repo: Path, *args: str, path: str | None = None) -> subprocess.CompletedProcess[str]:
    return run(repo, "publish", *args, path=path)


def version_of(repo: Path) -> str:
    found = re.search(r'__version__ = "([^"]*)"', (repo / "app" / "__init__.py").read_text())
    assert found
    return found.group(1)


def test_a_dry_run_checks_and_prints_the_labelled_build_then_the_tag(repo: Path) -> None:
    result = release(repo, "--dry-run", "--source", SOURCE)
    assert result.returncode == 0, result.stderr
    head = _git(repo, "rev-parse", "HEAD")
    out = result.stdout
    assert f"release: {VERSION} (commit {head[:12]})" in out
    build = next(line for line in out.splitlines() if line.strip().startswith("docker build"))
    for arg in (f"VERSION={VERSION}", f"REVISION={head}", f"SOURCE={SOURCE}",
                f"--tag=gin-rummy:{VERSION}", "--tag=gin-rummy:latest"):
        assert arg in build, arg
    assert re.search(r"CREATED=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", build)
    assert out.index("docker build") < out.index(f"git tag --annotate v{VERSION}")
    assert _git(repo, "tag") == ""  # a dry run tags nothing


def test_a_multi_platform_dry_run_uses_buildx_and_pushes(repo: Path) -> None:
    result = release(repo, "--dry-run", "--source", SOURCE, "--image", "ghcr.io/you/gin",
                     "--platforms", "linux/amd64,linux/arm64")
    assert result.returncode == 0, result.stderr
    assert ("docker buildx build --platform=linux/amd64,linux/arm64" in result.stdout
            and f"--tag=ghcr.io/you/gin:{VERSION}" in result.stdout
            and "--push ." in result.stdout)


def test_the_version_needs_its_changelog_entry_at_the_top(repo: Path) -> None:
    init = repo / "app" / "__init__.py"
    init.write_text(init.read_text().replace(f'"{VERSION}"', '"9.9.9"'))
    _git(repo, "-c", "user.name=T", "-c", "user.email=t@example.org", "commit", "-qam", "bump")
    result = release(repo, "--dry-run", "--source", SOURCE)
    assert result.returncode == 1
    assert "CHANGELOG.md has no entry for 9.9.9" in result.stderr
    assert "## [9.9.9] - " in result.stderr  # says what heading to write


def test_an_older_release_on_top_or_a_non_semantic_version_is_refused(repo: Path) -> None:
    changelog = repo / "CHANGELOG.md"
    text = changelog.read_text()
    changelog.write_text(text.replace("## [Unreleased]", "## [0.0.9] - 2026-01-01\n\n- x\n\n"
                                      "## [Unreleased]", 1))
    _git(repo, "-c", "user.name=T", "-c", "user.email=t@example.org", "commit", "-qam", "old")
    assert "top release is 0.0.9" in release(repo, "--dry-run", "--source", SOURCE).stderr
    init = repo / "app" / "__init__.py"
    init.write_text(init.read_text().replace(f'"{VERSION}"', '"3.1"'))
    assert "is not semantic" in release(repo, "--dry-run", "--source", SOURCE).stderr


def test_a_tagged_version_or_a_changed_tree_is_refused(repo: Path) -> None:
    changelog = repo / "CHANGELOG.md"
    changelog.write_text(changelog.read_text() + "\nA line not committed yet.\n")
    dirty = release(repo, "--dry-run", "--source", SOURCE)
    assert dirty.returncode == 1 and "uncommitted changes" in dirty.stderr
    _git(repo, "checkout", "CHANGELOG.md")
    _git(repo, "tag", f"v{VERSION}")
    tagged = release(repo, "--dry-run", "--source", SOURCE)
    assert tagged.returncode == 1 and f"v{VERSION} is already tagged" in tagged.stderr


def test_the_source_comes_from_origin_or_must_be_given(repo: Path) -> None:
    missing = release(repo, "--dry-run")
    assert missing.returncode == 1 and "SOURCE=https://" in missing.stderr
    _git(repo, "remote", "add", "origin", "git@github.example:you/gin-rummy.git")
    found = release(repo, "--dry-run")
    assert found.returncode == 0, found.stderr
    assert "SOURCE=https://github.example/you/gin-rummy" in found.stdout


def test_without_docker_the_release_fails_clearly_and_tags_nothing(
        repo: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    bin_dir = tmp_path_factory.mktemp("bin")  # git only: no docker on this PATH
    git = shutil.which("git")
    assert git is not None
    (bin_dir / "git").symlink_to(git)
    result = release(repo, "--source", SOURCE, path=str(bin_dir))
    assert result.returncode == 1
    assert "docker is not installed" in result.stderr and "DRY_RUN=1" in result.stderr
    assert _git(repo, "tag") == ""


def test_make_release_passes_its_variables_to_the_script() -> None:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    printed = subprocess.run(
        ["make", "-n", "release", "DRY_RUN=1", f"SOURCE={SOURCE}", "IMAGE=ghcr.io/you/gin",
         "PLATFORMS=linux/amd64,linux/arm64"], cwd=ROOT, capture_output=True, text=True,
        check=True).stdout
    command = " ".join(printed.replace("\\\n", " ").split())
    assert "tools/release.py publish --image 'ghcr.io/you/gin' --dry-run" in command
    assert f"--source '{SOURCE}'" in command
    assert "--platforms 'linux/amd64,linux/arm64'" in command


def test_the_dockerfile_labels_the_image_from_the_build_arguments() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    for arg in ("VERSION", "REVISION", "CREATED", "SOURCE"):
        assert re.search(rf"^ARG {arg}=", dockerfile, re.MULTILINE), arg
    for label, value in (("version", "${VERSION}"), ("revision", "${REVISION}"),
                         ("created", "${CREATED}"), ("source", "${SOURCE}"),
                         ("licenses", "MIT")):
        assert f'org.opencontainers.image.{label}="{value}"' in dockerfile, label


# --- the release flow: prepare, publish, record; tags from the record ---------------------


def test_prepare_commits_the_release_with_its_heading_readme_and_migrations(dev: Path) -> None:
    before = _git(dev, "rev-parse", "HEAD")
    result = run(dev, "prepare", VERSION)
    assert result.returncode == 0, result.stderr
    assert _git(dev, "rev-parse", "HEAD~1") == before
    assert _git(dev, "log", "-1", "--format=%s") == f"Release {VERSION}"
    assert _git(dev, "status", "--porcelain") == ""
    assert version_of(dev) == VERSION
    changelog = (dev / "CHANGELOG.md").read_text()
    assert re.search(rf"^## \[Unreleased\]\n\n## \[{re.escape(VERSION)}\] - \d{{4}}-\d\d-\d\d$",
                     changelog, re.MULTILINE)
    readme = (dev / "README.md").read_text()
    assert f"git checkout v{VERSION}" in readme and f"gin-rummy:{VERSION}\n" in readme
    manifest = json.loads((dev / "alembic" / "released.json").read_text())
    files = sorted(p.name for p in (dev / "alembic" / "versions").glob("*.py"))
    assert sorted(manifest["releases"][VERSION]) == files
    assert "0.3.0" in manifest["releases"]  # the earlier releases stay


def test_publish_tags_the_release_then_records_it_with_the_next_development_version(
        repo: Path) -> None:
    release_commit = _git(repo, "rev-parse", "HEAD")
    result = release(repo, "--no-image")
    assert result.returncode == 0, result.stderr
    assert _git(repo, "rev-parse", f"v{VERSION}^{{commit}}") == release_commit
    assert _git(repo, "rev-parse", "HEAD~1") == release_commit
    assert _git(repo, "log", "-1", "--format=%s") == (
        f"Record release {VERSION}; main is now {NEXT_DEV}")
    assert (repo / "RELEASES").read_text().splitlines()[-1] == f"{VERSION} {release_commit}"
    assert version_of(repo) == NEXT_DEV
    assert _git(repo, "status", "--porcelain") == ""
    assert f"git push origin HEAD v{VERSION}" in result.stdout
    # Released once: publishing or preparing the same version again is refused.
    again = release(repo, "--no-image")
    assert again.returncode == 1 and "development version" in again.stderr
    prepared = run(repo, "prepare", VERSION)
    assert prepared.returncode == 1 and f"already records {VERSION}" in prepared.stderr


def test_a_recorded_version_is_refused_even_when_set_by_hand(repo: Path) -> None:
    with (repo / "RELEASES").open("a") as record:
        record.write(f"{VERSION} {'1' * 40}\n")
    _commit(repo, "recorded by hand")
    result = release(repo, "--no-image")
    assert result.returncode == 1 and f"already records {VERSION}" in result.stderr
    assert _git(repo, "tag") == ""


def test_a_development_version_is_not_published(dev: Path) -> None:
    result = release(dev, "--dry-run", "--source", SOURCE)
    assert result.returncode == 1
    assert f"make release-prepare VERSION={VERSION}" in result.stderr


def test_migrations_must_be_recorded_and_shipped_ones_unchanged(dev: Path) -> None:
    shipped = dev / "alembic" / "versions" / "0001_browser_session.py"
    shipped.write_text(shipped.read_text() + "# edited\n")
    _commit(dev, "edit a shipped migration")
    refused = run(dev, "prepare", VERSION)
    assert refused.returncode == 1 and "0001_browser_session.py changed" in refused.stderr
    _git(dev, "revert", "--no-edit", "HEAD")
    assert run(dev, "prepare", VERSION).returncode == 0
    (dev / "alembic" / "versions" / "0099_later.py").write_text("# a migration after prepare\n")
    _commit(dev, "a migration the release does not record")
    unrecorded = release(dev, "--dry-run", "--source", SOURCE)
    assert unrecorded.returncode == 1
    assert "does not record the migrations of" in unrecorded.stderr


@pytest.fixture
def history(dev: Path) -> tuple[Path, str, str]:
    """``dev`` with two more commits recorded as releases 0.3.0 and 0.4.0."""
    (dev / "a").write_text("1")
    first = _commit(dev, "one")
    (dev / "a").write_text("2")
    second = _commit(dev, "two")
    (dev / "RELEASES").write_text(f"# releases\n0.3.0 {first}\n0.4.0 {second}\n")
    _commit(dev, "record")
    return dev, first, second


def test_tags_makes_every_recorded_release_tag_once(history: tuple[Path, str, str]) -> None:
    repo, first, second = history
    made = run(repo, "tags")
    assert made.returncode == 0, made.stderr
    assert "v0.3.0 is" in made.stdout and "(tagged now)" in made.stdout
    assert _git(repo, "rev-parse", "v0.3.0^{commit}") == first
    assert _git(repo, "rev-parse", "v0.4.0^{commit}") == second
    again = run(repo, "tags")
    assert again.returncode == 0 and again.stdout.count("(already tagged)") == 2


def test_tags_refuses_a_missing_commit_or_a_tag_elsewhere(
        history: tuple[Path, str, str]) -> None:
    repo, first, second = history
    _git(repo, "tag", "v0.4.0", first)
    elsewhere = run(repo, "tags")
    assert elsewhere.returncode == 1 and "git tag -d v0.4.0" in elsewhere.stderr
    _git(repo, "tag", "-d", "v0.4.0")
    (repo / "RELEASES").write_text(f"0.3.0 {'0' * 40}\n")
    missing = run(repo, "tags")
    assert missing.returncode == 1 and "git fetch" in missing.stderr
    (repo / "RELEASES").write_text("0.3.0 0fb6a17\n")  # a short id is not a record
    assert "full commit id" in run(repo, "tags").stderr


def test_make_tags_and_release_prepare_run_the_tool() -> None:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    printed = subprocess.run(["make", "-n", "tags", "release-prepare", "VERSION=0.4.0",
                              "release", "NO_IMAGE=1"], cwd=ROOT, capture_output=True,
                             text=True, check=True).stdout
    assert "tools/release.py tags" in printed
    assert "tools/release.py prepare '0.4.0'" in printed
    assert "tools/release.py publish --image 'gin-rummy' --no-image" in printed
