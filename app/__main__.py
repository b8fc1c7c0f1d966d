"""``python -m app``: serve the app with Uvicorn, configured from the environment.

The database must be migrated first (``alembic upgrade head``; ``make run`` does both).
"""

import copy
from typing import Any

import uvicorn
from uvicorn.config import LOGGING_CONFIG

from app.core.config import Settings, get_settings


def log_config(settings: Settings) -> dict[str, Any]:
    """Uvicorn's logging config plus the app's own loggers (``app``, ``app.access``)."""
    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    config["loggers"]["app"] = {
        "handlers": ["default"],
        "level": settings.log_level.upper() if settings.log_level != "trace" else "DEBUG",
        "propagate": False,
    }
    return config


def main() -> None:
    """Run Uvicorn with HOST, PORT, WORKERS, LOG_LEVEL and proxy settings."""
    settings = get_settings()
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


if __name__ == "__main__":
    main()
