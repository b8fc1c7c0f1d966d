"""The web plumbing shared by every page: rendering, dependencies, sessions, security,
errors and middleware. Knows nothing of any one feature.

* :mod:`app.web.render` — the ``Jinja2Blocks`` templates and ``render`` (a page or its
  blocks for htmx);
* :mod:`app.web.display` — the browser's display settings as every page's first paint
  needs them (the Settings page itself is :mod:`app.prefs`);
* :mod:`app.web.sessions` — the ``gin_session`` cookie and its row;
* :mod:`app.web.security` — headers, cross-site refusal, the body size cap;
* :mod:`app.web.errors` — error pages (HTML for browsers, JSON otherwise);
* :mod:`app.web.rulewords` — the table's rules in words, for every page that shows them.

May import: :mod:`app.core`, :mod:`app.engine`. Imported by the features and the routes.
"""
