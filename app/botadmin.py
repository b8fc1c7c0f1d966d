"""The operator's bot commands (``docs/bots.md``): ``python -m app bot add NAME`` admits a
program to the bot protocol and prints its token once (only its SHA-256 is stored),
``python -m app bot list`` lists the bots, ``python -m app bot revoke NAME`` stops one.

They act on the database ``DATABASE_URL`` names (migrated: ``alembic upgrade head``).
A bot plays only while the server runs with ``BOTS=true``. Exit status 0 when done, 1
with a message on stderr otherwise (an unusable or taken name, an unknown bot).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from sqlmodel import Session

from app.core import botaccounts
from app.core.config import get_settings
from app.core.db import create_db_engine
from app.web.sessions import new_session_id


def main(argv: Sequence[str] | None = None) -> int:
    """Run one bot command (``add NAME``, ``list``, ``revoke NAME``); the exit status."""
    parser = argparse.ArgumentParser(prog="python -m app bot",
                                     description="Admit, list and stop bots (docs/bots.md).")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("add", help="admit a bot and print its token once").add_argument("name")
    commands.add_parser("list", help="list the bots")
    commands.add_parser("revoke", help="refuse a bot's token from now on").add_argument("name")
    args = parser.parse_args(argv)
    settings = get_settings()
    engine = create_db_engine(settings.database_url, existing_only=True)
    try:
        with Session(engine) as db:
            if args.command == "add":
                token = botaccounts.add(db, args.name, new_session_id())
                db.commit()
                print(f"bot {botaccounts.bot_name(args.name)!r} added; its token (shown "
                      "once, keep it secret):")
                print(token)
                if not settings.bots:
                    print("note: bots are off on this server: set BOTS=true to let it play",
                          file=sys.stderr)
            elif args.command == "list":
                for account in botaccounts.accounts(db):
                    state = "revoked" if account.revoked_at else "active"
                    print(f"{account.name}\t{state}\tadded {account.created_at:%Y-%m-%d}")
            else:
                botaccounts.revoke(db, args.name)
                db.commit()
                print(f"bot {args.name!r} revoked")
    except botaccounts.BotAccountError as error:
        print(f"bot: {error}", file=sys.stderr)
        return 1
    finally:
        engine.dispose()
    return 0


if __name__ == "__main__":
    sys.exit(main())
