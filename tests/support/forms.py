"""A form's page as a player meets a refusal on it: which fields are marked refused,
the message at each, what the status line says and whether the table options are open
(templates/_errors.html)."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Refusals:
    """``marked``: the names of the fields shown refused (an input with
    ``aria-invalid="true"`` or inside a ``.field--invalid`` box or fieldset);
    ``messages``: each ``#err-<name>`` message's text by ``name``; ``focused``: the
    name whose message sits in the ``#answer`` target with ``autofocus`` (the page
    lands there); ``described``: the names whose input points at its message
    (``aria-describedby``); ``status``: the status line's text; ``options_open``: the
    table options' disclosure is open."""

    marked: set[str] = field(default_factory=set)
    messages: dict[str, str] = field(default_factory=dict)
    focused: str | None = None
    described: set[str] = field(default_factory=set)
    status: str = ""
    options_open: bool = False


_VOID = frozenset({"input", "br", "img", "meta", "link", "hr", "source", "col", "wbr"})


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.seen = Refusals()
        self.stack: list[tuple[str, dict[str, str]]] = []
        self.texts: dict[str, list[str]] = {}

    def _within(self, test: object) -> bool:
        return any(test(attrs) for _, attrs in self.stack)  # type: ignore[operator]

    def handle_starttag(self, tag: str, pairs: list[tuple[str, str | None]]) -> None:
        attrs = {name: value or "" for name, value in pairs}
        if tag == "details" and "options" in attrs.get("class", "").split():
            self.seen.options_open = "open" in attrs
        if tag in ("input", "select", "textarea") and attrs.get("type") != "hidden":
            name = attrs.get("name", "")
            invalid = attrs.get("aria-invalid") == "true" or self._within(
                lambda a: "field--invalid" in a.get("class", "").split())
            if invalid:
                self.seen.marked.add(name)
            if f"err-{name}" in attrs.get("aria-describedby", "").split():
                self.seen.described.add(name)
        ident = attrs.get("id", "")
        if ident.startswith("err-") and self._within(
                lambda a: a.get("id") == "answer" and "autofocus" in a):
            self.seen.focused = ident[4:]
        if tag not in _VOID:
            self.stack.append((tag, attrs))
            if ident.startswith("err-") or ident == "status":
                self.texts[ident] = []

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            open_tag, attrs = self.stack.pop()
            ident = attrs.get("id", "")
            if ident in self.texts:
                text = " ".join("".join(self.texts.pop(ident)).split())
                if ident == "status":
                    self.seen.status = text
                else:
                    self.seen.messages[ident[4:]] = text
            if open_tag == tag:
                break

    def handle_data(self, data: str) -> None:
        for _, attrs in self.stack:
            ident = attrs.get("id", "")
            if ident in self.texts:
                self.texts[ident].append(data)


def refusals(html: str) -> Refusals:
    """What the page shows of a refused form (see :class:`Refusals`)."""
    reader = _Reader()
    reader.feed(html)
    return reader.seen
