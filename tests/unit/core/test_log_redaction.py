"""The log's one redaction (app.core.logs): tokens in paths and query strings, words
shaped like tokens and configured secrets are cut from the message, its arguments, the
exception's text and the extra fields, in text and JSON lines alike."""

from __future__ import annotations

import io
import json
import logging
import secrets

import pytest

from app.core.logs import CUT, JsonFormatter, RedactFilter, keep_secret, redact


@pytest.mark.parametrize("path", [
    "/play/friend/{t}", "/gin/play/friend/{t}/decline", "/score/shared/{t}",
    "/play/history/import/{t}", "/devices/join?code={t}", "/x?a=1&token={t}",
    "a seed {t} in words",
])
def test_tokens_are_cut_wherever_they_stand(path: str) -> None:
    token = secrets.token_urlsafe(24)
    cut = redact(path.format(t=token))
    assert token not in cut and CUT in cut


def test_plain_words_slugs_and_routes_are_kept() -> None:
    for text in ("/guide/scoring-and-bonuses", "/play/friend/qr.svg",
                 "/play/history/{match_id}/{number}", "Gin Rummy 0.3.0 starting",
                 "/devices/join?lang=de"):
        assert redact(text) == text


@pytest.mark.parametrize("form", ["text", "json"])
def test_the_filter_cuts_arguments_exceptions_and_extra_fields(form: str) -> None:
    keep_secret("a configured secret, any shape")
    token = secrets.token_hex(16)
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(RedactFilter())
    if form == "json":
        handler.setFormatter(JsonFormatter())
    log = logging.getLogger(f"test.redaction.{form}")
    log.addHandler(handler)
    log.propagate = False
    try:
        raise ValueError(f"bad token {token}")
    except ValueError:
        log.exception("GET /play/friend/%s with %s", token,
                      "a configured secret, any shape", extra={"path": f"/x?code={token}"})
    printed = stream.getvalue()
    assert token not in printed and "configured secret" not in printed
    assert "ValueError: bad token" in printed and "/play/friend/..." in printed
    if form == "json":
        assert json.loads(printed)["path"] == "/x?code=..."
