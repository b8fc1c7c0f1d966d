"""The server's log: Uvicorn's logging config with the app's loggers, as text lines or,
with ``LOG_FORMAT=json``, one JSON object a line (python-json-logger).

A JSON line holds ``time`` (ISO 8601, UTC), ``level``, ``logger`` and ``message``; a
request's access line (``app.access``) adds ``method``, ``route`` (the route template,
e.g. ``/play/history/{match_id}``), ``status`` and ``duration_ms``; every line written while a
request runs carries its ``request_id`` (the ``X-Request-ID`` the answer carries too, see
``app.web.middleware``). Nothing logged holds a cookie, a seed or a player's name: the
access line names no query string, header or address.

No line holds a secret either: :class:`RedactFilter`, on every handler of
:func:`log_config` (the app's lines and Uvicorn's), passes each line's message and its
exception text through :func:`redact`, which cuts invite, share and import tokens out
of URL paths, the values of secret query parameters (``code``, ``token``...), any other
word that looks like a token, and the configured secrets themselves
(:func:`keep_secret`: ``ADMIN_TOKEN``, ``METRICS_TOKEN``).
"""

from __future__ import annotations

import copy
import logging
import re
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


CUT = "..."
"""What a secret is replaced with in a log line."""

_SECRET_SEGMENT = re.compile(
    r"(/(?:play/friend|score/shared|play/history/import)/)(?!qr\.svg\b)[^/?#\s\"']+")
"""A path segment that is a token: the one after an invite's, a shared score sheet's or
an imported hand history's prefix (anywhere in a path: ``BASE_PATH`` may come first)."""
_SECRET_QUERY = re.compile(
    r"([?&;](?:code|token|key|secret|password|session|access_token)=)[^&#\s\"']+",
    re.IGNORECASE)
"""The value of a query parameter that is a secret (a device code's link)."""
_TOKEN_LIKE = re.compile(r"(?<![\w-])(?=[\w-]*[A-Z0-9_])[\w-]{16,}(?![\w-])", re.ASCII)
"""A word of 16 or more URL-safe characters with a digit, a capital or ``_`` in it: a
token (``secrets.token_urlsafe``, ``token_hex``), whatever carries it; lower-case words
and slugs (``scoring-and-bonuses``) are left alone."""
_secrets: set[str] = set()


def keep_secret(value: str) -> None:
    """Cut ``value`` (a configured secret: ``ADMIN_TOKEN``, ``METRICS_TOKEN``) out of every
    log line from now on, whatever it looks like; an empty value is ignored."""
    if value:
        _secrets.add(value)


def redact(text: str) -> str:
    """``text`` with every secret replaced by :data:`CUT`: the configured secrets
    (:func:`keep_secret`), tokens in URL paths and secret query values, and any word that
    looks like a token (:data:`_TOKEN_LIKE`)."""
    for secret in sorted(_secrets, key=len, reverse=True):
        text = text.replace(secret, CUT)
    text = _SECRET_SEGMENT.sub(rf"\1{CUT}", text)
    text = _SECRET_QUERY.sub(rf"\1{CUT}", text)
    return _TOKEN_LIKE.sub(CUT, text)


class RedactFilter(logging.Filter):
    """Cuts secrets (:func:`redact`) out of a record's message, its exception text, its
    stack and its extra text fields (but ``request_id``), before any handler formats it;
    keeps every record."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrites ``record`` in place (the message with its arguments put in)."""
        try:
            message = record.getMessage()
        except (TypeError, ValueError):  # a bad format: log what was given, redacted
            message = f"{record.msg} {record.args}"
        record.msg, record.args = redact(message), None
        if record.exc_info:
            text = record.exc_text or _FORMATTER.formatException(record.exc_info)
            record.exc_info = None  # formatters print exc_text instead
            record.exc_text = redact(text)
        elif record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        for name, value in vars(record).items():
            if name not in _STANDARD and isinstance(value, str):
                setattr(record, name, redact(value))  # an extra field of the JSON line
        return True


_FORMATTER = logging.Formatter()
_STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {
    "message", "asctime", "request_id"}


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
    config["filters"] = {"request_id": {"()": RequestIdFilter},
                         "redact": {"()": RedactFilter}}
    for handler in config["handlers"].values():
        handler["filters"] = ["request_id", "redact"]
    if log_format == "json":
        for name in config["formatters"]:
            config["formatters"][name] = {"()": JsonFormatter}
    return config


__all__ = ["CUT", "REQUEST_ID", "JsonFormatter", "RedactFilter", "RequestIdFilter",
           "keep_secret", "log_config", "redact"]
