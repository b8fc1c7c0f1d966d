"""The guide (docs/rules.md §8): ``/guide`` (contents), ``/guide/<page>`` and ``/guide/faq``.

Pages are plain server-rendered HTML (no JavaScript needed). Every number in an example
is computed by ``app.guide.content`` with the rules from ``GuideRulesDep`` when the page renders.
"""

from fastapi import APIRouter, HTTPException, Request
from starlette.responses import Response

from app.core.i18n import percent
from app.guide.content import (
    FAQ,
    PAGES,
    PAGES_BY_SLUG,
    GuideRulesDep,
    cards_in_words,
    page_neighbours,
    play_examples,
    rules_summary,
    sum_words,
    the,
    worked_match,
)
from app.review.skill import LEVEL_WIN_RATES
from app.web.render import render

router = APIRouter(prefix="/guide", tags=["guide"])


def _context(rules: GuideRulesDep) -> dict[str, object]:
    return {
        "pages": PAGES,
        "faq": FAQ,
        "rules": rules.play,
        "match_rules": rules.match,
        "summary": rules_summary(rules.play),
        "ex": play_examples(rules.play),
        "worked": worked_match(rules.match),
        "the": the,  # a card in a sentence, with its article: "the ten of hearts"
        "cards_in_words": cards_in_words,
        "sum_words": sum_words,
        # The FAQ's "How strong is the computer?": the measured figures (docs/strength.md).
        "strength": {level: percent(rate) for level, (rate, _) in LEVEL_WIN_RATES.items()},
    }


@router.get("", name="guide_index")
def guide_index(request: Request, rules: GuideRulesDep) -> Response:
    """The table of contents and the rules this app plays, at a glance."""
    return render(request, "guide/index.html", {**_context(rules), "page": None})


@router.get("/{slug}", name="guide_page")
def guide_page(request: Request, slug: str, rules: GuideRulesDep) -> Response:
    """One guide page (``/guide/deal``, ``/guide/faq`` …); 404 for an unknown name."""
    page = PAGES_BY_SLUG.get(slug)
    if page is None:
        raise HTTPException(status_code=404, detail=f"no guide page {slug!r}")
    before, after = page_neighbours(slug)
    context = {**_context(rules), "page": page, "before": before, "after": after}
    return render(request, f"guide/{slug}.html", context)
