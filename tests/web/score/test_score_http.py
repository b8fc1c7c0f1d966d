"""Score pages over HTTP: whole matches through the forms, wrong entries, corrections,
options with confirmation, export/import, the share link and session isolation."""

from __future__ import annotations

import json
import re
import warnings
from typing import Any

import pytest
from fastapi import FastAPI

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

CLASSIC_FORM = {
    "players": "2", "name0": "Ann", "name1": "Bob", "name2": "",
    "first_dealer": "0", "first_sitter": "2",
    "target": "100", "gin_bonus": "25", "undercut_bonus": "25", "big_gin_bonus": "31",
    "box_bonus": "20", "game_bonus": "100", "shutout": "on",
}


def new_sheet(client: TestClient, **changes: str) -> str:
    """Create a sheet through the form; return its URL path."""
    form = {**CLASSIC_FORM, **changes}
    response = client.post("/score", data=form, follow_redirects=False)
    assert response.status_code == 303, response.text
    location = response.headers["location"]
    assert re.fullmatch(r"/score/\d+", location)
    return location


def exported(client: TestClient, url: str) -> dict[str, Any]:
    """The sheet's JSON export (its whole stored state)."""
    response = client.get(f"{url}/export")
    assert response.status_code == 200
    data: dict[str, Any] = response.json()
    return data


def version(client: TestClient, url: str) -> str:
    """The sheet's current version, as every form carries it (the options form always)."""
    match = re.search(r'name="version" value="(\d+)"', client.get(f"{url}/options").text)
    assert match
    return match.group(1)


def hand(client: TestClient, url: str, *, path: str = "/hands", **fields: str) -> Any:
    """Post the entry form (with the page's current version) without following redirects."""
    data = {"version": version(client, url), "knocker_deadwood": "", "defender_deadwood": "",
            **fields}
    return client.post(f"{url}{path}", data=data, follow_redirects=False)


def field_error(html: str, field: str) -> str:
    """The message shown next to ``field``."""
    match = re.search(rf'<p class="field-error" id="err-{field}"[^>]*>([^<]*)</p>', html)
    assert match, f"no error next to {field}"
    return match.group(1)


def test_new_sheet_form_has_classic_defaults(client: TestClient) -> None:
    page = client.get("/score").text
    for name, value in [("target", "100"), ("box_bonus", "20"), ("game_bonus", "100"),
                        ("gin_bonus", "25"), ("undercut_bonus", "25")]:
        assert re.search(rf'name="{name}"[^>]*value="{value}"', page), name
    assert re.search(r'name="shutout" value="on" checked', page)
    assert not re.search(r'name="big_gin" value="on" checked', page)


def test_whole_worked_match_through_the_forms_with_wrong_entries(client: TestClient) -> None:
    url = new_sheet(client)
    # A wrong entry: knock on 11 — refused next to the knocker's count, nothing recorded.
    wrong = hand(client, url, kind="knock", knocker="0", knocker_deadwood="11",
                 defender_deadwood="30")
    assert wrong.status_code == 422
    assert "10 or less" in field_error(wrong.text, "knocker_deadwood")
    assert 'aria-invalid="true"' in wrong.text
    assert exported(client, url)["hands"] == []
    # Preview classifies and shows the arithmetic without recording.
    preview = hand(client, url, path="/preview", kind="knock", knocker="0",
                   knocker_deadwood="6", defender_deadwood="28")
    assert preview.status_code == 200
    assert "knock: 28 − 6 = 22" in preview.text and "Not recorded yet" in preview.text
    assert exported(client, url)["hands"] == []
    # The four hands of docs/rules.md §5, with more wrong entries in between.
    assert hand(client, url, kind="knock", knocker="0", knocker_deadwood="6",
                defender_deadwood="28").status_code == 303
    for bad, field in [
        ({"kind": "gin", "knocker": "1", "defender_deadwood": "abc"}, "defender_deadwood"),
        ({"kind": "gin", "knocker": "1", "knocker_deadwood": "3",
          "defender_deadwood": "19"}, "knocker_deadwood"),
        ({"kind": "gin", "defender_deadwood": "19"}, "knocker"),
        ({"kind": "knock", "knocker": "1", "knocker_deadwood": "3",
          "defender_deadwood": "99"}, "defender_deadwood"),
        ({"kind": "big_gin", "knocker": "1", "defender_deadwood": "19"}, "kind"),
        ({"knocker": "1", "defender_deadwood": "19"}, "kind"),
    ]:
        response = hand(client, url, **bad)
        assert response.status_code == 422, bad
        assert field_error(response.text, field)
    assert len(exported(client, url)["hands"]) == 1
    assert hand(client, url, kind="gin", knocker="1", defender_deadwood="19").status_code == 303
    assert hand(client, url, kind="knock", knocker="1", knocker_deadwood="9",
                defender_deadwood="9").status_code == 303
    assert hand(client, url, kind="gin", knocker="0", defender_deadwood="31").status_code == 303
    page = client.get(url).text
    assert "Undercut: Ann +25" in page and "undercut: 25 + 9 − 9 = 25" in page
    assert "Game over: Ann wins by 199." in page
    assert re.search(r'<tr class="final-row"><th scope="row">Final</th>'
                     r'<td class="num">263</td><td class="num">64</td></tr>', page)
    # After the end: refused, and the page says so.
    late = hand(client, url, kind="knock", knocker="1", knocker_deadwood="2",
                defender_deadwood="30")
    assert late.status_code == 422 and "game is over" in late.text
    assert len(exported(client, url)["hands"]) == 4
    listing = client.get("/score").text
    assert "Ann v Bob" in listing and "Ann won by 199" in listing


def test_correcting_an_early_hand_recomputes_later_totals_and_delete(client: TestClient) -> None:
    url = new_sheet(client)
    hand(client, url, kind="knock", knocker="0", knocker_deadwood="6", defender_deadwood="28")
    hand(client, url, kind="gin", knocker="1", defender_deadwood="19")
    hand(client, url, kind="knock", knocker="1", knocker_deadwood="9", defender_deadwood="9")
    edit_page = client.get(f"{url}/hands/1")
    assert edit_page.status_code == 200 and "Correct hand 1" in edit_page.text
    assert re.search(r'name="knocker_deadwood"[^>]*value="6"', edit_page.text)
    saved = hand(client, url, path="/hands/1", kind="knock", knocker="0",
                 knocker_deadwood="2", defender_deadwood="28")
    assert saved.status_code == 303
    page = client.get(url).text
    totals = re.findall(r'<span class="running">(\d+)</span>', page)
    assert totals == ["26", "0", "26", "44", "51", "44"]
    wrong = hand(client, url, path="/hands/2", kind="gin", knocker="1", knocker_deadwood="4",
                 defender_deadwood="19")
    assert wrong.status_code == 422
    assert exported(client, url)["hands"][1]["defender_deadwood"] == 19
    deleted = client.post(f"{url}/hands/1/delete", data={"version": version(client, url),
                                                          "confirm": "yes"},
                          follow_redirects=False)
    assert deleted.status_code == 303
    assert [h["kind"] for h in exported(client, url)["hands"]] == ["gin", "knock"]
    assert client.get(f"{url}/hands/9").status_code == 404


def test_stale_form_is_refused_with_409(client: TestClient) -> None:
    url = new_sheet(client)
    old = version(client, url)
    hand(client, url, kind="knock", knocker="0", knocker_deadwood="6", defender_deadwood="28")
    stale = client.post(f"{url}/hands", data={"version": old, "kind": "gin", "knocker": "1",
                                              "defender_deadwood": "19"})
    assert stale.status_code == 409 and "another tab" in stale.text
    assert len(exported(client, url)["hands"]) == 1


def test_options_change_that_ends_the_game_asks_first(client: TestClient) -> None:
    url = new_sheet(client)
    hand(client, url, kind="knock", knocker="0", knocker_deadwood="6", defender_deadwood="28")
    hand(client, url, kind="gin", knocker="1", defender_deadwood="19")
    form = {**CLASSIC_FORM, "target": "40", "version": version(client, url)}
    ask = client.post(f"{url}/options", data=form, follow_redirects=False)
    assert ask.status_code == 200 and "Confirm the change" in ask.text
    assert "This ends the game." in ask.text
    assert exported(client, url)["options"]["rules"]["target"] == 100
    confirmed = client.post(f"{url}/options", data={**form, "confirm": "yes"},
                            follow_redirects=False)
    assert confirmed.status_code == 303
    assert exported(client, url)["options"]["rules"]["target"] == 40
    assert "Game over: Bob wins" in client.get(url).text
    # Re-opening asks too; a quiet change (names, box bonus) saves at once.
    reopen = client.post(f"{url}/options", data={**CLASSIC_FORM,
                                                 "version": version(client, url)})
    assert "re-opens the game" in reopen.text
    quiet = client.post(f"{url}/options", data={**CLASSIC_FORM, "target": "40",
                                                "name0": "Annie", "box_bonus": "25",
                                                "version": version(client, url)},
                        follow_redirects=False)
    assert quiet.status_code == 303
    assert exported(client, url)["names"] == ["Annie", "Bob"]
    # Impossible: a target so low that a later hand would come after the end.
    bad = client.post(f"{url}/options", data={**CLASSIC_FORM, "target": "20",
                                              "version": version(client, url)})
    assert bad.status_code == 422 and "after the end" in bad.text
    assert exported(client, url)["options"]["rules"]["target"] == 40


def test_new_sheet_wrong_options_show_next_to_the_field(client: TestClient) -> None:
    for changes, field in [({"target": "0"}, "target"), ({"name1": ""}, "name1"),
                           ({"name1": "ann"}, "name1"), ({"box_bonus": "x"}, "box_bonus"),
                           ({"players": "3", "name2": ""}, "name2")]:
        response = client.post("/score", data={**CLASSIC_FORM, **changes})
        assert response.status_code == 422, changes
        assert field_error(response.text, field)
    assert "Your score sheets" in client.get("/score").text
    assert 'class="sheet-link"' not in client.get("/score").text


def test_big_gin_export_import_round_trip(client: TestClient) -> None:
    url = new_sheet(client, big_gin="on", name0="Zoë", name1="Bob")
    assert hand(client, url, kind="big_gin", knocker="0",
                defender_deadwood="12").status_code == 303
    assert "big gin: 31 + 12 = 43" in client.get(url).text
    download = client.get(f"{url}/export")
    assert download.headers["content-type"].startswith("application/json")
    assert "attachment" in download.headers["content-disposition"]
    imported = client.post("/score/import", files={"file": ("s.json", download.content,
                                                            "application/json")},
                           follow_redirects=False)
    assert imported.status_code == 303 and imported.headers["location"] != url
    assert exported(client, imported.headers["location"]) == download.json()
    pasted = client.post("/score/import", data={"json": download.text},
                         follow_redirects=False)
    assert pasted.status_code == 303
    bad = client.post("/score/import", data={"json": json.dumps({"format": "nope"})})
    assert bad.status_code == 422 and "not a Gin Rummy score sheet" in bad.text
    empty = client.post("/score/import", data={"json": ""})
    assert empty.status_code == 422


def test_share_link_is_read_only_and_unguessable(client: TestClient, app: FastAPI) -> None:
    url = new_sheet(client)
    hand(client, url, kind="knock", knocker="0", knocker_deadwood="6", defender_deadwood="28")
    page = client.get(url).text
    match = re.search(r'value="http://testserver/score/shared/([A-Za-z0-9_-]+)"', page)
    assert match
    token = match.group(1)
    assert len(token) >= 22
    with TestClient(app) as stranger:
        shared = stranger.get(f"/score/shared/{token}")
        assert shared.status_code == 200
        assert "Ann +22" in shared.text and "read only" in shared.text
        assert "<form" not in shared.text.split('<main', 1)[1]
        assert "/export" not in shared.text and "Correct" not in shared.text
        wrong = token[:-1] + ("y" if token.endswith("x") else "x")  # one character off
        assert stranger.get(f"/score/shared/{wrong}").status_code == 404
        assert stranger.get("/score/shared/short").status_code == 404
        assert stranger.post(f"{url}/hands", data={"kind": "void"}).status_code == 404


def test_sheets_are_isolated_between_browsers(client: TestClient, app: FastAPI) -> None:
    url = new_sheet(client)
    with TestClient(app) as other:
        assert other.get(url).status_code == 404
        assert other.get(f"{url}/export").status_code == 404
        assert other.get(f"{url}/options").status_code == 404
        assert other.post(f"{url}/hands", data={"version": "0", "kind": "void"}
                          ).status_code == 404
        assert other.post(f"{url}/delete").status_code == 404
        assert "Ann v Bob" not in other.get("/score").text
    assert client.get(url).status_code == 200
    ask = client.post(f"{url}/delete", follow_redirects=False)
    assert ask.status_code == 200 and "Delete this sheet?" in ask.text
    assert client.get(url).status_code == 200
    assert client.post(f"{url}/delete", data={"confirm": "yes"},
                       follow_redirects=False).status_code == 303
    assert client.get(url).status_code == 404


def test_htmx_preview_swaps_only_the_entry_block(client: TestClient) -> None:
    url = new_sheet(client)
    response = client.post(f"{url}/preview", headers={"HX-Request": "true"},
                           data={"version": "0", "kind": "knock", "knocker": "0",
                                 "knocker_deadwood": "5", "defender_deadwood": "12"})
    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section class="panel entry" id="entry"')
    assert "knock: 12 − 5 = 7" in response.text
    assert 'hx-swap-oob="innerHTML"' in response.text
    assert "<html" not in response.text
    wrong = client.post(f"{url}/preview", headers={"HX-Request": "true"},
                        data={"version": "0", "kind": "knock", "knocker": "0",
                              "knocker_deadwood": "11", "defender_deadwood": "30"})
    assert wrong.status_code == 422 and field_error(wrong.text, "knocker_deadwood")


def test_oklahoma_upcard_through_the_form(client: TestClient) -> None:
    url = new_sheet(client, oklahoma="on", oklahoma_spade_double="on")
    missing = hand(client, url, kind="knock", knocker="0", knocker_deadwood="3",
                   defender_deadwood="20")
    assert missing.status_code == 422 and field_error(missing.text, "upcard")
    too_high = hand(client, url, kind="knock", knocker="0", knocker_deadwood="6",
                    defender_deadwood="20", upcard_rank="4", upcard_suit="S")
    assert too_high.status_code == 422
    assert "four of spades" in field_error(too_high.text, "knocker_deadwood")
    assert hand(client, url, kind="knock", knocker="0", knocker_deadwood="3",
                defender_deadwood="20", upcard_rank="4", upcard_suit="S").status_code == 303
    assert "knock: (20 − 3) × 2 = 34" in client.get(url).text
    assert exported(client, url)["hands"][0]["upcard"] == "4S"


def test_gin_for_three_and_hollywood_through_the_forms(client: TestClient) -> None:
    url = new_sheet(client, players="3", name2="Cy", first_sitter="2", first_dealer="0")
    assert "Cy sits out" in client.get(url).text
    sat_out = hand(client, url, kind="knock", knocker="2", knocker_deadwood="4",
                   defender_deadwood="20", sitter="2")
    assert sat_out.status_code == 422
    assert "Cy sat out" in field_error(sat_out.text, "knocker")
    assert hand(client, url, kind="knock", knocker="0", knocker_deadwood="4",
                defender_deadwood="20", sitter="2").status_code == 303
    page = client.get(url).text
    assert "Hand 2: Cy deals, Ann v Cy — Bob sits out." in page
    holly = new_sheet(client, hollywood="on")
    for _ in range(3):
        hand(client, holly, kind="gin", knocker="0", defender_deadwood="10")
    page = client.get(holly).text
    assert page.count('class="num col-cell total-cell--won"') == 1 + 2 + 3
    assert "Game 3" in page


@pytest.mark.parametrize(("knocker", "defender"), [
    ("99999", "-4"), ("", "abc"), ("7.5", ""), ("1e3", "99"), ("-0", "٣"),
])
def test_every_wrong_count_is_shown_at_once_and_nothing_is_recorded(
        client: TestClient, knocker: str, defender: str) -> None:
    url = new_sheet(client)
    before = exported(client, url)
    response = hand(client, url, kind="knock", knocker="0", knocker_deadwood=knocker,
                    defender_deadwood=defender)
    assert response.status_code == 422
    for field in ("knocker_deadwood", "defender_deadwood"):  # each one is wrong
        assert "deadwood" in field_error(response.text, field)
    assert exported(client, url) == before


def test_a_hollywood_game_nobody_has_entered_is_not_shown_open_at_nothing(
        client: TestClient) -> None:
    """Games 2 and 3 of a Hollywood sheet before anyone's entry there say so ("no entry
    yet", a dash for the points), not "open 0–0" (issue 52); game 1 with a hand is open
    with its points."""
    url = new_sheet(client, hollywood="on")
    assert hand(client, url, kind="knock", knocker="0", knocker_deadwood="5",
                defender_deadwood="20").status_code == 303
    page = client.get(url).text
    states = re.findall(r'<span class="standing__state">([^<]*)</span>', page)
    assert states == ["open", "no entry yet", "no entry yet"]
    points = re.findall(r'<span class="standing__pts">([^<]*)</span>', page)
    assert points[:2] == ["15", "0"] and set(points[2:]) == {"&ndash;"}
