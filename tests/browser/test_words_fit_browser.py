"""Long words fit a 360×640 phone in every language the app offers (issue 52): a
Hollywood score sheet's game boxes cut no word ("geschlossen" was), and in the play
table's rules panel every value stands in one column whatever its label's length, inside
the panel; no page scrolls sideways."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.support.languages import LANGUAGES, LOCALES, say
from tests.support.tables import two_frames

pytestmark = pytest.mark.browser

SHEET = {"players": "2", "name0": "Annegret", "name1": "Bartholomäus", "name2": "",
         "first_dealer": "0", "first_sitter": "2", "target": "100", "gin_bonus": "25",
         "undercut_bonus": "25", "big_gin_bonus": "31", "box_bonus": "20",
         "game_bonus": "100", "shutout": "on", "hollywood": "on"}
CUT = """sel => [...document.querySelectorAll(sel)].filter(e => e.offsetParent !== null)
  .filter(e => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right
          > document.documentElement.clientWidth + 0.5).map(e => e.textContent.trim())"""


def _context(browser: Any, language: str) -> Any:
    context = browser.new_context(viewport={"width": 360, "height": 640},
                                  locale=LOCALES[language], reduced_motion="reduce")
    context.set_default_timeout(15_000)
    return context


def _no_sideways_scroll(page: Any, where: str) -> None:
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 360, f"{where}: the page is {wide} px wide at 360"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_hollywood_sheets_game_boxes_cut_no_word(live_server: str, browser: Any,
                                                    language: str) -> None:
    context = _context(browser, language)
    try:
        page = context.new_page()
        page.goto(live_server + "/score")
        made = page.request.post(live_server + "/score", form=SHEET, max_redirects=0)
        assert made.status == 303
        sheet = made.headers["location"]
        version = re.search(r'name="version" value="(\d+)"',
                            page.request.get(live_server + sheet).text())
        assert version
        # Three gins of 100 close all three games: every box says its closed state.
        for number in range(3):
            page.request.post(live_server + sheet + "/hands", form={
                "version": str(int(version[1]) + number), "kind": "gin", "knocker": "0",
                "knocker_deadwood": "", "defender_deadwood": "75"}, max_redirects=0)
        page.goto(live_server + sheet)
        assert page.locator(".standing__column--closed").count() == 3, language
        closed = say(page, "closed")
        assert page.locator(".standing__state", has_text=closed).count() == 3
        cut = page.evaluate(CUT, ".standing__name, .standing__state, .standing__line, "
                                 ".standing__boxes")
        assert cut == [], f"{language}: cut in the game boxes: {cut}"
        _no_sideways_scroll(page, f"sheet in {language}")
    finally:
        context.close()


def _at_a_new_table(context: Any, live_server: str) -> Any:
    """A page of ``context`` at a new match's table (New match, Start match), its
    script live."""
    page = context.new_page()
    page.goto(live_server + "/play/new")
    page.locator("html[data-play-ready]").wait_for(state="attached")
    page.get_by_role("button", name=say(page, "Start match")).click()
    page.wait_for_url(live_server + "/play")
    page.locator("html[data-play-ready]").wait_for(state="attached")
    return page


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_panels_values_stand_in_one_column(live_server: str, browser: Any,
                                                     language: str) -> None:
    context = _context(browser, language)
    try:
        page = _at_a_new_table(context, live_server)
        page.evaluate("document.getElementById('rules-in-force').showPopover()")
        panel = page.locator("#rules-in-force")
        panel.wait_for(state="visible")
        lefts = page.evaluate("""() => [...document.querySelectorAll('#rules-in-force dd')]
            .map(d => Math.round(d.getBoundingClientRect().left))""")
        assert len(lefts) >= 5 and len(set(lefts)) == 1, f"{language}: values at {lefts}"
        right = panel.evaluate("p => p.getBoundingClientRect().right")
        outside = page.evaluate("""r => [...document.querySelectorAll(
            '#rules-in-force dt, #rules-in-force dd')].filter(e =>
            e.getBoundingClientRect().right > r + 0.5 || e.scrollWidth > e.clientWidth + 1)
            .map(e => e.textContent.trim())""", right)
        assert outside == [], f"{language}: past the panel's edge: {outside}"
        _no_sideways_scroll(page, f"rules panel in {language}")
    finally:
        context.close()


NOTE_CUT = """() => {
  const note = document.getElementById('hand-note');
  const box = note.getBoundingClientRect();
  const actions = document.querySelector('.play-actions').getBoundingClientRect();
  return note.scrollHeight > note.clientHeight + 1 || box.bottom > actions.top + 0.5
    || box.right > document.documentElement.clientWidth + 0.5;
}"""


def _version_after(page: Any, button: str) -> None:
    """Tap the game button of id ``button`` and wait for the table's next version."""
    before = page.evaluate("() => document.querySelector('#table').dataset.version")
    page.locator(f"#{button}").click()
    page.wait_for_function("v => document.querySelector('#table').dataset.version !== v",
                           arg=before)


def _raise(card: Any) -> None:
    """Raise ``card`` (a hand's radio) as a tap does, without its motion."""
    card.evaluate("r => { r.checked = true; r.dispatchEvent("
                  "new Event('change', { bubbles: true })); }")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_note_under_the_hand_says_all_of_itself(live_server: str, browser: Any,
                                                    language: str) -> None:
    """The note under the hand (what discarding the raised card leaves, how to discard or
    lower it, the card taken from the pile that cannot go back) is never cut at 360×640:
    with each of the 11 cards raised in turn, its words stay in its box, above the
    buttons. The upcard is taken when offered, so the longest note (the card taken from
    the pile) is among them. The longest, raised with the phone sideways, is fitted again
    when it is turned upright."""
    context = _context(browser, language)
    try:
        page = _at_a_new_table(context, live_server)
        for _ in range(6):
            if page.locator(".hand input[data-acts]").count() == 11:
                break
            if page.locator(".result").count():
                pytest.skip("the computer ended the hand before the person's discard")
            for button in ("a-take", "a-draw_stock"):
                if page.locator(f"#{button}:not([disabled])").count():
                    _version_after(page, button)
                    break
            else:
                page.locator(".hand input[data-acts]").nth(10).wait_for(state="attached")
        cards = page.locator(".hand input[name=card]")
        assert cards.count() == 11, language
        cut, notes = [], []
        for index in range(11):
            _raise(cards.nth(index))
            notes.append(page.locator("#hand-note").inner_text())
            if page.evaluate(NOTE_CUT):
                cut.append(notes[-1])
        assert cut == [], f"{language}: the note is cut: {cut}"
        # The phone turned: the longest note, raised sideways where it has room, is
        # fitted again to the upright width.
        longest = max(range(11), key=lambda index: len(notes[index]))
        page.set_viewport_size({"width": 844, "height": 390})
        _raise(cards.nth(longest))
        page.set_viewport_size({"width": 360, "height": 640})
        two_frames(page)
        assert not page.evaluate(NOTE_CUT), \
            f"{language}: cut once turned upright: {page.locator('#hand-note').inner_text()}"
    finally:
        context.close()


CHOICES = """() => [...document.querySelectorAll('label.check')]
  .filter(l => l.querySelector(':scope > b') && l.querySelector(':scope > .hint'))
  .map(l => {
    const box = l.querySelector('input').getBoundingClientRect();
    const name = l.querySelector(':scope > b').getBoundingClientRect();
    const hint = l.querySelector(':scope > .hint').getBoundingClientRect();
    return {name: l.querySelector(':scope > b').textContent.trim(),
            nameLines: Math.round(name.height / parseFloat(getComputedStyle(l).lineHeight)),
            under: hint.top >= name.bottom - 1, aligned: Math.abs(hint.left - name.left) < 1,
            besideBox: name.left >= box.right};
  })"""


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("path", ["/events", "/play/new"])
def test_a_choices_explanation_stands_under_its_name(live_server: str, browser: Any,
                                                     language: str, path: str) -> None:
    """A choice with a name and an explanation (a scoring preset, an event's format, its
    cards, duplicate boards) shows the name on one line beside its box and the
    explanation under the name, aligned with it: side by side at 360 px the names broke
    in two and the explanations stood in columns of different widths."""
    context = _context(browser, language)
    try:
        page = context.new_page()
        page.goto(live_server + path)
        choices = page.evaluate(CHOICES)
        assert len(choices) >= 4, f"{path}: {choices}"
        wrong = [c for c in choices
                 if not (c["under"] and c["aligned"] and c["besideBox"] and c["nameLines"] == 1)]
        assert not wrong, f"{path} in {language}: {wrong}"
        _no_sideways_scroll(page, path)
    finally:
        context.close()


STANDINGS = """() => {
  const region = document.querySelector('.event-standings');
  const lines = cell => new Set([...(() => { const r = document.createRange();
    r.selectNodeContents(cell.firstChild); return r.getClientRects(); })()]
    .map(rect => Math.round(rect.top))).size;
  return [...document.querySelectorAll('[data-standings] tbody th[scope=row]')].map(th => {
    const box = th.getBoundingClientRect();
    const rank = th.previousElementSibling.getBoundingClientRect();
    return {name: th.firstChild.textContent.trim(), lines: lines(th),
            words: th.firstChild.textContent.trim().split(/\\s+/).length,
            inView: box.left >= region.getBoundingClientRect().left - 0.5 && rank.left >=
                    region.getBoundingClientRect().left - 0.5 && rank.right <= box.left + 0.5};
  });
}"""


def test_the_standings_show_each_name_whole_and_keep_it_in_view(live_server: str,
                                                                browser: Any) -> None:
    """An event's standings on a 360 px phone: a name breaks only between its words (no
    "Annegre|t"), and when the figures are wider than the phone they scroll sideways in
    their region while the rank and the name stay in view."""
    context = _context(browser, "en")
    try:
        page = context.new_page()
        page.goto(live_server + "/events")
        page.fill("#event-name", "Thursday club night at the Crown")
        page.locator("label.check", has_text="Duplicate boards").click()
        page.get_by_role("button", name="Create the event").click()
        names = ["Annegret", "Bartholomäus von Ho", "Chloé Marchetti", "Dai"]  # ≤ 20
        for name in names:
            page.fill("#walk-in", name)
            page.get_by_role("button", name="Add", exact=True).click()
            page.locator("[data-standings] th[scope=row]", has_text=name).wait_for()
        for scrolled in (False, True):
            if scrolled:
                page.evaluate("() => { const r = document.querySelector('.event-standings');"
                              " r.scrollLeft = r.scrollWidth; }")
            lines = page.evaluate(STANDINGS)
            assert sorted(line["name"] for line in lines) == sorted(names)
            wrong = [line for line in lines
                     if line["lines"] > line["words"] or not line["inView"]]
            assert not wrong, f"scrolled to the end: {scrolled}: {wrong}"
        _no_sideways_scroll(page, "the event's page")
    finally:
        context.close()


ROWS_OF_FIELDS = """() => {
  const out = [], cut = [];
  const ctx = document.createElement('canvas').getContext('2d');
  for (const grid of document.querySelectorAll('.field-pair, .field-grid, .option-grid')) {
    if (!grid.offsetParent) continue;
    const rows = new Map();
    for (const field of grid.querySelectorAll(':scope > .field')) {
      const control = field.querySelector('input, select, textarea');
      const top = Math.round(field.getBoundingClientRect().top);
      if (!rows.has(top)) rows.set(top, []);
      rows.get(top).push([field.querySelector('label').textContent.trim(),
                          control.getBoundingClientRect().top]);
      if (control.tagName === 'SELECT') {
        const style = getComputedStyle(control);
        ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = control.options[control.selectedIndex].text;
        if (ctx.measureText(text).width + 24 > control.clientWidth) cut.push(text);
      }
    }
    for (const row of rows.values()) {
      const tops = row.map(([, top]) => top);
      if (Math.max(...tops) - Math.min(...tops) > 1) out.push(row.map(([label]) => label));
    }
  }
  return {misaligned: out, cut};
}"""


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("width", [360, 1366])
def test_fields_side_by_side_line_up_their_boxes(live_server: str, browser: Any,
                                                 language: str, width: int) -> None:
    """Fields side by side (a new score sheet's players and scoring, its hand entry's
    deadwood counts, New match's table options) put their boxes on one line whatever
    their labels' and hints' lengths, and no choice of a player is cut in its box: a long
    hint pushed a neighbour's label and box to the foot of the row, and "First player"
    was cut to "First playe" at 360 px."""
    context = browser.new_context(viewport={"width": width, "height": 800},
                                  locale=LOCALES[language], reduced_motion="reduce")
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        page.goto(live_server + "/play/new")
        page.locator("details.options summary").click()
        found = [("New match", page.evaluate(ROWS_OF_FIELDS))]
        page.goto(live_server + "/score")
        found.append(("a new sheet", page.evaluate(ROWS_OF_FIELDS)))
        page.fill("#name0", "Annegret")
        page.fill("#name1", "Bartholomäus")
        page.locator("#name1").press("Enter")
        page.wait_for_url("**/score/*")
        found.append(("the hand entry", page.evaluate(ROWS_OF_FIELDS)))
        wrong = [(where, rows) for where, rows in found if rows["misaligned"] or rows["cut"]]
        assert not wrong, f"{language} at {width} px: {wrong}"
    finally:
        context.close()


BUTTONS_TOUCHING = """() => {
  const boxes = [...document.querySelectorAll('.btn')].filter(b => b.offsetParent !== null)
    .map(b => [b.textContent.trim(), b.getBoundingClientRect()]);
  const touching = [];
  for (const [a, ra] of boxes) for (const [b, rb] of boxes) {
    if (ra === rb || ra.bottom > rb.top) continue;  // b below a only
    const side = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
    if (side > 0 && rb.top - ra.bottom < 4) touching.push(`${a} / ${b}`);
  }
  return touching;
}"""


def test_buttons_that_wrap_keep_a_gap(live_server: str, browser: Any) -> None:
    """Buttons side by side that wrap on a 360 px phone keep a gap between their rows:
    on the drill's, the puzzle's, the offline and the error pages two buttons in a
    paragraph stood touching, one on the other."""
    context = _context(browser, "de")
    try:
        page = context.new_page()
        found = {}
        for path in ("/", "/train", "/train/puzzle", "/offline", "/no-such-page", "/play/new",
                     "/score", "/events", "/seasons", "/devices", "/stats", "/guide"):
            page.goto(live_server + path)
            found[path] = page.evaluate(BUTTONS_TOUCHING)
        assert not any(found.values()), found
    finally:
        context.close()
