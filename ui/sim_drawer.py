"""The simulation drawer (issue 17, item 2): what only the simulated board has (the
computer players, placing and removing a figure by hand, laying out a side) lives here,
out of the players' panel, and never shows on a real board's screen.

Every control has its fixed place; one that does not apply now is disabled, not hidden.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from kivy.uix.boxlayout import BoxLayout

from ui import i18n
from ui.controller import SETUP_SCREEN, Controller
from ui.theme import TOUCH_MIN
from ui.widgets import button, label


def slotted(text: str, action: Callable[[], object], slot: str) -> Any:
    """A ``widgets.button`` that knows its fixed place's name (the layout tests read it)."""
    widget = button(text, action)
    widget.slot = slot
    return widget


def button_row(*buttons: Any) -> Any:
    """A row of buttons ``TOUCH_MIN`` high."""
    row = BoxLayout(size_hint_y=None, height=TOUCH_MIN, spacing=3)
    for widget in buttons:
        row.add_widget(widget)
    return row


class SimDrawer(BoxLayout):
    """The drawer's controls, for the setup and the play screen of one game."""

    def __init__(self, controller: Controller, selected: Callable[[], str | None],
                 close: Callable[[], object], **kwargs: Any) -> None:
        super().__init__(orientation="vertical", spacing=3, size_hint_y=None, **kwargs)
        self.controller, self.selected = controller, selected
        players = controller.players
        self.title = label(size_hint_y=None, height=26, bold=True)
        self.progress = label(size_hint_y=None, height=24, font_size="13sp")
        self.auto_one = slotted("", lambda: controller.start_auto(1), "auto_one")
        self.auto_all = slotted("", controller.start_auto, "auto_all")
        self.stop = slotted("", controller.stop_auto, "auto_stop")
        self.square = label(size_hint_y=None, height=24, font_size="13sp")
        self.remove = slotted("", self._remove, "remove")
        self.place = [slotted("", partial(self._place, p), f"place_{p}") for p in players]
        self.setups = [slotted("", partial(controller.setup_side, p), f"setup_{p}")
                       for p in players]
        self.close = slotted("", close, "drawer_close")
        rows = [self.title, self.progress, button_row(self.auto_one, self.auto_all, self.stop),
                self.square, button_row(self.remove, *self.place), button_row(*self.setups),
                self.close]
        for widget in rows:
            self.add_widget(widget)
        self.height = sum(w.height for w in rows) + self.spacing * (len(rows) - 1)

    def _remove(self) -> None:
        square = self.selected()
        if square is not None:
            self.controller.remove(square)

    def _place(self, owner: str) -> None:
        square, beside = self.selected(), self.controller.beside(owner)
        if square is not None and beside:
            self.controller.place(square, beside[0])

    def refresh(self) -> None:
        """Texts in the UI's language; what does not apply now is disabled."""
        controller, square = self.controller, self.selected()
        in_setup = controller.screen == SETUP_SCREEN
        running = controller.auto_run is not None
        self.title.text = i18n.tr("sim_title")
        self.progress.text = controller.auto_progress() or ""
        self.auto_one.text, self.auto_all.text = i18n.tr("auto_one"), i18n.tr("auto")
        self.stop.text = i18n.tr("auto_stop")
        self.auto_one.disabled = self.auto_all.disabled = in_setup or running
        self.stop.disabled = not running
        self.square.text = (i18n.tr("selected", square=square) if square
                            else i18n.tr("select_square"))
        occupied = square is not None and square in controller.physical()
        self.remove.text = i18n.tr("remove")
        self.remove.disabled = not occupied
        for owner, place in zip(controller.players, self.place, strict=True):
            place.text = i18n.tr("place_player", player=i18n.player(owner))
            place.disabled = square is None or occupied or not controller.beside(owner)
        for owner, setup in zip(controller.players, self.setups, strict=True):
            setup.text = i18n.tr("setup_side", player=i18n.player(owner))
            setup.disabled = not in_setup
        self.close.text = i18n.tr("drawer_close")
