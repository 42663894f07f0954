"""The one switch point: which path the app takes for a Giganten game (issue 13).

Every Giganten game goes through the generic controller (``ui.control_game``, on
``GameSession``), referee mode included (``ui.control_game_referee``: the generic desk;
its referee rules [W3] go into the rule set, which enforces them), for every variant the
generic path follows (``companion.games.giganten.options.GENERIC_VARIANTS``: V5's secret
trap, V6's reserves and V9's four players included); only
``GameController.giganten_on_old_path`` (the old screens' tests) keeps a game on Giganten's
own path
(``ui.controller`` on ``companion.table.session``). The landscape screen comes first on
both: the dealt tiles [B3, V1, V2] made to match the cardboard; its "Confirm" asks here
which controller plays the game. The first player is the home screen's choice, else drawn
from the deal's seed [S5] (public, as the dealt tiles are). Kivy-free.
"""

from __future__ import annotations

import random

from companion.config import RefereeConfig
from companion.game import options_json
from companion.games import get_game
from companion.games.giganten.options import GENERIC_VARIANTS
from companion.games.giganten.referee import RefereeError, RefereeOptions
from companion.games.giganten.ruleset import RuleSet
from ui.control_base import HOME, ControllerError, GameInProgress, GameOptions
from ui.control_game import GameController, NewGame
from ui.controller import Controller

GIGANTEN = "giganten"

APP_GENERIC_VARIANTS = GENERIC_VARIANTS
"""The variants the app plays on the generic path: every one the generic session follows,
the secret trap [V5] (picked in a private moment: ``ui.control_giganten_setup``), the
reserves [V6] (put down through the drawer or by hand, confirmed with "Done") and four
players [V9] (the seated game's four seats, their teams) included."""


def plays_generic(options: GameOptions) -> bool:
    """True if a Giganten game of ``options`` is played on the generic path (ordinary play
    and referee mode alike): variants the generic session follows and the app's screens
    can ask for (``APP_GENERIC_VARIANTS``)."""
    try:
        rules = options.rules()
    except ControllerError:
        return False  # the old path says what is wrong with the combination
    return set(rules.variants) <= APP_GENERIC_VARIANTS


def referee_rules(game: GameInProgress, config: RefereeConfig) -> RuleSet:
    """The dealt game's rule set; in referee mode with the referee rules [W3] of the
    config's ``[referee.rules]``, else the club defaults (as ``giganten referee --game
    giganten``): the rules enforce them (a refused repetition, a draw by a limit)."""
    if not game.options.referee:
        return game.rules
    try:
        options = RefereeOptions.from_dict(config.rules) if config.rules else RefereeOptions()
    except RefereeError as err:
        raise ControllerError(f"[referee.rules] in the config: {err}") from None
    return RuleSet(game.rules.variants, referee=options)


def generic_choice(game: GameInProgress, computer: str | None = None,
                   rules: RuleSet | None = None) -> NewGame:
    """The generic controller's new game for the dealt ``game``: its landscape, rules
    (``rules``, else the dealt game's), reveal policy and first player, as JSON options;
    ``computer`` its side, if any."""
    giganten = get_game(GIGANTEN)
    first = game.options.first
    index = (giganten.players.index(first) if first in giganten.players
             else random.Random(game.seed).randrange(len(giganten.players)))
    settings = options_json(giganten, {"board": game.board, "rules": rules or game.rules,
                                       "policy": game.options.policy, "first": index})
    return NewGame(GIGANTEN, computer=computer, settings=settings)


def confirm_landscape(controller: Controller, games: GameController) -> None:
    """The landscape screen's "Confirm": the generic controller takes the game where it
    can (the home screen's computer side with it), else Giganten's own path goes on."""
    game = controller.game
    if (game is None or game.session is not None or games.giganten_on_old_path
            or not plays_generic(game.options)):
        controller.confirm_landscape()
        return
    rules = referee_rules(game, controller.referee_defaults)
    games.new_game(generic_choice(game, games.giganten_computer, rules))
    # The landscape is the new game's now: the old controller holds nothing of it.
    controller.game, controller.screen = None, HOME
