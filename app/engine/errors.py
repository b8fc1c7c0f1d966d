"""One error hierarchy for everything the engine refuses.

Every message says what was wrong and what is allowed, so the web layer can show it
to the player unchanged.
"""


class GameError(Exception):
    """Base class of every error the engine raises for bad input or an illegal action."""


class InvalidCardError(GameError, ValueError):
    """A card code is unknown, or a card appears twice."""


class InvalidHandError(GameError, ValueError):
    """A collection of cards has the wrong size or is not a valid meld/arrangement."""


class IllegalActionError(GameError):
    """An action is not legal for this player in this phase of the hand."""


class InvalidScoreError(GameError, ValueError):
    """A score entry (deadwood counts, who knocked, the upcard) breaks the rules."""


class RulesError(GameError, ValueError):
    """A rules object has an impossible setting (a target of 0, a negative bonus)."""
