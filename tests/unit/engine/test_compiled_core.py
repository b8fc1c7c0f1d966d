"""The compiled core gives exactly the pure engine's results (issue 28).

``make fast`` compiles the play-outs' modules (:data:`app.engine.CORE_MODULES`) with
mypyc from the same source. Here the compiled modules (imported in this process) and
the pure Python ones (a subprocess that loads the engine from source,
``tools/pure_engine.py``) answer the same 100,000 random hands (least deadwood, the
deadwood after each discard, the best discard), 100,000 random knocks (the settlement on
masks), 2,000 play-outs and 20 whole searches of Expert (every play-out's value), under
five tables of rules; every answer must be the same. ``COMPILED_CORE_POSITIONS``
changes the count. The positions come in :data:`PARTS` parts, each from its own seed, so
that the lane's workers share the pure side's minute of work.

Without a compiled core (no C compiler, or not built) there is nothing to compare and
the test is skipped, saying so; CI builds it (``make test``, ``FAST_CORE_REQUIRED=1``).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.engine import CORE_MODULES, compiled_core
from tests.support.core_positions import answers, positions
from tools import fast_core

ROOT = Path(__file__).resolve().parents[3]
COUNT = int(os.environ.get("COMPILED_CORE_POSITIONS", "100000"))
PARTS = 4


def test_the_build_script_compiles_the_engines_core_modules() -> None:
    assert fast_core.CORE_MODULES == CORE_MODULES
    assert all((ROOT / source).is_file() for source in fast_core.sources())


@pytest.mark.timeout(600)  # 25,000 positions in pure Python: near the lane's 120 s when busy
@pytest.mark.parametrize("part", range(PARTS))
def test_compiled_and_pure_core_agree_on_random_positions(tmp_path: Path, part: int) -> None:
    if not compiled_core():
        pytest.skip("no compiled core is built (make fast builds it; it needs mypyc and a "
                    "C compiler): the engine runs as pure Python, nothing to compare")
    assert fast_core.status() == "built", "the compiled core is older than its source: make fast"
    count = COUNT // PARTS
    data = positions(count, seed=28 + part)
    source, target = tmp_path / "positions.json", tmp_path / "pure.json"
    source.write_text(json.dumps(data))
    subprocess.run([sys.executable, "-m", "tests.support.core_positions", "--pure",
                    str(source), str(target)], cwd=ROOT, check=True, timeout=1800)
    pure = json.loads(target.read_text())
    compiled = json.loads(json.dumps(answers(data)))  # the same JSON values as the pure side
    assert len(pure["least"]) == len(data["hands"]) == count
    assert len(pure["settled"]) == len(data["knocks"]) == count
    for part in ("least", "by_discard", "best_discard", "settled", "played", "searched"):
        for number, (a, b) in enumerate(zip(compiled[part], pure[part], strict=True)):
            assert a == b, f"{part} #{number}: compiled {a} != pure {b}"
