"""Back the database up and restore it (``make backup`` / ``make restore``; in the image
``python -m app.backup``; docs/operating.md, "Backups").

``python -m app.backup backup FILE`` writes a backup of the database ``DATABASE_URL``
names (or ``--database-url``):

* SQLite: through SQLite's online backup API (``sqlite3.Connection.backup``), safe while
  the server runs and writes (a copy of the file is not: the WAL holds recent changes);
* PostgreSQL: ``pg_dump --format=custom`` of the app's schema (``public``, or the
  ``search_path`` the URL's ``options`` name), without owners or privileges.

``python -m app.backup restore FILE`` puts a backup back (stop the app first), then
brings the schema up to date (``alembic upgrade head``: a backup of an older release is
upgraded like its database would be):

* SQLite: the backup API again, from the file onto the database (every page replaced);
* PostgreSQL: into an empty schema: the schema is dropped with everything in it and made
  anew, then ``pg_restore --exit-on-error --single-transaction``. Restoring over the
  tables of a newer release (``pg_restore --clean``) fails: it cannot drop what the dump
  does not name, and the next upgrade then meets tables that exist.

A file that is not a backup of the database's kind is refused before anything is
touched. Exit status 0 when done, 1 with a message on stderr otherwise. ``pg_dump`` and
``pg_restore`` must be on ``PATH`` (Debian's ``postgresql-client``), of the server's major
version or newer.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from sqlalchemy import create_engine, text
from sqlalchemy.engine import URL, make_url

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_DUMP_MAGIC = b"PGDMP"


class BackupError(Exception):
    """The backup or restore could not be done; the message says why and what to do."""


def _sqlite_path(url: URL) -> Path:
    if not url.database or url.database == ":memory:":
        raise BackupError(f"{url.render_as_string()} names no database file")
    return Path(url.database)


def _schema(url: URL) -> str:
    """The schema the app's tables are in: the URL's ``-csearch_path=...``, else public."""
    found = re.search(r"-csearch_path=([A-Za-z_][A-Za-z0-9_]*)", str(url.query.get("options", "")))
    return found.group(1) if found else "public"


def _libpq(url: URL) -> str:
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise BackupError(f"{name} is not installed (or not on PATH): install PostgreSQL's "
                          "client programs (Debian: postgresql-client), or run this in the "
                          "database's container")
    return found


def _run(args: list[str]) -> None:
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise BackupError(f"{Path(args[0]).name} failed (exit status {done.returncode}): "
                          f"{done.stderr.strip()[-2000:]}")


def _starts_with(path: Path, magic: bytes) -> bool:
    with path.open("rb") as file:
        return file.read(len(magic)) == magic


def backup(database_url: str, destination: Path) -> None:
    """Write a backup of ``database_url`` to ``destination`` (a new file: an existing one
    is refused, so that no backup is overwritten). Raises ``BackupError``."""
    url = make_url(database_url)
    if destination.exists():
        raise BackupError(f"{destination} exists: give a new file name")
    partial = destination.with_name(destination.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        if url.get_backend_name() == "sqlite":
            source_path = _sqlite_path(url)
            if not source_path.exists():
                raise BackupError(f"{source_path} does not exist")
            source = sqlite3.connect(source_path)
            target = sqlite3.connect(partial)
            try:
                source.backup(target)
            finally:
                target.close()
                source.close()
        elif url.get_backend_name() == "postgresql":
            _run([_tool("pg_dump"), "--format=custom", "--no-owner", "--no-privileges",
                  f"--schema={_schema(url)}", f"--file={partial}", f"--dbname={_libpq(url)}"])
        else:
            raise BackupError(f"cannot back up a {url.get_backend_name()} database")
        partial.replace(destination)
    finally:
        partial.unlink(missing_ok=True)


def restore(database_url: str, source: Path, *, upgrade: bool = True) -> None:
    """Put the backup ``source`` back into ``database_url`` (see the module docstring),
    then ``alembic upgrade head`` unless not ``upgrade``. Raises ``BackupError``; a file
    that is not a backup of the database's kind is refused with nothing touched."""
    url = make_url(database_url)
    if not source.is_file():
        raise BackupError(f"{source} is not a file")
    if url.get_backend_name() == "sqlite":
        if not _starts_with(source, SQLITE_MAGIC):
            raise BackupError(f"{source} is not a SQLite backup")
        backup_db = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
        try:
            tables = {row[0] for row in backup_db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            if "alembic_version" not in tables:
                raise BackupError(f"{source} is a SQLite file but not a backup of this app "
                                  "(no alembic_version table)")
            target_path = _sqlite_path(url)
            target_path.parent.mkdir(parents=True, exist_ok=True)
            target = sqlite3.connect(target_path)
            try:
                backup_db.backup(target)
            finally:
                target.close()
        finally:
            backup_db.close()
    elif url.get_backend_name() == "postgresql":
        if not _starts_with(source, PG_DUMP_MAGIC):
            raise BackupError(f"{source} is not a PostgreSQL backup (pg_dump --format=custom)")
        schema = _schema(url)
        listing = subprocess.run([_tool("pg_restore"), "--list", str(source)],
                                 capture_output=True, text=True, check=False)
        if listing.returncode != 0:
            raise BackupError(f"pg_restore cannot read {source}: {listing.stderr.strip()}")
        makes_schema = re.search(rf"^\d+; \d+ \d+ SCHEMA - {re.escape(schema)} ",
                                 listing.stdout, re.MULTILINE) is not None
        engine = create_engine(database_url)
        try:
            with engine.begin() as conn:
                conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
                if not makes_schema:
                    conn.execute(text(f'CREATE SCHEMA "{schema}"'))
        finally:
            engine.dispose()
        _run([_tool("pg_restore"), "--exit-on-error", "--single-transaction", "--no-owner",
              "--no-privileges", f"--dbname={_libpq(url)}", str(source)])
    else:
        raise BackupError(f"cannot restore a {url.get_backend_name()} database")
    if upgrade:
        from app.core.db import run_migrations

        run_migrations(database_url)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see ``--help``); the exit status."""
    parser = argparse.ArgumentParser(prog="python -m app.backup",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("backup", "restore"))
    parser.add_argument("file", type=Path, help="the backup file")
    parser.add_argument("--database-url", help="default: DATABASE_URL, as the app reads it")
    parser.add_argument("--no-upgrade", action="store_true",
                        help="restore: leave the schema at the backup's revision")
    args = parser.parse_args(argv)
    database_url = args.database_url or os.environ.get("DATABASE_URL")
    if not database_url:
        from app.core.config import Settings

        database_url = Settings().database_url
    shown = make_url(database_url).render_as_string(hide_password=True)
    try:
        if args.command == "backup":
            backup(database_url, args.file)
            print(f"backup: {shown} written to {args.file}")
        else:
            restore(database_url, args.file, upgrade=not args.no_upgrade)
            print(f"restore: {args.file} restored into {shown}"
                  + ("" if args.no_upgrade else " and upgraded to head"))
    except BackupError as error:
        print(f"{args.command}: error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
