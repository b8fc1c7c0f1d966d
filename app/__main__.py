"""``python -m app``: serve the app with Uvicorn, configured from the environment.

The database must be migrated first (``alembic upgrade head``; ``make run`` does both).
``python -m app bot add|list|revoke ...`` runs the operator's bot commands instead
(``app/botadmin.py``, docs/bots.md).
"""

import os
import shutil
import sys
import tempfile
from typing import Any

import uvicorn

from app.core import logs
from app.core.config import Settings, get_settings
from app.core.metrics import MULTIPROCESS_ENV


def log_config(settings: Settings) -> dict[str, Any]:
    """Uvicorn's logging config plus the app's own loggers, in ``LOG_FORMAT``
    (:func:`app.core.logs.log_config`)."""
    return logs.log_config(settings.log_level, settings.log_format)


def shared_metrics_dir(settings: Settings) -> str | None:
    """With metrics on and ``WORKERS`` > 1, a fresh directory for the Prometheus
    client's multiprocess mode, named in the environment before the server processes
    start (they inherit it; ``app.core.metrics``); ``None`` when not needed or already
    set by the operator."""
    if settings.metrics_token is None or settings.workers < 2 or os.environ.get(MULTIPROCESS_ENV):
        return None
    path = tempfile.mkdtemp(prefix="gin-metrics-")
    os.environ[MULTIPROCESS_ENV] = path
    return path


def main() -> None:
    """Run Uvicorn with HOST, PORT, WORKERS, LOG_LEVEL, LOG_FORMAT and proxy settings."""
    settings = get_settings()
    metrics_dir = shared_metrics_dir(settings)
    try:
        uvicorn.run(
            "app.main:app",
            host=settings.host,
            port=settings.port,
            workers=settings.workers,
            log_level=settings.log_level,
            log_config=log_config(settings),
            access_log=False,  # app.access logs one line per request, without client details
            proxy_headers=True,
            forwarded_allow_ips=settings.forwarded_allow_ips,
            server_header=False,
            # Open Server-Sent Events streams (friend tables) never end by themselves: give
            # them 5 s at shutdown, then close them (the browsers reconnect on their own).
            timeout_graceful_shutdown=5,
        )
    finally:
        if metrics_dir is not None:
            shutil.rmtree(metrics_dir, ignore_errors=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["bot"]:
        from app.botadmin import main as bot_main

        sys.exit(bot_main(sys.argv[2:]))
    main()
