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
from tools.card_sprite import (
    FIGURES,
    GOLD,
    INK,
    LAYOUTS,
    Part,
    _court_parts,
    _drawn,
    _meet,
    _merged,
    sprite,
)

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
        assert code
        # One element for the pips, not a <use> each (issue 48: every <use> is a copy of
        # its pip for the browser to style, lay out and paint on every new table).
        assert [u.get("href") for u in symbol.iter(f"{SVG}use")] == [], code
        if code[0] in "JQK":
            continue  # test_a_court_card_is_a_path_a_paint
        pips = _pips(symbol)
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


def test_a_court_card_is_a_path_a_paint() -> None:
    """Both halves of the figure, its suit each way up and the seam, merged by paint (issue
    48: a ``<use>`` of a figure each way up was some 42 elements a card to style, lay out
    and paint); every shape of the figure is drawn, each way up."""
    root = ET.fromstring(sprite())
    for symbol in root.iter(f"{SVG}symbol"):
        code = symbol.get("id") or ""
        if code[0] not in "JQK":
            continue
        children = list(symbol)
        assert {c.tag for c in children} == {f"{SVG}path"}, code
        paints = [(c.get("fill"), c.get("stroke"), c.get("stroke-width"),
                   c.get("stroke-linecap"), c.get("stroke-linejoin")) for c in children]
        assert len(children) <= 20, code
        # the figure's shapes, each way up, and the two suits: two subpaths for each shape
        # (a circle is two half arcs in one subpath), in the paths of its paint
        starts = sum(len(re.findall("[Mm]", c.get("d") or "")) for c in children)
        figure = sum(p.d.count("M") for p in FIGURES[code[0]])
        assert starts == 2 * figure + 2 * _SUIT_SUBPATHS[code[1]] + 1, code
        assert paints[-1] == ("none", GOLD, "1.4", "round", None), code  # the seam, on top


_SUIT_SUBPATHS = {"C": 5, "D": 1, "H": 1, "S": 1}


def _square(x: float, y: float, fill: str, side: float = 10) -> Part:
    return Part(f"M{x} {y}h{side}v{side}h-{side}Z", fill, INK, "1")


def test_shapes_merge_by_paint_only_where_the_order_does_not_show() -> None:
    red, blue = "#f00", "#00f"
    under, over, apart = _square(0, 0, red), _square(5, 5, blue), _square(40, 0, red)
    # a red square, a blue one over it, a red one away from both: the two reds in one path,
    # drawn first; the blue over them
    paths = _merged([_drawn(p, p.d) for p in (under, over, apart)])
    assert [(paint[0], ds) for paint, ds in paths] == [
        (red, [under.d, apart.d]), (blue, [over.d])]
    # a red square over the blue one cannot be drawn with the first red: three paths
    on_top = _square(8, 8, red)
    paths = _merged([_drawn(p, p.d) for p in (under, over, on_top)])
    assert [paint[0] for paint, _ in paths] == [red, blue, red]
    # two red outlined squares that overlap stay two paths (one path draws its fills
    # before its strokes: the first outline would show through the second square)
    assert len(_merged([_drawn(p, p.d) for p in (under, _square(5, 5, red))])) == 2
    # strokes alone of one paint may overlap in one path
    lines = [Part("M0 0L10 10", "none", INK, "1"), Part("M0 10L10 0", "none", INK, "1")]
    assert len(_merged([_drawn(p, p.d) for p in lines])) == 1


def test_the_court_cards_keep_the_order_of_every_two_shapes_that_meet() -> None:
    for code in ("JH", "QC", "KS"):
        drawn = [_drawn(part, d) for part, d in _court_parts(code[0], code[1])]
        place: dict[str, int] = {}
        for k, (_, ds) in enumerate(_merged(drawn)):
            for d in ds:
                place.setdefault(d, k)
        for i, a in enumerate(drawn):
            for b in drawn[i + 1:]:
                if _meet(a, b):
                    assert place[a.d] < place[b.d] or (
                        place[a.d] == place[b.d] and a.paint[0] == "none"), (code, a.d, b.d)


def test_the_sprite_is_small() -> None:
    # each court card draws both halves of its figure itself (no <use> of one figure):
    # 3.9 KB before (issue 48)
    data = (STATIC_DIR / "cards.svg").read_bytes()
    assert len(gzip.compress(data, 9)) < 5_000


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
