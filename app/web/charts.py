"""Small charts drawn on the server as plain SVG: every coordinate is computed here, so
the template (``templates/_chart.html``) only places them, and the charts need no script
and fit the Content-Security-Policy. Used by the match report and statistics
(:mod:`app.review.stats`) and by the play screen's match-end chart (:mod:`app.table.screen`).

Pure: no I/O. Coordinates are in the chart's own box, 0..``width`` × 0..``height``
(SVG user units, y down).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.core import i18n
from app.core.i18n import gettext


@dataclass(frozen=True, slots=True)
class Series:
    """One named line of a chart: ``points`` in the chart's box, ``key`` a short name the
    stylesheet colours it by (``chart__line--you``), ``name`` its legend text."""

    key: str
    name: str
    points: tuple[tuple[float, float], ...]

    @property
    def polyline(self) -> str:
        """The points as an SVG ``points`` attribute."""
        return " ".join(f"{x:.1f},{y:.1f}" for x, y in self.points)


@dataclass(frozen=True, slots=True)
class Chart:
    """A small SVG chart: ``points`` in the 0..``width`` × 0..``height`` box (y down),
    ``labels`` along the x axis, ``ticks`` as (y, text) gridlines, ``bars`` as
    (x, y, width, height, label) rectangles, ``series`` as further named lines and
    ``marks`` as (y, text) dashed lines (a target). ``title`` names it for screen readers,
    ``summary`` repeats its values as text."""

    title: str
    width: int = 320
    height: int = 140
    points: tuple[tuple[float, float], ...] = ()
    labels: tuple[tuple[float, str], ...] = ()
    ticks: tuple[tuple[float, str], ...] = ()
    bars: tuple[tuple[float, float, float, float, str], ...] = ()
    summary: str = ""
    series: tuple[Series, ...] = ()
    marks: tuple[tuple[float, str], ...] = ()
    bar_keys: tuple[str, ...] = ()
    """One short name per bar the stylesheet colours it by (``chart__bar--you``), or
    ``()``: every bar alike."""

    @property
    def polyline(self) -> str:
        """The points as an SVG ``points`` attribute."""
        return " ".join(f"{x:.1f},{y:.1f}" for x, y in self.points)


PAD_LEFT, PAD_BOTTOM, PAD_TOP, PAD_RIGHT = 34.0, 18.0, 6.0, 8.0


def _y(value: float, height: int, top: float = 100.0, low: float = 0.0) -> float:
    """A value of ``low``..``top`` as a y coordinate of the plot area."""
    return PAD_TOP + (height - PAD_TOP - PAD_BOTTOM) * (1 - (value - low) / (top - low))


def _xs(n: int, width: int) -> list[float]:
    """``n`` evenly spaced x coordinates across the plot area."""
    span = width - PAD_LEFT - PAD_RIGHT
    return [PAD_LEFT + (span * i / (n - 1) if n > 1 else span / 2) for i in range(n)]


def _sparse(xs: Sequence[float], labels: Sequence[str],
            most: int = 8) -> tuple[tuple[float, str], ...]:
    """At most about ``most`` of the x labels, the last always."""
    n = len(xs)
    every = max(1, -(-n // most))
    return tuple((x, label) for i, (x, label) in enumerate(zip(xs, labels, strict=True))
                 if i % every == 0 or i == n - 1)


def line_chart(title: str, values: Sequence[float], labels: Sequence[str],
               scale: tuple[float, float, Sequence[float]], unit: str = "",
               width: int = 320, height: int = 140) -> Chart:
    """A line chart, one point per value, evenly spaced; ``scale`` is the y axis'
    (bottom, top, gridline values), ``unit`` follows each number in the text."""
    low, top, grid = scale
    xs = _xs(len(values), width)
    return Chart(
        title, width, height,
        points=tuple((x, _y(v, height, top, low)) for x, v in zip(xs, values, strict=True)),
        labels=_sparse(xs, labels),
        ticks=tuple((_y(v, height, top, low), _said(v, unit, "g")) for v in grid),
        summary=", ".join(f"{label}: {_said(v, unit, '.0f')}" for label, v in zip(
            labels, values, strict=True)))


def _said(value: float, unit: str, form: str) -> str:
    """``value`` with its ``unit``: a percentage (``"%"``) in the page's language's format
    (``54 %`` in German), anything else as ``form`` writes it and the unit after."""
    return i18n.percentage(value) if unit == "%" else f"{value:{form}}{unit}"


def percent_line(title: str, values: Sequence[float], labels: Sequence[str],
                 width: int = 320, height: int = 140) -> Chart:
    """A line chart of percentages (0..100), one point per value, evenly spaced."""
    return line_chart(title, values, labels, (0.0, 100.0, (0, 50, 100)), "%", width, height)


def percent_bars(title: str, values: Sequence[tuple[str, float]], width: int = 320,
                 height: int = 140) -> Chart:
    """A bar chart of percentages (0..100), one labelled bar per value."""
    n = max(1, len(values))
    slot = (width - PAD_LEFT - PAD_RIGHT) / n
    bars = []
    for i, (label, v) in enumerate(values):
        top = _y(v, height)
        bars.append((PAD_LEFT + slot * i + slot * 0.2, top, slot * 0.6,
                     _y(0, height) - top, f"{label} {i18n.percentage(v)}"))
    return Chart(title, width, height,
                 labels=tuple((PAD_LEFT + slot * (i + 0.5), label)
                              for i, (label, _) in enumerate(values)),
                 ticks=tuple((_y(v, height), i18n.percentage(v)) for v in (0, 50, 100)),
                 bars=tuple(bars),
                 summary=", ".join(f"{label}: {i18n.percentage(v)}" for label, v in values))


def count_bars(title: str, values: Sequence[tuple[str, int]], keys: Sequence[str] = (),
               width: int = 320, height: int = 120, edges: Sequence[str] = ()) -> Chart:
    """A bar chart of counts (0 and up), one bar per ``(label, count)``, the y axis to the
    largest count; ``keys`` (as many as the values, or none) name bars to colour apart
    (``"you"``: the bar the viewer's own value fell in). The x labels are thinned to
    about eight. A histogram gives ``edges``, one more than the values (the bars'
    bounds, "−30", "−20"...): the x labels then stand at the bars' edges, so each says
    the true figure of where it stands (a −26 lies between "−30" and "−20", never under
    a "−30" of its own).

    Raises:
        ValueError: ``keys`` given but not one per value, or ``edges`` given but not one
            more than the values.
    """
    if keys and len(keys) != len(values):
        raise ValueError("one key per bar, or none")
    if edges and len(edges) != len(values) + 1:
        raise ValueError("one edge more than the bars, or none")
    n = max(1, len(values))
    top = float(max([1, *(count for _, count in values)]))
    slot = (width - PAD_LEFT - PAD_RIGHT) / n
    bars = []
    for i, (label, count) in enumerate(values):
        y = _y(count, height, top)
        bars.append((PAD_LEFT + slot * i + slot * 0.1, y, slot * 0.8, _y(0, height, top) - y,
                     f"{label}: {count}"))
    if edges:
        at = _sparse([PAD_LEFT + slot * i for i in range(len(edges))], list(edges))
    else:
        at = _sparse([PAD_LEFT + slot * (i + 0.5) for i in range(len(values))],
                     [label for label, _ in values])
    return Chart(title, width, height,
                 labels=at,
                 ticks=tuple((_y(v, height, top), str(v)) for v in sorted({0, int(top)})),
                 bars=tuple(bars), bar_keys=tuple(keys),
                 summary=", ".join(f"{label}: {count}" for label, count in values))


def running_lines(title: str, lines: Sequence[tuple[str, str, Sequence[int]]],
                  labels: Sequence[str], target: int, width: int = 320,
                  height: int = 120, short: Sequence[str] | None = None) -> Chart:
    """A line chart of running totals (0 and up), one line per ``(key, name, values)``,
    every line with one value per label, and a dashed line at ``target``; the y axis
    reaches the target or the highest value, whichever is more. ``labels`` name the
    points in the summary (screen readers); ``short`` (as many) are the x axis's texts,
    ``labels`` themselves when not given.

    Raises:
        ValueError: no label, or a line whose length is not the labels'.
    """
    if not labels or any(len(values) != len(labels) for _, _, values in lines) \
            or (short is not None and len(short) != len(labels)):
        raise ValueError("every line needs one value per label, and at least one label")
    top = float(max([target, 1, *(v for _, _, values in lines for v in values)]))
    xs = _xs(len(labels), width)
    series = tuple(Series(key, name, tuple((x, _y(v, height, top))
                                           for x, v in zip(xs, values, strict=True)))
                   for key, name, values in lines)
    ticks = tuple((_y(v, height, top), str(v)) for v in sorted({0, round(top / 2), int(top)}))
    summary = "; ".join(f"{label}: " + ", ".join(f"{name} {values[i]}" for _, name, values
                                                   in lines)
                        for i, label in enumerate(labels))
    return Chart(title, width, height, labels=_sparse(xs, labels if short is None else short),
                 ticks=ticks,
                 summary=summary, series=series,
                 marks=((_y(target, height, top), gettext("target %(points)s", points=target)),)
                 if target else ())


__all__ = ["Chart", "Series", "count_bars", "line_chart", "percent_bars", "percent_line",
           "running_lines"]
