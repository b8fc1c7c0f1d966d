"""The server's garbage collector is tuned while it serves (app.core.collector)."""

import gc
from pathlib import Path

from app.core import collector
from app.core.collector import GC_YOUNG_THRESHOLD
from app.core.config import Settings
from app.main import create_app
from tests.support.servers import run_async


def test_the_collector_is_tuned_while_serving_and_restored_after(tmp_path: Path) -> None:
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path}/gc.db", compute_workers=0,
                              analyse_hands=False))
    before = gc.get_threshold()
    seen: dict[str, object] = {}

    async def serve() -> None:
        async with app.router.lifespan_context(app):
            seen["threshold"] = gc.get_threshold()
            seen["frozen"] = gc.get_freeze_count()

    collector.unfreeze_heap()  # as in a server's process: nothing frozen before it starts
    try:
        run_async(serve())
        assert gc.get_freeze_count() == 0
    finally:
        collector.freeze_heap()  # the test session's own freeze (tests/conftest.py)
    assert seen["threshold"] == (GC_YOUNG_THRESHOLD, *before[1:])
    assert isinstance(seen["frozen"], int) and seen["frozen"] > 10_000  # the start-up heap
    assert gc.get_threshold() == before
