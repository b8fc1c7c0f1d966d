"""Session tokens and ids: unique, well formed, and never mistaken for each other."""

from __future__ import annotations

import hashlib

from app.web.sessions import is_valid_token, new_session_id, new_token, token_hash


def test_tokens_are_unique_and_well_formed() -> None:
    tokens = {new_token() for _ in range(1000)}
    assert len(tokens) == 1000
    assert all(is_valid_token(t) and len(t) == 43 for t in tokens)


def test_a_historys_id_never_has_a_tokens_shape() -> None:
    ids = {new_session_id() for _ in range(1000)}
    assert len(ids) == 1000
    assert not any(is_valid_token(i) for i in ids)


def test_the_stored_hash_is_the_sha256_of_the_token() -> None:
    token = new_token()
    assert token_hash(token) == hashlib.sha256(token.encode()).hexdigest()
    assert token not in token_hash(token) and len(token_hash(token)) == 64
