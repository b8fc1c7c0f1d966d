#!/usr/bin/env python3
"""Check a gin-shuffle-v1 deal of the Gin Rummy app with nothing but the standard library.

Usage: python3 verify_deal.py SERVER_SEED CLIENT_SEED HAND_NUMBER [COMMITMENT]

Prints the commitment, both hands in the order dealt, the upcard and the stock (top
first); with COMMITMENT, also whether it matches (exit status 1 when it does not).
The algorithm is described in docs/fairness.md.
"""
import hashlib
import hmac
import struct
import sys

DECK = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]


def numbers(seed: bytes, client_seed: str, hand_number: int):
    """Unsigned 32-bit big-endian integers from HMAC-SHA256 blocks 0, 1, 2 ..."""
    counter = 0
    while True:
        message = f"{client_seed}:{hand_number}:{counter}".encode("ascii")
        yield from struct.unpack(">8I", hmac.new(seed, message, hashlib.sha256).digest())
        counter += 1


def deal(server_seed: str, client_seed: str, hand_number: int) -> dict:
    """The commitment, the hands, the upcard and the stock of one hand."""
    if len(server_seed) != 64 or any(c not in "0123456789abcdef" for c in server_seed):
        raise ValueError("the server seed must be 64 lowercase hex characters")
    if not 1 <= len(client_seed) <= 64 or any(not " " <= c <= "~" for c in client_seed):
        raise ValueError("the client seed must be 1-64 printable ASCII characters")
    if not 1 <= hand_number <= 10000:
        raise ValueError("the hand number must be from 1 to 10000")
    deck = list(DECK)
    stream = numbers(bytes.fromhex(server_seed), client_seed, hand_number)
    for i in range(51, 0, -1):
        value = next(stream)
        while value >= 2**32 - 2**32 % (i + 1):
            value = next(stream)
        j = value % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return {
        "commitment": hashlib.sha256(server_seed.encode("ascii")).hexdigest(),
        "non_dealer": deck[0:20:2],
        "dealer": deck[1:20:2],
        "upcard": deck[20],
        "stock": deck[21:],
    }


def main(argv: list) -> int:
    """Print the deal for the command line's values; 1 if a commitment given differs."""
    if len(argv) not in (4, 5):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    try:
        result = deal(argv[1].strip().lower(), argv[2], int(argv[3]))
    except ValueError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print("algorithm:  gin-shuffle-v1")
    print("commitment:", result["commitment"])
    print("non-dealer:", " ".join(result["non_dealer"]))
    print("dealer:    ", " ".join(result["dealer"]))
    print("upcard:    ", result["upcard"])
    print("stock:     ", " ".join(result["stock"]))
    if len(argv) == 5:
        same = argv[4].strip().lower() == result["commitment"]
        print("commitment matches:", "yes" if same else "NO")
        return 0 if same else 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
