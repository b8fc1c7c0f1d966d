"""Application settings, read from the environment (pydantic-settings).

Every setting is an upper-case environment variable of the same name, e.g. ``PORT=9000``.
"""

from functools import lru_cache
from typing import Literal

from pydantic import Field, HttpUrl, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

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


@lru_cache
def get_settings() -> Settings:
    """The settings from the process environment, read once and cached."""
    return Settings()
