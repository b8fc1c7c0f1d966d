"""The README stays a front page: at most :data:`MOST_LINES` lines, with the quick start
(``make run``, ``make test``); long operational detail and the benchmarks live in docs/
(docs/operating.md, docs/development.md, docs/benchmarks.md), each with a pointer here."""

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MOST_LINES = 400


def test_the_readme_is_at_most_400_lines() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= MOST_LINES, (
        f"README.md has {len(lines)} lines (at most {MOST_LINES}): move detail into docs/ "
        "and leave a one-line pointer")


def test_the_readme_keeps_the_quick_start_and_its_pointers() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme[readme.index("## Quick start"):readme.index("## Play on your phone")]
    assert "make run" in quick and "make test" in quick
    for target in ("docs/operating.md#backups", "docs/operating.md#when-the-database-fails",
                   "docs/operating.md#behind-a-reverse-proxy-with-https",
                   "docs/operating.md#metrics-and-logs", "docs/benchmarks.md#headline-figures",
                   "docs/development.md#releases"):
        assert f"]({target})" in readme, target
