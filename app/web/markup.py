"""The markup contract: every ``id`` and ``data-*`` attribute that the browser scripts
(``static/**/*.js``: the play table's modules under ``static/table/``, ``sound.js``,
``learn.js``, ``review.js``, ``score.js``, ``app.js``) read or write, in one place.

A template that renames or drops one of these breaks a script without a word; a script
that reads a new one must add it here. Two tests hold both sides to it:

* ``tests/unit/web/test_markup_contract_of_scripts.py`` scans the scripts for the ids and data
  attributes they name (``getElementById("…")``, ``#id`` and ``[data-…]`` in a
  selector, ``dataset.name``, ``getAttribute("data-…")``) and fails on any not listed
  here, and on an entry that no script names any more;
* ``tests/web/test_markup_contract.py`` renders each table (against the computer, a
  friend match, the daily deal, a practice hand, the lesson) and finds on it every hook
  whose :attr:`Hook.tables` names that table.

A name with ``<…>`` is a family (``c-<card>``: ``c-QS``, ``c-10H``…): its :attr:`Hook.prefix`
is what the scripts build it from. Nothing in the app imports this module; it is
documentation that the tests check (see docs/ARCHITECTURE.md, *The client*).
"""

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal


class Table(StrEnum):
    """The pages that draw the play table (``templates/play/table.html``)."""

    COMPUTER = "computer"    # /play, a match against the computer
    FRIEND = "friend"        # /play?match=<id>, a friend match
    DAILY = "daily"          # /daily, the daily deal
    PRACTICE = "practice"    # /play/practice, Try again from here
    LESSON = "lesson"        # /learn, Learn by playing


EVERY_TABLE = frozenset(Table)
NO_TABLE: frozenset[Table] = frozenset()


@dataclass(frozen=True)
class Hook:
    """One id or ``data-*`` attribute the scripts depend on.

    ``name``: the id (``table``, ``c-<card>``) or the attribute (``data-acts``);
    ``where``: the element that carries it, and on which pages; ``scripts``: the files
    under ``static/`` that use it; ``meaning``: what they do with it; ``tables``: the
    tables whose first render always carries it (the render test checks these; a hook
    present only in some states, such as the computer's moves, names none);
    ``written``: the script sets it itself (it is never in a template).
    """

    name: str
    kind: Literal["id", "data"]
    where: str
    scripts: tuple[str, ...]
    meaning: str
    tables: frozenset[Table] = NO_TABLE
    written: bool = False

    @property
    def prefix(self) -> str | None:
        """For a family (``c-<card>``), what its members start with (``c-``); else None."""
        return self.name.split("<", 1)[0] if "<" in self.name else None


def _id(name: str, where: str, scripts: str, meaning: str,
        tables: frozenset[Table] = NO_TABLE, written: bool = False) -> Hook:
    return Hook(name, "id", where, tuple(scripts.split()), meaning, tables, written)


def _data(name: str, where: str, scripts: str, meaning: str,
          tables: frozenset[Table] = NO_TABLE, written: bool = False) -> Hook:
    return Hook(name, "data", where, tuple(scripts.split()), meaning, tables, written)


_BUT_LESSON_AND_DAILY = frozenset({Table.COMPUTER, Table.FRIEND, Table.PRACTICE})
_PLAY_MATCHES = frozenset({Table.COMPUTER, Table.FRIEND})

HOOKS: tuple[Hook, ...] = (
    # --- the play table (static/table/, sound.js, learn.js) --------------------------------
    _id("table", "the table's root <div>, replaced whole by each answer", "table/page.js "
        "table/queue.js table/swap.js table/motion.js table/main.js",
        "what a tap's answer replaces (htmx: select #table); its data- attributes below",
        EVERY_TABLE),
    _id("status", "the status line, in the status block of every table", "table/swap.js "
        "table/queue.js table/hint.js",
        "filled from the answer's (htmx: select-oob innerHTML); a refused tap's reason "
        "(queue.js refuse(): the unreachable line, the card that cannot go, no card chosen), "
        "Pass's and a discard's pending line", EVERY_TABLE),
    _id("step-help", "the step's Rules link, in the status block", "table/swap.js",
        "filled from the answer's (htmx: select-oob innerHTML)", EVERY_TABLE),
    _id("computer-live", "a live region in the status block", "table/swap.js",
        "the other side's move, announced (a repeat read again), never swapped", EVERY_TABLE),
    _id("board", "the table's <form> of taps (data-play)", "table/page.js table/turn.js sound.js",
        "the hand's radios are found in it; no board, no computer's turn played out",
        EVERY_TABLE),
    _id("c-<card>", "each card of your hand: its radio (name card, value the code)",
        "table/queue.js table/swap.js",
        "a queued tap's card still held; the selection kept across a swap", EVERY_TABLE),
    _id("a-<action>", "each action button (a-discard, a-knock, a-gin, a-draw_stock, a-take, "
        "a-pass, a-hint, a-rematch…)", "table/select.js table/queue.js table/hint.js sound.js",
        "aria-disabled after the selection; a queued tap's button still there and enabled; "
        "the card buttons take taps while a draw is in flight; Pass aria-pressed at its tap",
        EVERY_TABLE),
    _id("hand-note", "the note under your hand", "table/select.js",
        "shows the selected card's data-note (and how it goes), else its own data-default",
        EVERY_TABLE),
    _id("read-table", "the Read the table button (data-key r)", "table/keys.js table/focus.js",
        "speaks #table-summary-text; never given the focus after a swap", EVERY_TABLE),
    _id("table-summary-text", "the table in words, in the summary sheet", "table/keys.js",
        "what Read the table speaks", EVERY_TABLE),
    _id("table-read", "a live region after the table", "table/keys.js table/arrange.js",
        "Read the table's words; a moved card's new place", EVERY_TABLE),
    _id("keys-help", "the Keys sheet (a popover)", "table/keys.js", "? opens and closes it",
        EVERY_TABLE),
    _id("script-words", "<script type=\"application/json\"> of the page's words",
        "table/page.js", "the sentences the scripts write, in the page's language",
        EVERY_TABLE),
    _id("score-button", "the score bar's button", "table/focus.js",
        "the focus's last resort after a swap", _BUT_LESSON_AND_DAILY),
    _id("move-cards", "<template> of the faces the computer's turn shows (with data-moves)",
        "table/turn.js", "the flown cards' faces, by data-code"),
    _id("result-title", "the hand's headline once a hand is over", "sound.js",
        "a new headline: gin, knock, undercut sounds"),
    _id("hint", "the Expert's advice and its form, against the computer", "table/hint.js",
        "placed where it hides nothing the step needs; closed", frozenset({Table.COMPUTER})),
    _id("coach", "the lesson's panel", "learn.js",
        "its data-teach-button and data-teach-card are marked", frozenset({Table.LESSON})),
    _id("live", "the friend match's listener (outside the table), and the invite page's",
        "table/live.js table/main.js",
        "its data-events, data-pulse, data-matches, data-open, data-version",
        frozenset({Table.FRIEND})),
    _id("turns", "the notice of matches where it is your turn", "table/live.js",
        "swapped from data-matches (htmx: select-oob); its data-turns notified"),
    _id("matches", "the list of matches in progress", "table/live.js table/main.js",
        "swapped from data-matches (htmx: select-oob)"),
    _data("data-post", "#table", "table/page.js",
          "where the table's taps go (/play, /learn, /play/practice, /daily/<day>)", EVERY_TABLE),
    _data("data-version", "#table; #live on the invite page", "table/live.js",
          "the table's version, compared with a friend's pulse; the invite page reloads "
          "when it moves", EVERY_TABLE),
    _data("data-phase", "#table", "table/hint.js sound.js",
          "draw, upcard_offer or discard: where the hint may sit, your turn's sound",
          EVERY_TABLE),
    _data("data-dealer", "#table", "table/motion.js", "you or other: who is dealt to first",
          EVERY_TABLE),
    _data("data-away", "#table of a friend match", "table/live.js",
          "1 when the friend is away, compared with the pulse", frozenset({Table.FRIEND})),
    _data("data-moves", "#table after the other side moved", "table/turn.js",
          "the computer's turn to play out: stock, take:<card>, discard:<card>"),
    _data("data-under", "#table with data-moves", "table/turn.js",
          "the pile's card under the computer's discard"),
    _data("data-code", "each face in #move-cards", "table/turn.js", "the face's card code"),
    _data("data-card", "each slot of your hand; the pile's top", "table/motion.js "
          "table/arrange.js table/swap.js learn.js",
          "the card's code: cards matched across a swap, the order of the hand", EVERY_TABLE),
    _data("data-acts", "each card's radio when you are to discard", "table/page.js "
          "table/focus.js", "the moves discarding it allows: discard, knock, gin"),
    _data("data-note", "each card's radio when you are to discard", "table/select.js",
          "the note shown while it is selected"),
    _data("data-left", "each card's radio when you are to discard", "table/motion.js",
          "the deadwood its discard leaves: the badge by Your hand reads it while that "
          "discard waits for its answer"),
    _data("data-default", "#hand-note", "table/select.js", "the note with no card selected",
          EVERY_TABLE),
    _data("data-key", "the table's buttons", "table/keys.js",
          "the letter that presses it (R: Read the table…)", EVERY_TABLE),
    _data("data-play", "#board", "table/forms.js", "its taps go through the queue",
          EVERY_TABLE),
    _data("data-replace", "the New match form (#new-match)", "table/start.js",
          "opened in place of this history entry", _PLAY_MATCHES),
    _data("data-start", "the New match page's form; Rematch", "table/start.js",
          "posted by the script, the history entry replaced, the new hand dealt"),
    _data("data-preset-values", "each scoring preset's radio on the New match page",
          "table/start.js", "the preset's scoring options (JSON), shown in the fields when "
          "it is chosen"),
    _data("data-scoring", "the New match page's fieldset of scoring options",
          "table/start.js", "a field changed inside it makes the scoring the player's own"),
    _data("data-events", "#live", "table/live.js", "the event stream (/play/events)",
          frozenset({Table.FRIEND})),
    _data("data-pulse", "#live", "table/live.js", "the pulse polled when the stream fails",
          frozenset({Table.FRIEND})),
    _data("data-matches", "#live", "table/live.js", "where #turns and #matches are fetched",
          frozenset({Table.FRIEND})),
    _data("data-open", "#live on the invite page", "table/live.js",
          "the table opened once the friend has joined"),
    _data("data-poll", "#live (none renders it)", "table/live.js",
          "poll instead of listening to the stream"),
    _data("data-turns", "#turns", "table/live.js", "the match ids where it is your turn"),
    _data("data-turn-text", "each link of #turns", "table/live.js", "the notification's text"),
    _data("data-notify", "the Notify me button of #matches", "table/live.js table/main.js",
          "asks for notifications, on a tap only"),
    _data("data-notify-on", "the line saying notifications are on", "table/live.js",
          "shown once they are"),
    _data("data-wired", "the Notify me button", "table/live.js", "its listener is set",
          written=True),
    _data("data-copy-target", "the invite page's Copy button", "table/live.js",
          "the id of the field it copies"),
    _data("data-share-url", "the invite page's Share button", "table/live.js", "the URL shared"),
    _data("data-teach-button", "#coach", "learn.js", "the id of the control to mark"),
    _data("data-teach-card", "#coach", "learn.js", "the code of the card to mark"),
    # --- <html>, on every page (app.web.display) ---------------------------------------
    _data("data-computer-turn-ms", "<html>", "table/turn.js",
          "how long the computer's turn is shown (0: not at all)", EVERY_TABLE),
    _data("data-motion", "<html>", "table/page.js", "reduced: no motion at all", EVERY_TABLE),
    _data("data-sound", "<html>", "sound.js", "on: sounds on the table", EVERY_TABLE),
    _data("data-vibration", "<html>", "sound.js", "on: vibration on the table", EVERY_TABLE),
    _data("data-sounds", "the sound.js <script>", "sound.js",
          "each sound's file by name (app.web.render.sound_files)", EVERY_TABLE),
    _data("data-card-size", "<html>", "app.js", "the Settings page's preview sets it"),
    _data("data-deck", "<html>", "app.js", "the Settings page's preview sets it"),
    _data("data-theme", "<html>", "app.js", "the Settings page's preview sets it"),
    _data("data-play-ready", "<html>", "table/main.js table/tablepage.js",
          "the table's keys and taps are live (the browser tests wait for it)", written=True),
    # --- other pages -------------------------------------------------------------------
    _id("review", "the hand review's root (/play/history/…)", "review.js",
        "one position shown at a time"),
    _id("review-where", "the review's position line", "review.js", "\"3 / 50\""),
    _id("step-<n>", "each position of the review, its address's #step-N", "review.js",
        "the position opened from the address"),
    _data("data-go", "the review's First / Back / Forward / Last buttons", "review.js",
          "first, back, forward or last"),
    _data("data-together", "the review's root in Review together (/play/history/…/together)",
          "together.js", "where a step is posted (both players' pages follow it)"),
    _data("data-together-events", "the review's root in Review together", "together.js",
          "the stream of the steps either player takes"),
    _data("data-step", "each position of a review", "together.js",
          "its index: the step posted when it is shown"),
    _id("together-status", "Review together's status line", "together.js",
        "says when a step did not reach the server"),
    _data("data-offline", "#together-status", "together.js",
          "what it says then, in the page's language"),
    _id("watch", "the watch page's table (/watch/…)", "watch.js",
        "replaced by the view fetched on each move"),
    _id("watch-status", "the watch page's headline", "watch.js", "the moment in a sentence"),
    _id("watch-news", "the watch page's live region", "watch.js",
        "the last move, read out by a screen reader"),
    _id("preview", "the score sheet's preview box", "score.js", "the hand's score, previewed"),
    _id("entry", "the score sheet's entry form", "score.js", "the field focused again"),
    _data("data-grid", "the score sheet's card grids", "score.js",
          "the name of the checkboxes a code field fills"),
    _data("data-wait", "the score sheet's preview box", "score.js",
          "'Not scored yet' in the page's language"),
    _data("data-wait-because", "the score sheet's preview box", "score.js",
          "'Not scored yet: %s' in the page's language (the script puts the reason in)"),
)
"""Every hook, the play table's first."""


def hook(name: str) -> Hook | None:
    """The hook named ``name`` exactly (``table``, ``data-acts``), or the family it
    belongs to (``c-QS`` → ``c-<card>``; a bare prefix ``c-`` too), else None."""
    for entry in HOOKS:
        if entry.name == name:
            return entry
    for entry in HOOKS:
        if entry.prefix and name.startswith(entry.prefix):
            return entry
    return None
