"""A friend match is a mode of the seats (app.table.common.SeatMode): the stored match's
mode says who moves after a tap, which seat a browser plays, the next hand's client seed
and who the other player is in words; nothing else asks ``PlayMatch.friend``."""

from __future__ import annotations

from app.core.models import PlayMatch
from app.engine.fairness import combine_client_seeds
from app.table.common import (
    AGAINST_COMPUTER,
    AGAINST_FRIEND,
    VS_COMPUTER,
    FriendSeats,
    Seats,
    counted_level,
    hand_client_seed,
    mode_of,
    seat_of,
    seats_of,
    turn_level,
)


def _computer() -> PlayMatch:
    return PlayMatch(session_id="host", level="hard", client_seed="mine", hands=1)


def _friend(hands: int = 1) -> PlayMatch:
    return PlayMatch(session_id="host", guest_session_id="guest", friend=True, level="",
                     client_seed="host-seed", guest_client_seed="guest-seed",
                     names=["Ann", "Bob"], hands=hands)


def test_the_stored_match_chooses_its_seat_mode() -> None:
    assert mode_of(_computer()) is AGAINST_COMPUTER
    assert mode_of(_friend()) is AGAINST_FRIEND


def test_the_computer_moves_after_a_tap_and_nobody_does_for_a_friend() -> None:
    assert turn_level(_computer()) == "hard" and counted_level(_computer()) == "hard"
    assert turn_level(_friend()) is None and counted_level(_friend()) == "friend"


def test_the_friend_who_joined_plays_seat_one() -> None:
    assert seat_of(_computer(), "host") == 0
    assert seat_of(_friend(), "host") == 0
    assert seat_of(_friend(), "guest") == 1


def test_a_friend_match_deals_from_both_seeds_combined() -> None:
    assert hand_client_seed(_computer()) == "mine"
    assert hand_client_seed(_friend()) == combine_client_seeds("host-seed", "guest-seed")
    assert AGAINST_COMPUTER.seat_seeds(_computer()) is None
    assert AGAINST_FRIEND.seat_seeds(_friend()) == ["host-seed", "guest-seed"]


def test_a_friend_match_waits_until_its_first_hand_is_dealt() -> None:
    assert AGAINST_FRIEND.waiting(_friend(hands=0))
    assert not AGAINST_FRIEND.waiting(_friend())
    assert not AGAINST_COMPUTER.waiting(_computer())


def test_the_seats_name_the_other_player_by_mode() -> None:
    assert seats_of(_computer(), 0) is VS_COMPUTER
    host, guest = seats_of(_friend(), 0), seats_of(_friend(), 1)
    assert isinstance(host, FriendSeats) and host.friend and not VS_COMPUTER.friend
    assert (host.other_name, host.named, host.them, host.subject) == \
        ("Bob", "Bob", "Bob", "Your friend Bob")
    assert guest.other_name == "Ann" and guest.who(1) == "You" and guest.who(0) == "Ann"
    assert (VS_COMPUTER.other_name, VS_COMPUTER.named, VS_COMPUTER.them) == \
        ("Computer", "the computer", "computer")


def test_only_a_match_against_the_computer_offers_rematch_and_hints() -> None:
    assert VS_COMPUTER.rematch and VS_COMPUTER.refusal_of_rematch is None
    assert VS_COMPUTER.refusal_of_hint is None
    friend: Seats = FriendSeats(0, "Bob")
    assert not friend.rematch
    assert friend.refusal_of_rematch is not None and "new invitation" in friend.refusal_of_rematch
    assert friend.refusal_of_hint is not None and "No hints" in friend.refusal_of_hint


def test_a_friend_without_a_name_is_called_by_their_seat() -> None:
    nameless = _friend()
    nameless.names = None
    assert seats_of(nameless, 0).other_name == "Friend"
    assert seats_of(nameless, 1).other_name == "Host"
