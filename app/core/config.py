"""Application settings, read from the environment (pydantic-settings).

Every setting is an upper-case environment variable of the same name, e.g. ``PORT=9000``.
"""

import re
from functools import lru_cache
from typing import Annotated, Any, Literal

from pydantic import (
    Field,
    HttpUrl,
    PlainSerializer,
    PlainValidator,
    SecretStr,
    field_validator,
)
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from app.core.fairuse import Rate


def _rate(value: Any) -> Rate:
    """A :class:`~app.core.fairuse.Rate` from its text (``"300/minute"``) or itself."""
    if isinstance(value, Rate):
        return value
    if not isinstance(value, str):
        raise ValueError("a rate is text such as '300/minute'")
    return Rate.parse(value)


RateSetting = Annotated[Rate, NoDecode, PlainValidator(_rate), PlainSerializer(str)]
"""A rate limit setting: ``"<count>/<period>"`` (``300/minute``, ``10/10 minutes``)."""

PUBLIC_URL_MAX = 200
"""The longest ``PUBLIC_URL`` accepted (an invite link and its QR code stay small)."""


def public_address(url: HttpUrl) -> str:
    """A parsed ``PUBLIC_URL`` (Pydantic's ``HttpUrl``: http or https and a valid host,
    an optional port) as the text links start with: the path kept, no trailing slash
    (``"https://cards.example.org/gin"``).

    Raises:
        ValueError: it is too long or has a user, a query or a fragment, saying which.
    """
    text = str(url)
    if len(text) > PUBLIC_URL_MAX:
        raise ValueError(f"must be at most {PUBLIC_URL_MAX} characters")
    if url.username is not None or url.password is not None:
        raise ValueError("must not carry a user or password (user:password@)")
    if url.query is not None or url.fragment is not None:
        raise ValueError("must not have a query (?…) or a fragment (#…)")
    return text.rstrip("/")


class Settings(BaseSettings):
    """Runtime configuration of one app instance."""

    model_config = SettingsConfigDict(case_sensitive=False, extra="ignore")

    database_url: str = Field(
        default="sqlite:///./data/gin.db",
        description="SQLAlchemy URL; SQLite file by default, postgresql+psycopg://... also works.",
    )
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=1, le=65535)
    workers: int = Field(default=1, ge=1)
    threads: int = Field(
        default=40, ge=1, le=1000,
        description="Threads that run requests (the thread pool the routes run in), per "
        "server worker; the database pool holds as many connections, plus a few for "
        "background work (app.core.db.SPARE_CONNECTIONS), so no request waits for one.",
    )
    browser_cache: bool = Field(
        default=True,
        description="Keep each browser's session and display settings in memory between "
        "requests (app.web.known), where this process is the database's only writer: "
        "SQLite with WORKERS=1. Set false when another program writes the database.",
    )
    compute_workers: int = Field(
        default=2, ge=0, le=64,
        description="Processes computing the Hard and Expert computers' moves, hints and "
        "hand analysis (app.core.workers), per server worker; 0 computes them in the request "
        "thread (the analysis in a background thread).",
    )
    session_ttl_days: float = Field(
        default=90, gt=0, description="Sessions unused for longer than this are deleted."
    )
    log_level: Literal["critical", "error", "warning", "info", "debug", "trace"] = "info"
    log_format: Literal["text", "json"] = Field(
        default="text",
        description="text: one readable line per event; json: one JSON object per line "
        "(time, level, message; for a request its route template, status, duration and "
        "request id).",
    )
    metrics_token: SecretStr | None = Field(
        default=None, min_length=16,
        description="Serve Prometheus metrics at /metrics to requests carrying "
        "'Authorization: Bearer <token>' (at least 16 characters); unset: /metrics is 404.",
    )
    forwarded_allow_ips: str = Field(
        default="127.0.0.1",
        description="Comma-separated proxy IPs whose X-Forwarded-* headers are trusted.",
    )
    secure_cookies: bool = Field(
        default=False, description="Mark cookies Secure; turn on when served over HTTPS."
    )
    max_body_bytes: int = Field(
        default=64 * 1024, ge=1024, description="Larger request bodies get 413."
    )
    analyse_hands: bool = Field(
        default=True, description="Rate the person's decisions after each hand (issue 15)."
    )
    daily_pars: bool = Field(
        default=True, description="Compute each day's par of the daily deal in the "
        "background (app.daily.days); off, the page says the par is being computed.")
    generate_puzzles: bool = Field(
        default=True, description="When no analysed hand of the instance makes a daily "
        "puzzle, generate the day's position from the day's seed, in the background "
        "(app.review.puzzle); off, the page says there is no puzzle yet.")
    # Fair use (issue 27, app.web.limits): a player at human speed never meets these;
    # beyond them the answer is 429 with Retry-After and a page saying what to do. A
    # browser is its session cookie; an address is the client's (after trusted proxies).
    limit_posts_per_browser: RateSetting = Field(
        default=Rate(6000, 600), description="Form posts (taps, score entries...) a browser "
        "may send, e.g. '300/minute' (a burst of that many, then the rate).")
    limit_posts_per_address: RateSetting = Field(
        default=Rate(30000, 600), description="Form posts from one client address (a "
        "household or a school behind one address shares it).")
    limit_invites_per_browser: RateSetting = Field(
        default=Rate(10, 600), description="Friend invites a browser may start.")
    limit_invites_per_address: RateSetting = Field(
        default=Rate(60, 600), description="Friend invites from one client address.")
    limit_imports_per_browser: RateSetting = Field(
        default=Rate(10, 60), description="Hand-history and score-sheet imports a "
        "browser may send (a person imports a file now and then; each import is read "
        "whole in the process pool).")
    limit_imports_per_address: RateSetting = Field(
        default=Rate(30, 60), description="Imports from one client address (several "
        "people behind one address may import at once).")
    limit_pages_per_browser: RateSetting = Field(
        default=Rate(300, 600), description="Pages that compute a browser may ask for: "
        "hand reviews, match reports, the history, the daily deal, "
        "score sheets (a burst of that many, then the rate).")
    limit_pages_per_address: RateSetting = Field(
        default=Rate(1500, 600), description="Pages that compute, from one client address.")
    limit_exports_per_browser: RateSetting = Field(
        default=Rate(60, 600), description="Statistics (/stats, /stats.json, /stats.csv) "
        "and downloads (/privacy/data.json, hand histories, score sheet exports) a "
        "browser may ask for.")
    limit_exports_per_address: RateSetting = Field(
        default=Rate(300, 600), description="Statistics and downloads from one client "
        "address.")
    limit_sign_ins_per_browser: RateSetting = Field(
        default=Rate(30, 600), description="Device and recovery codes made or entered, "
        "and operator sign-ins, a browser may send (right or wrong; wrong codes and "
        "tokens are limited further).")
    limit_sign_ins_per_address: RateSetting = Field(
        default=Rate(300, 600), description="Device and recovery codes made from one "
        "client address (a code entered or an operator's sign-in is never limited by "
        "its address: the right one always gets in; wrong ones are limited further).")
    limit_costly_in_flight_per_address: int = Field(
        default=4, ge=1, description="Costly requests (pages that compute, statistics, "
        "downloads, imports, invites, codes and sign-ins) of one client address answered "
        "at once, per server process; another gets 429 at once.")
    limit_jobs_per_address: int = Field(
        default=4, ge=1, description="Jobs of the process pool (hints, the computer's "
        "moves) in flight at once for one client address, per server process; a hint "
        "asked beyond it gets 429 (the computer's moves wait their turn).")
    limit_streams_per_browser: int = Field(
        default=4, ge=1, description="Live tables (event streams) one browser may hold "
        "open at once (one per tab).")
    limit_streams_per_address: int = Field(
        default=100, ge=1, description="Event streams one client address may hold open.")
    import_seconds: float = Field(
        default=30, gt=0, description="Longest time reading one imported file may take; "
        "beyond it the import is refused (413).")
    bots: bool = Field(
        default=False, description="Let programs play friend matches through the bot "
        "protocol (/api/bot, docs/bots.md), each with the token the operator issued "
        "(python -m app bot add NAME); off, every bot request is refused (404).")
    admin_token: str = Field(
        default="", description="Turns on the operator page /admin, signed in with this "
        "token (at least 16 characters); unset, /admin is 404.",
    )

    @field_validator("admin_token")
    @classmethod
    def _long_enough(cls, value: str) -> str:
        if value and len(value) < 16:
            raise ValueError("ADMIN_TOKEN must have at least 16 characters")
        return value

    @field_validator("metrics_token", mode="before")
    @classmethod
    def _empty_token_is_none(cls, value: object) -> object:
        """``METRICS_TOKEN=`` (empty) leaves the metrics off, as if unset."""
        return None if value == "" else value

    public_url: HttpUrl | None = Field(
        default=None,
        description="The address players open (``https://cards.example.org``, with any "
        "sub-path): invite links and their QR codes are built from it. Unset: from the "
        "request's Host header (checked: a host name or address and a port only).",
    )

    @field_validator("public_url", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("public_url")
    @classmethod
    def _public_url(cls, value: HttpUrl | None) -> HttpUrl | None:
        if value is not None:
            public_address(value)  # refuses what links must not carry
        return value

    @property
    def public_base(self) -> str | None:
        """``PUBLIC_URL`` as the start of a link (no trailing slash), ``None`` when unset."""
        return None if self.public_url is None else public_address(self.public_url)

    base_path: str = Field(
        default="",
        description="Serve the app under this sub-path, e.g. /gin (behind a reverse proxy "
        "that passes the path on unchanged); empty serves it at the root.",
    )

    @field_validator("base_path")
    @classmethod
    def _check_base_path(cls, value: str) -> str:
        """``""`` or ``/seg[/seg...]``: starts with ``/``, no trailing slash, each segment
        of letters, digits and ``-._~`` (not ``.`` or ``..``); anything else is refused."""
        if value and (
            not _BASE_PATH.fullmatch(value)
            or any(part in (".", "..") for part in value.split("/")[1:])
        ):
            raise ValueError(
                "BASE_PATH must be empty or like /gin or /games/gin: start with /, no "
                "trailing slash, segments of letters, digits and - . _ ~ only"
            )
        return value


_BASE_PATH = re.compile(r"(/[A-Za-z0-9._~-]+)+")

@lru_cache
def get_settings() -> Settings:
    """The settings from the process environment, read once and cached."""
    return Settings()
