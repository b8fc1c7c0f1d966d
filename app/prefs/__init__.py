"""The player's display settings page (``/settings``): its form, its saving, its way back.

* :mod:`app.prefs.settings` — the form's groups, :func:`~app.prefs.settings.parse_form`,
  :func:`~app.prefs.settings.save_display`, :func:`~app.prefs.settings.safe_back`.

The settings themselves, as every page's first paint reads them, are
:mod:`app.web.display`. A feature.
May import :mod:`app.table`, :mod:`app.web`, :mod:`app.core`, :mod:`app.engine` (nothing of
the other features). Imported by :mod:`app.routes.prefs` only.
"""
