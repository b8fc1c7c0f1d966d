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
  halberd.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

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


def _shape(d: str, fill: str, ink: str, more: str = "") -> str:
    """A path filled with ``fill`` and outlined in ink ``ink`` units wide."""
    return f'<path d="{d}" fill="{fill}" stroke="{INK}" stroke-width="{ink}"{more}/>'


def _line(d: str, colour: str, width: str, more: str = "") -> str:
    """An unfilled path: a stroke ``width`` units wide."""
    return f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="{width}"{more}/>'


ROUND = ' stroke-linecap="round"'
JOIN = ' stroke-linejoin="round"'

# One half of a court figure, drawn in the top-right half of the card (above the diagonal
# from the top-left corner to the bottom-right one); the other half is this turned 180°.
# The bust: the shoulders and the robe (the suit colour) down to the diagonal, kept clear
# of the corner indices (x > 65 only above y 56: clear of a pile card's bigger index, and
# of the other corner's, turned), with a gold front.
ROBE = (_shape("M42 58.8Q44 47 56 44L62 42H70L78 44Q87 46 88.5 54.5L65 56V91Z",
               "currentColor", ".9", JOIN)
        + _shape("M63 42.5L66 48L69 42.5L65.6 56L65 91L63 87.5Z", GOLD, ".7", JOIN))
NECK = _shape("M62 34V43L66 47L70 43V34Z", SKIN, ".7")
FACE = (f'<circle cx="66" cy="28" r="10" fill="{SKIN}" stroke="{INK}" stroke-width=".9"/>'
        + _line("M62.5 27h.01M69.5 27h.01", INK, "2.2", ROUND)
        + _line("M66.3 28.5Q65 31 66.8 32", INK, ".7", ROUND)
        + _line("M63 34.6Q66 36.6 69 34.6", INK, ".9", ROUND))
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
        + _shape("M55 20L53.5 7L60 12.5L66 4L72 12.5L78.5 7L77 20Z", GOLD, ".8", JOIN)
        + _line("M55 17.5H77", INK, ".8")
        + f'<circle cx="66" cy="13" r="1.8" fill="currentColor" stroke="{INK}" '
          'stroke-width=".5"/>'
        # a sceptre with an orb and a cross
        + _line("M90 14V54", INK, "2.6", ROUND) + _line("M90 14V54", GOLD, "1.2", ROUND)
        + f'<circle cx="90" cy="10.5" r="3.3" fill="{GOLD}" stroke="{INK}" stroke-width=".7"/>'
        + _line("M90 3.5V7.2M88.3 5.3H91.7", INK, "1")
    ),
    "Q": (
        # long hair behind the face, over the shoulders
        _shape("M54 30Q52 15 66 15Q80 15 78 30Q79 42 85 50H47Q53 42 54 30Z", HAIR["Q"], ".7")
        + ROBE + NECK
        # a necklace
        + _line("M58 45Q66 52 74 45", GOLD, "1.6")
        + f'<circle cx="66" cy="50" r="1.6" fill="currentColor" stroke="{INK}" '
          'stroke-width=".5"/>'
        + FACE
        # a fringe and a tiara
        + _shape("M56.5 25Q58 17 66 17.5Q74 17 75.5 25Q70 20.5 66 21Q62 20.5 56.5 25Z",
                 HAIR["Q"], ".6")
        + _shape("M57 18L58.5 9L62.5 13.5L66 6.5L69.5 13.5L73.5 9L75 18Q66 15 57 18Z",
                 GOLD, ".7", JOIN)
        + '<circle cx="66" cy="12.5" r="1.5" fill="currentColor"/>'
        # a flower in the suit colour
        + _line("M88 22Q87 38 89 54", INK, "1.2")
        + _shape("M88 27Q82 26 83 21Q86 23 88 27Z", GOLD, ".5")
        + _shape("M83 10Q83 20 88 21Q93 20 93 10L90.5 13.5L88 8.5L85.5 13.5Z",
                 "currentColor", ".7", JOIN)
    ),
    "J": (
        ROBE + NECK
        # a flat collar
        + _shape("M55 46L66 52L77 46L80 50L66 57L52 50Z", WHITE, ".7", JOIN)
        + FACE
        # curly hair below the cap
        + _shape("M56 31Q53 25 57 20H75Q79 25 76 31Q75 25 72 23H60Q57 25 56 31Z",
                 HAIR["J"], ".6")
        # a cap with a gold band and a feather
        + _shape("M54 22Q55 9 67 9.5Q78 10 79 21Q66 17 54 22Z", "currentColor", ".8", JOIN)
        + _line("M54.8 19.6Q66 15 78.6 18.8", GOLD, "1.6")
        + _shape("M73 12Q83 1 95 4Q85 7 76 15Z", GOLD, ".7")
        # a halberd
        + _line("M91 17V54", INK, "1.6")
        + _shape("M91 10L94 16L91 20L88 16Z", GOLD, ".6")
        + _shape("M91 18Q98 18.5 98 25Q94 23 91 23Z", GOLD, ".6")
    ),
}


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


# A path's commands and numbers (the pips' paths: M L H V C Z absolute, a h v relative).
_TOKEN = re.compile(r"[MLHVCZmlhvcaz]|-?(?:\d+\.?\d*|\.\d+)")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "Z": 0, "a": 7, "h": 1, "v": 1}


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
        if command in "MLC":
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
                parts.append({"M": "m", "L": "l", "C": "c"}[command]
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


def _court(rank: str, suit: str) -> str:
    half = f'<use href="#fig-{rank}"/><path d="{_pip(suit, 45, 26, 11, False)}"/>'
    return (f'{half}<g transform="rotate(180 50 70)">{half}</g>'
            f'<path d="M41 57.4L59 82.6" stroke="{GOLD}" stroke-width="1.4" '
            'stroke-linecap="round"/>')


def sprite() -> str:
    """The whole file's text."""
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg">',
        "<!-- Card faces for Gin Rummy, drawn by tools/card_sprite.py (do not edit). -->",
        "<defs>",
        *(f'<g id="fig-{rank}">{body}</g>' for rank, body in FIGURES.items()),
        "</defs>",
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
