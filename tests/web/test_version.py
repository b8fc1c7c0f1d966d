"""The app's one version: the page footer, ``/healthz``, the package (``pyproject.toml``
reads ``app.__version__``) and the top release of CHANGELOG.md all say the same."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from fastapi.testclient import TestClient

from app import __version__

ROOT = Path(__file__).resolve().parent.parent.parent
SEMVER = re.compile(r"\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?")
RELEASE_HEADING = re.compile(r"^## \[(?P<version>[^\]]+)\] - \d{4}-\d{2}-\d{2}$", re.MULTILINE)


def test_the_version_is_semantic_and_pyproject_reads_it_from_the_package() -> None:
    assert SEMVER.fullmatch(__version__)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "version" not in project["project"]
    assert project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "app.__version__"}


def test_the_top_release_of_the_changelog_is_the_version() -> None:
    releases = RELEASE_HEADING.findall((ROOT / "CHANGELOG.md").read_text())
    assert releases, "CHANGELOG.md has no release heading '## [X.Y.Z] - YYYY-MM-DD'"
    assert releases[0] == __version__


def test_the_footer_and_healthz_show_the_version(client: TestClient) -> None:
    for path in ("/", "/guide", "/score"):
        page = client.get(path)
        footer = page.text[page.text.index('<footer class="site-footer">'):]
        assert f'<span class="app-version">v{__version__}</span>' in footer, path
    assert client.get("/healthz").json()["version"] == __version__


def test_the_readme_runs_the_current_release() -> None:
    readme = (ROOT / "README.md").read_text()
    assert f"git checkout v{__version__}" in readme
    assert f"docker build -t gin-rummy:{__version__} ." in readme
    assert f"gin-rummy:{__version__}\n" in readme  # the docker run line


def test_the_footer_shows_the_apps_version_on_pages_whose_forms_carry_a_version(
        client: TestClient) -> None:
    # A page's own ``version`` (a form's match version) must not stand in for the app's.
    for path in ("/play/new", "/", "/score"):
        page = client.get(path)
        assert f'<span class="app-version">v{__version__}</span>' in page.text, path
