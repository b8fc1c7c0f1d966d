"""``make release`` (``tools/release.py``), checked in its dry-run mode on a scratch git
checkout (this machine has no docker): it wants the changelog's entry for the version as
the top release, a clean tree and a tag not yet made; it prints the image build with the
OCI labels as build arguments, then the git tag; without docker the real run fails,
saying so, and tags nothing. The Dockerfile declares every label."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app import __version__

ROOT = Path(__file__).resolve().parents[2]
SOURCE = "https://example.org/gin-rummy"


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True,
                          text=True).stdout.strip()


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A git checkout holding this CHANGELOG.md and app/__init__.py, committed."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    (tmp_path / "app").mkdir()
    shutil.copy(ROOT / "app" / "__init__.py", tmp_path / "app" / "__init__.py")
    shutil.copy(ROOT / "CHANGELOG.md", tmp_path / "CHANGELOG.md")
    _git(tmp_path, "init", "-q")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "-c", "user.name=Test", "-c", "user.email=test@example.org",
         "commit", "-q", "-m", "release candidate")
    return tmp_path


def release(repo: Path, *args: str, path: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATH": path} if path is not None else None
    return subprocess.run([sys.executable, str(ROOT / "tools" / "release.py"), "--root",
                           str(repo), *args], capture_output=True, text=True, env=env,
                          timeout=60, check=False)


def test_a_dry_run_checks_and_prints_the_labelled_build_then_the_tag(repo: Path) -> None:
    result = release(repo, "--dry-run", "--source", SOURCE)
    assert result.returncode == 0, result.stderr
    head = _git(repo, "rev-parse", "HEAD")
    out = result.stdout
    assert f"release: {__version__} (commit {head[:12]})" in out
    build = next(line for line in out.splitlines() if line.strip().startswith("docker build"))
    for arg in (f"VERSION={__version__}", f"REVISION={head}", f"SOURCE={SOURCE}",
                f"--tag=gin-rummy:{__version__}", "--tag=gin-rummy:latest"):
        assert arg in build, arg
    assert re.search(r"CREATED=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", build)
    assert out.index("docker build") < out.index(f"git tag --annotate v{__version__}")
    assert _git(repo, "tag") == ""  # a dry run tags nothing


def test_a_multi_platform_dry_run_uses_buildx_and_pushes(repo: Path) -> None:
    result = release(repo, "--dry-run", "--source", SOURCE, "--image", "ghcr.io/you/gin",
                     "--platforms", "linux/amd64,linux/arm64")
    assert result.returncode == 0, result.stderr
    assert ("docker buildx build --platform=linux/amd64,linux/arm64" in result.stdout
            and f"--tag=ghcr.io/you/gin:{__version__}" in result.stdout
            and "--push ." in result.stdout)


def test_the_version_needs_its_changelog_entry_at_the_top(repo: Path) -> None:
    init = repo / "app" / "__init__.py"
    init.write_text(init.read_text().replace(f'"{__version__}"', '"9.9.9"'))
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
    init.write_text(init.read_text().replace(f'"{__version__}"', '"3.1"'))
    assert "is not semantic" in release(repo, "--dry-run", "--source", SOURCE).stderr


def test_a_tagged_version_or_a_changed_tree_is_refused(repo: Path) -> None:
    changelog = repo / "CHANGELOG.md"
    changelog.write_text(changelog.read_text() + "\nA line not committed yet.\n")
    dirty = release(repo, "--dry-run", "--source", SOURCE)
    assert dirty.returncode == 1 and "uncommitted changes" in dirty.stderr
    _git(repo, "checkout", "CHANGELOG.md")
    _git(repo, "tag", f"v{__version__}")
    tagged = release(repo, "--dry-run", "--source", SOURCE)
    assert tagged.returncode == 1 and f"v{__version__} is already tagged" in tagged.stderr


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
    assert "tools/release.py --image 'ghcr.io/you/gin' --dry-run" in command
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
