"""The app's one version: the page footer, ``/healthz`` and the package (``pyproject.toml``
reads ``app.__version__``) say the same; on a release commit it is the top release of
CHANGELOG.md, between releases the next one's development version (``X.Y.Z.dev0``); the
README runs the latest release RELEASES records."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from fastapi.testclient import TestClient

from app import __version__

ROOT = Path(__file__).resolve().parent.parent.parent
SEMVER = re.compile(r"\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?")
DEVELOPMENT = re.compile(r"(\d+\.\d+\.\d+)\.dev\d+")


def _numbers(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in re.split(r"[.-]", version)[:3])


def latest_release() -> str:
    """The last version RELEASES records."""
    lines = [line.split()[0] for line in (ROOT / "RELEASES").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    return lines[-1]
RELEASE_HEADING = re.compile(r"^## \[(?P<version>[^\]]+)\] - \d{4}-\d{2}-\d{2}$", re.MULTILINE)


def test_the_version_is_semantic_and_pyproject_reads_it_from_the_package() -> None:
    assert SEMVER.fullmatch(__version__) or DEVELOPMENT.fullmatch(__version__)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in project["project"]
    assert project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "app.__version__"}


def test_the_version_is_the_top_release_or_the_next_ones_development() -> None:
    releases = RELEASE_HEADING.findall((ROOT / "CHANGELOG.md").read_text())
    assert releases, "CHANGELOG.md has no release heading '## [X.Y.Z] - YYYY-MM-DD'"
    development = DEVELOPMENT.fullmatch(__version__)
    if development is None:  # a release commit
        assert releases[0] == __version__
    else:  # between releases: the next release's, and nothing recorded says it yet
        assert _numbers(development.group(1)) > _numbers(releases[0])
        assert _numbers(development.group(1)) > _numbers(latest_release())


def test_the_footer_and_healthz_show_the_version(client: TestClient) -> None:
    for path in ("/", "/guide", "/score"):
        page = client.get(path)
        footer = page.text[page.text.index('<footer class="site-footer">'):]
        assert f'<span class="app-version">v{__version__}</span>' in footer, path
    assert client.get("/healthz").json()["version"] == __version__


def test_the_readme_runs_the_latest_release() -> None:
    # On a release commit that release (make release-prepare sets it), else the last recorded.
    readme = (ROOT / "README.md").read_text()
    latest = latest_release() if DEVELOPMENT.fullmatch(__version__) else __version__
    assert f"git checkout v{latest}" in readme
    assert f"docker build -t gin-rummy:{latest} ." in readme
    assert f"gin-rummy:{latest}\n" in readme  # the docker run line


def test_the_footer_shows_the_apps_version_on_pages_whose_forms_carry_a_version(
        client: TestClient) -> None:
    # A page's own ``version`` (a form's match version) must not stand in for the app's.
    for path in ("/play/new", "/", "/score"):
        page = client.get(path)
        assert f'<span class="app-version">v{__version__}</span>' in page.text, path
