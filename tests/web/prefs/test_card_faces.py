"""Card faces (issue 26): printed pips and court figures from one cached SVG sprite.

Every face is its corner indices (HTML text, what is read) and a ``<use>`` of the card's
symbol in ``static/cards.svg``, which ``tools/card_sprite.py`` writes; the sprite holds
all 52 cards, is small and is served like every static file (cached for a year).
"""

from __future__ import annotations

import gzip
import re
import xml.etree.ElementTree as ET

from fastapi.testclient import TestClient

from app.engine import Card
from app.web.render import STATIC_DIR, card_face, static_url
from tools.card_sprite import LAYOUTS, sprite

SVG = "{http://www.w3.org/2000/svg}"


def test_the_committed_sprite_is_what_the_script_draws() -> None:
    assert (STATIC_DIR / "cards.svg").read_text(encoding="utf-8") == sprite(), (
        "run `python tools/card_sprite.py`")


def _pips(symbol: ET.Element) -> list[tuple[float, str]]:
    """A symbol's pips, all in its one pips path: (the y of each pip's first point, the
    rest of its outline, relative to that point)."""
    pips = [p for p in symbol.findall(f"{SVG}path") if not p.get("stroke")]
    assert len(pips) == 1
    return [(float(m.group(2)), m.group(3))
            for m in re.finditer(r"M(-?[\d.]+) (-?[\d.]+)([^M]*)", pips[0].get("d") or "")]


def test_the_sprite_has_every_card_with_its_printed_pips() -> None:
    root = ET.fromstring(sprite())
    symbols = {s.get("id"): s for s in root.iter(f"{SVG}symbol")}
    assert set(symbols) == {f"{r}{s}" for r in "A23456789TJQK" for s in "CDHS"}
    for code, symbol in symbols.items():
        pips = _pips(symbol)
        # One element for the pips, not a <use> each (issue 48: every <use> is a copy of
        # its pip for the browser to style, lay out and paint on every new table).
        uses = [u.get("href") for u in symbol.iter(f"{SVG}use")]
        if code[0] in "JQK":  # a figure each way up, each with its suit beside the head
            assert len(list(symbol.iter(f"{SVG}g"))) == 1, code
            assert uses == [f"#fig-{code[0]}"] * 2, code
            assert len(pips) == 1, code  # the upright one; the <g> turns it with the figure
        else:
            assert uses == [], code
            expected = 1 if code[0] == "A" else len(LAYOUTS[code[0]])
            assert len(pips) == expected == (1 if code[0] == "A" else int(
                "10" if code[0] == "T" else code[0])), code
            # the pips below the middle are upside down, as printed: each is drawn as the
            # first (top) one or turned, and the turned ones are the lowest
            upright = pips[0][1]
            turned = [y for y, outline in pips if outline != upright]
            assert len({outline for _, outline in pips}) <= 2, code
            assert all(y > up for y in turned for up, o in pips if o == upright), code
            assert len(turned) == {
                "A": 0, "2": 1, "3": 1, "4": 2, "5": 2, "6": 2, "7": 2, "8": 3, "9": 4,
                "T": 5}[code[0]], code


def test_the_sprite_is_small() -> None:
    data = (STATIC_DIR / "cards.svg").read_bytes()
    assert len(gzip.compress(data, 9)) < 4_000


def test_a_face_is_its_indices_and_its_symbol() -> None:
    html = str(card_face("QH", "lg", decorative=True))
    assert html.count('class="card__corner') == 2
    assert re.search(r'<svg class="card__art" aria-hidden="true" focusable="false" '
                     r'viewBox="0 0 100 140"><use href="/static/cards\.svg\?v=[0-9a-f]{10}'
                     r'#QH"/></svg>', html)
    assert card_face(Card.parse("QH"), "lg", True) is card_face("QH", "lg", True)  # cached
    assert "card--ten" in str(card_face("TC")) and "card--ten" not in str(card_face("9C"))


def test_the_sprite_is_served_and_cached(client: TestClient) -> None:
    response = client.get(static_url("cards.svg"))
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert "max-age=31536000" in response.headers.get("cache-control", "")
    page = client.get("/settings").text
    assert static_url("cards.svg") + "#5H" in page
