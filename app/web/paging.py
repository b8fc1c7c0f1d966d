"""Long lists shown a page at a time (the score sheet's hands, the history's matches and
a match's hands): a page's cost stays the same however long the list grows.

A page is named by the last item it shows (``upto``, 1-based, counting from the oldest),
so a link to it stays right while newer items are added; without one it is the newest
page. ``upto`` comes from the address: anything that is not a whole number is the
newest page, a number past the end is the last item.
"""

from __future__ import annotations

from dataclasses import dataclass

from app.core.inputs import whole_number

PAGE = 50
"""Items on one page."""


@dataclass(frozen=True, slots=True)
class Window:
    """Items ``first`` to ``last`` (1-based, inclusive) of ``total``, ``size`` a page;
    ``first`` > ``last`` when there are none."""

    first: int
    last: int
    total: int
    size: int = PAGE

    @property
    def earlier(self) -> int | None:
        """``upto`` of the page before this one (``None`` on the first)."""
        return self.first - 1 if self.first > 1 else None

    @property
    def later(self) -> int | None:
        """``upto`` of the page after this one (``None`` on the newest)."""
        return min(self.total, self.last + self.size) if self.last < self.total else None

    @property
    def paged(self) -> bool:
        """True when the list does not fit on one page."""
        return self.total > self.size

    def slice(self) -> slice:
        """The items of this page in a 0-based list of all of them."""
        return slice(self.first - 1, self.last)


def window(total: int, upto: int | None = None, size: int = PAGE) -> Window:
    """The page of ``total`` items whose last item is ``upto`` (clamped to 1 ..
    ``total``; ``None``: the newest page)."""
    last = total if upto is None else min(max(upto, 1), total)
    return Window(max(1, last - size + 1), last, total, size)


def around(total: int, item: int | None, size: int = PAGE) -> Window:
    """The page that shows ``item`` (the newest page when it is on it, or ``None``),
    else the one with ``item`` in its middle (a whole page from the first item near
    the start)."""
    if item is None or item > total - size:
        return window(total, None, size)
    return window(total, max(item + size // 2, size), size)


def upto(text: str | None) -> int | None:
    """The ``upto`` of an address (``None`` unless a whole number:
    :func:`app.core.inputs.whole_number`)."""
    return None if text is None else whole_number(text)
