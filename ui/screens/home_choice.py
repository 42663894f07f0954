"""The home screen's game choice (``ui.screens.shell.HomeScreen``): which game of the registry
(``companion.games``: Giganten, Strategus, Gimmel), and that game's options: the long
variant where the game has one, the side the computer plays and its strength where its
opponent has levels. Giganten keeps its own start (the settings, the landscape; the side
the computer plays is kept for it: ``ui.giganten.handover`` decides which controller plays
it); every other game is started on ``ui.control.game.GameController``.

Every button has its fixed place; one that does not apply to the chosen game is disabled.
"""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout

from companion.games import DEFAULT_GAME, game_names, get_game
from companion.ledger.game_log import game_header
from companion.ledger.logfiles import latest_log
from companion.ledger.record import default_log_dir
from companion.table.opponent import DEFAULT_LEVEL, LEVELS
from companion.views.games import OPEN_GAMES
from ui.control.game import GameController, NewGame, has_long
from ui.control.new_game import read_mode
from ui.control.referee import RefereeGameController
from ui.giganten.handover import STARTED_HERE, resume_latest
from ui.widgets.common import button_row, slotted
from ui.words import i18n


class GameChoice(BoxLayout):
    """Four rows of buttons: the game, the long variant and the legal squares shown, the
    computer's side, its level."""

    def __init__(self, games: GameController, **kwargs: Any) -> None:
        super().__init__(orientation="vertical", spacing=4, size_hint_y=None, **kwargs)
        self.games = games
        self.names = game_names()
        self.titles = {name: get_game(name).title for name in self.names}
        self.name = DEFAULT_GAME
        self.long = False
        self.computer: str | None = None
        self.level = DEFAULT_LEVEL
        self.legal = False
        self.game_button = slotted("", self._next_game, "game")
        self.long_button = slotted("", self._toggle_long, "long")
        self.legal_button = slotted("", self._toggle_legal, "legal")
        self.computer_button = slotted("", self._next_computer, "computer")
        self.level_button = slotted("", self._next_level, "level")
        rows = [button_row(self.game_button), button_row(self.long_button, self.legal_button),
                button_row(self.computer_button), button_row(self.level_button)]
        for row in rows:
            self.add_widget(row)
        self.height = sum(r.height for r in rows) + self.spacing * (len(rows) - 1)
        self._remember_latest()

    def _remember_latest(self) -> None:
        """After a restart the choice is the latest logged game's, as it was played."""
        folder = self.games.log_dir if self.games.log_dir is not None else default_log_dir()
        path = latest_log(folder) if folder.is_dir() else None
        header = game_header(path) if path is not None else None
        if header is None or header["game"] not in self.names:
            return
        table = header.get("table")
        mode = read_mode(table if isinstance(table, dict) else {})
        variants = (header.get("options") or {}).get("variants") or []
        self.choose(str(header["game"]), long="long" in variants, computer=mode["computer"],
                    level=str(mode["level"]), legal=bool(mode["legal"]))

    @property
    def other(self) -> bool:
        """True when the chosen game starts here, not on Giganten's own screens."""
        return self.name not in STARTED_HERE

    def choose(self, name: str, *, long: bool = False, computer: str | None = None,
               level: str = DEFAULT_LEVEL, legal: bool = False) -> None:
        """Choose a game and its options (the buttons do it one tap at a time)."""
        self.name, self.long, self.computer, self.level = name, long, computer, level
        self.legal = legal
        self.refresh()

    def _next_game(self) -> None:
        index = (self.names.index(self.name) + 1) % len(self.names)
        self.choose(self.names[index])

    def _toggle_long(self) -> None:
        self.long = not self.long
        self.refresh()

    def _toggle_legal(self) -> None:
        self.legal = not self.legal
        self.refresh()

    def _next_computer(self) -> None:
        sides: list[str | None] = [None, *get_game(self.name).players]
        self.computer = sides[(sides.index(self.computer) + 1) % len(sides)]
        self.refresh()

    def _next_level(self) -> None:
        self.level = LEVELS[(LEVELS.index(self.level) + 1) % len(LEVELS)]
        self.refresh()

    def start_other(self) -> bool:
        """Start the chosen game if it is not Giganten; False: Giganten's own start (the
        computer's side kept for its landscape screen's "Confirm")."""
        if not self.other:
            self.games.giganten_computer = self.computer
            return False
        self.games.new_game(NewGame(self.name, self.long, self.computer, self.level,
                                    self.legal and self.name in OPEN_GAMES))
        return True

    def resume(self) -> None:
        """Resume the latest game on the games' controller (``ui.giganten.handover.resume_latest``:
        a log an older version of the companion wrote gets one line)."""
        resume_latest(self.games)
        chosen = self.games.choice
        if chosen is not None and chosen.name in self.names:  # Home shows the game again
            self.choose(chosen.name, long=chosen.long, computer=chosen.computer,
                        level=chosen.level, legal=chosen.legal)

    def summary(self) -> str | None:
        """The home screen's summary line for another game (None: Giganten's settings)."""
        if not self.other:
            return None
        refereed = (self.games.summary(self.titles[self.name])
                    if isinstance(self.games, RefereeGameController) else None)
        return refereed or i18n.tr("gm_summary", title=self.titles[self.name])

    def refresh(self) -> None:
        """The buttons in the UI's language; options the game lacks are disabled."""
        game = get_game(self.name)
        self.game_button.text = i18n.tr("gm_game", title=self.titles[self.name])
        long = self.other and has_long(game)
        self.long_button.text = i18n.tr("gm_long", state=i18n.tr(
            "gm_on" if self.long and long else "gm_off"))
        self.long_button.disabled = not long
        # Open-information games only: in a hidden game the squares would tell the kind.
        open_game = self.name in OPEN_GAMES
        self.legal_button.text = i18n.tr("gm_legal", state=i18n.tr(
            "gm_on" if self.legal and open_game else "gm_off"))
        self.legal_button.disabled = not open_game
        side = i18n.player(self.computer) if self.computer else i18n.tr("gm_nobody")
        self.computer_button.text = i18n.tr("gm_computer", side=side)
        self.computer_button.disabled = False  # every game: Giganten's demo bots too
        levelled = self.other and self.computer is not None
        self.level_button.text = (i18n.tr("gm_level", level=i18n.tr(f"level_{self.level}"))
                                  if levelled else i18n.tr("gm_level_none"))
        self.level_button.disabled = not levelled
