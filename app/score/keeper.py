"""The Score pages' glue in one name: what :mod:`app.routes.score` and the Score
templates (as ``sk``) use, from the three modules that hold it —

* :mod:`app.score.forms` — form parsing and the values forms show, the import, the
  deadwood calculator;
* :mod:`app.score.storage` — a browser's sheets in the database;
* :mod:`app.score.views` — what the templates show about a computed sheet;
* :mod:`app.web.phrases` — the sheet's refusals, sums and option effects in the page's
  language (``in_words``, ``errors_in_words``, ``arithmetic``).

Nothing is defined here: the route and the templates keep one namespace while each
concern has its own module.
"""

from app.engine.rules import MAX_BONUS
from app.score.forms import (
    CARD_FIELDS,
    GRID,
    MAX_CARDS_TEXT,
    MAX_IMPORT_BYTES,
    MAX_IMPORT_DEPTH,
    MAX_TARGET,
    NUMBER_HINTS,
    NUMBER_LIMITS,
    NUMBER_OPTIONS,
    OPTION_LABELS,
    OPTIONAL_NUMBERS,
    RANKS,
    SUITS,
    SWITCH_OPTIONS,
    calc_names,
    count_from_cards,
    entry_form,
    import_sheet,
    parse_entry,
    parse_hand_cards,
    parse_setup,
    setup_form,
    within_form_limits,
)
from app.score.storage import (
    MAX_SHEETS_PER_SESSION,
    SHARE_TOKEN_BYTES,
    StaleSheetError,
    count_sheets,
    create_sheet,
    delete_sheet,
    evening,
    get_shared,
    get_sheet,
    list_sheets,
    load,
    redo_stack,
    rematch_of,
    save_sheet,
    title_for,
)
from app.score.views import (
    KIND_LABELS,
    RowView,
    card_list,
    describe,
    game_result,
    result_of,
    rules_line,
    summary,
)
from app.web.phrases import by_field as errors_in_words
from app.web.phrases import in_words
from app.web.phrases import score_words as arithmetic

__all__ = [
    "CARD_FIELDS", "GRID", "KIND_LABELS", "MAX_BONUS", "MAX_CARDS_TEXT", "MAX_IMPORT_BYTES",
    "MAX_IMPORT_DEPTH", "MAX_SHEETS_PER_SESSION", "MAX_TARGET", "NUMBER_HINTS",
    "NUMBER_LIMITS", "NUMBER_OPTIONS", "OPTIONAL_NUMBERS", "OPTION_LABELS", "RANKS",
    "SHARE_TOKEN_BYTES", "SUITS", "SWITCH_OPTIONS", "RowView", "StaleSheetError",
    "arithmetic", "calc_names", "card_list", "count_from_cards", "count_sheets", "create_sheet",
    "delete_sheet", "describe", "entry_form", "errors_in_words",
    "in_words", "evening", "game_result", "get_shared",
    "get_sheet", "import_sheet", "list_sheets", "load", "parse_entry", "parse_hand_cards",
    "parse_setup", "redo_stack", "rematch_of", "result_of", "rules_line", "save_sheet",
    "setup_form", "summary", "title_for", "within_form_limits",
]
