"""The server's log: Uvicorn's logging config with the app's loggers, as text lines or,
with ``LOG_FORMAT=json``, one JSON object a line (python-json-logger).

A JSON line holds ``time`` (ISO 8601, UTC), ``level``, ``logger`` and ``message``; a
request's access line (``app.access``) adds ``method``, ``route`` (the route template,
e.g. ``/play/history/{match_id}``), ``status`` and ``duration_ms``; every line written while a
request runs carries its ``request_id`` (the ``X-Request-ID`` the answer carries too, see
``app.web.middleware``). Nothing logged holds a cookie, a seed or a player's name: the
access line names no query string, header or address, and paths have their secrets cut
(``app.web.errors.loggable_path``).
"""

from __future__ import annotations

import copy
import logging
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

from pythonjsonlogger.json import JsonFormatter as _LibraryJsonFormatter
from uvicorn.config import LOGGING_CONFIG

REQUEST_ID: ContextVar[str | None] = ContextVar("gin_request_id", default=None)
"""The id of the request being served in this context (``None`` outside a request)."""


class RequestIdFilter(logging.Filter):
    """Puts the current request's id (:data:`REQUEST_ID`) on every record as
    ``request_id`` (left off outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Always keeps the record."""
        request_id = REQUEST_ID.get()
        if request_id is not None and not hasattr(record, "request_id"):
            record.request_id = request_id
        return True


class JsonFormatter(_LibraryJsonFormatter):
    """One JSON object per record: ``time`` first, then ``level``, ``logger``,
    ``message``, the record's extra fields and, for an exception, ``exc_info``."""

    def __init__(self) -> None:
        super().__init__("{levelname}{name}{message}", style="{",
                         rename_fields={"levelname": "level", "name": "logger"})

    def add_fields(self, log_record: dict[str, Any], record: logging.LogRecord,
                   message_dict: dict[str, Any]) -> None:
        """The record's fields, after its time."""
        log_record["time"] = datetime.fromtimestamp(record.created, UTC).isoformat(
            timespec="milliseconds")
        super().add_fields(log_record, record, message_dict)


def log_config(level: str, log_format: str = "text") -> dict[str, Any]:
    """Uvicorn's logging config (``logging.config.dictConfig`` form) plus the app's own
    loggers (``app``, ``app.access``) at ``level`` (Uvicorn's names: ``info``,
    ``trace``...), in ``log_format`` ``text`` or ``json`` (Uvicorn's own lines too)."""
    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["app"] = {
        "handlers": ["default"],
        "level": level.upper() if level != "trace" else "DEBUG",
        "propagate": False,
    }
    config["filters"] = {"request_id": {"()": RequestIdFilter}}
    for handler in config["handlers"].values():
        handler["filters"] = ["request_id"]
    if log_format == "json":
        for name in config["formatters"]:
            config["formatters"][name] = {"()": JsonFormatter}
    return config


__all__ = ["REQUEST_ID", "JsonFormatter", "RequestIdFilter", "log_config"]
