"""The shell's landscape: a new Giganten game dealt from its seed [B3, V1, V2], its tiles
turned and swapped on the landscape screen until they match the cardboard. Its
"Confirm" hands the game to the games' controller (``ui.giganten.handover``).
"""

from __future__ import annotations

import random
from dataclasses import replace

from companion.deal import deal
from companion.games.giganten.board import Placement, build_board
from companion.games.giganten.codec import board_json
from ui.control.shell_state import (
    JSON,
    LANDSCAPE,
    ControllerBase,
    ControllerError,
    GameInProgress,
    GameOptions,
)
from ui.words import i18n


class LandscapeControl(ControllerBase):
    """A new game and its landscape (``ui.control.shell.Controller``)."""

    def new_game(self, options: GameOptions | None = None) -> None:
        """Start a new game: the landscape is dealt from the seed; the landscape screen
        lets the players make it match the cardboard."""
        options = options or GameOptions()
        rules = options.rules()
        if options.first is not None and options.first not in [p.name for p in rules.players]:
            raise ControllerError(i18n.tr("err_unknown_player", name=options.first))
        self.close()
        i18n.set_language(options.language)
        # The deal is public (the tiles lie on the table): a seeded generator will do.
        seed = options.seed if options.seed is not None else random.randrange(1_000_000)
        self.game = GameInProgress(options, rules, seed, deal(seed, rules))
        self.screen = LANDSCAPE
        self._changed()

    def deal_again(self, seed: int | None = None) -> None:
        """Deal another landscape (a new seed unless given)."""
        game = self._game()
        game.seed = seed if seed is not None else random.randrange(1_000_000)
        game.board = deal(game.seed, game.rules)
        self._changed()

    def tiles(self) -> list[JSON]:
        """The landscape's tiles: letter, column, row, rotation (quarter turns clockwise)."""
        return list(board_json(self._game().board).get("tiles", []))

    def board_view(self, audience: str | None = None) -> JSON:
        """The dealt landscape as everyone sees it (no figure is on the board yet)."""
        game = self._game()
        board = {k: v for k, v in board_json(game.board).items() if k != "tiles"}
        return {"audience": audience or "public", "policy": game.options.policy, "board": board,
                "players": self.players, "figures": [], "off_board": {}, "ply": 0,
                "to_move": None, "winner": None, "reason": None, "last_turn": None}

    def move(self, origin: str, target: str) -> None:
        """Nothing moves on the shell's boards (the landscape, a replay): a drag there is
        let go where it started."""

    def rotate_tile(self, index: int) -> None:
        """Turn tile ``index`` a quarter turn clockwise."""
        placement = self._game().board.placements[index]
        self._set_placement(index, replace(placement, rotation=(placement.rotation + 1) % 4))

    def set_tile(self, index: int, tile: str) -> None:
        """Lay tile ``tile`` (a–d) at the place of tile ``index``; the tile that lay there
        before swaps places with it if it was used elsewhere (each tile once, B3)."""
        game = self._game()
        placements = list(game.board.placements)
        other = next((i for i, p in enumerate(placements) if p.tile == tile and i != index),
                     None)
        if other is not None and not game.rules.has("V9"):
            placements[other] = replace(placements[other], tile=placements[index].tile)
        placements[index] = replace(placements[index], tile=tile)
        game.board = build_board(placements)
        self._changed()

    def _set_placement(self, index: int, placement: Placement) -> None:
        game = self._game()
        placements = list(game.board.placements)
        placements[index] = placement
        game.board = build_board(placements)
        self._changed()
