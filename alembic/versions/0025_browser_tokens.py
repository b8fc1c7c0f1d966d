"""browser_token: the cookie is a token whose hash is stored, apart from the session's id

Until 0024 the ``gin_session`` cookie *was* ``browser_session.id``, and every table that
belongs to a browser stored it in plain text, so a row that reached another player (a
friend match in *Download my data*) carried a credential. From 0025 the session's id is
an internal name and a browser holds a random token of which only the SHA-256 is stored
(``browser_token``; ``app.web.sessions``).

The upgrade keeps every browser's history with the cookie it already holds: for each
``browser_session`` row it stores the hash of the old id (the cookie) as a token, inserts
a row with a new internal id, moves every row that refers to the old id to the new one
(each foreign key to ``browser_session`` found in the database, and ``set_aside_row``'s
``session_id`` and the copies in its ``data`` and ``row_key``), then deletes the old row.
Children move before their parent goes, so it works with foreign keys enforced
(PostgreSQL) and without (SQLite's migrations).

The downgrade drops ``browser_token`` and cannot give the old ids back (only hashes were
stored): the histories stay, under ids that the older version never takes for a cookie
(32 hex digits, not its 43 characters), so every browser starts afresh there, and a
history is reached again with its recovery code.

Revision ID: 0025
Revises: 0024
Create Date: 2026-12-06
"""

import hashlib
import re
import secrets
from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel
from alembic import op

revision: str = '0025'
down_revision: str | None = '0024'
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_OLD_ID = re.compile(r"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])")
"""An id as 0001–0024 made them (``secrets.token_urlsafe(32)``) inside a text."""


def upgrade() -> None:
    """Create ``browser_token``, then move every session to a new id (module docstring)."""
    op.create_table(
        'browser_token',
        sa.Column('token_hash', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column('session_id', sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column('created_at', sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(['session_id'], ['browser_session.id'],
                                name=op.f('fk_browser_token_session_id_browser_session'),
                                ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('token_hash', name=op.f('pk_browser_token')),
    )
    with op.batch_alter_table('browser_token', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_browser_token_session_id'), ['session_id'],
                              unique=False)
    _rekey(op.get_bind())


def _rekey(conn: sa.Connection) -> None:
    old_ids = [row[0] for row in conn.execute(sa.text("SELECT id FROM browser_session"))]
    if not old_ids:
        return
    new_ids = {old: secrets.token_hex(16) for old in old_ids}
    moves = [{"old": old, "new": new,
              "hash": hashlib.sha256(old.encode("utf-8")).hexdigest()}
             for old, new in new_ids.items()]
    conn.execute(sa.text(
        "INSERT INTO browser_session (id, created_at, last_seen) "
        "SELECT :new, created_at, last_seen FROM browser_session WHERE id = :old"), moves)
    conn.execute(sa.text(
        "INSERT INTO browser_token (token_hash, session_id, created_at) "
        "SELECT :hash, :new, created_at FROM browser_session WHERE id = :old"), moves)
    inspector = sa.inspect(conn)
    for table in inspector.get_table_names():
        if table in ('browser_token', 'alembic_version'):
            continue
        for fk in inspector.get_foreign_keys(table):
            if fk['referred_table'] != 'browser_session':
                continue
            for column in fk['constrained_columns']:
                conn.execute(sa.text(
                    f"UPDATE {table} SET {column} = :new WHERE {column} = :old"), moves)
    conn.execute(sa.text(
        "UPDATE set_aside_row SET session_id = :new WHERE session_id = :old"), moves)
    copies = []
    for row_id, row_key, data in conn.execute(
            sa.text("SELECT id, row_key, data FROM set_aside_row")):
        key, text = (_OLD_ID.sub(lambda m: new_ids.get(m[0], m[0]), value)
                     for value in (row_key, data))
        if (key, text) != (row_key, data):
            copies.append({"id": row_id, "row_key": key, "data": text})
    if copies:
        conn.execute(sa.text(
            "UPDATE set_aside_row SET row_key = :row_key, data = :data WHERE id = :id"), copies)
    conn.execute(sa.text("DELETE FROM browser_session WHERE id = :old"), moves)


def downgrade() -> None:
    """Drop ``browser_token``: the histories stay, but no browser's cookie opens one on
    the older version (module docstring)."""
    with op.batch_alter_table('browser_token', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_browser_token_session_id'))
    op.drop_table('browser_token')
