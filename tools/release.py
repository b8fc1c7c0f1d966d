#!/usr/bin/env python3
"""Releases: recreate their tags, prepare one, publish it (``make tags``,
``make release-prepare``, ``make release``; docs/development.md, "Releases").

``RELEASES`` (top level) records every release: ``X.Y.Z <full commit id>`` a line, oldest
first. ``alembic/released.json`` records every migration file each release shipped, with
its SHA-256 (a shipped migration is never edited, re-parented or removed). Between
releases ``__version__`` in ``app/__init__.py`` is a development version, ``X.Y.Z.dev0``.

``tags`` makes the annotated tag ``vX.Y.Z`` of every line of ``RELEASES`` that has none
(in any clone: tags are not always fetched), after checking the commit is there; a tag
already there must name its recorded commit. Running it again changes nothing.

``prepare X.Y.Z`` makes the release commit: checks that the version is semantic, not
recorded or tagged yet, the tree clean and no shipped migration changed; then sets
``__version__`` to it, moves CHANGELOG.md's *Unreleased* entry under ``## [X.Y.Z] -
today`` (a new empty *Unreleased* above it), records every migration file under the
version in ``alembic/released.json``, makes the README's install and upgrade steps name
it (where they named the last release), and commits "Release X.Y.Z".

``publish`` (``make release``) checks, in order, and stops at the first that fails,
saying what to do:

1. the version (``__version__``) is semantic, ``MAJOR.MINOR.PATCH``, not a ``.devN``;
2. ``CHANGELOG.md`` has a release heading for it, ``## [X.Y.Z] - YYYY-MM-DD``, as its
   top release, with something under it;
3. ``RELEASES`` does not record it yet, and ``alembic/released.json`` records every
   migration file under it, unchanged (``prepare`` did), and no earlier one changed;
4. the git working tree is clean (the image's revision label names a commit) and the tag
   ``vX.Y.Z`` does not exist yet;
5. the image's source address is known (``--source``, else the ``origin`` remote);
6. ``docker`` is installed and its daemon answers (and ``docker buildx`` is there for
   ``--platforms``); not with ``--no-image``.

Then it builds the image with its OCI labels (``org.opencontainers.image.version``,
``.revision``, ``.created``, ``.source``; ``.licenses`` and ``.title`` are fixed in the
Dockerfile) passed as build arguments, tagged ``IMAGE:X.Y.Z`` and ``IMAGE:latest``, and
only when the build succeeded tags the commit ``vX.Y.Z`` (annotated); then it records the
release (a commit cannot hold its own id, so in the next commit): adds ``X.Y.Z <id>`` to
``RELEASES``, sets ``__version__`` to the next development version (``X.Y+1.0.dev0``,
or ``--next``) and commits "Record release X.Y.Z; main is now ...". ``--platforms
linux/amd64,linux/arm64`` builds every platform with ``docker buildx`` and pushes them
(a multi-platform image cannot be loaded into the local store); ``--push`` pushes a
one-platform build; ``--no-image`` builds none (tag and record only). Pushing the
commits and the tag is left to you (the script prints the command).

``--dry-run`` runs checks 1 to 5, reports whether docker is there, and prints the
commands it would run without running them: exit status 0 when the release could go
ahead on a machine with docker. Exit status 1: a check failed (the message says which).

Standard library only: runs with any Python 3.11+, no virtual environment needed.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from hashlib import sha256
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEMVER = re.compile(r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?")
VERSION_LINE = re.compile(r'^__version__ = "([^"]*)"$', re.MULTILINE)
RELEASE_HEADING = re.compile(r"^## \[([^\]]+)\] - (\d{4}-\d{2}-\d{2})\s*$", re.MULTILINE)
ANY_HEADING = re.compile(r"^## ", re.MULTILINE)
UNRELEASED = re.compile(r"^## \[Unreleased\][ \t]*$", re.MULTILINE)
DEV_VERSION = re.compile(r"(\d+)\.(\d+)\.(\d+)\.dev\d+")
RECORD = "RELEASES"
MIGRATIONS = Path("alembic") / "versions"
MANIFEST = Path("alembic") / "released.json"


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
    image_built: bool = True
    next_version: str = ""

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
        steps = [self.build_command()] if self.image_built else []
        if self.image_built and self.push and not self.platforms:
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
    if DEV_VERSION.fullmatch(version):
        raise ReleaseError(f"the version {version!r} in app/__init__.py is a development "
                           "version: make the release commit first with `make release-prepare "
                           f"VERSION={version.rsplit('.', 1)[0]}`")
    if not SEMVER.fullmatch(version):
        raise ReleaseError(f"the version {version!r} in app/__init__.py is not semantic "
                           "(MAJOR.MINOR.PATCH, e.g. 0.3.0)")
    return version


def write_version(root: Path, version: str) -> None:
    """Set ``__version__`` in ``app/__init__.py`` to ``version``."""
    init = root / "app" / "__init__.py"
    init.write_text(VERSION_LINE.sub(f'__version__ = "{version}"', init.read_text()),
                    encoding="utf-8")


def next_development(version: str) -> str:
    """The development version after release ``version``: ``0.4.0`` → ``0.5.0.dev0``."""
    major, minor = version.split(".")[:2]
    return f"{major}.{int(minor) + 1}.0.dev0"


# --- the record of releases and their migrations -------------------------------------------


def recorded(root: Path) -> dict[str, str]:
    """``RELEASES``: version → full commit id, oldest first (``#`` starts a comment);
    ``ReleaseError`` on a line that is not ``X.Y.Z <40 hex digits>`` or a repeated version."""
    found: dict[str, str] = {}
    path = root / RECORD
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        fields = line.split("#", 1)[0].split()
        if not fields:
            continue
        if (len(fields) != 2 or not SEMVER.fullmatch(fields[0])
                or not re.fullmatch(r"[0-9a-f]{40}", fields[1])):
            raise ReleaseError(f"{RECORD}, line {number}: write 'X.Y.Z <full commit id>', "
                               f"not {line.strip()!r}")
        if fields[0] in found:
            raise ReleaseError(f"{RECORD} records {fields[0]} twice")
        found[fields[0]] = fields[1]
    return found


def migration_hashes(root: Path) -> dict[str, str]:
    """Every migration file in ``alembic/versions``: name → SHA-256 of its bytes."""
    return {path.name: sha256(path.read_bytes()).hexdigest()
            for path in sorted((root / MIGRATIONS).glob("*.py"))}


def read_manifest(root: Path) -> dict[str, object]:
    """``alembic/released.json`` (see its ``comment``)."""
    loaded: dict[str, object] = json.loads((root / MANIFEST).read_text(encoding="utf-8"))
    return loaded


def changed_migrations(root: Path) -> list[str]:
    """What changed in the migrations a release shipped, one sentence each: a file gone,
    or its text not the one recorded (unless ``changed_after_release`` names it for that
    release). Empty when every shipped migration is as it shipped."""
    manifest = read_manifest(root)
    releases = manifest["releases"]
    excused = manifest.get("changed_after_release", {})
    assert isinstance(releases, dict) and isinstance(excused, dict)
    current = migration_hashes(root)
    problems = []
    for version, files in releases.items():
        for name, digest in files.items():
            if name not in current:
                problems.append(f"{MIGRATIONS / name} shipped in {version} and is gone: "
                                "put it back (a migration is never removed)")
            elif current[name] != digest and name not in excused.get(version, {}):
                problems.append(f"{MIGRATIONS / name} changed since {version} shipped it: put "
                                "its text back and write a new migration instead")
    return problems


def freeze_migrations(root: Path, version: str) -> list[str]:
    """Record every migration file under ``version`` in ``alembic/released.json``; the
    names not recorded before (under any release)."""
    manifest = read_manifest(root)
    releases = manifest["releases"]
    assert isinstance(releases, dict)
    before = {name for files in releases.values() for name in files}
    releases[version] = migration_hashes(root)
    (root / MANIFEST).write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return sorted(set(releases[version]) - before)


def check_migrations(root: Path, version: str) -> None:
    """``ReleaseError`` unless no shipped migration changed and ``alembic/released.json``
    records every migration file under ``version`` as it is now."""
    problems = changed_migrations(root)
    if problems:
        raise ReleaseError("; ".join(problems))
    releases = read_manifest(root)["releases"]
    assert isinstance(releases, dict)
    if releases.get(version) != migration_hashes(root):
        raise ReleaseError(f"{MANIFEST} does not record the migrations of {version} as they "
                           f"are: run `make release-prepare VERSION={version}` (it records "
                           "them) instead of setting the version by hand")


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
         push: bool, build_image: bool = True, next_version: str | None = None) -> Plan:
    """Checks 1 to 5 (see the module docstring) and what the release would do."""
    version = read_version(root)
    check_changelog((root / "CHANGELOG.md").read_text(encoding="utf-8"), version)
    if version in recorded(root):
        raise ReleaseError(f"{RECORD} already records {version}: a version is released once; "
                           "raise __version__ with `make release-prepare VERSION=X.Y.Z`")
    check_migrations(root, version)
    revision = check_git(root, f"v{version}")
    created = datetime.now(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")
    following = next_version or next_development(version)
    if not DEV_VERSION.fullmatch(following):
        raise ReleaseError(f"the next version {following!r} is not a development version "
                           "X.Y.Z.devN")
    return Plan(version, revision, created,
                find_source(root, source) if build_image else (source or ""),
                image, platforms, push, build_image, following)


def record(root: Path, release: Plan) -> None:
    """After the tag: add the release to ``RELEASES``, set the next development version
    and commit both (``ReleaseError`` when git fails)."""
    path = root / RECORD
    text = path.read_text(encoding="utf-8")
    path.write_text(text + ("" if text.endswith("\n") else "\n")
                    + f"{release.version} {release.revision}\n", encoding="utf-8")
    write_version(root, release.next_version)
    message = f"Record release {release.version}; main is now {release.next_version}"
    done = _git(root, "commit", "--quiet", "--message", message, "--", RECORD,
                "app/__init__.py")
    if done.returncode != 0:
        raise ReleaseError(f"git commit failed: {done.stderr.strip()} (the tag "
                           f"{release.tag} is made; commit {RECORD} and app/__init__.py "
                           "by hand)")


def tags(root: Path) -> list[str]:
    """Make the tag of every recorded release that has none; a line a release each."""
    said = []
    for version, commit in recorded(root).items():
        tag = f"v{version}"
        if _git(root, "cat-file", "-e", f"{commit}^{{commit}}").returncode != 0:
            raise ReleaseError(f"{RECORD} says {version} is commit {commit}, which this clone "
                               "does not have: `git fetch origin` (or `git fetch --unshallow` "
                               "in a shallow clone), then again")
        existing = _git(root, "rev-parse", "-q", "--verify", f"refs/tags/{tag}^{{commit}}")
        if existing.returncode == 0:
            if existing.stdout.strip() != commit:
                raise ReleaseError(f"the tag {tag} names {existing.stdout.strip()[:12]}, but "
                                   f"{RECORD} says {version} is {commit[:12]}: delete the "
                                   f"tag (git tag -d {tag}) and run this again")
            said.append(f"{tag} is {commit[:12]} (already tagged)")
            continue
        done = _git(root, "tag", "--annotate", tag, "--message", f"Gin Rummy {version}", commit)
        if done.returncode != 0:
            raise ReleaseError(f"git tag {tag} failed: {done.stderr.strip()}")
        said.append(f"{tag} is {commit[:12]} (tagged now)")
    return said


def readme_release(version: str) -> re.Pattern[str]:
    """Where the README names the release to run: ``release is``, ``checkout v``, the
    image tag and ``/healthz``'s answer, followed by ``version``."""
    return re.compile(rf'(release is |checkout v|gin-rummy:|"version": "){re.escape(version)}'
                      r"(?![\w.])")


def prepare(root: Path, version: str, today: str | None = None) -> list[str]:
    """Make the release commit of ``version`` (see the module docstring); the migration
    files it recorded that no earlier release shipped."""
    if not SEMVER.fullmatch(version):
        raise ReleaseError(f"the version {version!r} is not semantic (MAJOR.MINOR.PATCH)")
    if version in recorded(root):
        raise ReleaseError(f"{RECORD} already records {version}: choose a new version")
    problems = changed_migrations(root)
    if problems:
        raise ReleaseError("; ".join(problems))
    check_git(root, f"v{version}")
    changelog = root / "CHANGELOG.md"
    text = changelog.read_text(encoding="utf-8")
    unreleased = UNRELEASED.search(text)
    if unreleased is None:
        raise ReleaseError("CHANGELOG.md has no '## [Unreleased]' heading to release")
    following = ANY_HEADING.search(text, unreleased.end())
    if not text[unreleased.end():following.start() if following else len(text)].strip():
        raise ReleaseError("CHANGELOG.md's Unreleased entry is empty: say what changed")
    date = today or f"{datetime.now(UTC):%Y-%m-%d}"
    changelog.write_text(text[:unreleased.start()] + f"## [Unreleased]\n\n## [{version}] - "
                         f"{date}" + text[unreleased.end():], encoding="utf-8")
    write_version(root, version)
    readme = root / "README.md"
    latest = list(recorded(root))[-1:]
    if latest and readme.exists():
        readme.write_text(readme_release(latest[0]).sub(rf"\g<1>{version}", readme.read_text(
            encoding="utf-8")), encoding="utf-8")
    new = freeze_migrations(root, version)
    done = _git(root, "commit", "--quiet", "--message", f"Release {version}", "--",
                "CHANGELOG.md", "app/__init__.py", str(MANIFEST),
                *(["README.md"] if readme.exists() else []))
    if done.returncode != 0:
        raise ReleaseError(f"git commit failed: {done.stderr.strip()}")
    return new


def _publish(args: argparse.Namespace) -> int:
    release = plan(args.root, image=args.image, source=args.source, platforms=args.platforms,
                   push=args.push, build_image=not args.no_image, next_version=args.next)
    print(f"release: {release.version} (commit {release.revision[:12]}), CHANGELOG.md has "
          f"its entry, its migrations are recorded, {release.tag} is not tagged yet"
          + (f", source {release.source}" if release.image_built else ", no image"))
    recording = (f"add '{release.version} {release.revision}' to {RECORD}, set __version__ "
                 f"to {release.next_version}, commit")
    if args.dry_run:
        if release.image_built:
            try:
                check_docker(args.platforms)
                print("release: docker is installed and answers")
            except ReleaseError as missing:
                print(f"release: note: the real run would stop here: {missing}")
        print("release: dry run; would run:")
        for command in release.commands():
            print("  " + shlex.join(command))
        print(f"  then {recording}")
        return 0
    if release.image_built:
        check_docker(args.platforms)
    for command in release.commands():
        print("release: " + shlex.join(command), flush=True)
        if subprocess.run(command, cwd=args.root, check=False).returncode != 0:
            raise ReleaseError(f"{command[0]} {command[1]} failed (above); nothing more "
                               "was done" + (": no git tag" if command[0] == "docker"
                                             else ""))
    record(args.root, release)
    print(f"release: {recording}: done")
    print(f"release: done. Publish it with: git push origin HEAD {release.tag}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see ``--help``); the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=Path, default=ROOT, help=argparse.SUPPRESS)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("tags", help="make the tag of every release RELEASES records")
    prepare_parser = commands.add_parser("prepare", help="make the release commit")
    prepare_parser.add_argument("version", help="the version to release, e.g. 0.4.0")
    publish = commands.add_parser("publish", help="build the image, tag, record")
    publish.add_argument("--dry-run", action="store_true",
                         help="check and print the commands, run nothing")
    publish.add_argument("--image", default="gin-rummy",
                         help="image name, e.g. ghcr.io/you/gin-rummy (default gin-rummy)")
    publish.add_argument("--source", help="the repository's public address (default: origin)")
    publish.add_argument("--platforms",
                         help="build these with docker buildx and push, e.g. "
                              "linux/amd64,linux/arm64")
    publish.add_argument("--push", action="store_true", help="push the image after building")
    publish.add_argument("--no-image", action="store_true",
                         help="build no image: tag and record only")
    publish.add_argument("--next", help="the next development version (default X.Y+1.0.dev0)")
    args = parser.parse_args(argv)
    try:
        if args.command == "tags":
            for line in tags(args.root):
                print(f"release: {line}")
        elif args.command == "prepare":
            new = prepare(args.root, args.version)
            print(f"release: committed 'Release {args.version}': __version__, CHANGELOG.md's "
                  f"heading, {MANIFEST} (new: {', '.join(new) or 'none'}). Check it with "
                  "`git show`, then `make release`")
        else:
            return _publish(args)
    except ReleaseError as error:
        print(f"release: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
