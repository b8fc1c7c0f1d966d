"""Bounds for everything the app parses from outside.

Every parser of outside input bounds size and depth before it does any real work, and
every failure is an :class:`InputError` with a sentence for the person (the routes
answer it 4xx and change nothing):

* request bodies: at most ``MAX_BODY_BYTES`` (``app/web/security.py``, 413);
* forms: at most :data:`MAX_FORM_FIELDS` fields, :data:`MAX_FORM_FILES` file and
  :data:`MAX_PART_BYTES` per part (``app.web.deps.read_form`` reads a request's form
  within them; Starlette answers more with 400 and says why);
* form numbers, checkboxes and choices: :func:`whole_number` (1–9 ASCII digits, else
  ``None``), :func:`bounded` (the same within a range), :func:`checked` (a ticked
  checkbox) and :func:`one_of` (one of a fixed set of values: a sort, a level, a kind;
  else ``None``, which the caller refuses with 400 and a sentence naming the choices) —
  the one parser of each for every form of the app;
* JSON: :func:`load_json` — size in bytes and nesting depth checked *before*
  ``json.loads``, whose recursion would otherwise end in ``RecursionError`` (a 500)
  on about a thousand ``[``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Collection
from typing import Any

from app.core.i18n import N_
from app.engine.errors import english

MAX_FORM_FIELDS = 100
"""Most fields one form post may carry (the largest form, sheet setup, has about 20)."""

MAX_FORM_FILES = 1
"""Most file parts one form post may carry (the score sheet import takes one)."""

MAX_PART_BYTES = 64 * 1024
"""Largest single form part (the request body cap is 64 KB anyway)."""

CHECKED = frozenset({"on", "1", "true", "yes"})
"""The values a posted checkbox counts as ticked by (a browser sends ``on``, or the
input's ``value``); anything else, or no field at all, is off."""

_WHOLE = re.compile(r"[0-9]{1,9}")
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class InputError(ValueError):
    """Outside input refused before parsing: ``template`` (an ``N_`` message) and its
    ``values`` say why, as an engine refusal does (``app.web.phrases`` puts them in the
    page's language); ``message`` and ``str(error)`` are the English."""

    def __init__(self, template: str, /, **values: object) -> None:
        self.template = template
        self.values: dict[str, Any] = values
        self.message = english(template, values)
        super().__init__(self.message)


def whole_number(text: str) -> int | None:
    """``text`` as a whole number when it is 1–9 ASCII digits, else ``None``.

    ``str.isdigit`` is not enough before ``int()``: it accepts ``"²"`` (which ``int``
    refuses) and digit strings too long for ``int`` to parse — both were 500s.
    """
    return int(text) if _WHOLE.fullmatch(text) else None


def bounded(text: str, low: int, high: int) -> int | None:
    """``text`` as a whole number from ``low`` to ``high``, else ``None`` (the caller
    says why, in its own words)."""
    number = whole_number(text)
    return number if number is not None and low <= number <= high else None


def one_of(value: object, choices: Collection[str]) -> str | None:
    """``value`` when it is exactly one of ``choices`` (a posted enumeration: a sort, a
    level, a kind), else ``None`` (anything else: another text, a file, nothing)."""
    return value if isinstance(value, str) and value in choices else None


def checked(value: object) -> bool:
    """Whether a posted checkbox's value (``form.get(name)``) means ticked."""
    return value in CHECKED


def json_depth(text: str) -> int:
    """How deeply the arrays and objects of JSON ``text`` nest (0 for a bare value);
    brackets inside strings do not count. Linear in ``len(text)``, no recursion."""
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub('""', text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def load_json(data: str | bytes, *, max_bytes: int, max_depth: int) -> Any:
    """Parse outside JSON after checking its size (UTF-8 bytes) and nesting depth.

    Raises:
        InputError: larger than ``max_bytes``, not UTF-8, nested deeper than
            ``max_depth``, or not JSON.
    """
    raw = data.encode("utf-8", "surrogatepass") if isinstance(data, str) else data
    if len(raw) > max_bytes:
        raise InputError(N_("the file is larger than %(kb)s KB"), kb=max_bytes // 1000)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(N_("the file is not UTF-8 text")) from None
    if json_depth(text) > max_depth:
        raise InputError(N_("the file nests lists or objects more than %(most)s deep"),
                         most=max_depth)
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError(N_("the file is not valid JSON (line %(line)s)"),
                         line=err.lineno) from None
    except ValueError:
        raise InputError(N_("the file is not valid JSON")) from None
