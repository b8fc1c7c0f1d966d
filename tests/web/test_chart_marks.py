"""A chart's dashed mark (the match's target) keeps its words inside the chart's box, even
when the target is the top of the scale (issue 48: "target 100" was cut)."""

from __future__ import annotations

import re

from app.web.charts import running_lines
from app.web.render import templates


def test_the_target_at_the_top_of_the_chart_is_not_cut() -> None:
    lines = [("you", "You", [0, 40, 80]), ("other", "Computer", [0, 30, 60])]
    chart = running_lines("Scores", lines, ["start", "hand 1", "hand 2"], 100)
    html = templates.env.get_template("_chart.html").module.svg(chart)  # type: ignore[attr-defined]
    found = re.search(r'<text x="38" y="([\d.]+)" class="chart__tick">target 100</text>', str(html))
    assert found is not None
    assert float(found.group(1)) >= 9 + 1  # a 9 px text's baseline below its own height
