"""The simulation drawer of the other games' screens (``ui.screens.game``): what only the
simulated board has. Set up every side (a whole legal setup drawn from the OS), carry out
the computer's announced turn, put a piece down on the selected square (Gimmel's stones
from the hand of the player to move; during a setup, the owner of those home rows) or take
one off. Every control has its fixed place in the setup and in play; one that does not
apply now is disabled, not hidden.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.boxlayout import BoxLayout

from ui.control.game import GAME_PLAY, GAME_SETUP, GameController
from ui.theme import TEXT
from ui.widgets.common import button_row, label, slotted
from ui.words import i18n
from ui.words.view_text import kind_name


class GameDrawer(BoxLayout):
    """The drawer's controls, the same on the setup and the play screen."""

    def __init__(self, games: GameController, selected: Callable[[], str | None],
                 close: Callable[[], object], deselect: Callable[[], object] = lambda: None,
                 **kwargs: Any) -> None:
        """``selected``: the board's selected square; ``deselect``: clear it (a piece put
        down or taken off is done with: the next tap starts afresh)."""
        super().__init__(orientation="vertical", spacing=3, size_hint_y=None, **kwargs)
        self.games, self.selected, self.deselect = games, selected, deselect
        self.kind_index = 0
        self.title = label(size_hint_y=None, height=26, bold=True)
        self.set_up = slotted("", games.setup_editor.set_up, "set_up")
        self.carry = slotted("", games.pieces.carry_out, "carry_out")
        self.square = label(size_hint_y=None, height=24, font_size=TEXT)
        self.kind = slotted("", self._next_kind, "kind")
        self.place = slotted("", self._place, "place")
        self.remove = slotted("", self._remove, "remove")
        # practice for the real board: the person carries out the computer's turns too
        self.by_hand = slotted("", self._toggle_by_hand, "by_hand")
        self.close = slotted("", close, "drawer_close")
        # "Auto" (ui.control.auto): the computer plays every side, a demonstration.
        self.auto_one = slotted("", lambda: games.auto.start(1), "auto_one")
        self.auto_all = slotted("", self._auto, "auto")
        rows = [self.title, button_row(self.set_up, self.carry), self.square,
                button_row(self.kind, self.place), button_row(self.remove, self.by_hand),
                button_row(self.auto_one, self.auto_all), self.close]
        for widget in rows:
            self.add_widget(widget)
        self.height = sum(w.height for w in rows) + self.spacing * (len(rows) - 1)

    def _auto(self) -> None:
        """"Auto: to the end", or "Stop Auto" while it runs (the same place)."""
        if self.games.auto.running:
            self.games.auto.stop()
        else:
            self.games.auto.start()
        self.refresh()

    def _toggle_by_hand(self) -> None:
        self.games.computer_hands.by_hand = not self.games.computer_hands.by_hand
        self.refresh()

    def _kinds(self) -> list[str]:
        return self.games.pieces.placeable() if self.games.sim is not None else []

    def _kind(self) -> str | None:
        kinds = self._kinds()
        return kinds[self.kind_index % len(kinds)] if kinds else None

    def _next_kind(self) -> None:
        self.kind_index += 1
        self.refresh()

    def _place(self) -> None:
        square, kind = self.selected(), self._kind()
        if square is not None and kind is not None:
            self.deselect()
            self.games.pieces.place(square, kind)

    def _remove(self) -> None:
        square = self.selected()
        if square is not None:
            self.deselect()
            self.games.pieces.remove(square)

    def refresh(self) -> None:
        """Texts in the UI's language; what does not apply now is disabled."""
        games, square = self.games, self.selected()
        running = games.sim is not None
        screen = games.screen
        self.title.text = i18n.tr("gm_sim_title")
        self.set_up.text, self.carry.text = i18n.tr("gm_set_up"), i18n.tr("gm_carry_out")
        self.set_up.disabled = not (running and screen == GAME_SETUP)
        self.carry.disabled = not (running and screen == GAME_PLAY
                                   and games.session.chosen is not None)
        self.square.text = (i18n.tr("selected", square=square) if square
                            else i18n.tr("select_square"))
        kind = self._kind()
        self.kind.text = (i18n.tr("gm_kind_next", kind=kind_name(kind)) if kind
                          else i18n.tr("gm_place_none"))
        self.kind.disabled = kind is None
        occupied = square is not None and square in games.physical()
        self.place.text = (i18n.tr("gm_place", square=square) if square
                           else i18n.tr("gm_place_none"))
        self.place.disabled = kind is None or square is None or occupied
        self.remove.text = i18n.tr("gm_remove")
        self.remove.disabled = not occupied
        self.close.text = i18n.tr("drawer_close")
        by_hand = games.computer_hands.by_hand
        self.by_hand.text = i18n.tr("gm_by_hand" if by_hand else "gm_by_computer")
        self.by_hand.disabled = games.computer is None
        playing = running and screen == GAME_PLAY
        self.auto_one.text = i18n.tr("gm_auto_one")
        self.auto_all.text = i18n.tr("gm_auto_stop" if games.auto.running else "gm_auto_all")
        self.auto_one.disabled = not playing or games.auto.running
        self.auto_all.disabled = not playing
