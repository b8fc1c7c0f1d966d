"""Gin Rummy web app: play the computer, keep score, read the rules.

``__version__`` is the app's one version: ``pyproject.toml`` reads it from here
(``[tool.setuptools.dynamic]``), the page footer, ``/healthz`` and the start-up log line
show it. On a release commit it is the release, ``X.Y.Z`` (CHANGELOG.md's top release;
``make release-prepare`` sets it, ``make release`` tags it); between releases a
development version, ``X.Y.Z.dev0`` for the next one (``make release`` sets it after
tagging). RELEASES records the commit of every release (docs/development.md, "Releases").
"""

__version__ = "0.5.0.dev0"
