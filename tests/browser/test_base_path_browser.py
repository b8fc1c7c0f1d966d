"""The app under a sub-path (``BASE_PATH=/gin``) in a real browser: a match starts and a
hand is played through ``static/table/`` (its posts, fetches and reloads all go to
``/gin/...``), with every request the page makes staying under ``/gin``. The crawl of
every page is ``tests/web/test_base_path.py``; the service worker's scope is in
``tests/browser/test_install_browser.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.browser.test_play_browser import _cards, _start, _tap, _to_discard_step


@pytest.mark.browser
def test_a_hand_is_played_under_the_sub_path(start_server: Callable[..., Any],
                                             new_page: Callable[..., Any]) -> None:
    server = start_server(env={"BASE_PATH": "/gin"})
    page = new_page(390, 844)
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    _start(page, server.app_url)
    _to_discard_step(page)
    page.get_by_role("radio", name=_cards(page)[0]["name"], exact=True).click()
    _tap(page, "Discard")
    page.get_by_role("link", name="Rules").first.click()
    page.wait_for_url(server.app_url + "/guide")
    outside = [url for url in requested
               if urlsplit(url).netloc == urlsplit(server.url).netloc
               and not urlsplit(url).path.startswith("/gin/")]
    assert requested and outside == []
