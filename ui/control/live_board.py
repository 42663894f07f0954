"""The real reader board under the app's games' controller (its ``live_board``): the
configured backend's reader seen through the game's layout (``game_reader``), the pieces
from the game's enrolled registry (``enrolled_tags``), the reads drained on the UI thread
(``LiveGameTable``; all three ``hardware.live_game``'s), what stands on the board as the
readers confirm it. People move the pieces: nothing here moves one. Kivy-free."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.config import Config
from companion.game import Game
from companion.game_registry import EnrolledFigures, GameRegistry, GameRegistryError
from companion.identities import Identity
from companion.reads import Uid
from companion.registry import default_path
from companion.table.game_session import PLAY, GameSession
from companion.views.games import game_view
from hardware.backends import BackendError
from hardware.live_game import enrolled_tags, game_reader
from hardware.protocol import Reader, ReaderError
from ui.control.shell_state import ControllerError
from ui.words import i18n


class LiveBoard:
    """The real board's side of the controller: None for ``reader`` is the simulation."""

    def __init__(self, reader: Reader | None, config: Config, registry: Path | None) -> None:
        self.reader = reader
        """The whole reader board (the backend the Giganten app uses), None: simulated."""
        self.config = config
        """The readers' geometry and each game's layout on them (``[layout.<game>]``)."""
        self.registry = registry
        """The enrolled tags (default: the game's registry, ``giganten enrol --game``)."""

    @property
    def simulated(self) -> bool:
        """True on the simulated board (pieces are moved on the screen)."""
        return self.reader is None

    def tags(self, game: Game, options: dict[str, Any]) -> dict[Uid, Identity]:
        """The tags of the game's pieces on the real board; one line in the UI's language
        if the registry is missing or any piece has no tag (nothing is started)."""
        try:
            if isinstance(game, EnrolledFigures):  # the club's figures (Giganten)
                path = self.registry if self.registry is not None else default_path()
                return GameRegistry.of_figures(game, path, options).for_game(options)
            return enrolled_tags(game, options, self.registry)[0]
        except GameRegistryError:
            raise ControllerError(i18n.tr("gm_err_not_enrolled", title=game.title,
                                          name=game.name)) from None

    def open_reader(self, game: Game, options: dict[str, Any],
                    session: GameSession | None = None) -> Reader | None:
        """The readers under the game's board, opened (None: the simulated board); one
        line said if they cannot be used, and ``session`` (a resumed game's) closed."""
        if self.reader is None:
            return None
        try:
            reader = game_reader(self.reader, self.config, game.name, game.geometry(options))
            reader.open()
        except (BackendError, ReaderError) as err:
            if session is not None:
                session.close()
            raise ControllerError(i18n.tr("gm_err_reader", reason=str(err))) from None
        return reader


def live_physical(session: GameSession) -> dict[str, str]:
    """Square -> owner of what the readers confirm on the real board (owners are seen by
    everyone at the table)."""
    game = session.game
    geometry = game.geometry(session.options)
    return {geometry.name(sq): game.players[piece.owner] for sq, piece in session.board.items()}


def live_placeable(session: GameSession) -> list[str]:
    """The kinds the player to move may put down from the hand (Gimmel), from the public
    view's hands: nothing during a setup on the real board (the pieces are in people's
    hands, not the controller's)."""
    state, game = session.state, session.game
    if state is None or session.phase != PLAY:
        return []
    hands = game_view(game, state, state.to_move).get("hands")
    if not isinstance(hands, dict):
        return []
    hand = hands.get(game.players[state.to_move], {})
    return [kind.id for kind in game.kinds(session.options) if hand.get(kind.id, 0) > 0]
