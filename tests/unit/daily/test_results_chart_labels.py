"""The daily deal's results chart says true figures (issue 48): the x axis labels the
bars' edges, each bar its whole range, so a −26 is never labelled "−30"."""

from __future__ import annotations

from app.daily.page import results_chart


def test_a_result_lies_between_the_edges_that_bound_it() -> None:
    chart = results_chart([-26, -5, 12], -26)
    texts = [text for _, text in chart.labels]
    assert texts[0] == "\u221230" and texts[-1] == "+20"
    mine = chart.bar_keys.index("you")
    x, _, width, _, label = chart.bars[mine]
    assert label == "\u221230 to \u221221: 1"
    left = [at for at, text in chart.labels if text == "\u221230"][0]
    assert abs(left - x) <= width  # the "−30" stands at the bar's left edge, not under it
    assert "\u221230 to \u221221: 1" in chart.summary
