"""Write ``static/cards.svg``: the card faces' art, one ``<symbol>`` per card (issue 26).

Usage: ``python tools/card_sprite.py`` (rewrites the file; ``tests/web/test_card_faces.py``
checks that the committed file is what this script writes).

Each face (``app.web.render.card_face``) draws its corner indices in HTML and the rest as
``<svg><use href="/static/cards.svg?v=…#7H"/></svg>``: the browser fetches this one file
once (cached for a year, like every static file) and every card on every page refers to
it, so a table of 25 cards costs some 90 bytes of markup a card.

Drawn here (no vendored deck, nothing to license): every shape is in a 100 × 140 box,
the card's own proportions. Fills are ``currentColor`` (the card's suit colour, so the
two- and four-colour decks and High contrast colour the art as they colour the indices)
except the court figures' skin, hair and gold.

* A–10: the pips of a printed card, the lower ones turned upside down. The big corner
  indices (the part that is read) own the top-left and bottom-right corners, so the pips
  stand in the column between them, a little narrower than on a printed card. A card's
  pips are one ``<path>``, each pip's outline placed by working its transform into the
  numbers (issue 48): a ``<use>`` per pip was a copy of the pip for the browser to style,
  lay out and paint, some 16 elements a card on every new table.
* J, Q, K: a double-ended figure split by the diagonal between the two corner indices,
  each half with the suit beside the head, turned about the centre as on printed court
  cards (and as the corners are). Each half is a bust in the room the indices leave (the
  card's top-right triangle, clear of the big indices of a pile's card): a head with a
  face, the shoulders and the robe (the suit colour, a gold front) down to the diagonal,
  and what tells the rank at a glance, bold enough for a 78 px card (issue 48): the king
  a crown, a beard, an ermine collar and a sceptre; the queen long hair, a tiara, a
  necklace and a flower in the suit colour; the jack a feathered cap, a collar and a
  halberd. Each figure is written shape by shape (``FIGURES``); a card's art is both
  halves placed (the turn worked into the numbers) and merged (``_merged``): the shapes
  of one paint in one ``<path>`` wherever no shape drawn between them meets them, so
  the picture is the same (issue 48: a ``<use>`` of a figure of some 20 paths each way
  up was 42 elements a card for the browser to style, lay out and paint; now 18-21).
"""

from __future__ import annotations

import math
import re
import sys
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "static" / "cards.svg"

SUITS = "CDHS"
RANKS = "A23456789TJQK"

# Suit shapes in a 20 × 20 box centred on 0, 0.
PIPS = {
    "H": "M0 9.6C-1.6 7-10 2.6-10-3.4C-10-7.6-7.1-10-4.5-10C-2.3-10-.8-8.6 0-6.8"
         "C.8-8.6 2.3-10 4.5-10C7.1-10 10-7.6 10-3.4C10 2.6 1.6 7 0 9.6Z",
    "D": "M0-10L7.6 0 0 10-7.6 0Z",
    "S": "M0-10C-2.2-6-10-2.6-10 2.6C-10 6.1-7.6 8-5 8C-3.3 8-1.9 7.1-1.1 5.9"
         "C-1.3 8-2.2 9.2-3.8 10H3.8C2.2 9.2 1.3 8 1.1 5.9C1.9 7.1 3.3 8 5 8"
         "C7.6 8 10 6.1 10 2.6C10-2.6 2.2-6 0-10Z",
    "C": "M-4.7-5.1a4.7 4.7 0 1 0 9.4 0a4.7 4.7 0 1 0-9.4 0Z"
         "M-10 1.8a4.7 4.7 0 1 0 9.4 0a4.7 4.7 0 1 0-9.4 0Z"
         "M.6 1.8a4.7 4.7 0 1 0 9.4 0a4.7 4.7 0 1 0-9.4 0Z"
         "M-2.4-.8h4.8v3.6h-4.8Z"
         "M-1.1 2C-1.1 5.6-2 8.6-3.9 10H3.9C2 8.6 1.1 5.6 1.1 2Z",
}

# Pip columns and rows: the column between the corner indices, top to bottom.
LEFT, CENTRE, RIGHT = 42.5, 50.0, 57.5
TOP, BOTTOM = 19.0, 121.0
PIP = 12.0  # a pip's width and height
# The ten's two-digit index is the widest (set tighter, ``.card--ten`` in static/app.css):
# its pip columns close in, with smaller pips, so no pip touches it.
TEN_LEFT, TEN_RIGHT, TEN_PIP = 45.5, 54.5, 9.5

# Printed-card layouts: (column, row from 0 = top to 1 = bottom).
L, C, R = LEFT, CENTRE, RIGHT
LAYOUTS: dict[str, list[tuple[float, float]]] = {
    "2": [(C, 0), (C, 1)],
    "3": [(C, 0), (C, 0.5), (C, 1)],
    "4": [(L, 0), (R, 0), (L, 1), (R, 1)],
    "5": [(L, 0), (R, 0), (C, 0.5), (L, 1), (R, 1)],
    "6": [(L, 0), (R, 0), (L, 0.5), (R, 0.5), (L, 1), (R, 1)],
    "7": [(L, 0), (R, 0), (C, 0.25), (L, 0.5), (R, 0.5), (L, 1), (R, 1)],
    "8": [(L, 0), (R, 0), (C, 0.25), (L, 0.5), (R, 0.5), (C, 0.75), (L, 1), (R, 1)],
    "9": [(L, 0), (R, 0), (L, 1 / 3), (R, 1 / 3), (C, 0.5), (L, 2 / 3), (R, 2 / 3),
          (L, 1), (R, 1)],
    "T": [(L, 0), (R, 0), (C, 1 / 6), (L, 1 / 3), (R, 1 / 3), (L, 2 / 3), (R, 2 / 3),
          (C, 5 / 6), (L, 1), (R, 1)],
}

INK = "#1b1b1b"
SKIN = "#f6d8b4"
GOLD = "#e3a92b"
WHITE = "#fff"
HAIR = {"K": "#8c8c8c", "Q": "#6b3f1f", "J": "#9a5b22"}


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


class Part(NamedTuple):
    """One shape of a court figure: its outline ``d`` (in the card's 100 × 140 box) and
    its paint (``fill`` a colour or ``"none"``; a ``stroke`` colour or ``""``, ``width``
    units wide, with round caps or joins)."""

    d: str
    fill: str
    stroke: str = ""
    width: str = ""
    cap: bool = False
    join: bool = False


def _shape(d: str, fill: str, ink: str, join: bool = False) -> list[Part]:
    """A shape filled with ``fill`` and outlined in ink ``ink`` units wide."""
    return [Part(d, fill, INK, ink, join=join)]


def _line(d: str, colour: str, width: str, cap: bool = False) -> list[Part]:
    """An unfilled path: a stroke ``width`` units wide."""
    return [Part(d, "none", colour, width, cap=cap)]


def _circle(cx: float, cy: float, r: float, fill: str, ink: str = "") -> list[Part]:
    """A circle (two half arcs), outlined in ink ``ink`` units wide if ``ink``."""
    d = f"M{_n(cx - r)} {_n(cy)}a{_n(r)} {_n(r)} 0 1 0 {_n(2 * r)} 0" \
        f"a{_n(r)} {_n(r)} 0 1 0 {_n(-2 * r)} 0Z"
    return [Part(d, fill, INK if ink else "", ink)]

# One half of a court figure, drawn in the top-right half of the card (above the diagonal
# from the top-left corner to the bottom-right one); the other half is this turned 180°.
# The bust: the shoulders and the robe (the suit colour) down to the diagonal, kept clear
# of the corner indices (x > 65 only above y 56: clear of a pile card's bigger index, and
# of the other corner's, turned), with a gold front.
ROBE = (_shape("M42 58.8Q44 47 56 44L62 42H70L78 44Q87 46 88.5 54.5L65 56V91Z",
               "currentColor", ".9", join=True)
        + _shape("M63 42.5L66 48L69 42.5L65.6 56L65 91L63 87.5Z", GOLD, ".7", join=True))
NECK = _shape("M62 34V43L66 47L70 43V34Z", SKIN, ".7")
FACE = (_circle(66, 28, 10, SKIN, ".9")
        + _line("M62.5 27h.01M69.5 27h.01", INK, "2.2", cap=True)
        + _line("M66.3 28.5Q65 31 66.8 32", INK, ".7", cap=True)
        + _line("M63 34.6Q66 36.6 69 34.6", INK, ".9", cap=True))
FIGURES = {
    "K": (
        ROBE + NECK
        # an ermine collar
        + _shape("M51 46Q66 53 83 46L86.5 51Q66 60 47 52Z", WHITE, ".8")
        + _line("M56 50.5v2M66 53v2M76 50.5v2", INK, "1.4")
        + FACE
        # a beard and a moustache
        + _shape("M56 29Q56 45 66 47Q76 45 76 29Q73 37 66 37Q59 37 56 29Z", HAIR["K"], ".7")
        + _shape("M61 33.5Q66 30.5 71 33.5Q66 35 61 33.5Z", HAIR["K"], ".6")
        # a crown: three points, a band, a jewel
        + _shape("M55 20L53.5 7L60 12.5L66 4L72 12.5L78.5 7L77 20Z", GOLD, ".8", join=True)
        + _line("M55 17.5H77", INK, ".8")
        + _circle(66, 13, 1.8, "currentColor", ".5")
        # a sceptre with an orb and a cross
        + _line("M90 14V54", INK, "2.6", cap=True) + _line("M90 14V54", GOLD, "1.2", cap=True)
        + _circle(90, 10.5, 3.3, GOLD, ".7")
        + _line("M90 3.5V7.2M88.3 5.3H91.7", INK, "1")
    ),
    "Q": (
        # long hair behind the face, over the shoulders
        _shape("M54 30Q52 15 66 15Q80 15 78 30Q79 42 85 50H47Q53 42 54 30Z", HAIR["Q"], ".7")
        + ROBE + NECK
        # a necklace
        + _line("M58 45Q66 52 74 45", GOLD, "1.6")
        + _circle(66, 50, 1.6, "currentColor", ".5")
        + FACE
        # a fringe and a tiara
        + _shape("M56.5 25Q58 17 66 17.5Q74 17 75.5 25Q70 20.5 66 21Q62 20.5 56.5 25Z",
                 HAIR["Q"], ".6")
        + _shape("M57 18L58.5 9L62.5 13.5L66 6.5L69.5 13.5L73.5 9L75 18Q66 15 57 18Z",
                 GOLD, ".7", join=True)
        + _circle(66, 12.5, 1.5, "currentColor")
        # a flower in the suit colour
        + _line("M88 22Q87 38 89 54", INK, "1.2")
        + _shape("M88 27Q82 26 83 21Q86 23 88 27Z", GOLD, ".5")
        + _shape("M83 10Q83 20 88 21Q93 20 93 10L90.5 13.5L88 8.5L85.5 13.5Z",
                 "currentColor", ".7", join=True)
    ),
    "J": (
        ROBE + NECK
        # a flat collar
        + _shape("M55 46L66 52L77 46L80 50L66 57L52 50Z", WHITE, ".7", join=True)
        + FACE
        # curly hair below the cap
        + _shape("M56 31Q53 25 57 20H75Q79 25 76 31Q75 25 72 23H60Q57 25 56 31Z",
                 HAIR["J"], ".6")
        # a cap with a gold band and a feather
        + _shape("M54 22Q55 9 67 9.5Q78 10 79 21Q66 17 54 22Z", "currentColor", ".8", join=True)
        + _line("M54.8 19.6Q66 15 78.6 18.8", GOLD, "1.6")
        + _shape("M73 12Q83 1 95 4Q85 7 76 15Z", GOLD, ".7")
        # a halberd
        + _line("M91 17V54", INK, "1.6")
        + _shape("M91 10L94 16L91 20L88 16Z", GOLD, ".6")
        + _shape("M91 18Q98 18.5 98 25Q94 23 91 23Z", GOLD, ".6")
    ),
}


# A path's commands and numbers (the pips' and figures' paths: M L H V C Q Z absolute,
# a h v relative).
_TOKEN = re.compile(r"[MLHVCQZmlhvcaz]|-?(?:\d+\.?\d*|\.\d+)")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "Q": 4, "Z": 0, "a": 7, "h": 1, "v": 1}


def _commands(d: str) -> list[tuple[str, list[float]]]:
    """``d``'s commands, one per drawing step (a repeated command's numbers split)."""
    tokens = _TOKEN.findall(d)
    out: list[tuple[str, list[float]]] = []
    i, command = 0, ""
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
            if command == "Z":
                out.append(("Z", []))
                continue
        count = _ARGS[command]
        # a moveto's further points are linetos
        repeated = command == "M" and not tokens[i - 1].isalpha()
        out.append(("L" if repeated else command, [float(t) for t in tokens[i:i + count]]))
        i += count
    return out


def _placed(d: str, x: float, y: float, scale: float, turned: bool) -> str:
    """The path ``d`` (a pip, centred on 0, 0) as drawn by ``translate(x y)`` [``rotate(180)``]
    ``scale(scale)``: the same shape with the transform worked into its numbers, so a card's
    pips are one ``<path>`` (one element to style and draw, not a ``<use>`` and a copy of
    the pip per pip: issue 48, the answer's frame). Its first point absolute, the rest
    relative, so that every pip of one size and way up reads the same after its start
    (the file compresses as the ``<use>`` did)."""
    sign = -scale if turned else scale
    here = start = (0.0, 0.0)  # the current point and the subpath's start, in the pip's box
    parts: list[str] = []
    first = True
    for command, args in _commands(d):
        if command == "Z":
            parts.append("z")
            here = start
            continue
        if command in "MLCQ":
            points = [(args[k], args[k + 1]) for k in range(0, len(args), 2)]
        elif command == "H":
            points = [(args[0], here[1])]
        elif command == "V":
            points = [(here[0], args[0])]
        elif command == "a":
            points = [(here[0] + args[5], here[1] + args[6])]
        else:  # h, v
            points = [(here[0] + args[0], here[1])] if command == "h" else \
                [(here[0], here[1] + args[0])]
        if first:  # the pip's place on the card
            parts.append(f"M{_n3(x + sign * points[0][0])} {_n3(y + sign * points[0][1])}")
            first = False
        else:
            pairs = [(sign * (px - here[0]), sign * (py - here[1])) for px, py in points]
            if command == "a":
                nums = [args[0] * scale, args[1] * scale, args[2], args[3], args[4],
                        *pairs[0]]
                parts.append("a" + _join(nums))
            elif command in ("H", "h"):
                parts.append("h" + _join([pairs[0][0]]))
            elif command in ("V", "v"):
                parts.append("v" + _join([pairs[0][1]]))
            else:
                parts.append({"M": "m", "L": "l", "C": "c", "Q": "q"}[command]
                             + _join([v for pair in pairs for v in pair]))
        if command == "M":
            start = points[0]
        here = points[-1]
    return "".join(parts)


def _join(numbers: list[float]) -> str:
    return " ".join(_n3(v) for v in numbers).replace(" -", "-")


def _n3(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _pip(suit: str, x: float, y: float, size: float, turned: bool) -> str:
    """One pip's outline, placed (a part of a card's one pips path)."""
    return _placed(PIPS[suit], float(_n(x)), float(_n(y)), float(_n(size / 20)), turned)


def _pips(rank: str, suit: str) -> str:
    if rank == "A":
        return f'<path d="{_pip(suit, 50, 70, 34 if suit == "S" else 30, False)}"/>'
    size, squeeze = (TEN_PIP, {LEFT: TEN_LEFT, RIGHT: TEN_RIGHT}) if rank == "T" else (PIP, {})
    return '<path d="' + "".join(
        _pip(suit, squeeze.get(x, x), TOP + row * (BOTTOM - TOP), size, row > 0.5)
        for x, row in LAYOUTS[rank]
    ) + '"/>'


# The gold line along the diagonal between a court card's two halves, drawn over both.
SEAM_LINE, SEAM_REACH = (41.0, 57.4, 59.0, 82.6), 0.7
SEAM = Part("M{:g} {:g}L{:g} {:g}".format(*SEAM_LINE), "none", GOLD, f"{2 * SEAM_REACH:g}",
            cap=True)
# How near two parts' paint may come before the order they are drawn in counts (their
# antialiased edges; a wider margin keeps the two halves' robes apart at the seam's ends,
# which the pixels do not need).
MARGIN = 0.2
# The longest piece an outline is cut into when looking for where two parts meet.
PIECE = 0.75

Segment = tuple[float, float, float, float]


class _Drawn(NamedTuple):
    """A part placed on the card (``d`` in the card's box) and where its paint lies: its
    outline in short straight pieces, the subpaths' polygons (for what is inside a fill),
    how far the paint reaches beyond the outline (half the stroke; a miter join more) and
    the bounding box of it all."""

    d: str
    paint: tuple[str, str, str, bool, bool]
    pieces: list[Segment]
    polygons: list[list[tuple[float, float]]]
    filled: bool
    reach: float
    box: tuple[float, float, float, float]


_ANY = re.compile(r"[MmLlHhVvCcQqAaZz]|-?(?:\d+\.?\d*|\.\d+)")
_SIZE = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "q": 4, "a": 7, "z": 0}


def _polygons(d: str) -> list[list[tuple[float, float]]]:
    """``d``'s subpaths as polygons: curves followed in short steps (the arcs are half
    circles, as ``_circle`` and the clubs draw them)."""
    tokens = _ANY.findall(d)
    out: list[list[tuple[float, float]]] = []
    x = y = 0.0
    i, command = 0, ""
    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
        elif command in "Mm":  # a moveto's further points are linetos
            command = "L" if command == "M" else "l"
        lower = command.lower()
        args = [float(t) for t in tokens[i:i + _SIZE[lower]]]
        i += _SIZE[lower]
        ox, oy = (x, y) if command.islower() else (0.0, 0.0)
        if lower == "z":  # closed: back to its start
            x, y = out[-1][0]
            out[-1].append((x, y))
            continue
        if lower == "h":
            x = args[0] + (x if command == "h" else 0.0)
        elif lower == "v":
            y = args[0] + (y if command == "v" else 0.0)
        elif lower in "ml":
            x, y = ox + args[0], oy + args[1]
        if lower == "m":
            out.append([(x, y)])
            continue
        if lower in "hvl":
            out[-1].append((x, y))
            continue
        points = [(ox + args[k], oy + args[k + 1]) for k in range(0, len(args) - 1, 2)]
        if lower == "a":  # a half circle: its centre is halfway to its end
            end = points[-1]
            if abs(math.dist((x, y), end) - 2 * args[0]) > 0.01 or args[0] != args[1]:
                raise ValueError(f"only half circles are followed, not {d!r}")
            cx, cy = (x + end[0]) / 2, (y + end[1]) / 2
            start = math.atan2(y - cy, x - cx)
            turn = math.pi if args[4] else -math.pi
            out[-1] += [(cx + args[0] * math.cos(start + turn * k / 16),
                         cy + args[0] * math.sin(start + turn * k / 16)) for k in range(1, 17)]
        else:  # a quadratic or cubic Bezier curve
            controls = [(x, y), *points]
            for k in range(1, 17):
                t, row = k / 16, controls
                while len(row) > 1:
                    row = [(a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
                           for a, b in pairwise(row)]
                out[-1].append(row[0])
        x, y = out[-1][-1]
    return out


def _drawn(part: Part, d: str) -> _Drawn:
    polygons = _polygons(d)
    pieces: list[Segment] = []
    for polygon in polygons:
        ends = polygon + polygon[:1] if part.fill != "none" else polygon
        for (x0, y0), (x1, y1) in pairwise(ends):
            steps = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / PIECE))
            pieces += [(x0 + (x1 - x0) * k / steps, y0 + (y1 - y0) * k / steps,
                        x0 + (x1 - x0) * (k + 1) / steps, y0 + (y1 - y0) * (k + 1) / steps)
                       for k in range(steps)]
    width = float(part.width or 0)
    reach = width / 2 if part.join or part.fill == "none" else width * 2  # miter limit 4
    xs = [v for p in pieces for v in (p[0], p[2])]
    ys = [v for p in pieces for v in (p[1], p[3])]
    paint = (part.fill, part.stroke, part.width, part.cap, part.join)
    return _Drawn(d, paint, pieces, polygons, part.fill != "none", reach,
                  (min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach))


def _to_segment(px: float, py: float, s: Segment) -> float:
    dx, dy = s[2] - s[0], s[3] - s[1]
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - s[0]) * dx + (py - s[1]) * dy) / length))
    return math.hypot(px - s[0] - t * dx, py - s[1] - t * dy)


def _apart(a: Segment, b: Segment) -> float:
    """The distance between two short pieces (crossing pieces are within 0.75 of an end
    of each other, which is near enough for the margins here)."""
    return min(_to_segment(a[0], a[1], b), _to_segment(a[2], a[3], b),
               _to_segment(b[0], b[1], a), _to_segment(b[2], b[3], a))


def _under_seam(piece: Segment, reach: float) -> bool:
    """True if the paint along ``piece`` is all under the seam's gold line."""
    room = SEAM_REACH - reach + 1e-6
    return _to_segment(piece[0], piece[1], SEAM_LINE) <= room >= \
        _to_segment(piece[2], piece[3], SEAM_LINE)


def _inside(x: float, y: float, polygons: list[list[tuple[float, float]]]) -> bool:
    """True if ``x, y`` is inside the fill (the nonzero rule)."""
    winding = 0
    for polygon in polygons:
        for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
            if (y0 <= y) != (y1 <= y):
                # the edge crosses the ray to the right of the point: up +1, down -1
                cross = (x1 - x0) * (y - y0) - (x - x0) * (y1 - y0)
                if (cross > 0) == (y1 > y0):
                    winding += 1 if y1 > y0 else -1
    return winding != 0


def _meet(a: _Drawn, b: _Drawn) -> bool:
    """True if the paint of ``a`` and of ``b`` come within the margin of each other
    anywhere but under the seam: then the order in which they are drawn can show."""
    near = a.reach + b.reach + MARGIN
    if (a.box[0] > b.box[2] + MARGIN or b.box[0] > a.box[2] + MARGIN
            or a.box[1] > b.box[3] + MARGIN or b.box[1] > a.box[3] + MARGIN):
        return False
    for one, other in ((a, b), (b, a)):
        if one.filled and any(_inside(p[0], p[1], one.polygons) for p in other.pieces
                              if not _under_seam(p, other.reach)):
            return True
    box = (a.box[0] - near, a.box[1] - near, a.box[2] + near, a.box[3] + near)
    close = [q for q in b.pieces if box[0] <= max(q[0], q[2]) and min(q[0], q[2]) <= box[2]
             and box[1] <= max(q[1], q[3]) and min(q[1], q[3]) <= box[3]]
    for p in a.pieces:
        for q in close:
            if (abs(p[0] - q[0]) <= near + PIECE * 2 and abs(p[1] - q[1]) <= near + PIECE * 2
                    and _apart(p, q) <= near
                    and not (_under_seam(p, a.reach) or _under_seam(q, b.reach))):
                return True
    return False


def _merged(drawn: list[_Drawn]) -> list[tuple[tuple[str, str, str, bool, bool], list[str]]]:
    """The parts drawn in order as few paths as give the same picture: a part joins the
    earliest path of its paint that nothing drawn since meets (it is then drawn
    earlier, with that path), and if it meets nothing in that path (a path's fills are
    all drawn before its strokes) unless the path is strokes alone. Each path is its
    paint and its parts' outlines."""
    paths: list[tuple[tuple[str, str, str, bool, bool], list[int]]] = []
    for j, part in enumerate(drawn):
        joins: list[int] | None = None
        for paint, members in reversed(paths):
            meets = any(_meet(drawn[m], part) for m in members)
            if paint == part.paint and (not meets or paint[0] == "none"):
                joins = members  # the earliest such path
            if meets:
                break
        if joins is None:
            paths.append((part.paint, [j]))
        else:
            joins.append(j)
    return [(paint, [drawn[m].d for m in members]) for paint, members in paths]


def _court_parts(rank: str, suit: str) -> list[tuple[Part, str]]:
    """A court card's parts in the order drawn, each with its outline placed on the card:
    the figure and the suit beside its head, the same turned about the centre, the seam."""
    pip = Part(PIPS[suit], "currentColor")
    upright = [(p, _placed(p.d, 0, 0, 1, False)) for p in FIGURES[rank]]
    upright.append((pip, _placed(pip.d, 45, 26, 0.55, False)))
    turned = [(p, _placed(p.d, 100, 140, 1, True)) for p in FIGURES[rank]]
    turned.append((pip, _placed(pip.d, 55, 114, 0.55, True)))
    return [*upright, *turned, (SEAM, _placed(SEAM.d, 0, 0, 1, False))]


def _court(rank: str, suit: str) -> str:
    """A court card's art: its parts merged by paint (``_merged``), one ``<path>`` a paint
    where the order allows (issue 48: a ``<use>`` of a figure of 20 paths each way up was
    some 44 elements a card for the browser to style, lay out and paint)."""
    out = []
    for (fill, stroke, width, cap, join), ds in _merged(
            [_drawn(part, d) for part, d in _court_parts(rank, suit)]):
        paint = "" if fill == "currentColor" else f' fill="{fill}"'
        if stroke:
            paint += f' stroke="{stroke}" stroke-width="{width}"'
        paint += (' stroke-linecap="round"' if cap else "") + \
            (' stroke-linejoin="round"' if join else "")
        out.append(f'<path d="{"".join(ds)}"{paint}/>')
    return "".join(out)


@cache
def sprite() -> str:
    """The whole file's text."""
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg">',
        "<!-- Card faces for Gin Rummy, drawn by tools/card_sprite.py (do not edit). -->",
    ]
    for suit in SUITS:
        for rank in RANKS:
            art = _court(rank, suit) if rank in FIGURES else _pips(rank, suit)
            parts.append(f'<symbol id="{rank}{suit}" viewBox="0 0 100 140">{art}</symbol>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> None:
    OUT.write_text(sprite(), encoding="utf-8")
    print(OUT, len(sprite().encode()), "bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
