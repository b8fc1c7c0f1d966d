"""*Share this hand*: a read-only link to one finished hand's review and ratings.

A browser shares a finished hand of its history (:func:`share`): the link is a secret
link (:mod:`app.web.secretlinks`: a random token of which only the SHA-256 is stored in
``hand_share``), so it is shown once, when it is made. Whoever opens it, with or
without a cookie, sees the hand from the sharer's seat (:func:`shared_review`): at each
position only what the sharer could see then (their own hand, the piles, the other
player's card count), the other hand as it was shown at the end of the hand, never a
card that stayed in the stock nor the stock's order; the sharer's name only when they
chose to show it; the other player is "Opponent" or the computer, never a friend's name.
*Stop sharing* (:func:`stop`) ends every link of the hand this browser made: the link
then says it was stopped (410); an unknown or malformed token is 404.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime

from sqlmodel import Session, col, select, update

from app.core.i18n import N_, gettext
from app.core.models import HandReview, HandShare, PlayMatch, utcnow
from app.engine.review import Position, hand_positions
from app.review import history as hist
from app.table.common import LEVEL_LABELS, PlayError
from app.web.cardwords import card_values
from app.web.secretlinks import lookup, new_link

NAME_LENGTH = 40
"""The longest name shown with a shared hand (characters; longer is cut)."""

UNKNOWN = N_("This link does not lead to a shared hand. Check that it was copied whole.")
STOPPED = N_("This hand is no longer shared: the player who shared it stopped sharing it.")


class ShareError(PlayError):
    """A share link that leads nowhere: unknown or malformed (404), or stopped (410)."""

    status_code = 404


class StoppedError(ShareError):
    """The link was stopped by its sharer (*Stop sharing*)."""

    status_code = 410


def share(db: Session, session_id: str, facts: hist.HandFacts, name: str | None) -> str:
    """Make a share link of this browser's finished hand ``facts`` (from
    :func:`app.review.history.hand_facts`) and return its token, the only time it is
    known: only its SHA-256 is stored. ``name``: the name shown with the hand (stripped,
    cut to :data:`NAME_LENGTH`; ``None`` or blank shows none)."""
    assert facts.match_id is not None
    token, hashed = new_link()
    shown = (name or "").strip()[:NAME_LENGTH] or None
    db.add(HandShare(token_hash=hashed, session_id=session_id,
                     match_id=facts.match_id, number=facts.number, seat=facts.seats.me,
                     name=shown))
    db.flush()
    return token


def active(db: Session, session_id: str, facts: hist.HandFacts) -> list[HandShare]:
    """This browser's links of hand ``facts`` that still open, oldest first."""
    return list(db.exec(select(HandShare).where(
        col(HandShare.session_id) == session_id, col(HandShare.match_id) == facts.match_id,
        col(HandShare.number) == facts.number, col(HandShare.revoked_at).is_(None))
        .order_by(col(HandShare.created_at))).all())


def stop(db: Session, session_id: str, facts: hist.HandFacts) -> int:
    """Stop every link of hand ``facts`` this browser made (another browser's links,
    the friend's in a friend match, stay); the number stopped."""
    result = db.exec(update(HandShare).where(
        col(HandShare.session_id) == session_id, col(HandShare.match_id) == facts.match_id,
        col(HandShare.number) == facts.number, col(HandShare.revoked_at).is_(None))
        .values(revoked_at=utcnow()))
    return int(result.rowcount or 0)


@dataclass(frozen=True, slots=True)
class SharedStep:
    """One position as a shared link shows it: ``step`` with the other player's hand
    and deadwood emptied unless ``other_shown`` (the end of the hand); ``other_count``
    how many cards that hand held."""

    step: hist.ReviewStep
    other_count: int
    other_shown: bool


@dataclass(frozen=True, slots=True)
class SharedReview:
    """A shared hand's page: who shared it (``sharer``: their name, or "A player"), the
    other player (``opponent``), the level and rules, its positions, how it ended
    (``result``), the sharer's ratings (``a``) and when it was shared."""

    sharer: str
    named: bool
    opponent: str
    level_label: str
    rules: str
    number: int
    steps: tuple[SharedStep, ...]
    result: str
    a: hist.Analysis
    shared_at: datetime


def find(db: Session, token: str) -> HandShare:
    """The share row of ``token`` as sent in the link.

    Raises:
        ShareError: the token is malformed or unknown (404).
        StoppedError: its sharer stopped sharing (410).
    """
    row = lookup(db, HandShare, token)
    if row is None:
        raise ShareError(UNKNOWN)
    if row.revoked_at is not None:
        raise StoppedError(STOPPED)
    return row


def shared_review(db: Session, token: str) -> SharedReview:
    """The page of the shared hand ``token`` leads to, from the sharer's seat and with
    only what they could see (module docstring).

    Raises:
        ShareError: unknown or malformed token (404), or no such hand any more.
        StoppedError: the link was stopped (410).
    """
    row = find(db, token)
    return seat_review(db, row.session_id, row.match_id, row.number, row.name,
                       row.created_at)


def seat_review(db: Session, session_id: str, match_id: int, number: int,
                name: str | None, shared_at: datetime) -> SharedReview:
    """Browser ``session_id``'s finished hand ``number`` of match ``match_id`` from its
    own seat, with only what it could see (module docstring), ``name`` shown for it
    (``None``: "A player"): a shared link's page, and each player's page of *Review
    together* (``app.review.together``).

    Raises:
        ShareError: no such hand in that browser's history (404).
    """
    try:
        facts = hist.hand_facts(db, session_id, match_id, number)
    except hist.NotInHistoryError as error:
        raise ShareError(UNKNOWN) from error
    game = db.get(PlayMatch, match_id)
    assert game is not None
    me = facts.seats.me
    sharer = name or gettext("A player")
    opponent = gettext("Opponent") if game.friend else gettext(
        "%(level)s computer", level=gettext(LEVEL_LABELS.get(game.level, game.level.title())))
    review = hist.review(facts)
    positions = hand_positions(facts.rules, facts.seed, facts.number, facts.dealer,
                               facts.log)
    last = len(positions) - 1
    steps = []
    for position, step in zip(positions, review.steps, strict=True):
        shown = position.index == last
        names = (sharer, opponent) if me == 0 else (opponent, sharer)
        step = replace(step, caption=_caption(position, me, names),
                       actor=names[position.player] if position.player is not None else "",
                       to_play="" if not step.to_play else gettext(
                           "%(name)s's turn", name=names[position.state.to_play]),
                       hands=step.hands if shown else (step.hands[0], ()),
                       deadwood=step.deadwood if shown else (step.deadwood[0], 0))
        steps.append(SharedStep(step, len(position.state.hands[1 - me]), shown))
    end = positions[-1].state.result
    if end is None or end.winner is None:
        result = gettext("Void hand")
    else:
        result = gettext("%(name)s won the hand: %(points)s points",
                         name=sharer if end.winner == me else opponent, points=end.points)
    analysed = db.get(HandReview, (match_id, number, me))
    return SharedReview(sharer, name is not None, opponent, review.level_label,
                        review.rules, facts.number, tuple(steps), result,
                        hist.analysis_view(analysed), shared_at)


def _caption(position: Position, me: int, names: tuple[str, str]) -> str:
    """What the action that led to ``position`` did, said of the player by ``names``
    (seat 0 first); the card the other player drew from the stock is not named (the
    sharer did not see it)."""
    if position.player is None:
        return gettext("The deal")
    kind, card = hist.caption_parts(position)
    name = names[position.player]
    if kind == "draw_stock" and position.player != me:
        return gettext("%(name)s drew a card from the stock", name=name)
    values = card_values(card) if card is not None else {}
    return gettext(hist.CAPTIONS[kind][1], name=name, **values)
