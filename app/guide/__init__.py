"""The in-app guide: its pages, its FAQ and every number its examples show.

* :mod:`app.guide.content` — the pages, the questions, the computed examples.

May import :mod:`app.engine` only (and :mod:`app.web` for rendering helpers).
"""
