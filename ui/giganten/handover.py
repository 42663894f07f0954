"""The landscape screen's "Confirm" hands the dealt Giganten game to the games'
controller: every Giganten game, in every variant (V5's secret trap, V6's reserves and V9's
four players included) and in referee mode (``ui.control.referee``: the
desk of every game; its referee rules [W3] go into the rule set, which enforces them), plays on
``GameSession`` through ``ui.control.game``. The landscape screen comes first: the dealt
tiles [B3, V1, V2] made to match the cardboard. The first player is the home screen's
choice, else drawn from the deal's seed [S5] (public, as the dealt tiles are). Kivy-free.
"""

from __future__ import annotations

import random
from pathlib import Path

from companion.config import RefereeConfig
from companion.game import GameError, options_json
from companion.games import get_game
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.table_options import referee_options
from companion.ledger.logfiles import latest_log
from companion.ledger.record import default_log_dir
from ui.control.game import GameController, NewGame
from ui.control.shell import Controller
from ui.control.shell_state import HOME, ControllerError, GameInProgress
from ui.words import i18n

GIGANTEN = "giganten"

STARTED_HERE = frozenset({GIGANTEN})
"""The games the home screen hands to these screens (the settings, then the landscape)
instead of starting them on ``GameController.new_game`` itself."""


def referee_rules(game: GameInProgress, config: RefereeConfig) -> RuleSet:
    """The dealt game's rule set; in referee mode with the referee rules [W3] of the
    config's ``[referee.rules]``, else the club defaults (as ``giganten referee --game
    giganten``): the rules enforce them (a refused repetition, a draw by a limit)."""
    if not game.options.referee:
        return game.rules
    try:
        options = referee_options({"rules": game.rules}, None, config.rules)
    except GameError as err:
        raise ControllerError(f"[referee.rules] in the config: {err}") from None
    rules: RuleSet = options["rules"]
    return rules


def landscape_choice(game: GameInProgress, computer: str | None = None,
                   rules: RuleSet | None = None) -> NewGame:
    """The controller's new game for the dealt ``game``: its landscape, rules
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
    """The landscape screen's "Confirm": the games' controller takes the dealt game (the
    home screen's computer side with it); the shell holds nothing of it any more."""
    game = controller.game
    if game is None:
        raise ControllerError(i18n.tr("err_no_game"))
    rules = referee_rules(game, controller.referee_defaults)
    games.new_game(landscape_choice(game, games.giganten_computer, rules))
    controller.game, controller.screen = None, HOME


def resume_latest(games: GameController, path: Path | None = None) -> None:
    """The home screen's "Resume": the latest game (or ``path``) on the games' controller."""
    log_dir = games.log_dir if games.log_dir is not None else default_log_dir()
    games.resume(path if path is not None else latest_log(log_dir))
