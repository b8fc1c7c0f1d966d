"""The play table's keyboard keys are letters of the page's language (issue 52: "K:
Cerrar" in Spanish): one letter per action, all different, and a button's key is the
first letter of the button's word in that language (Knock: K, Klopfen: K, Cerrar: C)."""

from __future__ import annotations

import pytest

from app.core import i18n
from app.web.render import KEYS, key

BUTTONS = {"pass": "Pass", "discard": "Discard", "knock": "Knock", "gin": "Gin"}
"""The actions whose button is a single word that its key stands for."""


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_each_action_has_its_own_letter(language: str) -> None:
    with i18n.language(language):
        letters = {action: key(action) for action in KEYS}
    assert all(len(letter) == 1 and letter.isalpha() and letter.islower()
               for letter in letters.values()), letters
    assert len(set(letters.values())) == len(letters), f"{language}: a letter twice: {letters}"


@pytest.mark.parametrize("language", list(i18n.LANGUAGES))
def test_a_buttons_key_is_its_words_first_letter(language: str) -> None:
    with i18n.language(language):
        wrong = {action: (key(action), i18n.gettext(label)) for action, label in BUTTONS.items()
                 if key(action) != i18n.gettext(label)[:1].lower()}
    assert not wrong, f"{language}: {wrong}"


def test_spanish_knocks_with_c_and_english_with_k() -> None:
    assert key("knock") == "k"
    with i18n.language("es"):
        assert key("knock") == "c"
