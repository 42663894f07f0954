"""The private moment (``PrivatePanel``): one player looks, the others look away.
"""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.modalview import ModalView

from ui import i18n
from ui.board import BoardWidget
from ui.controller import Controller
from ui.plain_text import plain
from ui.theme import TOUCH_MIN
from ui.widgets import button, label, safely


class PrivatePanel(ModalView):
    """A private moment: "only Yellow looks now"; the private view shows only while its
    owner holds the button, and blanks the moment it is released."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(auto_dismiss=False, **kwargs)
        self.controller = controller
        # The board as large as the panel is high, the words and buttons beside it
        # (issue 17: stacked, the board was 140-180 px on the 7" screen).
        box = BoxLayout(orientation="horizontal", padding=8, spacing=8)
        side = BoxLayout(orientation="vertical", spacing=6, size_hint_x=0.42)
        self.prompt = label(size_hint_y=None, height=70)
        self.board = BoardWidget(controller, size_hint_x=0.58)
        self.details = label(font_size="13sp")
        self.hold = Button(size_hint_y=None, height=TOUCH_MIN * 1.5, halign="center",
                           valign="middle")
        self.hold.bind(on_press=lambda *_: safely(controller.hold_private),
                       on_release=lambda *_: safely(controller.release_private))
        self.done = button("", self._done)
        for widget in (self.prompt, self.details, self.hold, self.done):
            side.add_widget(widget)
        box.add_widget(self.board)
        box.add_widget(side)
        self.add_widget(box)
        self.board.on_tap = self._tap

    def _tap(self, square: str) -> None:
        game = self.controller.game
        player = self.controller.audience
        if game is not None and game.rules.has("V5") and player in self.controller.players:
            self.controller.set_trap(player, square)

    def _done(self) -> None:
        self.controller.end_private()
        self.dismiss()

    def refresh(self) -> None:
        """Blank unless the owner holds the button."""
        controller = self.controller
        player = controller.private_request
        if player is None:
            return
        self.prompt.text = i18n.tr("look_away", player=i18n.player(player))
        self.hold.text = i18n.tr("hold_to_see")
        self.done.text = i18n.tr("done")
        if controller.audience != player:
            self.board.show(None)
            self.details.text = ""
            return
        private = controller.private_view(player)
        self.board.show(private["board"])
        lines = [i18n.tr("your_problems") if private["problems"] else i18n.tr("no_problems")]
        lines += [i18n.problem_text(p) for p in private["problems"]]
        view = private["board"]
        for trap in view.get("secret_traps", []):
            if trap["owner"] == player:
                lines.append(i18n.tr("your_trap", square=trap["square"]))
        reserve = view.get("reserve", {}).get(player, {})
        if "kinds" in reserve:
            lines.append(i18n.tr("your_reserve", kinds=", ".join(
                i18n.kind(k) for k in reserve["kinds"]) or i18n.tr("none")))
        if controller.game is not None and controller.game.rules.has("V5"):
            lines.append(i18n.tr("set_trap_hint"))
        # Plain words: the rule ids stay out of a player's panel (issue 17, item 4).
        self.details.text = "\n".join(plain(line).text for line in lines)
