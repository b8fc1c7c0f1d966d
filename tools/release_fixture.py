#!/usr/bin/env python3
"""Build a release's upgrade fixture: a database made by that release's own code.

``python tools/release_fixture.py 0.3.0 --postgres-url postgresql+psycopg://...`` (``make
release-fixture VERSION=0.3.0``) checks the release's commit out (``RELEASES`` names it;
``--commit`` or ``--checkout PATH`` instead) in a scratch git worktree, and there, with
that release's ``app`` and ``tests.support.hardening`` first on ``sys.path``, drives the
release's app over HTTP (``TestClient``) into a migrated SQLite file:

* *alice* plays a whole match against the computer to its end, then a second one for a
  hand and deals the next (in progress), sets her display settings and makes a device
  code and a recovery code (``access_code``); her finished hands are analysed
  (``hand_review``);
* *bob* keeps a score sheet with three hands and a second, empty one;
* *carol* invites *dave* to a friend match, which he joins (in progress).

It writes ``tests/data/releases/<version>/``:

* ``gin.db`` — the SQLite database (one file: WAL checkpointed, journal mode DELETE);
* ``postgres.sql`` — with ``--postgres-url``: the same rows in a PostgreSQL schema made by
  the release's own migrations, dumped as plain SQL (``pg_dump --column-inserts``) with
  the schema's name taken out, so it loads into whatever schema the ``search_path`` names;
* ``fixture.json`` — the commit that made it, the browsers (their names, the session
  cookie the release gave them, their matches and sheets) and :func:`facts` of the
  database.

``tests/ops/test_release_upgrades.py`` upgrades each fixture to head on both databases
and checks the pages and :func:`facts`. Making a release's fixture is a step of the
release (docs/development.md, "Releases"): ``--checkout .`` on the code to release.
Needs the dev venv (``make .venv/.dev-stamp``); exit status 1 with a message on failure.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "releases"
PG_SCHEMA = "gin_release_fixture"  # the schema the PostgreSQL copy is made in, then cut out
COOKIE = "gin_session"
REVIEW_SECONDS = 300  # the longest wait for the finished hands' analysis
FRIEND_TOKEN = re.compile(r"/play/friend/([A-Za-z0-9_-]{32})(?![A-Za-z0-9_-])")
SHEET_LINK = re.compile(r"/score/(\d+)")


class FixtureError(Exception):
    """The fixture could not be made; the message says why."""


# --- what the tests compare ---------------------------------------------------------------


def facts(connection: Any) -> dict[str, Any]:
    """What must survive every upgrade, read with plain SQL from tables and columns every
    release has had since 0.3.0 (``connection``: a SQLAlchemy connection, any database):
    each match's kind, whether it is over, its hands (all and finished) and the points won
    by each seat; each score sheet's title and document; the number of hand reviews by
    status, of display settings (and their values, sorted), of access codes and of
    browsers. Session ids are left out: a later release may store them differently."""
    from sqlalchemy import text

    def rows(sql: str) -> list[tuple[Any, ...]]:
        return [tuple(row) for row in connection.execute(text(sql))]

    points: dict[int, list[int]] = {}
    for match_id, winner, won in rows(
            "SELECT match_id, winner, SUM(points) FROM play_hand WHERE finished "
            "AND winner IS NOT NULL GROUP BY match_id, winner"):
        points.setdefault(int(match_id), [0, 0])[int(winner)] = int(won)
    hands = {int(m): (int(n), int(f or 0)) for m, n, f in rows(
        "SELECT match_id, COUNT(*), SUM(CASE WHEN finished THEN 1 ELSE 0 END) "
        "FROM play_hand GROUP BY match_id")}
    matches = {
        str(match_id): {"friend": bool(friend), "over": bool(over),
                        "hands": hands.get(int(match_id), (0, 0))[0],
                        "finished_hands": hands.get(int(match_id), (0, 0))[1],
                        "points": points.get(int(match_id), [0, 0])}
        for match_id, friend, over in rows(
            'SELECT id, friend, "over" FROM play_match ORDER BY id')}
    sheets = {str(sheet_id): {"title": title, "document": json.loads(document)}
              for sheet_id, title, document in rows(
                  "SELECT id, title, document FROM score_sheet ORDER BY id")}
    return {
        "matches": matches,
        "sheets": sheets,
        "reviews": dict(sorted((str(s), int(n)) for s, n in rows(
            "SELECT status, COUNT(*) FROM hand_review GROUP BY status"))),
        "display": sorted([list(r) for r in rows(
            "SELECT card_size, deck, theme, card_back, felt, sound FROM display_prefs")]),
        "access_codes": rows("SELECT COUNT(*) FROM access_code")[0][0],
        "browsers": rows("SELECT COUNT(*) FROM browser_session")[0][0],
    }


# --- run inside the release's checkout ----------------------------------------------------


def drive(database_url: str) -> dict[str, Any]:
    """Make the data with the release's own code (the current directory's ``app``);
    the browsers as ``{name: {"cookie", "matches", "in_progress", "sheets"}}``."""
    import random

    from fastapi.testclient import TestClient
    from sqlalchemy import text

    from app.core.config import Settings
    from app.core.db import run_migrations
    from app.main import create_app
    from tests.support.hardening import Replayer, random_form, stored_play

    run_migrations(database_url)
    app = create_app(Settings(database_url=database_url, analyse_hands=True))
    engine = app.state.engine

    def sid(client: TestClient) -> str:
        """The browser's session id: its cookie up to 0.3.0; from 0.4.0 on the cookie is a
        token of which only the hash is stored, and the id is looked up by it."""
        try:
            from tests.support.browsers import session_id_of
        except ImportError:  # a release before the browser tokens
            return str(client.cookies[COOKIE])
        return session_id_of(client, engine)

    def ok(response: Any) -> Any:
        if response.status_code >= 400:
            raise FixtureError(f"{response.request.method} {response.request.url} answered "
                               f"{response.status_code}: {response.text[:300]}")
        return response

    def play(client: TestClient, rng: random.Random, *, to_the_end: bool) -> int:
        """Play the browser's match to its end, or (not ``to_the_end``) until its first
        hand is finished and the next one dealt; the match id."""
        while True:
            row = stored_play(engine, sid(client))
            assert row is not None
            match = Replayer.from_row(row).advance(row.log)
            if match.over:
                return row.match_id
            if match.hand.phase.name != "OVER":
                ok(client.post("/play", data=random_form(match, row.version, rng, greedy=0.9)))
                continue
            ok(client.post("/play", data={"action": "next_hand", "version": str(row.version)}))
            if not to_the_end:
                return row.match_id

    browsers: dict[str, Any] = {}
    rng = random.Random(30)
    # One client runs the app's lifespan (the analysis pool); the others share the app.
    with TestClient(app, base_url="http://testserver") as alice:
        bob, carol, dave = (TestClient(app, base_url="http://testserver") for _ in range(3))
        for client in (alice, bob, carol, dave):
            ok(client.get("/"))
        ok(alice.post("/play/new", data={"level": "easy", "version": "0"}))
        finished = play(alice, rng, to_the_end=True)
        row = stored_play(engine, sid(alice))
        assert row is not None
        ok(alice.post("/play/new", data={"level": "standard", "version": str(row.version)}))
        in_progress = play(alice, rng, to_the_end=False)
        page = ok(alice.get("/settings")).text
        chosen = dict(re.findall(r'<input[^>]*name="([a-z_]+)"[^>]*value="([^"]*)"[^>]*checked',
                                 page))
        chosen.update(deck="four", theme="dark", card_back="green", felt="grey", sound="on",
                      card_size="large")
        ok(alice.post("/settings", data=chosen))
        ok(alice.post("/devices/code"))
        ok(alice.post("/devices/recovery"))
        browsers["alice"] = {"cookie": alice.cookies[COOKIE], "matches": [finished, in_progress],
                             "in_progress": [in_progress], "sheets": []}

        setup = {"players": "2", "name0": "Ann", "name1": "Bob", "name2": "",
                 "first_dealer": "0", "first_sitter": "2", "target": "100",
                 "gin_bonus": "25", "undercut_bonus": "25", "big_gin_bonus": "31",
                 "box_bonus": "20", "game_bonus": "100", "shutout": "on"}
        sheets = []
        for hands in ((("knock", "0", "5", "30"), ("gin", "1", "", "12"),
                       ("knock", "1", "9", "4")), ()):
            url = ok(bob.post("/score", data=setup, follow_redirects=False)).headers["location"]
            sheets.append(int(url.rsplit("/", 1)[1]))
            for kind, knocker, mine, theirs in hands:
                version = re.search(r'name="version" value="(\d+)"',
                                    ok(bob.get(f"{url}/options")).text)
                assert version is not None
                ok(bob.post(f"{url}/hands", data={
                    "version": version.group(1), "kind": kind, "knocker": knocker,
                    "knocker_deadwood": mine, "defender_deadwood": theirs}))
        browsers["bob"] = {"cookie": bob.cookies[COOKIE], "matches": [], "in_progress": [],
                           "sheets": sheets}

        ok(carol.post("/play/friend", data={"name": "Carol", "version": "0"}))
        token = FRIEND_TOKEN.search(ok(carol.get("/play")).text)
        if token is None:
            raise FixtureError("the friend invite's link is not on carol's /play page")
        ok(dave.post(f"/play/friend/{token.group(1)}", data={"name": "Dave"}))
        friend_row = stored_play(engine, sid(carol))
        assert friend_row is not None
        friend = friend_row.match_id
        browsers["carol"] = {"cookie": carol.cookies[COOKIE], "matches": [friend],
                             "in_progress": [friend], "sheets": []}
        browsers["dave"] = {"cookie": dave.cookies[COOKIE], "matches": [],
                            "in_progress": [friend], "sheets": []}

        deadline = time.monotonic() + REVIEW_SECONDS
        while True:  # the analysis runs in the app's pool: wait for every finished hand
            with engine.connect() as conn:
                waiting = conn.execute(text(
                    "SELECT COUNT(*) FROM hand_review WHERE status = 'analysing'")).scalar_one()
            if not waiting:
                break
            if time.monotonic() > deadline:
                raise FixtureError(f"{waiting} hand reviews still analysing after "
                                   f"{REVIEW_SECONDS} s")
            time.sleep(0.5)
    engine.dispose()
    return browsers


def copy_to_postgres(sqlite_url: str, postgres_url: str) -> None:
    """Migrate ``postgres_url`` (its ``search_path`` names an empty schema) with the
    release's own migrations and copy every row of the release's tables into it, then
    move each id sequence past the copied ids."""
    from sqlalchemy import create_engine, func, select, text
    from sqlmodel import SQLModel

    import app.core.models  # noqa: F401  (registers the tables)
    from app.core.db import run_migrations

    run_migrations(postgres_url)
    source, target = create_engine(sqlite_url), create_engine(postgres_url)
    with source.connect() as read, target.begin() as write:
        for table in SQLModel.metadata.sorted_tables:
            rows = [dict(row._mapping) for row in read.execute(select(table))]
            if rows:
                write.execute(table.insert(), rows)
            for column in table.primary_key.columns:
                if column.autoincrement is True or (
                        column.autoincrement == "auto" and len(table.primary_key.columns) == 1
                        and column.type.python_type is int):
                    highest = write.execute(select(func.max(column))).scalar()
                    if highest is not None:
                        write.execute(text("SELECT setval(pg_get_serial_sequence(:t, :c), :n)"),
                                      {"t": table.name, "c": column.name, "n": highest})
    source.dispose()
    target.dispose()


def _child(argv: Sequence[str]) -> int:
    """The part run by the release's own Python code (cwd: its checkout)."""
    sys.path.insert(0, str(Path.cwd()))
    command, *args = argv
    if command == "drive":
        Path(args[1]).write_text(json.dumps(drive(args[0]), indent=2) + "\n")
    elif command == "postgres":
        copy_to_postgres(args[0], args[1])
    return 0


# --- run in this checkout ------------------------------------------------------------------


def release_commit(version: str) -> str:
    """The commit ``RELEASES`` records for ``version``; ``FixtureError`` when none."""
    for line in (ROOT / "RELEASES").read_text().splitlines():
        fields = line.split("#", 1)[0].split()
        if len(fields) >= 2 and fields[0] == version:
            return fields[1]
    raise FixtureError(f"RELEASES records no commit for {version}: give --commit or --checkout")


def _run(args: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(args, capture_output=True, text=True, check=False, **kwargs)
    if done.returncode != 0:
        raise FixtureError(f"{' '.join(args[:3])} … failed:\n{done.stdout[-2000:]}"
                           f"{done.stderr[-4000:]}")
    return done


def _in_release(checkout: Path, *args: str) -> None:
    _run([sys.executable, str(Path(__file__).resolve()), "--child", *args], cwd=checkout)


def postgres_dump(postgres_url: str, checkout: Path, sqlite_url: str) -> str:
    """The release's PostgreSQL database as plain SQL without a schema name (see the
    module docstring): made in the schema :data:`PG_SCHEMA`, which is dropped again."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    url = make_url(postgres_url)
    admin = create_engine(url)
    with admin.begin() as conn:
        conn.execute(text(f'DROP SCHEMA IF EXISTS "{PG_SCHEMA}" CASCADE'))
        conn.execute(text(f'CREATE SCHEMA "{PG_SCHEMA}"'))
    try:
        in_schema = url.update_query_dict({"options": f"-csearch_path={PG_SCHEMA}"})
        _in_release(checkout, "postgres", sqlite_url,
                    in_schema.render_as_string(hide_password=False))
        libpq = url.set(drivername="postgresql").render_as_string(hide_password=False)
        dump = _run(["pg_dump", "--dbname", libpq, "--schema", PG_SCHEMA, "--no-owner",
                     "--no-privileges", "--column-inserts", "--no-comments"]).stdout
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{PG_SCHEMA}" CASCADE'))
        admin.dispose()
    kept = []
    for line in dump.splitlines():
        if (line.startswith(("SET ", "SELECT pg_catalog.set_config(", "--", "\\"))
                or line == f"CREATE SCHEMA {PG_SCHEMA};"):
            continue  # session settings, comments, psql commands, the schema itself
        kept.append(line.replace(f"{PG_SCHEMA}.", ""))
    text_out = "\n".join(kept).strip() + "\n"
    if PG_SCHEMA in text_out:
        raise FixtureError(f"the dump still names the schema {PG_SCHEMA}")
    header = ("-- A PostgreSQL database made by this release (tools/release_fixture.py): run it "
              "with the\n-- search_path set to an empty schema. Generated: do not edit.\n")
    return header + text_out


def single_file(path: Path) -> None:
    """Fold the WAL into the SQLite file and leave it in rollback-journal mode."""
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("PRAGMA journal_mode=DELETE")
    conn.close()
    with sqlite3.connect(path) as conn:
        conn.execute("VACUUM")
    conn.close()


def build(version: str, *, commit: str | None, checkout: Path | None, out: Path,
          postgres_url: str | None) -> None:
    """Make ``out/gin.db``, ``out/postgres.sql`` (with ``postgres_url``) and
    ``out/fixture.json`` for ``version`` (see the module docstring)."""
    from sqlalchemy import create_engine

    scratch = Path(tempfile.mkdtemp(prefix=f"gin-fixture-{version}-"))
    worktree: Path | None = None
    try:
        if checkout is None:
            commit = commit or release_commit(version)
            worktree = scratch / "checkout"
            _run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(worktree), commit])
            checkout = worktree
        else:
            commit = _run(["git", "-C", str(checkout), "rev-parse", "HEAD"]).stdout.strip()
        database = scratch / "gin.db"
        sqlite_url = f"sqlite:///{database}"
        browsers_file = scratch / "browsers.json"
        _in_release(checkout, "drive", sqlite_url, str(browsers_file))
        single_file(database)
        out.mkdir(parents=True, exist_ok=True)
        if postgres_url:
            (out / "postgres.sql").write_text(postgres_dump(postgres_url, checkout, sqlite_url))
        engine = create_engine(sqlite_url)
        with engine.connect() as conn:
            found = facts(conn)
        engine.dispose()
        shutil.copyfile(database, out / "gin.db")
        record = {"release": version, "made_from": commit,
                  "browsers": json.loads(browsers_file.read_text()), "facts": found}
        (out / "fixture.json").write_text(json.dumps(record, indent=2, sort_keys=True) + "\n")
    finally:
        if worktree is not None:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(worktree)], capture_output=True, check=False)
        shutil.rmtree(scratch, ignore_errors=True)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see ``--help``); the exit status."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["--child"]:
        return _child(argv[1:])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("version", help="the release, e.g. 0.3.0")
    parser.add_argument("--commit", help="its commit (default: the one RELEASES records)")
    parser.add_argument("--checkout", type=Path,
                        help="an existing checkout of the release (e.g. . on its commit)")
    parser.add_argument("--postgres-url",
                        help="a PostgreSQL server to make postgres.sql on (SQLAlchemy URL; "
                             "its schema gin_release_fixture is used and dropped)")
    parser.add_argument("--out", type=Path, help="default tests/data/releases/VERSION")
    args = parser.parse_args(argv)
    out = args.out or DATA / args.version
    try:
        build(args.version, commit=args.commit, checkout=args.checkout, out=out,
              postgres_url=args.postgres_url)
    except FixtureError as error:
        print(f"release-fixture: error: {error}", file=sys.stderr)
        return 1
    print(f"release-fixture: {out} written")
    return 0


if __name__ == "__main__":
    sys.exit(main())
