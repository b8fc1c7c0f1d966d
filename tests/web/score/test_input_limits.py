"""Outside input is bounded and checked by one validator per kind.

* JSON imports: nesting depth and size are checked before parsing (about 1,000 ``[`` was
  a ``RecursionError``, a 500);
* player names: NFC, no control or format characters, duplicates compared case-folded
  after normalisation — on the setup form, the options form and the import alike;
* imports are held to exactly the setup form's limits, by the form's own parser.

Every refusal is a 4xx with a message and changes nothing in the database.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlmodel import Session, select

from app.core.models import PlayMatch, ScoreSheetRow
from app.engine import CLASSIC
from app.score import keeper as sk
from app.score.sheet import ScoreSheet, SheetError, SheetOptions
from tests.support.hardening import diff, snapshot

SETUP = {"players": "2", "name0": "Ann", "name1": "Bob", "target": "100", "gin_bonus": "25",
         "undercut_bonus": "25", "big_gin_bonus": "31", "box_bonus": "20",
         "game_bonus": "100", "first_dealer": "0", "knock_limit": "10"}


def export(**changes: Any) -> dict[str, Any]:
    """A valid export with two hands, with top-level, option or rule values changed."""
    sheet = ScoreSheet.new(SheetOptions(rules=CLASSIC), ["Ann", "Bob"])
    data = sheet.to_dict()
    data["hands"] = [{"kind": "knock", "knocker": 0, "knocker_deadwood": 5,
                      "defender_deadwood": 30}]
    for key, value in changes.items():
        if key in data["options"]["rules"]:
            data["options"]["rules"][key] = value
        elif key in data["options"]:
            data["options"][key] = value
        else:
            data[key] = value
    return data


@pytest.fixture
def browser(client: TestClient) -> Iterator[TestClient]:
    client.get("/score")
    yield client


def sheets(app: FastAPI) -> list[ScoreSheetRow]:
    with Session(app.state.engine) as db:
        return list(db.exec(select(ScoreSheetRow)).all())


def refused(app: FastAPI, client: TestClient, path: str, data: dict[str, str]) -> str:
    """Post ``data``; assert a 4xx that changed nothing; return the page's text."""
    before = snapshot(app.state.engine)
    response = client.post(path, data=data, follow_redirects=False)
    assert 400 <= response.status_code < 500, (response.status_code, response.text[:300])
    assert not diff(before, snapshot(app.state.engine))
    return response.text


# --- JSON: depth and size --------------------------------------------------------------


@pytest.mark.parametrize("depth", [9, 50, 1_000, 3_000])
@pytest.mark.parametrize("bracket", ["[", '{"a":'])
def test_deeply_nested_json_import_is_refused_with_a_message(
    app: FastAPI, browser: TestClient, depth: int, bracket: str
) -> None:
    text = bracket * depth
    page = refused(app, browser, "/score/import", {"json": text})
    assert "more than 8 deep" in page


def test_deep_nesting_anywhere_in_a_real_export_is_refused(app: FastAPI,
                                                           browser: TestClient) -> None:
    data = export()
    data["hands"][0]["note"] = json.loads("[" * 10 + "]" * 10)
    page = refused(app, browser, "/score/import", {"json": json.dumps(data)})
    assert "deep" in page


@pytest.mark.parametrize("upload", [True, False])
def test_an_uploaded_or_pasted_nested_file_is_refused(app: FastAPI, browser: TestClient,
                                                      upload: bool) -> None:
    text = "[" * 1000 + "]" * 1000
    before = snapshot(app.state.engine)
    if upload:
        response = browser.post("/score/import", files={"file": ("x.json", text.encode())})
    else:
        response = browser.post("/score/import", data={"json": text})
    assert response.status_code == 422
    assert "deep" in response.text
    assert not diff(before, snapshot(app.state.engine))
    assert browser.get("/score").status_code == 200  # the connection still works


# --- names ---------------------------------------------------------------------------------


def name_posts(sheet_id: int) -> list[tuple[str, dict[str, str]]]:
    return [("/score", SETUP), (f"/score/{sheet_id}/options", SETUP)]


@pytest.mark.parametrize("char", ["\x00", "\u200b", "\u202e", "\ufeff"])
@pytest.mark.parametrize("form", ["setup", "options", "import"])
def test_every_place_that_takes_a_name_refuses_invisible_characters(
    app: FastAPI, browser: TestClient, char: str, form: str
) -> None:
    assert browser.post("/score", data=SETUP).status_code == 200
    row = sheets(app)[0]
    name = f"Ann{char}"
    if form == "import":
        page = refused(app, browser, "/score/import",
                       {"json": json.dumps(export(names=[name, "Bob"]))})
    else:
        path = "/score" if form == "setup" else f"/score/{row.id}/options"
        page = refused(app, browser, path, {**SETUP, "name0": name,
                                            "version": str(row.version)})
    assert "invisible or control characters" in page


@pytest.mark.parametrize("form", ["setup", "options", "import"])
def test_every_place_that_takes_names_refuses_a_disguised_duplicate(
    app: FastAPI, browser: TestClient, form: str
) -> None:
    assert browser.post("/score", data=SETUP).status_code == 200
    row = sheets(app)[0]
    if form == "import":
        page = refused(app, browser, "/score/import",
                       {"json": json.dumps(export(names=["Ann", "ＡＮＮ"]))})
    else:
        path = "/score" if form == "setup" else f"/score/{row.id}/options"
        page = refused(app, browser, path, {**SETUP, "name1": "ＡＮＮ",
                                            "version": str(row.version)})
    assert "different name" in page


# --- imports: exactly the form's limits -----------------------------------------------------

FORM_LIMITS = [
    ("target", 1_000_000, "target"),
    ("target", 0, "target"),
    ("gin_bonus", 1001, "gin_bonus"),
    ("box_bonus", 5000, "box_bonus"),
    ("knock_limit", 11, None),  # the engine's own range already
    ("names", ["a" * 31, "Bob"], "name0"),
    ("names", ["Ann", ""], "name1"),
]


@pytest.mark.parametrize(("key", "value", "field"), FORM_LIMITS)
def test_an_import_is_refused_exactly_where_the_form_is(
    app: FastAPI, browser: TestClient, key: str, value: Any, field: str | None
) -> None:
    import_page = refused(app, browser, "/score/import",
                          {"json": json.dumps(export(**{key: value}))})
    assert "Could not import" in import_page
    if field is None:
        return
    form_value = {f"name{i}": v for i, v in enumerate(value)} if key == "names" \
        else {key: str(value)}
    with pytest.raises(SheetError) as caught:
        sk.parse_setup({**SETUP, **form_value})
    assert caught.value.field == field
    try:  # what the engine itself accepts is refused by the same parser as the form's
        ScoreSheet.from_dict(export(**{key: value}))
    except SheetError:
        return
    assert str(caught.value) in import_page.replace("&#39;", "'")


def test_an_import_with_round_the_corner_keeps_it_now_that_the_form_offers_it(
        app: FastAPI, browser: TestClient) -> None:
    # Round the corner was the one option the form could not set; it can now.
    response = browser.post("/score/import",
                            data={"json": json.dumps(export(round_the_corner=True))},
                            follow_redirects=False)
    assert response.status_code == 303, response.text[:300]
    assert sk.load(sheets(app)[0]).options.rules.round_the_corner


@pytest.mark.parametrize("changes", [{}, {"knock_limit": 7}, {"target": 10_000},
                                     {"first_sitter": 0}])
def test_an_import_within_the_limits_can_then_be_renamed(
    app: FastAPI, browser: TestClient, changes: dict[str, Any]
) -> None:
    response = browser.post("/score/import", data={"json": json.dumps(export(**changes))},
                            follow_redirects=False)
    assert response.status_code == 303, response.text[:300]
    row = sheets(app)[0]
    form = {**sk.setup_form(sk.load(row)), "name0": "Annie", "version": str(row.version)}
    response = browser.post(f"/score/{row.id}/options", data=form, follow_redirects=False)
    assert response.status_code == 303, response.text[:500]
    assert sk.load(sheets(app)[0]).names == ("Annie", "Bob")


def test_the_knock_limit_is_offered_on_the_score_form_and_applied(
    app: FastAPI, browser: TestClient
) -> None:
    assert 'name="knock_limit"' in browser.get("/score").text
    assert browser.post("/score", data={**SETUP, "knock_limit": "5"}).status_code == 200
    row = sheets(app)[0]
    assert sk.load(row).options.rules.knock_limit == 5
    hand = {"kind": "knock", "knocker": "0", "knocker_deadwood": "7",
            "defender_deadwood": "30", "version": str(row.version)}
    page = refused(app, browser, f"/score/{row.id}/hands", hand)
    assert "5 or less" in page


@pytest.mark.parametrize(("path", "page"), [("/play/new", "/play/new"), ("/score", "/score")])
@pytest.mark.parametrize(("value", "accepted"), [("0", True), ("7", True), ("11", False),
                                                 ("-1", False), ("²", False)])
def test_both_forms_offer_the_knock_limit_within_0_to_10(
    app: FastAPI, client: TestClient, path: str, page: str, value: str, accepted: bool
) -> None:
    """docs/rules.md §6 lists the knock limit among the options a table can switch: the New match
    form and the score sheet form both offer it, with the engine's range."""
    assert 'name="knock_limit"' in client.get(page).text
    form = {"level": "easy", "knock_limit": value} if path == "/play/new" \
        else {**SETUP, "knock_limit": value}
    if not accepted:
        refused(app, client, path, form)
        return
    response = client.post(path, data=form, follow_redirects=False)
    assert response.status_code in (200, 303), response.text[:300]
    with Session(app.state.engine) as db:
        if path == "/play/new":
            rules = db.exec(select(PlayMatch)).one().rules
        else:
            rules = sk.load(db.exec(select(ScoreSheetRow)).one()).options.rules.to_dict()
    assert rules["knock_limit"] == int(value)
