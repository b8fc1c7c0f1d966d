"""A test's browser and its history: ``session_id_of(client)``, the internal id of the
history a client's ``gin_session`` cookie opens (the cookie is a token, never the id:
``app.web.sessions``); ``stored_with(engine, values)``, where in the database any of
``values`` is stored. Not a test module."""

from __future__ import annotations

from collections.abc import Iterable

import httpx
from sqlalchemy import Engine, MetaData, Table, inspect, select

from app.web.sessions import COOKIE_NAME, read_session_id


def session_id_of(client: httpx.Client, engine: Engine | None = None) -> str:
    """The ``browser_session.id`` of ``client``'s cookie, read from ``engine`` (by default
    the engine of the TestClient's app). Fails the test when the cookie opens nothing."""
    if engine is None:
        engine = client.app.state.engine  # type: ignore[attr-defined]
    found = read_session_id(engine, client.cookies.get(COOKIE_NAME))
    assert found is not None, "the client's cookie opens no history"
    return found


def stored_with(engine: Engine, values: Iterable[str]) -> list[tuple[str, str, str]]:
    """Every ``(table, column, value)`` stored in the database (every table, every
    column, JSON and times as text) that holds one of ``values``: empty when none is
    stored anywhere."""
    wanted = [value for value in values if value]
    found = []
    with engine.connect() as conn:
        for name in inspect(conn).get_table_names():
            table = Table(name, MetaData(), autoload_with=conn)
            for row in conn.execute(select(table)):
                for column, stored in row._mapping.items():
                    text = str(stored)
                    found.extend((name, str(column), value) for value in wanted
                                 if value in text)
    return found
