"""The web plumbing shared by every page: rendering, dependencies, sessions, security,
errors and middleware. Knows nothing of any one feature.

* :mod:`app.web.render` — the ``Jinja2Blocks`` templates and ``render`` (a page or its
  blocks for htmx);
* :mod:`app.web.deps` — every shared FastAPI dependency (``DbDep``, the request's unit
  of work; ``SessionDep``, ``SettingsDep``, ``FieldsDep``, ``FormDep`` read within the
  bounds of :mod:`app.core.inputs`, ``DisplayDep``);
* :mod:`app.web.unitofwork` — the request's unit of work: one database session per
  request, taken with a turn at the database, committed once (then the effects queued
  with ``app.core.db.after_commit``), rolled back when the route raises;
* :mod:`app.web.display` — the browser's display settings as every page's first paint
  needs them (the Settings page itself is :mod:`app.prefs`);
* :mod:`app.web.sessions` — the ``gin_session`` cookie, its ids and middleware;
* :mod:`app.web.security` — headers, cross-site refusal, the body size cap;
* :mod:`app.web.errors` — error pages (HTML for browsers, JSON otherwise);
* :mod:`app.web.middleware` — the access log, HEAD as GET, the outer middleware stack,
  cached static files;
* :mod:`app.web.links` — where pages point to one another (the guide's sections);
* :mod:`app.web.secretlinks` — the random tokens of share and watch links, stored as
  their SHA-256 only;
* :mod:`app.web.hostcodes` — a host's code carried to its page once (a cookie for that
  page alone) and the codes that open nothing counted (events and seasons);
* :mod:`app.web.rulewords` — the table's rules in words, for every page that shows them;
* :mod:`app.web.phrases` — the pure layers' messages (the engine's refusals and a hand's
  sum, the score sheet's refusals) in the page's language: each carries its catalogue
  template and values;
* :mod:`app.web.cardwords` — cards in words, in the request's language;
* :mod:`app.web.charts` — small charts drawn on the server as plain SVG;
* :mod:`app.web.known` — the browsers this process knows (session row, display settings);
* :mod:`app.web.limits` — fair use over HTTP: costly requests limited and refused early;
* :mod:`app.web.markup` — the ids and ``data-*`` attributes the browser scripts read;
* :mod:`app.web.paging` — long lists a page at a time;
* :mod:`app.web.readiness` — the page gate while the schema is behind the code;
* :mod:`app.web.streams` — downloads streamed in bounded memory.

May import: :mod:`app.core`, :mod:`app.engine`. Imported by Play, the features, the
routes and ``app.main``.
"""
