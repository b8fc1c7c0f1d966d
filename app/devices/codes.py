"""Device and recovery codes (docs/devices.md): random, in Crockford's base 32, so that
a code read aloud or copied by hand survives: case, spaces and dashes do not matter, and
``O``, ``I`` and ``L`` are read as ``0``, ``1`` and ``1``. Pure: no I/O.

* a **device code** has 8 characters (40 bits), is good once, for
  :data:`DEVICE_MINUTES` minutes;
* the **recovery code** has 20 characters (100 bits) and is good until a new one
  replaces it.

Only a code's SHA-256 (:func:`code_hash`) is stored, never the code.
"""

from __future__ import annotations

import hashlib
import secrets
from enum import StrEnum

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: the digits and the letters but I, L, O and U."""

_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})
MAX_TYPED = 64
"""Longest text accepted as a typed code (spaces and dashes included)."""

DEVICE_MINUTES = 10


class CodeKind(StrEnum):
    """What a code opens, and how long it lives."""

    DEVICE = "device"
    RECOVERY = "recovery"

    @property
    def length(self) -> int:
        """Characters of a code of this kind."""
        return 8 if self is CodeKind.DEVICE else 20


def new_code(kind: CodeKind) -> str:
    """A fresh random code of ``kind`` (``secrets``), without separators."""
    return "".join(secrets.choice(ALPHABET) for _ in range(kind.length))


def shown(code: str) -> str:
    """The code as it is shown and printed: groups of four joined by dashes
    (``"7KQ2-M9XD"``)."""
    return "-".join(code[i:i + 4] for i in range(0, len(code), 4))


def read(typed: str) -> tuple[CodeKind, str] | None:
    """What a person typed or a QR link carried, read back as ``(kind, code)``; ``None``
    when it cannot be a code (too long, a character outside the alphabet, a length that
    is neither kind's)."""
    if len(typed) > MAX_TYPED:
        return None
    code = "".join(typed.split()).replace("-", "").upper().translate(_READ_AS)
    if not code or any(c not in ALPHABET for c in code):
        return None
    for kind in CodeKind:
        if len(code) == kind.length:
            return kind, code
    return None


def code_hash(code: str) -> str:
    """The stored form of a code: its SHA-256 in hex (64 characters)."""
    return hashlib.sha256(code.encode("ascii")).hexdigest()
