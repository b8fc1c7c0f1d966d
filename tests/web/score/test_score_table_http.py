"""Score pages at a real table over HTTP: results and refusals in words,
Hollywood per-game columns, straight gin and round the corner options, no-JS answers
that land on their message, oversized imports."""

from __future__ import annotations

import re
import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from tests.web.score.test_score_http import CLASSIC_FORM, exported, field_error, hand, new_sheet


def record(client: TestClient, url: str, kind: str, knocker: str, k: str, d: str) -> None:
    """Record one hand through the form; it must be accepted."""
    response = hand(client, url, kind=kind, knocker=knocker, knocker_deadwood=k,
                    defender_deadwood=d)
    assert response.status_code == 303, response.text


def status_line(html: str) -> str:
    """The standing's status sentence (tags dropped)."""
    match = re.search(r'<p class="status"[^>]*>(.*?)</p>', html, re.S)
    assert match
    return re.sub(r"<[^>]+>", "", match.group(1)).strip()


def test_boxes_overturning_the_target_read_as_a_win_for_the_higher_total(
        client: TestClient) -> None:
    url = new_sheet(client)
    for _ in range(9):
        record(client, url, "knock", "1", "1", "11")   # Bob +10, nine times
    record(client, url, "gin", "0", "", "76")           # Ann 25 + 76 = 101
    page = client.get(url).text
    assert status_line(page) == ("Game over: Ann reached 100 first; after the bonuses Bob "
                                 "has more: Bob wins by 49.")
    assert "wins by -" not in page and "margin -" not in page
    assert "Bob won by 49" in client.get("/score").text


def test_hollywood_rows_show_each_games_running_points_and_no_cross_game_sum(
        client: TestClient) -> None:
    url = new_sheet(client, hollywood="on")
    record(client, url, "gin", "0", "", "25")    # Ann 50: game 1
    record(client, url, "knock", "1", "2", "12")  # Bob 10: game 1
    record(client, url, "gin", "0", "", "15")    # Ann 40: games 1-2
    page = client.get(url).text
    row3 = page[page.index('id="hand-3"'):]
    row3 = row3[:row3.index("</tbody>")]  # the hand's words, then a row of its games
    cells = re.findall(r'<td class="num col-cell[^"]*">(.*?)</td>', row3, re.S)
    numbers = [re.findall(r'class="running">(\d+)<', cell) for cell in cells]
    assert numbers == [["90", "10"], ["40", "0"], ["0", "0"]]
    standing = page[page.index('id="status"'):page.index("</section>", page.index('id="status"'))]
    assert standing.count('class="standing__column') == 3
    # Every number in the standing is one game's points, never a sum across games.
    points = [int(n) for n in re.findall(r'class="standing__pts">(\d+)<', standing)]
    assert points == [90, 10, 40, 0]  # game 3: nobody has an entry there yet (a dash)
    assert standing.count("no entry yet") == 1
    assert "130" not in standing


def test_hollywood_closed_game_shows_its_final_and_winner_in_the_standing(
        client: TestClient) -> None:
    url = new_sheet(client, hollywood="on")
    for k, d in [("", "75"), ("", "75"), ("", "75")]:
        record(client, url, "gin", "0", k, d)
    page = client.get(url).text
    standing = page[page.index('id="status"'):page.index("</section>", page.index('id="status"'))]
    # Each gin (25 + 75) closes the next game: 100 + a box 20 + game 100, shutout doubles.
    assert standing.count(">closed<") == 3 and standing.count("Ann wins by 440") == 3
    assert status_line(page) == ("Game over: all three games closed. Over the three games "
                                 "Ann is ahead by 1320.")


def test_straight_gin_offers_only_gin_and_void(client: TestClient) -> None:
    url = new_sheet(client, straight_gin="on")
    entry = client.get(url).text
    entry = entry[entry.index('id="entry"'):]
    kinds = re.findall(r'name="kind" value="(\w+)"( checked)?', entry)
    assert kinds == [("gin", " checked"), ("void", "")]
    assert "straight gin" in client.get(url).text
    plain = client.get(new_sheet(client)).text
    assert re.findall(r'name="kind" value="(\w+)"', plain) == ["knock", "gin", "void"]


def test_round_the_corner_on_the_setup_and_options_forms_and_in_the_rules_line(
        client: TestClient) -> None:
    assert re.search(r'name="round_the_corner" value="on"', client.get("/score").text)
    url = new_sheet(client, round_the_corner="on")
    assert exported(client, url)["options"]["rules"]["round_the_corner"] is True
    rules_line = re.search(r'<p class="rules-line">(.*?)</p>', client.get(url).text, re.S)
    assert rules_line and "round the corner" in rules_line.group(1)
    options = client.get(f"{url}/options").text
    assert re.search(r'name="round_the_corner" value="on" checked', options)


def test_refusal_to_cut_the_game_short_names_the_hand_and_the_target(
        client: TestClient) -> None:
    url = new_sheet(client)
    record(client, url, "knock", "0", "6", "28")
    record(client, url, "gin", "1", "", "19")
    wrong = hand(client, url, path="/hands/1", kind="gin", knocker="0", defender_deadwood="98")
    assert wrong.status_code == 422
    assert ("With this change the game ends with hand 1 (Ann reached 123 of 100), so hand 2 "
            "cannot come after the end of the game") in wrong.text


def test_no_js_refusals_land_on_the_message_with_focus(client: TestClient) -> None:
    url = new_sheet(client)
    page = client.get(url).text
    assert re.search(rf'<form method="post" action="{url}/hands#answer"', page)
    assert f'formaction="{url}/preview#answer"' in page
    wrong = hand(client, url, kind="knock", knocker="0", knocker_deadwood="11",
                 defender_deadwood="30")
    assert wrong.status_code == 422
    # The #answer target is the message itself, focusable: the browser focuses it when it
    # follows the fragment (autofocus serves htmx swaps).
    assert re.search(r'<div id="answer" class="answer" tabindex="-1" autofocus><p '
                     r'class="field-error" id="err-knocker_deadwood">', wrong.text)
    assert wrong.text.count('id="answer"') == 1
    assert wrong.text.count("autofocus") == 1
    # The setup and import forms land on their messages too.
    setup = client.post("/score", data={**CLASSIC_FORM, "name1": ""})
    assert re.search(r'<div id="answer" class="answer" tabindex="-1" autofocus><p '
                     r'class="field-error" id="err-name1">', setup.text)
    assert 'action="/score/import#answer"' in setup.text


def test_no_js_preview_lands_on_the_preview(client: TestClient) -> None:
    url = new_sheet(client)
    preview = hand(client, url, path="/preview", kind="knock", knocker="0",
                   knocker_deadwood="6", defender_deadwood="28")
    assert preview.status_code == 200
    assert re.search(r'<div id="answer" class="answer" tabindex="-1" autofocus>\s*'
                     r'<div class="preview-box" id="preview"[^>]*>', preview.text)
    htmx = client.post(f"{url}/preview", headers={"HX-Request": "true"},
                       data={"kind": "knock", "knocker": "0", "knocker_deadwood": "6",
                             "defender_deadwood": "28"})
    assert "autofocus" not in htmx.text


def test_oversized_pasted_import_gets_the_form_with_a_message(client: TestClient) -> None:
    big = client.post("/score/import", data={"json": "x" * (70 * 1024)}, follow_redirects=False)
    assert big.status_code == 303
    assert big.headers["location"] == "/score?import=too-large#answer"
    page = client.get(big.headers["location"].split("#")[0])
    assert page.status_code == 200
    assert "too large for a score sheet export" in field_error(page.text, "import")
    assert 'name="json"' in page.text
    middling = client.post("/score/import", data={"json": "x" * 61_000})
    assert middling.status_code == 422
    assert "too large for a score sheet export" in field_error(middling.text, "import")


def test_guide_explains_boxes_overturning_the_target_with_the_sheets_numbers(
        client: TestClient) -> None:
    from app.score.sheet import HandEntry, ScoreSheet, SheetOptions

    s = ScoreSheet.new(SheetOptions(), ["A", "B"])
    for entry in [*[HandEntry.knock(1, 1, 11)] * 9, HandEntry.gin(0, 76)]:
        s = s.add(entry)
    result = s.result()
    text = re.sub(r"<[^>]+>", "", client.get("/guide/match").text)
    final_a, final_b = result.tally.final
    assert f"A has 101 + one box 20 + game bonus 100 = {final_a}" in text
    assert f"B has 90 + nine boxes 180 = {final_b}" in text
    assert f"B wins by {result.margin}" in text and result.winner == 1


# --- undo / redo, deleting a past hand ----------------------------------------------------


def sheet_section(html: str) -> str:
    """The standing, the hands and the totals of a sheet page (no forms' versions)."""
    start = html.index('id="status"')
    end = html.index('<div class="undo-bar"') if '<div class="undo-bar"' in html else \
        html.index('<section class="panel entry"')
    return html[start:end] + html[html.index('<div class="columns'):html.index('id="entry"')]


def post(client: TestClient, url: str, path: str, **fields: str) -> object:
    """Post a small form with the page's current version; no redirects followed."""
    from tests.web.score.test_score_http import version

    return client.post(f"{url}{path}", data={"version": version(client, url), **fields},
                       follow_redirects=False)


def test_undo_then_redo_gives_the_same_sheet_byte_for_byte(client: TestClient) -> None:
    for changes in [{}, {"hollywood": "on"}, {"players": "3", "name2": "Cy"},
                    {"oklahoma": "on"}, {"straight_gin": "on"}]:
        url = new_sheet(client, **changes)
        extra = {"sitter": "2"} if changes.get("players") == "3" else {}
        if changes.get("oklahoma"):
            extra = {"upcard_rank": "5", "upcard_suit": "S"}
        kind, k = ("gin", "") if changes.get("straight_gin") else ("knock", "3")
        record_form = dict(kind=kind, knocker="0", knocker_deadwood=k, defender_deadwood="20",
                           **extra)
        assert hand(client, url, **record_form).status_code == 303
        assert hand(client, url, **{**record_form, "defender_deadwood": "30"}).status_code == 303
        before_doc = client.get(f"{url}/export").content
        before_page = sheet_section(client.get(url).text)
        assert "Undo hand 2" in client.get(url).text and "Redo hand" not in client.get(url).text
        undone = post(client, url, "/undo")
        assert undone.status_code == 303 and undone.headers["location"].endswith("#undo")
        page = client.get(url).text
        assert len(exported(client, url)["hands"]) == 1, changes
        assert "Undo hand 1" in page and "Redo hand 2" in page
        assert post(client, url, "/redo").status_code == 303
        assert client.get(f"{url}/export").content == before_doc, changes
        assert sheet_section(client.get(url).text) == before_page, changes
        assert "Redo hand" not in client.get(url).text


def test_undo_twice_redo_twice_and_any_other_change_clears_redo(client: TestClient) -> None:
    url = new_sheet(client)
    for d in ("20", "30", "40"):
        record(client, url, "knock", "0", "3", d)
    assert post(client, url, "/undo").status_code == 303
    assert post(client, url, "/undo").status_code == 303
    assert [h["defender_deadwood"] for h in exported(client, url)["hands"]] == [20]
    assert "Redo hand 2" in client.get(url).text
    assert post(client, url, "/redo").status_code == 303
    assert [h["defender_deadwood"] for h in exported(client, url)["hands"]] == [20, 30]
    record(client, url, "gin", "1", "", "10")   # a new hand: the undone 40 is forgotten
    assert "Redo hand" not in client.get(url).text
    nothing = post(client, url, "/redo")
    assert nothing.status_code == 422 and "nothing to redo" in nothing.text
    assert len(exported(client, url)["hands"]) == 3
    empty = new_sheet(client)
    refused = post(client, empty, "/undo")
    assert refused.status_code == 422 and "no hand to undo" in refused.text


def test_undo_of_the_hand_that_ended_the_game_reopens_it_and_redo_ends_it_again(
        client: TestClient) -> None:
    url = new_sheet(client)
    record(client, url, "gin", "0", "", "98")
    assert "Game over" in client.get(url).text
    post(client, url, "/undo")
    assert "Enter hand 1" in client.get(url).text
    post(client, url, "/redo")
    assert "Game over: Ann wins by" in client.get(url).text


def test_a_stale_undo_changes_nothing(client: TestClient) -> None:
    url = new_sheet(client)
    record(client, url, "knock", "0", "3", "20")
    stale = client.post(f"{url}/undo", data={"version": "0"}, follow_redirects=False)
    assert stale.status_code == 409
    assert len(exported(client, url)["hands"]) == 1


def test_deleting_a_past_hand_asks_first_without_javascript(client: TestClient) -> None:
    url = new_sheet(client)
    for d in ("20", "30", "40"):
        record(client, url, "knock", "0", "3", d)
    ask = post(client, url, "/hands/2/delete")
    assert ask.status_code == 200
    assert "Delete hand 2?" in ask.text
    assert "Ann knocks on 3; Bob 30" in ask.text and "Ann: 81 → 54" in ask.text
    assert re.search(r'name="confirm" value="yes"', ask.text)
    assert 'action="/score/' in ask.text and '/hands/2/delete#answer"' in ask.text
    assert len(exported(client, url)["hands"]) == 3   # nothing deleted yet
    done = post(client, url, "/hands/2/delete", confirm="yes")
    assert done.status_code == 303
    assert [h["defender_deadwood"] for h in exported(client, url)["hands"]] == [20, 40]


# --- rematch and the evening --------------------------------------------------------------


def finish(client: TestClient, url: str, winner: str, defender: str) -> None:
    """End the game at once: a gin by ``winner`` holding the defender to ``defender``."""
    record(client, url, "gin", winner, "", defender)


def test_rematch_links_the_games_and_the_tally_is_right_over_three_games(
        client: TestClient) -> None:
    first = new_sheet(client, loser_deals="on")
    record(client, first, "knock", "1", "1", "11")   # Bob +10
    finish(client, first, "0", "98")                 # Ann 123: Ann 123+20+100=243, Bob 30
    page = client.get(first).text
    assert "Rematch" in page and "Bob deals first" in page   # loser deals
    second = post(client, first, "/rematch")
    assert second.status_code == 303
    url2 = second.headers["location"]
    assert url2 != first
    data = exported(client, url2)
    assert data["names"] == ["Ann", "Bob"] and data["hands"] == []
    assert data["options"]["rules"] == exported(client, first)["options"]["rules"]
    assert data["options"]["first_dealer"] == 1
    # A second tap on Rematch leads to the same game, not a new one.
    again = post(client, first, "/rematch")
    assert again.headers["location"] == url2
    assert "Next game" in client.get(first).text
    finish(client, url2, "1", "98")                  # Bob 123 shutout: (123+20+100)*2 = 486
    url3 = post(client, url2, "/rematch").headers["location"]
    finish(client, url3, "1", "50")                  # Bob 75 ... not over yet
    page3 = client.get(url3).text
    assert "Game 3 of 3 (2 finished)" in page3
    finish(client, url3, "1", "50")                  # Bob 150: (150+40+100)*2 = 580
    page3 = client.get(url3).text
    tally = re.findall(r'<tr><th scope="row" class="name-col" title="(\w+)">\w+</th>'
                       r'<td class="num">(\d+)</td><td class="num">(\d+)</td></tr>', page3)
    assert tally == [("Ann", "1", str(243 - 30)), ("Bob", "2", str(486 + 580))]
    assert f"Bob leads the evening by {486 + 580 - 213}." in page3
    assert "Game 3 of 3." in page3
    for url in (first, url2):
        assert "Bob leads the evening by" in client.get(url).text
    links = re.findall(r'<a href="(/score/\d+)">Game (\d)</a>', page3)
    assert links == [(first, "1"), (url2, "2")]


def test_rematch_needs_a_finished_game(client: TestClient) -> None:
    url = new_sheet(client)
    record(client, url, "knock", "1", "1", "11")
    refused = post(client, url, "/rematch")
    assert refused.status_code == 422 and "not over yet" in refused.text
    assert len(re.findall(r'class="sheet-link"', client.get("/score").text)) == 1


def test_deleting_the_middle_game_keeps_the_evening_linked(client: TestClient) -> None:
    first = new_sheet(client)
    finish(client, first, "0", "98")
    second = post(client, first, "/rematch").headers["location"]
    finish(client, second, "1", "98")
    third = post(client, second, "/rematch").headers["location"]
    assert client.post(f"{second}/delete", data={"confirm": "yes"}).status_code == 200
    page = client.get(third).text
    assert "Game 2 of 2" in page and f'<a href="{first}">Game 1</a>' in page


def test_shared_view_shows_the_evening_tally_but_no_links_or_controls(
        client: TestClient) -> None:
    first = new_sheet(client)
    finish(client, first, "0", "98")
    second = post(client, first, "/rematch").headers["location"]
    page = client.get(second).text
    share = re.search(r'id="share-link" type="text" readonly value="([^"]+)"', page)
    assert share
    shared = TestClient(client.app, base_url="http://testserver").get(
        share.group(1).replace("http://testserver", ""))
    assert shared.status_code == 200
    assert "This evening" in shared.text and "Ann leads the evening by" in shared.text
    assert f'href="{first}"' not in shared.text
    for control in ("Rematch", "Undo hand", "/undo", "/rematch", 'name="kc"'):
        assert control not in shared.text
