"""HTTP routes, one thin module per area: ``home``, ``play``, ``friend``, ``history``,
``score``, ``guide``, ``fair``, ``prefs`` (``/settings``), ``install``. Each module exposes
``router``; ``app.main`` includes them.

A route reads its dependencies (``app.web.deps``), calls a feature, renders
(``app.web.render``). Route modules import no other route module: what two areas share
lives in a feature (``app.play.pages``, ``app.friend.pages``) or in ``app.web``. The
import contracts in ``pyproject.toml`` check both.
"""
