"""Downloads streamed in bounded memory: a body written piece by piece from rows read
in batches, never held whole (``/stats.json``, ``/stats.csv``, *Download my data*).

:func:`streamed` answers a ``StreamingResponse`` whose generator opens its own
database session (the request's unit of work has ended by the time the body is sent)
and sends the pieces in chunks of about :data:`CHUNK` bytes. :func:`json_groups` and
:func:`csv_rows` write the same text that ``json.dumps`` and ``csv.DictWriter`` write
for the whole document, so a streamed download is byte for byte the one built in
memory.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from itertools import chain
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session
from starlette.responses import StreamingResponse

CHUNK = 64 * 1024
"""About how many bytes each chunk of a streamed body holds."""

_NOTHING = object()


def chunks(pieces: Iterable[str], size: int | None = None) -> Iterator[bytes]:
    """``pieces`` joined and encoded in UTF-8, in chunks of at least ``size`` bytes
    (:data:`CHUNK` by default; the last one shorter)."""
    size = size or CHUNK
    buffer: list[bytes] = []
    held = 0
    for piece in pieces:
        data = piece.encode("utf-8")
        buffer.append(data)
        held += len(data)
        if held >= size:
            yield b"".join(buffer)
            buffer, held = [], 0
    if buffer:
        yield b"".join(buffer)


def streamed(engine: Engine, body: Callable[[Session], Iterable[str]], *, media_type: str,
             headers: Mapping[str, str] | None = None) -> StreamingResponse:
    """A response whose body ``body(db)`` writes piece by piece, ``db`` being a session
    of its own on ``engine``, open while the body is sent (Starlette iterates it in its
    thread pool)."""

    def generate() -> Iterator[bytes]:
        with Session(engine) as db:
            yield from chunks(body(db))

    return StreamingResponse(generate(), media_type=media_type, headers=dict(headers or {}))


def json_groups(groups: Iterable[tuple[str, Iterable[Any]]], dumps: Callable[[Any], str], *,
                indent: int | None = None, wrap: str | None = None,
                skip_empty: bool = False) -> Iterator[str]:
    """The text of ``dumps({name: list(items) for name, items in groups})`` (inside
    ``{wrap: …}`` when ``wrap`` is given) in pieces, each item written as it comes:
    ``dumps`` must be ``json.dumps`` with the same ``indent`` (``None``: compact, with
    ``(",", ":")`` separators, as Starlette's ``JSONResponse`` writes). A group with no
    items is left out with ``skip_empty``."""

    def newline(depth: int) -> str:
        return "" if indent is None else "\n" + " " * (indent * depth)

    colon = ":" if indent is None else ": "
    depth = 1 if wrap is None else 2
    if wrap is not None:
        yield "{" + newline(1) + dumps(wrap) + colon
    yield "{"
    first = True
    for name, items in groups:
        rest = iter(items)
        head = next(rest, _NOTHING)
        if head is _NOTHING and skip_empty:
            continue
        yield ("" if first else ",") + newline(depth) + dumps(name) + colon + "["
        first = False
        if head is _NOTHING:
            yield "]"
            continue
        for index, item in enumerate(chain([head], rest)):
            text = dumps(item)
            if indent is not None:
                text = text.replace("\n", newline(depth + 1))
            yield ("," if index else "") + newline(depth + 1) + text
        yield newline(depth) + "]"
    yield ("" if first else newline(depth - 1)) + "}"
    if wrap is not None:
        yield newline(0) + "}"


def csv_rows(rows: Iterable[Mapping[str, Any]], empty_header: list[str]) -> Iterator[str]:
    """The text ``csv.DictWriter`` writes for ``rows`` (the header from the first row's
    keys, ``empty_header`` when there is none), one row at a time."""
    out = io.StringIO()
    rest = iter(rows)
    head = next(rest, None)
    writer = csv.DictWriter(out, fieldnames=list(head) if head is not None else empty_header)
    writer.writeheader()
    for row in chain([head], rest) if head is not None else ():
        writer.writerow(row)
        yield out.getvalue()
        out.seek(0)
        out.truncate()
    yield out.getvalue()


def compact_json(value: Any) -> str:
    """``value`` as Starlette's ``JSONResponse`` writes it (compact, UTF-8 as is)."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, indent=None,
                      separators=(",", ":"))
