"""Waiting for the play table in a browser (Playwright): the table's version, and a
tap's answer swapped in (the lesson's, the daily deal's and play's tables alike)."""

from __future__ import annotations

from typing import Any


def table_version(page: Any) -> str:
    """The version the table on ``page`` posts back (``#table``'s ``data-version``)."""
    return str(page.evaluate("() => document.querySelector('#table').dataset.version"))


def settled(page: Any, before: str) -> None:
    """Wait for a new version of the table and no request in flight."""
    page.wait_for_function(
        "v => document.querySelector('#table').dataset.version !== v"
        " && !document.documentElement.classList.contains('is-busy')", arg=before)
