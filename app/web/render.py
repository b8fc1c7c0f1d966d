"""Templates: one ``Jinja2Blocks`` object and ``render`` for full pages or HTMX blocks.

Template globals available everywhere:

* ``app_version`` — the app's version (``app.__version__``), shown in the footer;
* ``base`` — the sub-path the app is served under (``""`` or e.g. ``/gin``): every
  link, form, asset and htmx URL in a template is written ``{{ base }}/play``, and
  ``here`` is the app path of the page shown (``/play``), both from
  :func:`app.web.links.template_context`;
* ``static_url("app.css")`` — ``/static/app.css?v=<content hash>`` (an app path, cached
  for a year: write ``{{ base }}{{ static_url("app.css") }}``); ``module_preloads(
  "table/main.js")`` — the app paths of the modules it imports (the macro
  ``module_script`` in ``templates/_scripts.html`` writes the script and its preloads);
* ``card_name("TH")`` — ``"Ten of hearts"`` (``"Herz-Zehn"`` in German) and
  ``the_card("TH")`` — ``"the ten of hearts"`` in the request's language
  (:mod:`app.web.cardwords`); ``card_rank("TH")`` — ``"10"``;
  ``card_suit_symbol("TH")`` — ``"♥"``; ``card_is_red("TH")`` — ``True``.
  Each accepts a card code or an engine ``Card``;
* ``table_options()`` — the engine's one table of the table options
  (:data:`app.engine.OPTIONS`), from which the New match form is built;
  ``scoring_presets()`` — its scoring presets (:data:`app.engine.PRESETS`);
* ``sound_files()`` — the play table's sounds by name, with their hashed paths;
* ``number(1234.5, 1)``, ``date(day)``, ``moment(time)`` — in the page's language
  (``app.core.i18n``: ``1.234,5``, ``01.12.2026``).

Card macros live in ``templates/_cards.html``.
"""

import dataclasses
import hashlib
import re
from collections.abc import Mapping, MutableMapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import Request
from jinja2 import Environment, FileSystemLoader, nodes
from jinja2.visitor import NodeTransformer
from jinja2_fragments.fastapi import Jinja2Blocks
from markupsafe import Markup, escape
from starlette.responses import Response

from app import __version__
from app.core import i18n, switches
from app.engine import Card, Option, Preset
from app.engine import rules as engine_rules
from app.web.cardwords import card_name, card_noun, the_card
from app.web.display import DEFAULT as DEFAULT_DISPLAY
from app.web.display import Display, shown_display
from app.web.links import cookie_path, template_context
from app.web.unitofwork import finish, state_value

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES_DIR = ROOT / "templates"
STATIC_DIR = ROOT / "static"
NOTICE_COOKIE = "gin_notice"
"""A one-time notice for the next whole page (``app.web.errors.afresh`` sets it)."""
SET_ASIDE = "set-aside"
"""Its value when rows of this browser that could not be read were set aside."""

_GETTEXT_NAMES = frozenset({"_", "gettext"})


class PageEnvironment(Environment):
    """The templates' Jinja2 environment, with two changes that make a render cheaper
    (the play screen renders on every tap: issue 27, "a cheap tap"):

    * a template's globals are one plain dict, the environment's globals as they are when
      the template is loaded (Jinja2's own are a ``ChainMap`` over them, which each render
      copies key by key). Jinja2's rule is already that globals do not change once
      templates are loaded; every global here is set when this module is imported.
    * In an environment made for one language (``language`` set: :func:`templates_in`),
      ``_("…")`` and ``{% trans %}…{% endtrans %}`` with no values are translated when a
      template is compiled, into the page's text: no call per message and render. A
      message with values, a plural and a ``_(name)`` are looked up when the page is
      rendered (:func:`page_gettext`), as is every message of a template that binds ``_``
      or ``gettext`` itself (a loop variable, a ``set``). The hook is Jinja2's ``_parse``,
      the step between parsing and compiling (no public one exists): the lock file pins
      Jinja2, and ``tests/unit/web/test_page_environment.py`` fails if the hook moves.
    """

    language: str | None = None

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return {**self.globals, **(d or {})}

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        tree = super()._parse(source, name, filename)
        rebinds = any(found.name in _GETTEXT_NAMES and found.ctx != "load"
                      for found in tree.find_all(nodes.Name))
        if self.language is None or rebinds:
            return tree
        translated: nodes.Template = _Translated(self, self.language).visit(tree)
        return translated


class _Translated(NodeTransformer):
    """A template's ``_("…")`` calls with one constant message and nothing else, as the
    markup :func:`page_gettext` would return for them in ``language``."""

    def __init__(self, environment: Environment, language: str) -> None:
        self.environment, self.language = environment, language

    def visit_Call(self, node: nodes.Call) -> nodes.Node:
        self.generic_visit(node)
        message = node.args[0] if len(node.args) == 1 else None
        if not (isinstance(node.node, nodes.Name) and node.node.name in _GETTEXT_NAMES
                and isinstance(message, nodes.Const) and isinstance(message.value, str)
                and not node.kwargs and node.dyn_args is None and node.dyn_kwargs is None):
            return node
        text = nodes.Const(str(_page_text(self.language, message.value)), lineno=node.lineno)
        return nodes.MarkSafe(text, lineno=node.lineno).set_environment(self.environment)


templates = Jinja2Blocks(
    env=PageEnvironment(
        loader=FileSystemLoader(TEMPLATES_DIR),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
        # The templates ship with the app and do not change while it runs: no stat of
        # each template file on every render.
        auto_reload=False,
        # Every template stays compiled once loaded (a plain dict: the app ships some 80
        # templates, under Jinja2's default of 400), so a render's look-up of its
        # template and of each template it includes or imports takes no lock and moves
        # nothing, as Jinja2's least-recently-used cache does; the language
        # environments (:func:`templates_in`) keep a plain dict too.
        cache_size=-1,
    ),
    context_processors=[template_context],
)


def page_gettext(message: str, **values: object) -> Markup:
    """``_("…")`` and ``{% trans %}`` in a template: ``message`` in the request's language
    (``app.core.i18n``), its ``%(name)s`` placeholders filled with the values escaped.

    What Jinja2's new-style gettext does on an autoescaped page (every page here), as a
    plain function: Jinja2's own is a context function, and a call of one inside a loop
    or a block first copies the template's context; the play screen makes some 60 such
    calls on every tap. A message with no values is kept as markup per language
    (:func:`_page_text`); the templates ``render`` uses have those compiled in already
    (:class:`PageEnvironment`)."""
    if not values:
        return _page_text(i18n.current(), message)
    return Markup(i18n.lookup(message)) % values


@lru_cache(maxsize=8192)
def _page_text(language: str, message: str) -> Markup:
    # As Jinja2 fills a message with no values: "%%" becomes "%".
    return Markup(i18n.looked_up(language, message)) % {}


def page_ngettext(singular: str, plural: str, num: int, **values: object) -> Markup:
    """The plural form of ``{% trans count=… %}…{% pluralize %}…`` for ``num`` (as
    :func:`page_gettext`; ``num`` fills ``%(num)s`` unless given)."""
    values.setdefault("num", num)
    return Markup(i18n.lookup_plural(singular, plural, num)) % values


def page_pgettext(context: str, message: str, **values: object) -> Markup:
    """``pgettext("hand kind", "Knock")`` in a template: ``message`` in ``context``
    (``app.core.i18n.pgettext``), as :func:`page_gettext` escapes the values."""
    return Markup(i18n.looked_up_in(i18n.current(), context, message)) % values


# {% trans %} and _() in every template, in the request's language: the extension compiles
# them new-style (the values passed to the callables, which fill them).
templates.env.newstyle_gettext = True  # type: ignore[attr-defined]
templates.env.globals.update(_=page_gettext, gettext=page_gettext, ngettext=page_ngettext,
                             pgettext=page_pgettext)


@lru_cache(maxsize=len(i18n.LANGUAGES))
def templates_in(language: str) -> Jinja2Blocks:
    """The templates as :data:`templates`, compiled for ``language`` (one of
    ``i18n.LANGUAGES``): their messages with no values already translated
    (:class:`PageEnvironment`). Made when the language's first page is rendered; the
    templates keep :data:`templates`' globals, filters and settings. ``render`` uses the
    request's language (``i18n.current()``, the language ``page_gettext`` looks up)."""
    environment = templates.env.overlay()
    environment.language = language  # type: ignore[attr-defined]
    return Jinja2Blocks(env=environment, context_processors=[template_context])


def _card(card: "Card | str") -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


def card_rank(card: "Card | str") -> str:
    """Rank as printed in the card's corner: ``A 2 … 10 J Q K``."""
    code = _card(card).rank.value
    return "10" if code == "T" else code


def card_suit_symbol(card: "Card | str") -> str:
    """Suit symbol forced to text (not emoji) presentation: ``♥︎``."""
    return _card(card).suit.symbol + "\ufe0e"


def card_is_red(card: "Card | str") -> bool:
    """True for hearts and diamonds."""
    return _card(card).suit.is_red


@lru_cache(maxsize=1024)
def _card_face(code: str, size: str, decorative: bool, extra_class: str, base: str,
               language: str) -> Markup:  # language: the cache key of the name's words
    card = Card.parse(code)
    colour = "card--red" if card.suit.is_red else "card--black"
    # card--clubs … card--spades: the four-colour deck (Settings) colours by suit
    classes = f"card card--{size} {colour} card--{card.suit.label}" + (
        " card--ten" if card.rank.value == "T" else "") + (
        f" {extra_class}" if extra_class else ""
    )
    label = ' aria-hidden="true"' if decorative else \
        f' role="img" aria-label="{escape(card_name(card))}"'
    rank, suit = card_rank(card), card_suit_symbol(card)
    sprite = escape(base) + static_url("cards.svg")
    corner = f"<span>{rank}</span><span>{suit}</span>"
    return Markup(
        f'<span class="{escape(classes)}"{label}>\n'
        f'<svg class="card__art" aria-hidden="true" focusable="false" viewBox="0 0 100 140">'
        f'<use href="{sprite}#{card.rank.value}{card.suit.value}"/></svg>\n'
        f'<span class="card__corner" aria-hidden="true">{corner}</span>\n'
        f'<span class="card__corner card__corner--end" aria-hidden="true">{corner}</span>\n'
        "</span>"
    )


def card_face(card: "Card | str", size: str = "sm", decorative: bool = False,
              extra_class: str = "", base: str = "") -> Markup:
    """A face-up card (see ``templates/_cards.html``), cached per card, size and classes: the
    play screen draws some 25 cards on every tap. The corner indices are HTML text; the
    pips or the court figure are a ``<use>`` of the card's symbol in ``static/cards.svg``
    (drawn by ``tools/card_sprite.py``; one file, cached), under ``base``, the app's
    sub-path (``app.web.links``)."""
    return _card_face(str(card), size, bool(decorative), extra_class or "", base or "",
                      i18n.current())


@lru_cache(maxsize=256)
def _card_back(size: str, label: str | None, extra_class: str) -> Markup:
    classes = f"card card--{size} card--back" + (f" {extra_class}" if extra_class else "")
    named = ' aria-hidden="true"' if label is None else \
        f' role="img" aria-label="{escape(label)}"'
    return Markup(f'<span class="{escape(classes)}"{named}></span>')


FACE_DOWN = i18n.N_("Face-down card")
"""The name of a face-down card (marked here so ``make messages`` keeps it)."""


def card_back(size: str = "sm", label: "bool | str | None" = True,
              extra_class: str = "") -> Markup:
    """A face-down card (see ``templates/_cards.html``), cached per size, label and
    classes: ``label`` ``True`` names it "Face-down card" (in the request's language),
    another true value names it so, a false one (``None``) makes it decorative
    (``aria-hidden``)."""
    named = None if not label else i18n.lookup(FACE_DOWN) if label is True else str(label)
    return _card_back(size, named, extra_class or "")


FRAGMENTS = 2048
"""How many rendered fragments :func:`fragment` keeps (the least recently used leave
first): a score table of 20 hands is some 3 KB, so a few MB at most."""


def fragment(template: str, macro: str, *args: Any) -> Markup:
    """The markup of ``macro`` in ``template`` called with ``args``, in the request's
    language, rendered once per language and arguments and then kept (issue 46, "a
    cheaper tap"): ``{{ fragment("play/_score_table.html", "score_table", s.score_rows,
    …) }}``. For markup that every tap draws but that changes seldom: the table of the
    match's hands (the play screen's sheet, changed when a hand ends). Markup that
    changes on most taps gains nothing (the hand's cards, the discard pile: tried, a
    miss costs the key and the macro's call on top of the render).

    The macro must depend on its arguments, the globals and its compiled-in messages only
    (a *context-free* macro: it is called from the template's module made without any
    render's context, so a context variable such as ``base`` must be an argument); the
    arguments must be hashable values (frozen dataclasses, tuples, strings), each
    argument's type is part of the key (a ``Markup`` and a ``str`` of the same text are
    escaped differently). Equal arguments give the same markup, so a change (a new row, a
    new card on the pile, another language) is a new key and never an old fragment."""
    return _fragment(i18n.current(), template, macro,
                     tuple((type(arg), arg) for arg in args))


@lru_cache(maxsize=FRAGMENTS)
def _fragment(language: str, template: str, macro: str,
              key: tuple[tuple[type, Any], ...]) -> Markup:
    module = templates_in(language).env.get_template(template).module
    return Markup(getattr(module, macro)(*(arg for _type, arg in key)))


def notice_for(key: str, catalogue: Mapping[str, str]) -> str:
    """The notice a link names by a fixed key (``?done=signed-out``), in the page's
    language: ``catalogue[key]`` translated, ``""`` for any other key. A notice never
    comes from the link's own words, nor a status from its query string
    (tests/web/test_query_strings.py)."""
    message = catalogue.get(key)
    return "" if message is None else i18n.gettext(message)


@lru_cache(maxsize=64)
def static_url(path: str) -> str:
    """App path of a file under ``static/`` with a content hash, safe to cache forever
    (the browser's URL is ``base`` + this, see :mod:`app.web.links`)."""
    file = (STATIC_DIR / path).resolve()
    if not file.is_relative_to(STATIC_DIR) or not file.is_file():
        raise ValueError(f"no static file {path!r}")
    digest = hashlib.sha256(file.read_bytes()).hexdigest()[:10]
    return f"/static/{path}?v={digest}"


# A module's static imports of its neighbours: ``from "./name.js"``, ``import "./name.js"``.
_NEIGHBOUR_IMPORT = re.compile(r"""(?:\bfrom|^import)\s*["']\./([\w-]+\.js)["']""", re.MULTILINE)


@lru_cache(maxsize=16)
def module_preloads(entry: str) -> tuple[str, ...]:
    """App paths of the modules ``entry`` (a module under ``static/``, e.g.
    ``"table/tablepage.js"``) imports, itself aside, directly or through others, in a
    stable order: each written in a page's head as ``<link rel="modulepreload">``, so
    the browser asks for all of them at once instead of one import depth after the other
    (seven deep for the table: seven round trips to a playable table on a fresh or
    revalidating load). Unversioned, as the imports name them (``/static/table/page.js``:
    revalidated, ``no-cache``). Raises ``ValueError`` for no such file."""
    static_url(entry)  # the file exists, under static/
    folder = (STATIC_DIR / entry).parent
    seen: dict[str, None] = {}
    todo = [STATIC_DIR / entry]
    while todo:
        text = todo.pop().read_text(encoding="utf-8")
        for name in _NEIGHBOUR_IMPORT.findall(text):
            path = (folder / name).relative_to(STATIC_DIR).as_posix()
            if path != entry and path not in seen:
                seen[path] = None
                todo.append(folder / name)
    return tuple(f"/static/{path}" for path in sorted(seen))


SCRIPT_WORDS = {
    "unreachable": i18n.N_("The server could not be reached, so nothing was changed: tap "
                           "again."),
    "place": i18n.N_("%(card)s: place %(place)s of %(total)s."),
    "copied": i18n.N_("Copied"),
    "choose": i18n.N_("Select a card first, then tap %(action)s."),
    "not_with": i18n.N_("Not with this card: %(note)s"),
    "again": i18n.N_("Tap it again to discard it."),
    "passing": i18n.N_("You pass…"),
    "discarding": i18n.N_("You discard…"),
    "not_now": i18n.N_("%(action)s is not open now."),
}
"""The sentences static/play.js writes itself, by key; a page hands them over in its
language with ``<script type="application/json" id="script-words">{{ script_words()|tojson
}}</script>`` (placeholders left for the script to fill)."""


def script_words() -> dict[str, str]:
    """:data:`SCRIPT_WORDS` in the request's language."""
    return {key: i18n.lookup(message) for key, message in SCRIPT_WORDS.items()}


def table_options() -> tuple[Option, ...]:
    """The engine's one table of the table options (:data:`app.engine.OPTIONS`), read
    when a form is rendered."""
    return engine_rules.OPTIONS


SOUNDS = ("snap", "shuffle", "knock", "gin", "undercut", "won")
"""The play table's sounds, ``static/sounds/<name>.wav`` (made by tools/make_sounds.py)."""


def sound_files() -> dict[str, str]:
    """Each sound's app path with its content hash (static/sound.js fetches them)."""
    return {name: static_url(f"sounds/{name}.wav") for name in SOUNDS}


KEYS: dict[str, str] = {
    # Translators: keyboard keys of the play table, one letter each, in the context
    # "keyboard key": pick the first letter of the button's word in your language where
    # you can (Spanish knock "Cerrar": C), all different within the table.
    "draw_stock": i18n.NC_("keyboard key", "S"),  # Draw from the stock
    "take": i18n.NC_("keyboard key", "T"),  # Take the discard (or the upcard)
    "pass": i18n.NC_("keyboard key", "P"),  # Pass on the upcard
    "discard": i18n.NC_("keyboard key", "D"),  # Discard
    "knock": i18n.NC_("keyboard key", "K"),  # Knock
    "gin": i18n.NC_("keyboard key", "G"),  # Gin
    "big_gin": i18n.NC_("keyboard key", "B"),  # Big gin
    "next_hand": i18n.NC_("keyboard key", "N"),  # Next hand, Rematch
    "pile": i18n.NC_("keyboard key", "H"),  # Show the discard pile
    "read": i18n.NC_("keyboard key", "R"),  # Read the table aloud
}
"""The play table's keyboard keys by action, each a letter of the page's language
(``key(action)``: lower case, a button's ``data-key``; the Keys panel shows it in
capitals). static/table/keys.js presses the button whose ``data-key`` is the key."""


def key(action: str) -> str:
    """The keyboard key of ``action`` (a :data:`KEYS` name) in the page's language, lower
    case (``"k"``; Spanish ``"c"``, the knock being *Cerrar*)."""
    return i18n.pgettext("keyboard key", KEYS[action]).lower()


def scoring_presets() -> tuple[Preset, ...]:
    """The engine's scoring presets (:data:`app.engine.PRESETS`), House first."""
    return engine_rules.PRESETS


templates.env.globals.update(
    app_version=__version__,
    static_url=static_url,
    module_preloads=module_preloads,
    card_name=card_name,
    the_card=the_card,
    card_noun=card_noun,
    script_words=script_words,
    card_rank=card_rank,
    card_suit_symbol=card_suit_symbol,
    card_is_red=card_is_red,
    card_face=card_face,
    card_back=card_back,
    fragment=fragment,
    default_display=DEFAULT_DISPLAY,
    table_options=table_options,
    scoring_presets=scoring_presets,
    sound_files=sound_files,
    key=key,
    number=i18n.number,
    date=i18n.date,
    moment=i18n.moment,
)
# The formats of the page's language (docs/translating.md, "Numbers, dates, lists"): every
# date, percentage and list a page prints goes through these (Babel's locale data), never
# through isoformat() or a "%" glued to a number (tests/web/test_no_english_left.py).
templates.env.filters.update(
    day=i18n.date,            # {{ daily.day|day }}: 06.12.2026, 6 dic 2026
    percent=i18n.percentage,  # {{ rate|percent }} (0-100): 54 %, 54%
    num=i18n.number,          # {{ x|num(1) }}: 1.234,5
    listing=i18n.listing,     # {{ numbers|listing }}: 1, 2 und 3
)


def is_htmx(request: Request) -> bool:
    """True for a request made by htmx (not a boosted navigation or history restore)."""
    headers = request.headers
    return (
        headers.get("hx-request") == "true"
        and headers.get("hx-boosted") != "true"
        and headers.get("hx-history-restore-request") != "true"
    )


def settle(request: Request, status_code: int = 200) -> None:
    """End the request's unit of work now, as :func:`render` does first (committed, or
    rolled back for an answer of ``status_code`` 400 or more), for a route that builds
    its page's model after writing: the writer lock is then held for the writes alone,
    not while the model is built. The rows loaded keep their values."""
    finish(request, commit=status_code < 400)


def fields_of(model: "DataclassInstance") -> dict[str, Any]:
    """A view model's fields by name, as they are (not copied: unlike
    ``dataclasses.asdict``, nested models and lists stay the objects the template reads)."""
    return {field.name: getattr(model, field.name) for field in dataclasses.fields(model)}


def render(
    request: Request,
    template: str,
    context: "Mapping[str, Any] | DataclassInstance | None" = None,
    block: str | Sequence[str] | None = None,
    *,
    status_code: int = 200,
    headers: Mapping[str, str] | None = None,
    display: Display | None = None,
) -> Response:
    """Render ``template``, or only ``block`` (one name or several) for an htmx request.
    ``context`` is a mapping, or a page's view model (a dataclass instance: the template
    reads its fields by name, :func:`fields_of`).

    A plain request (no JavaScript, tests, reload) always gets the whole page, so every
    route works without htmx. Responses vary on ``HX-Request``.

    The request's unit of work ends first (``app.web.unitofwork.finish``): what the route wrote
    is committed — rolled back instead for an answer of 400 or more, a refusal changes
    nothing — so rendering holds no transaction and no lock; load everything the
    template shows before calling this.
    A whole page gets this browser's display settings as ``display``: the ``display``
    given, else the one ``app.web.deps.get_display`` read for this request (``DEFAULT``
    when none did). Rendering never reads them from the database. ``lang`` is the
    page's language (``app.web.deps.use_language``; English when nothing chose one);
    a page whose language came from ``Accept-Language`` varies on it. A whole page shows
    the operator's ``announcement`` (``app.core.switches``) and, once, the notice of
    :data:`NOTICE_COOKIE` (``set_aside_notice``).
    """
    finish(request, commit=status_code < 400)
    ctx = dict(context or {}) if context is None or isinstance(context, Mapping) \
        else fields_of(context)
    varies = "HX-Request, Accept-Language" if state_value(request, "language_varies",
                                                          False) else "HX-Request"
    # Content-Language: the language the answer is in. A page's script swaps a fragment
    # in only when it is the page's own (static/app.js: a language switched in another
    # tab reloads that tab's page instead of mixing two languages).
    all_headers = {"Vary": varies, "Content-Language": state_value(request, "language",
                                                                   i18n.SOURCE),
                   **(headers or {})}
    whole_page = block is None or not is_htmx(request)
    if whole_page and "display" not in ctx:
        ctx["display"] = display if display is not None else shown_display(request)
    ctx.setdefault("lang", state_value(request, "language", i18n.SOURCE))
    if whole_page:
        ctx.setdefault("announcement", switches.announcement(request.app.state.engine))
    notice = whole_page and request.cookies.get(NOTICE_COOKIE) == SET_ASIDE
    if notice:
        ctx["set_aside_notice"] = True
    response = _template_response(request, template, ctx, block, whole_page, status_code,
                                  all_headers)
    if notice:
        response.delete_cookie(NOTICE_COOKIE, path=cookie_path(request.scope))
    return response


def _template_response(request: Request, template: str, ctx: dict[str, Any],
                       block: str | Sequence[str] | None, whole_page: bool,
                       status_code: int, all_headers: dict[str, str]) -> Response:
    blocks = templates_in(i18n.current())
    if not whole_page and block is not None:
        if isinstance(block, str):
            return blocks.TemplateResponse(
                request, template, ctx, status_code=status_code, headers=all_headers,
                block_name=block,
            )
        return blocks.TemplateResponse(
            request, template, ctx, status_code=status_code, headers=all_headers,
            block_names=list(block),
        )
    return blocks.TemplateResponse(
        request, template, ctx, status_code=status_code, headers=all_headers
    )


def refused_at(notice: str, field: str = "") -> dict[str, Any]:
    """A form page's refusal as its template takes it (templates/_errors.html):
    ``notice`` at the form ``field`` it names (``errors``: the message by the field's
    name), or, naming none, in the page's status line (``notice``)."""
    return {"notice": "" if field else notice,
            "errors": {field: notice} if field and notice else {}}
