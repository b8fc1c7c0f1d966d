"""Gin Rummy web app: play the computer, keep score, read the rules.

``__version__`` is the app's one version (semantic: MAJOR.MINOR.PATCH): ``pyproject.toml``
reads it from here (``[tool.setuptools.dynamic]``), the page footer, ``/healthz`` and the
start-up log line show it, ``make release`` tags it. CHANGELOG.md has an entry for it.
"""

__version__ = "0.3.0"
