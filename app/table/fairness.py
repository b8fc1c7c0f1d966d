"""The fairness box of the play screen (``docs/fairness.md``).

Before anyone acts in a hand the screen shows the hand's commitment; once the hand is
over it reveals the server seed and the client seed, with a link to ``/fair`` filled in,
and shows the commitment of the next hand's server seed (drawn when the hand ended) so
the person can choose the client seed for it knowing the server seed is fixed.

In a friend match the revealed values also hold each player's own client
seed, the viewer's first, beside their combination, and the verify link carries both, so
either player can recompute the combined seed and the deal from what the box shows.

Nothing here reads the server seed of a hand in progress, nor the next hand's seed; nor,
at a duplicate event's table, a board's seed before the event reveals the round's boards
(another table may still be playing the same cards).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from app.engine import HandSeed, Phase
from app.engine.fairness import (
    MAX_CLIENT_SEED,
    InvalidSeedError,
    combine_client_seeds,
    commitment,
)
from app.table.common import Loaded
from app.table.storage import sealed


@dataclass(frozen=True, slots=True)
class FairBox:
    """What the fairness box shows.

    ``commitment`` is ``None`` for a hand dealt before provable deals. ``server_seed``,
    ``client_seed`` and ``verify_url`` are set only once the hand is over.
    ``next_commitment`` (hand over, match not) commits to the next hand's server seed;
    ``next_client_seed`` is the client seed it will be dealt with, which the person may
    change now (``can_change``); in a friend match it is this seat's own seed, which the
    deal combines with the friend's (``docs/fairness.md``). ``seat_seeds`` (friend
    match, hand over) are the two players' own seeds this hand was dealt with, the
    viewer's first; ``client_seed`` is then their combination.
    """

    hand_number: int
    commitment: str | None
    over: bool
    server_seed: str | None
    client_seed: str | None
    verify_url: str | None
    next_commitment: str | None
    next_client_seed: str
    can_change: bool
    max_client_seed: int = MAX_CLIENT_SEED
    seat_seeds: tuple[str, str] | None = None
    sealed: bool = False
    """The hand is over but was a duplicate event's board that another table of its
    round may still be playing (:func:`app.table.storage.sealed`): only the commitment
    shows until the event reveals the round's boards."""


def fair_box(loaded: Loaded) -> FairBox:
    """The fairness box of ``loaded``'s current hand (see the module docstring)."""
    match, game = loaded.match, loaded.game
    seed = match.seed if isinstance(match.seed, HandSeed) else None
    over = match.hand.phase is Phase.OVER
    hidden = over and seed is not None and sealed(game, seed.server_seed)
    revealed = seed if over and not hidden else None
    verify_url = None
    seats = _seat_seeds(loaded) if revealed is not None else None
    if revealed is not None:
        query: dict[str, str | int] = {
            "server_seed": revealed.server_seed, "client_seed": revealed.client_seed,
            "hand_number": match.hand_number, "commitment": revealed.commitment}
        if seats is not None:
            query["inviter_seed"], query["friend_seed"] = \
                seats[::-1] if loaded.me == 1 else seats
        verify_url = "/fair?" + urlencode(query)
    next_commitment = None
    if over and not match.over and game.next_server_seed:
        next_commitment = commitment(game.next_server_seed)
    return FairBox(
        hand_number=match.hand_number,
        commitment=seed.commitment if seed is not None else None,
        over=over,
        server_seed=revealed.server_seed if revealed is not None else None,
        client_seed=seed.client_seed if seed is not None else None,
        verify_url=verify_url,
        next_commitment=next_commitment,
        next_client_seed=game.guest_client_seed if loaded.me == 1 else game.client_seed,
        can_change=over and not match.over,
        seat_seeds=seats,
        sealed=hidden,
    )


def _seat_seeds(loaded: Loaded) -> tuple[str, str] | None:
    """The two players' own seeds of the current hand of a friend match, the viewer's
    first, when they are stored and combine into the hand's client seed."""
    stored, seed = loaded.game.hand_seeds, loaded.match.seed
    if loaded.mode.seat_seeds(loaded.game) is None or not stored or len(stored) != 2 \
            or not isinstance(seed, HandSeed):
        return None
    first, second = str(stored[0]), str(stored[1])
    try:
        if combine_client_seeds(first, second) != seed.client_seed:
            return None
    except InvalidSeedError:
        return None
    return (second, first) if loaded.me == 1 else (first, second)
