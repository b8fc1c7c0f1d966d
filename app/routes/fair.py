"""``GET /fair`` — the verify page of provably fair deals (``docs/fairness.md``).

Takes the server seed, client seed, hand number and (optionally) the commitment as query
parameters, so the play screen can link to it filled in, and shows the hands, the upcard
and the stock order dealt from them and whether the commitment matches. A bad value is
answered 400 with a message beside its field; an empty visit shows the form. Below it,
the daily deal's revealed seeds of the last days (``app.daily.days.revealed``), each a
link that fills the form in.
"""

from datetime import date
from typing import Annotated

from fastapi import APIRouter, Depends, Request
from starlette.responses import Response

from app.daily import days
from app.fair.verify import FIELDS, check_deal
from app.web.deps import DbDep
from app.web.render import render

router = APIRouter()


@router.get("/fair", name="fair")
def verify_deal(request: Request, db: DbDep,
                today: Annotated[date, Depends(days.today)]) -> Response:
    """The verify form, and the deal computed from its values when they are given."""
    query = {name: request.query_params.get(name, "") for name in FIELDS}
    check = check_deal(query)
    return render(request, "fair/verify.html",
                  {"check": check, "daily_days": days.revealed(db, today)},
                  status_code=400 if check.errors else 200)
