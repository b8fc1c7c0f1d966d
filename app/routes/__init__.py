"""HTTP routes, one thin module per area: ``home``, ``play``, ``friend``, ``watch``
(watching a friend match), ``history``, ``train`` (the drill, the daily puzzle, Review
together), ``score``, ``guide``, ``fair``, ``prefs`` (``/settings``), ``install``,
``learn``, ``daily``, ``devices``, ``events``, ``seasons`` (a club's events with a
running table), ``admin`` (``/admin``), ``metrics``
(``/metrics``), ``botapi`` (``/api/bot``, the bot protocol: JSON for programs,
docs/bots.md). Each module
exposes ``router``; ``app.main`` includes them.

A route reads its dependencies (``app.web.deps``), calls a feature, renders
(``app.web.render``). Route modules import no other route module: what two areas share
lives in a feature (``app.play.pages``, ``app.friend.pages``), the table kit or
``app.web``; the kit's names are imported from ``app.table`` itself, never through a
feature that uses them. The import contracts in ``pyproject.toml`` check both.

May import :mod:`app.events` (a layer above the features), the features
(:mod:`app.friend`, :mod:`app.review`, :mod:`app.fair`, :mod:`app.score`,
:mod:`app.guide`, :mod:`app.prefs`, :mod:`app.devices`, :mod:`app.admin`,
:mod:`app.daily`, :mod:`app.learn`, :mod:`app.play`, :mod:`app.botapi`), the table kit
:mod:`app.table`, :mod:`app.web`, :mod:`app.core`, :mod:`app.engine`. Imported by
``app.main`` only.
"""
