"""Where pages point to one another, as plain values: the guide sections that explain each
step of the play screen.

In :mod:`app.web` because both sides need it and neither may import the other: the play
screen (:mod:`app.play.screen`) links to the guide, and the guide (:mod:`app.guide`, which
re-exports :func:`guide_link_for`; its tests check every target exists) owns the pages.
Imports nothing of the app.
"""

from typing import Any

_PHASE_LINKS: dict[str, str] = {
    "upcard_offer": "/guide/deal#upcard",
    "draw": "/guide/turn#draw",
    "discard": "/guide/turn#discard",
    "knock": "/guide/knocking#knock",
    "gin": "/guide/knocking#gin",
    "layoff": "/guide/knocking#laying-off",
    "over": "/guide/scoring",
    "void": "/guide/void",
    "match_over": "/guide/match",
    "new_match": "/guide/options",
}


def guide_link_for(phase: Any) -> str:
    """The guide section that explains a step of the play screen.

    ``phase`` is an engine ``Phase`` (or its string value: ``"upcard_offer"``,
    ``"draw"``, ``"discard"``, ``"over"``) or one of the screen's own steps
    (``"void"``, ``"match_over"``, ``"new_match"``, ``"knock"``, ``"gin"``,
    ``"layoff"``). Anything else gets ``/guide``, the table of contents.
    Example: ``guide_link_for(Phase.UPCARD_OFFER) == "/guide/deal#upcard"``.
    """
    key = getattr(phase, "value", phase)
    return _PHASE_LINKS.get(str(key).lower(), "/guide")
