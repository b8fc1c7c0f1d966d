#!/usr/bin/env python3
"""Release the version in ``app/__init__.py``: check, build the image, tag (``make release``).

Checks, in order, and stops at the first that fails, saying what to do:

1. the version (``__version__`` in ``app/__init__.py``) is semantic, ``MAJOR.MINOR.PATCH``;
2. ``CHANGELOG.md`` has a release heading for it, ``## [X.Y.Z] - YYYY-MM-DD``, as its
   top release, with something under it;
3. the git working tree is clean (the image's revision label names a commit) and the tag
   ``vX.Y.Z`` does not exist yet;
4. the image's source address is known (``--source``, else the ``origin`` remote);
5. ``docker`` is installed and its daemon answers (and ``docker buildx`` is there for
   ``--platforms``).

Then it builds the image with its OCI labels (``org.opencontainers.image.version``,
``.revision``, ``.created``, ``.source``; ``.licenses`` and ``.title`` are fixed in the
Dockerfile) passed as build arguments, tagged ``IMAGE:X.Y.Z`` and ``IMAGE:latest``, and
only when the build succeeded tags the commit ``vX.Y.Z`` (annotated). ``--platforms
linux/amd64,linux/arm64`` builds every platform with ``docker buildx`` and pushes them
(a multi-platform image cannot be loaded into the local store); ``--push`` pushes a
one-platform build. Pushing the git tag is left to you (the script prints the command).

``--dry-run`` runs checks 1 to 4, reports whether docker is there, and prints the
commands it would run without running them: exit status 0 when the release could go
ahead on a machine with docker. Exit status 1: a check failed (the message says which).

Standard library only: runs with any Python 3.11+, no virtual environment needed.
"""

from __future__ import annotations

import argparse
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEMVER = re.compile(r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?")
VERSION_LINE = re.compile(r'^__version__ = "([^"]*)"$', re.MULTILINE)
RELEASE_HEADING = re.compile(r"^## \[([^\]]+)\] - (\d{4}-\d{2}-\d{2})\s*$", re.MULTILINE)
ANY_HEADING = re.compile(r"^## ", re.MULTILINE)


class ReleaseError(Exception):
    """A check failed; the message says what is wrong and what to do."""


@dataclass(frozen=True)
class Plan:
    """What a release builds and tags."""

    version: str
    revision: str
    created: str
    source: str
    image: str
    platforms: str | None
    push: bool

    @property
    def tag(self) -> str:
        """The git tag, ``vX.Y.Z``."""
        return f"v{self.version}"

    def build_command(self) -> list[str]:
        """The ``docker build`` (or ``docker buildx build``) command line."""
        args = [f"--build-arg=VERSION={self.version}", f"--build-arg=REVISION={self.revision}",
                f"--build-arg=CREATED={self.created}", f"--build-arg=SOURCE={self.source}",
                f"--tag={self.image}:{self.version}", f"--tag={self.image}:latest"]
        if self.platforms:
            return ["docker", "buildx", "build", f"--platform={self.platforms}", *args,
                    "--push", "."]
        return ["docker", "build", *args, "."]

    def commands(self) -> list[list[str]]:
        """Every command of the release, in order (the git tag after the build)."""
        steps = [self.build_command()]
        if self.push and not self.platforms:
            steps += [["docker", "push", f"{self.image}:{self.version}"],
                      ["docker", "push", f"{self.image}:latest"]]
        steps.append(["git", "tag", "--annotate", self.tag, "--message",
                      f"Gin Rummy {self.version}"])
        return steps


def read_version(root: Path) -> str:
    """The version in ``app/__init__.py``; ``ReleaseError`` when missing or not semantic."""
    found = VERSION_LINE.search((root / "app" / "__init__.py").read_text(encoding="utf-8"))
    if found is None:
        raise ReleaseError("app/__init__.py has no line __version__ = \"X.Y.Z\"")
    version = found.group(1)
    if not SEMVER.fullmatch(version):
        raise ReleaseError(f"the version {version!r} in app/__init__.py is not semantic "
                           "(MAJOR.MINOR.PATCH, e.g. 0.3.0)")
    return version


def check_changelog(text: str, version: str) -> str:
    """The date of ``version``'s entry in the changelog ``text``; ``ReleaseError`` unless
    it is the top release heading and has something under it."""
    releases = RELEASE_HEADING.findall(text)
    dates = dict(releases)
    if version not in dates:
        raise ReleaseError(
            f"CHANGELOG.md has no entry for {version}: move what 'Unreleased' holds under "
            f"a heading '## [{version}] - {datetime.now(UTC):%Y-%m-%d}' and commit")
    if releases[0][0] != version:
        raise ReleaseError(f"CHANGELOG.md's top release is {releases[0][0]}, not {version}: "
                           "the newest release goes first")
    start = re.search(rf"^## \[{re.escape(version)}\].*$", text, re.MULTILINE)
    assert start is not None
    following = ANY_HEADING.search(text, start.end())
    body = text[start.end():following.start() if following else len(text)]
    if not body.strip():
        raise ReleaseError(f"CHANGELOG.md's entry for {version} is empty: say what changed")
    return dates[version]


def _git(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    git = shutil.which("git")
    if git is None:
        raise ReleaseError("git is not installed (or not on PATH): a release tags a commit")
    return subprocess.run([git, *args], cwd=root, capture_output=True, text=True, check=False)


def check_git(root: Path, tag: str) -> str:
    """The commit to release (``HEAD``'s id); ``ReleaseError`` when ``root`` is not a git
    checkout, its working tree has changes, or ``tag`` exists."""
    head = _git(root, "rev-parse", "--verify", "HEAD")
    if head.returncode != 0:
        raise ReleaseError(f"{root} is not a git checkout with a commit: {head.stderr.strip()}")
    status = _git(root, "status", "--porcelain", "--untracked-files=no")
    if status.stdout.strip():
        raise ReleaseError("the working tree has uncommitted changes: commit or stash them "
                           "(the image's revision label must name what it was built from)")
    if _git(root, "rev-parse", "-q", "--verify", f"refs/tags/{tag}").returncode == 0:
        raise ReleaseError(f"{tag} is already tagged: raise __version__ in app/__init__.py "
                           "(and give CHANGELOG.md its entry) for a new release")
    return head.stdout.strip()


def find_source(root: Path, given: str | None) -> str:
    """The repository's public address for the source label: ``given``, else the
    ``origin`` remote (an ``git@host:path`` address as ``https://host/path``)."""
    source = given or _git(root, "remote", "get-url", "origin").stdout.strip()
    if not source:
        raise ReleaseError("no source address for the image's label: run with "
                           "SOURCE=https://... (make) or --source (the repository's address), "
                           "or add an 'origin' remote")
    scp = re.fullmatch(r"[\w.-]+@([\w.-]+):(.+?)(?:\.git)?", source)
    if scp:
        source = f"https://{scp.group(1)}/{scp.group(2)}"
    if not re.fullmatch(r"https?://\S+", source):
        raise ReleaseError(f"the source address {source!r} is not an http(s) URL")
    return source.removesuffix(".git")


def check_docker(platforms: str | None) -> None:
    """``ReleaseError`` when docker is missing or its daemon does not answer, or (for
    ``platforms``) docker buildx is missing."""
    docker = shutil.which("docker")
    if docker is None:
        raise ReleaseError("docker is not installed (or not on PATH): the release builds the "
                           "image with it. Install Docker, or run `make release DRY_RUN=1` "
                           "to check everything else")
    if subprocess.run([docker, "info"], capture_output=True, check=False).returncode != 0:
        raise ReleaseError("docker is installed but its daemon does not answer (`docker info` "
                           "fails): start Docker, or run `make release DRY_RUN=1` to check "
                           "everything else")
    if platforms and subprocess.run([docker, "buildx", "version"], capture_output=True,
                                    check=False).returncode != 0:
        raise ReleaseError("docker buildx is not available: a multi-platform build needs it "
                           "(the docker-buildx plugin)")


def plan(root: Path, *, image: str, source: str | None, platforms: str | None,
         push: bool) -> Plan:
    """Checks 1 to 4 (see the module docstring) and what the release would do."""
    version = read_version(root)
    check_changelog((root / "CHANGELOG.md").read_text(encoding="utf-8"), version)
    revision = check_git(root, f"v{version}")
    created = datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    return Plan(version, revision, created, find_source(root, source), image, platforms, push)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see ``--help``); the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dry-run", action="store_true",
                        help="check and print the commands, run nothing")
    parser.add_argument("--image", default="gin-rummy",
                        help="image name, e.g. ghcr.io/you/gin-rummy (default gin-rummy)")
    parser.add_argument("--source", help="the repository's public address (default: origin)")
    parser.add_argument("--platforms",
                        help="build these with docker buildx and push, e.g. "
                             "linux/amd64,linux/arm64")
    parser.add_argument("--push", action="store_true", help="push the image after building")
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    try:
        release = plan(args.root, image=args.image, source=args.source,
                       platforms=args.platforms, push=args.push)
        print(f"release: {release.version} (commit {release.revision[:12]}), CHANGELOG.md has "
              f"its entry, {release.tag} is not tagged yet, source {release.source}")
        if args.dry_run:
            try:
                check_docker(args.platforms)
                print("release: docker is installed and answers")
            except ReleaseError as missing:
                print(f"release: note: the real run would stop here: {missing}")
            print("release: dry run; would run:")
            for command in release.commands():
                print("  " + shlex.join(command))
            return 0
        check_docker(args.platforms)
        for command in release.commands():
            print("release: " + shlex.join(command), flush=True)
            if subprocess.run(command, cwd=args.root, check=False).returncode != 0:
                raise ReleaseError(f"{command[0]} {command[1]} failed (above); nothing more "
                                   "was done" + (": no git tag" if command[0] == "docker"
                                                 else ""))
    except ReleaseError as error:
        print(f"release: error: {error}", file=sys.stderr)
        return 1
    print(f"release: done. Publish the tag with: git push origin {release.tag}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
