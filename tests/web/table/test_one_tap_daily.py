"""The table kit's one tap (app/table/tap.py) on the daily deal, through the app: a legal
tap is applied with Expert's answer; the same form again is a stale double tap, refused
with 409 and the table as it stands, nothing stored."""

from __future__ import annotations

import pytest
from fastapi import FastAPI

from app.engine import match_view
from tests.support.hardening import action_form
from tests.web.daily.test_daily_http import (  # noqa: F401 - fixtures
    DAY,
    browser,
    clock,
    current,
    quick_expert,
    settings,
)
from tests.web.table.test_one_tap_per_kind import handing_over


@pytest.mark.usefixtures("clock")
def test_the_daily_deal_taps_once_and_expert_answers(app: FastAPI) -> None:
    with browser(app) as ann:
        ann.get("/daily")
        play = current(app, ann)
        form = action_form(handing_over(match_view(play.match, 0).legal), play.row.version)
        path = f"/daily?day={DAY.isoformat()}"
        first = ann.post(path, data=form, headers={"HX-Request": "true"})
        assert first.status_code == 200, first.text[:300]
        again = ann.post(path, data=form, headers={"HX-Request": "true"})
        assert again.status_code == 409 and "older screen" in again.text
        after = current(app, ann)
        assert after.row.version == play.row.version + 1
        assert after.row.log[0][0] == 0 and after.row.log[-1][0] == 1
