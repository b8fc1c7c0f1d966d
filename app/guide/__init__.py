"""The in-app guide: its pages, its FAQ and every number its examples show.

* :mod:`app.guide.content` — the pages, the questions, the computed examples.

May import :mod:`app.table`, :mod:`app.web` (rendering helpers, and :mod:`app.web.links`,
where the play screen's links into the guide live), :mod:`app.core`, :mod:`app.engine`;
no other feature. Imported by the routes only.
"""
