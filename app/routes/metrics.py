"""``/metrics``: the Prometheus metrics (``app.core.metrics``), for the operator only.

Off unless ``METRICS_TOKEN`` is set; then served only to a request carrying
``Authorization: Bearer <token>``, compared in constant time. Any other request gets the
app's ordinary 404 page, exactly as for an address that does not exist, so the endpoint
cannot be told apart from nothing (no 401 that would say a token is wanted). The route
reads no session and sets no cookie: a scraper is not a player.
"""

import hmac

from fastapi import APIRouter, HTTPException, Request
from starlette.responses import Response

from app.core import metrics

router = APIRouter()


def bearer_matches(header: str | None, token: str) -> bool:
    """True when ``header`` is ``Bearer <token>`` (the scheme in any case), compared in
    constant time."""
    scheme, _, given = (header or "").strip().partition(" ")
    if scheme.lower() != "bearer":
        return False
    return hmac.compare_digest(given.strip().encode(), token.encode())


@router.get("/metrics", include_in_schema=False)
def serve_metrics(request: Request) -> Response:
    """Every metric in Prometheus' text format; 404 without the right token."""
    token = request.app.state.settings.metrics_token
    if token is None or not bearer_matches(request.headers.get("authorization"),
                                           token.get_secret_value()):
        raise HTTPException(status_code=404)
    return Response(metrics.exposition(), media_type=metrics.CONTENT_TYPE,
                    headers={"Cache-Control": "no-store"})
