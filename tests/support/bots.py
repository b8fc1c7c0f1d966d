"""A bot of the bot protocol in tests (docs/bots.md): its account made in the database,
the sample client's policy (``tools/bot_client.py``) loaded as a module, and the host's
side of a friend match played through a browser's own client."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import httpx
from sqlalchemy import Engine
from sqlmodel import Session

from app.core import botaccounts
from app.web.sessions import new_session_id

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "tools" / "bot_client.py"
INVITE = re.compile(r"/play/friend/([A-Za-z0-9_-]{32})(?![A-Za-z0-9_-])")


def sample_client() -> ModuleType:
    """``tools/bot_client.py`` as a module (its policy and its ``Bot``)."""
    found = sys.modules.get("bot_client")
    if found is not None:
        return found
    spec = importlib.util.spec_from_file_location("bot_client", CLIENT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bot_client"] = module
    spec.loader.exec_module(module)
    return module


def add_bot(engine: Engine, name: str = "Robbie") -> str:
    """Admit the bot ``name`` as ``python -m app bot add`` does; its token."""
    with Session(engine) as db:
        token = botaccounts.add(db, name, new_session_id())
        db.commit()
    return token


def invite(host: httpx.Client, name: str = "Ann", **fields: str) -> str:
    """The host's browser posts *Play a friend*; the invite's token."""
    response = host.post("/play/friend", data={"name": name, "version": "0", **fields},
                         follow_redirects=False)
    assert response.status_code == 303, response.text[:500]
    found = INVITE.search(host.get("/play").text)
    assert found is not None
    return found.group(1)


def bearer(token: str) -> dict[str, str]:
    """The header a bot sends."""
    return {"Authorization": f"Bearer {token}"}
