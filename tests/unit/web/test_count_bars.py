"""The count bar chart (app.web.charts.count_bars, the daily deal's results): one bar per
value, heights in proportion to the counts, the viewer's bar keyed, bad keys refused."""

from __future__ import annotations

import pytest

from app.web.charts import count_bars


def test_bars_are_in_proportion_and_the_viewers_is_keyed() -> None:
    chart = count_bars("Results", [("-10", 1), ("0", 0), ("+10", 2)], ["", "", "you"])
    heights = [bar[3] for bar in chart.bars]
    assert len(chart.bars) == 3 and heights[1] == 0
    assert heights[2] == pytest.approx(2 * heights[0])
    assert chart.bar_keys == ("", "", "you")
    assert chart.summary == "-10: 1, 0: 0, +10: 2"
    assert [text for _, text in chart.ticks] == ["0", "2"]


def test_keys_must_be_one_per_bar() -> None:
    with pytest.raises(ValueError, match="one key per bar"):
        count_bars("Results", [("0", 1)], ["you", ""])
    assert count_bars("Results", []).bars == ()


def test_a_histogram_labels_its_edges_so_each_label_is_a_true_figure() -> None:
    chart = count_bars("Results", [("-30 to -21", 1), ("-20 to -11", 2)],
                       edges=["-30", "-20", "-10"])
    assert [text for _, text in chart.labels] == ["-30", "-20", "-10"]
    lefts = [bar[0] for bar in chart.bars]
    xs = [x for x, _ in chart.labels]
    assert xs[0] < lefts[0] < xs[1] < lefts[1] < xs[2]
    assert chart.summary == "-30 to -21: 1, -20 to -11: 2"
    with pytest.raises(ValueError, match="one edge more"):
        count_bars("Results", [("0", 1)], edges=["0"])
