"""The score sheet's English sentences in the page's language (issue 31).

The pure sheet (:mod:`app.score.sheet`, engine-only imports) refuses an entry and
describes an options change in English; the pages show them through :func:`in_words`,
which looks each sentence up in :data:`SENTENCES` (a
:class:`~app.web.phrasebook.Phrasebook`) and gives the catalogue's message with the same
values; a nested refusal (``problem``) in turn, and an engine refusal inside (the rules,
a card code) by ``app.play.refusals``. A sentence neither knows is shown as the sheet
wrote it.
"""

from __future__ import annotations

from collections.abc import Mapping

from app.core.i18n import N_, gettext
from app.play.refusals import refusal
from app.web.cardwords import card_values
from app.web.phrasebook import Phrasebook, card_named

SENTENCES: tuple[tuple[str, str], ...] = (
    (r"^hand (?P<number>\d+): (?P<problem>.+)$", N_("hand %(number)s: %(problem)s")),
    (r"^say what happened: knock, gin, big gin or void$",
     N_("say what happened: knock, gin, big gin or void")),
    (r"^Oklahoma: enter the first upcard, it sets the knock limit$",
     N_("Oklahoma: enter the first upcard, it sets the knock limit")),
    (r"^choose who knocked or went out: one of the two players of the hand$",
     N_("choose who knocked or went out: one of the two players of the hand")),
    (r"^big gin is off at this table: turn it on in the options$",
     N_("big gin is off at this table: turn it on in the options")),
    (r"^big gin means the knocker's deadwood is 0",
     N_("big gin means the knocker's deadwood is 0 (a count above 0 is a knock)")),
    (r"^gin means the knocker's deadwood is 0",
     N_("gin means the knocker's deadwood is 0 (a count above 0 is a knock)")),
    (r"^cannot knock with (?P<count>\d+): straight gin",
     N_("cannot knock with %(count)s: straight gin: there is no knocking, only gin (0) "
        "ends a hand")),
    (r"^cannot knock with (?P<count>\d+): the upcard is the (?P<card>[a-z ]+): only gin",
     N_("cannot knock with %(count)s: the upcard is %(card)s: only gin (0) ends this "
        "hand")),
    (r"^cannot knock with (?P<count>\d+): the upcard, the (?P<card>[a-z ]+), sets this "
     r"hand's knock limit to (?P<limit>\d+)",
     N_("cannot knock with %(count)s: the upcard, %(card)s, sets this hand's knock limit "
        "to %(limit)s, so the knocker's deadwood must be %(limit)s or less")),
    (r"^cannot knock with (?P<count>\d+): the knocker's deadwood must be (?P<limit>\d+) "
     r"or less to knock$",
     N_("cannot knock with %(count)s: the knocker's deadwood must be %(limit)s or less "
        "to knock")),
    (r"^the game is over: no more hands can be recorded$",
     N_("the game is over: no more hands can be recorded")),
    (r"^each player needs a different name$", N_("each player needs a different name")),
    (r"^player (?P<number>\d) needs a name$", N_("player %(number)s needs a name")),
    (r"^a name has at most (?P<most>\d+) characters$",
     N_("a name has at most %(most)s characters")),
    (r"^the number of players cannot change once hands are recorded$",
     N_("the number of players cannot change once hands are recorded")),
    (r"^the game is not over yet: finish it before a rematch$",
     N_("the game is not over yet: finish it before a rematch")),
    (r"^a sheet is for 2 players, or 3 for gin for three$",
     N_("a sheet is for 2 players, or 3 for gin for three")),
    (r"^the first dealer must be player 1 to (?P<players>\d)$",
     N_("the first dealer must be player 1 to %(players)s")),
    (r"^the first to sit out must be player 1 to 3$",
     N_("the first to sit out must be player 1 to 3")),
    (r"^the player sitting out cannot deal the first hand$",
     N_("the player sitting out cannot deal the first hand")),
    (r"^only gin for three says which two played$",
     N_("only gin for three says which two played")),
    (r"^two different players play each hand$", N_("two different players play each hand")),
    (r"^a void hand has no knocker$", N_("a void hand has no knocker")),
    (r"^the sheet needs (?P<count>\d+) names$", N_("the sheet needs %(count)s names")),
    (r"^enter (?P<count>\d+) names$", N_("enter %(count)s names")),
    (r"^a sheet holds at most (?P<most>\d+) hands$",
     N_("a sheet holds at most %(most)s hands")),
    (r"^a name cannot hold invisible or control characters \(found (?P<char>U\+[0-9A-F]+)\)",
     N_("a name cannot hold invisible or control characters (found %(char)s): type it "
        "again with letters, digits and spaces")),
    (r"^there is no hand (?P<number>\d+)$", N_("there is no hand %(number)s")),
    (r"^deleting hand (?P<number>\d+) would make the sheet invalid: (?P<problem>.+)$",
     N_("deleting hand %(number)s would make the sheet invalid: %(problem)s")),
    (r"^the game end(?:ed|s) with hand (?P<ended>\d+) "
     r"\((?:game (?P<game>\d) closed: )?(?P<name>.+) reached (?P<points>\d+) of "
     r"(?P<target>\d+)\), so hand (?P<number>\d+) cannot come after the end of the game$",
     N_("the game ended with hand %(ended)s (%(name)s reached %(points)s of %(target)s), "
        "so hand %(number)s cannot come after the end of the game")),
    (r"^the game ended with hand (?P<ended>\d+) ",
     N_("the game ended with hand %(ended)s, so no hand can come after it")),
    (r"^with these options (?P<problem>.+)$", N_("with these options %(problem)s")),
    (r"^the options have no rules$", N_("the options have no rules")),
    (r"^the rules are invalid: (?P<problem>.+)$", N_("the rules are invalid: %(problem)s")),
    (r"^option (?P<key>[a-z_]+) has the wrong type$",
     N_("option %(key)s has the wrong type")),
    (r"^unknown hand kind (?P<kind>.+)$", N_("unknown hand kind %(kind)s")),
    (r"^(?P<key>knocker|knocker_deadwood|defender_deadwood) must be a whole number$",
     N_("%(key)s must be a whole number")),
    (r"^upcard must be a card code$", N_("upcard must be a card code")),
    (r"^pair must be two player numbers$", N_("pair must be two player numbers")),
    (r"^this is not a Gin Rummy score sheet export$",
     N_("this is not a Gin Rummy score sheet export")),
    (r"^the export has no valid version number$",
     N_("the export has no valid version number")),
    (r"^the export is version (?P<version>\d+); this app reads up to version "
     r"(?P<most>\d+)$",
     N_("the export is version %(version)s; this app reads up to version %(most)s")),
    (r"^the export has no options$", N_("the export has no options")),
    (r"^the export's names must be a list of text$",
     N_("the export's names must be a list of text")),
    (r"^the export's hands must be a list$", N_("the export's hands must be a list")),
    (r"^the file is not valid JSON$", N_("the file is not valid JSON")),
    (r"^the file is not valid JSON \(.*, line (?P<line>\d+)\)$",
     N_("the file is not valid JSON (line %(line)s)")),
    (r"^the file is larger than (?P<kb>\d+) KB$", N_("the file is larger than %(kb)s KB")),
    (r"^the file is not UTF-8 text$", N_("the file is not UTF-8 text")),
    (r"^the file nests lists or objects more than (?P<most>\d+) deep$",
     N_("the file nests lists or objects more than %(most)s deep")),
    (r"^the file nests too deeply$", N_("the file nests too deeply")),
    (r"^This ends the game\.$", N_("This ends the game.")),
    (r"^This re-opens the game: nobody has won it any more\.$",
     N_("This re-opens the game: nobody has won it any more.")),
    (r"^(?P<name>.+) wins\.$", N_("%(name)s wins.")),
)
"""Each English sentence of the sheet that a page shows (a pattern for its start, or
the whole of it with ``$``), and its catalogue message."""


def in_words(text: str) -> str:
    """``text`` (a sentence of :mod:`app.score.sheet`) in the page's language; a
    sentence starting "hand 3: " keeps its hand in front."""
    return _BOOK.translate(text) or refusal(text.rstrip(".")) or text


def _values(groups: dict[str, str]) -> Mapping[str, object]:
    values: dict[str, object] = dict(groups)
    card = card_named(groups.get("card", ""))
    if card is not None:
        values["card"] = card_values(card)["card"]
    if "problem" in groups:
        values["problem"] = in_words(groups["problem"])
    if "game" in groups:  # Hollywood: the game that closed, before the reason
        values["name"] = gettext("game %(number)s closed: %(name)s",
                                 number=values.pop("game"), name=groups["name"])
    return values


_BOOK = Phrasebook(SENTENCES, _values)


def errors_in_words(errors: Mapping[str, str]) -> dict[str, str]:
    """A form's messages by field (:meth:`app.score.sheet.SheetError.by_field`), each in
    the page's language."""
    return {field: in_words(message) for field, message in errors.items()}
