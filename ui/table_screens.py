"""The setup and play screens: the board on the left, a panel of fixed controls on the
right, the messages below them (issue 17, item 2: nothing moves under the finger).

Every control is made once per game and keeps its place through every phase; one that
does not apply now is disabled, never hidden or given another meaning ("Offer draw" and
"Accept draw" are two buttons; "Whole board" is always there). Resign, the draw and the
dispute ask who does them first (``ui.confirm``). What only the simulated board has
lives in the simulation drawer (``ui.sim_drawer``), absent on a real board.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.uix.boxlayout import BoxLayout

from ui import i18n
from ui.board import BoardWidget
from ui.confirm import ConfirmPanel
from ui.controller import PLAY_SCREEN, PUBLIC, SETUP_SCREEN, Controller
from ui.referee_panel import ArbiterPanel, ClockFaces
from ui.sim_drawer import SimDrawer, button_row, slotted
from ui.theme import PROMPT_COLOUR
from ui.widgets import GameScreen, MessageArea, label

CHALLENGE_SLOTS = 3
"""Challenge buttons on the play screen (more targets: tap the highlighted square)."""


class TableScreen(GameScreen):
    """Setup and play: the board, the fixed controls (or the drawer), the messages."""

    def __init__(self, controller: Controller, name: str, **kwargs: Any) -> None:
        super().__init__(controller, name=name, **kwargs)
        root = BoxLayout(orientation="horizontal", padding=4, spacing=4)
        self.board = BoardWidget(controller, size_hint_x=0.56)
        self.board.on_tap = self._tap
        self.board.on_zoom = self.refresh
        self.panel = BoxLayout(orientation="vertical", spacing=3, size_hint_x=0.44)
        self.messages = MessageArea()
        self.confirm = ConfirmPanel()
        self.controls: Any = None
        self.drawer: SimDrawer | None = None
        self.drawer_open = False
        self._built_for: object = None
        root.add_widget(self.board)
        root.add_widget(self.panel)
        self.add_widget(root)

    def _tap(self, square: str) -> None:
        controller = self.controller
        if square in controller.challenge_targets():
            controller.challenge(square)
            return
        selected = self.board.selected
        physical = controller.physical() if controller.simulated else {}
        if selected in physical and square not in physical:
            # Two taps make a move (from one zoomed part of the board to another, too).
            self.board.selected = None
            controller.move(selected, square)
            return
        self.board.selected = None if selected == square else square
        self.refresh()

    # --- The fixed controls ---------------------------------------------------------------

    def build_controls(self) -> Any:
        """This screen's controls for the game (made once per game)."""
        raise NotImplementedError

    def _ensure_built(self) -> None:
        """Make the controls when the game changed (players, referee mode, board kind)."""
        controller = self.controller
        game = controller.game
        key = (id(game), tuple(controller.players), controller.referee, controller.simulated)
        if key == self._built_for:
            return
        self._built_for, self.drawer_open = key, False
        self.controls = self.build_controls()
        self.drawer = (SimDrawer(controller, lambda: self.board.selected, self._toggle_drawer)
                       if controller.simulated else None)
        self._place_panel()

    def _place_panel(self) -> None:
        shown = self.drawer if self.drawer_open and self.drawer is not None else self.controls
        self.panel.clear_widgets()
        self.panel.add_widget(shown)
        self.panel.add_widget(self.messages)

    def _toggle_drawer(self) -> None:
        self.drawer_open = not self.drawer_open and self.drawer is not None
        self._place_panel()
        self.refresh()

    def _common_row(self, *middle: Any) -> Any:
        """"Whole board", the screen's own buttons, and "Simulation" (simulated board)."""
        self.zoom = slotted("", self.board.zoom_out, "whole_board")
        self.sim = slotted("", self._toggle_drawer, "simulation")
        return button_row(self.zoom, *middle, *([self.sim] if self.controller.simulated
                                                 else []))

    def _refresh_common(self) -> None:
        self.zoom.text, self.sim.text = i18n.tr("whole_board"), i18n.tr("simulation")
        self.zoom.disabled = not self.board.zoomed
        if self.drawer is not None:
            self.drawer.refresh()
        controller = self.controller
        lines = ([str(m["text"]) for m in controller.messages(PUBLIC)]
                 + controller.broker_notes[-1:]
                 + self.errors[-1:])
        self.messages.show(lines)

    def ask_who(self, question: str, answer: str, act: Any,
                who: list[str] | None = None) -> None:
        """Confirm an action and say who does it: one button per player (``who``: those
        who may; the others are disabled)."""
        players = self.controller.players
        allowed = players if who is None else who
        self.confirm.ask(i18n.tr(question), [
            (i18n.tr(answer, player=i18n.player(p)), partial(act, p), p in allowed)
            for p in players])


def stacked(*widgets: Any) -> Any:
    """A column of fixed-height widgets, as high as they are."""
    column = BoxLayout(orientation="vertical", spacing=3, size_hint_y=None)
    for widget in widgets:
        column.add_widget(widget)
    column.height = sum(w.height for w in widgets) + column.spacing * (len(widgets) - 1)
    return column


class SetupScreen(TableScreen):
    """Progress per side, the private moments, Start once every setup is valid."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(controller, SETUP_SCREEN, **kwargs)

    def build_controls(self) -> Any:
        """Title, progress, private moments, Whole board and Simulation, Start."""
        controller = self.controller
        self.title = label(size_hint_y=None, height=30, bold=True)
        self.progress = label(size_hint_y=None, height=22 * len(controller.players))
        self.privates = [slotted("", partial(controller.request_private, p), f"private_{p}")
                         for p in controller.players]
        self.start = slotted("", controller.start, "start")
        return stacked(self.title, self.progress, button_row(*self.privates),
                       self._common_row(), self.start)

    def refresh(self) -> None:
        """Redraw the setup."""
        controller = self.controller
        if controller.game is None or controller.game.session is None:
            return
        self._ensure_built()
        self.board.show(controller.board_view(PUBLIC), physical=controller.physical(),
                        draggable=controller.simulated)
        sides = controller.setup_progress()
        self.title.text = i18n.tr("setup_title")
        self.progress.text = "\n".join(i18n.tr(
            "setup_progress", player=i18n.player(s["player"]), placed=s["placed"],
            needed=s["needed"], ready=i18n.tr("ready") if s["ready"] else "") for s in sides)
        for player, private in zip(controller.players, self.privates, strict=True):
            private.text = i18n.tr("private_for", player=i18n.player(player))
        self.start.text = i18n.tr("start")
        self.start.disabled = not all(s["ready"] for s in sides)
        self._refresh_common()


class PlayScreen(TableScreen):
    """Whose turn, the last turn, the prompt and its answers, figures off the board, the
    referee's buttons, Whole board, Resign and Simulation: always in the same places."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(controller, PLAY_SCREEN, **kwargs)
        self.arbiter_panel: ArbiterPanel | None = None

    def build_controls(self) -> Any:
        """The play screen's controls for this game."""
        controller = self.controller
        self.to_move = label(size_hint_y=None, height=26, bold=True)
        self.last = label(size_hint_y=None, height=40, font_size="12sp")
        self.prompt = label(size_hint_y=None, height=40, color=PROMPT_COLOUR, font_size="13sp")
        self.targets: list[str | None] = [None] * CHALLENGE_SLOTS
        self.challenges = [slotted("", partial(self._challenge, i), f"challenge{i}")
                           for i in range(CHALLENGE_SLOTS)]
        self.decline = slotted("", controller.no_challenge, "no_challenge")
        self.stay = slotted("", controller.stay, "stay")
        self.off = label(size_hint_y=None, height=18 * len(controller.players), font_size="12sp")
        rows = [self.to_move, self.last, self.prompt, button_row(*self.challenges),
                button_row(self.decline, self.stay), self.off]
        if controller.referee:
            self.clocks = ClockFaces(controller)
            self.dispute = slotted("", self._ask_dispute, "dispute")
            self.arbiter = slotted("", self.open_arbiter, "arbiter")
            self.offer = slotted("", self._ask_offer, "offer_draw")
            self.accept = slotted("", self._ask_accept, "accept_draw")
            rows += [self.clocks, button_row(self.dispute, self.arbiter),
                     button_row(self.offer, self.accept)]
        self.resign = slotted("", self._ask_resign, "resign")
        rows.append(self._common_row(self.resign))
        return stacked(*rows)

    def _challenge(self, slot: int) -> None:
        square = self.targets[slot]
        if square is not None:
            self.controller.challenge(square)

    def _ask_resign(self) -> None:
        self.ask_who("confirm_resign", "resigns_player", self.controller.resign)

    def _ask_dispute(self) -> None:
        self.ask_who("confirm_dispute", "disputes_player", self.controller.dispute)

    def _ask_offer(self) -> None:
        self.ask_who("confirm_offer", "offers_player", self.controller.offer_draw)

    def _ask_accept(self) -> None:
        offered = self.controller.draw_offered_by
        self.ask_who("confirm_accept", "accepts_player", self.controller.accept_draw,
                     [p for p in self.controller.players if p != offered])

    def refresh(self) -> None:
        """Redraw the game."""
        controller = self.controller
        if controller.game is None or controller.state() is None:
            return
        self._ensure_built()
        view = controller.board_view(PUBLIC)  # never a private view behind the panel
        targets = controller.challenge_targets()
        self.board.show(view, physical=controller.physical(), targets=targets,
                        draggable=controller.simulated)
        self.to_move.text = i18n.tr("to_move_now", player=i18n.player(str(view["to_move"])))
        turns = [m for m in controller.messages(PUBLIC) if m["type"] == "turn"]
        self.last.text = i18n.tr("last_turn", text=turns[-1]["text"]) if turns else ""
        self._refresh_prompt(targets)
        self.off.text = "\n".join(self._off_line(p, e)
                                  for p, e in view.get("off_board", {}).items())
        if controller.referee:
            self._refresh_referee()
        self.resign.text = i18n.tr("resign")
        self.resign.disabled = controller.auto_run is not None
        self._refresh_common()

    def _off_line(self, player: str, entry: dict[str, Any]) -> str:
        figures = (", ".join(i18n.kind(k) for k in entry["kinds"]) if "kinds" in entry
                   else i18n.tr("face_down", count=entry["count"]))
        return i18n.tr("off_board", player=i18n.player(player),
                       figures=figures or i18n.tr("none"))

    def _refresh_prompt(self, targets: list[str]) -> None:
        prompt = self.controller.prompt(PUBLIC)
        kind = prompt["type"] if prompt is not None else None
        self.prompt.text = (str(prompt["text"]) if prompt and kind != "to_move"
                            else self.controller.auto_progress() or "")
        challenging = kind == "challenge_prompt"
        self.targets = [*targets[:CHALLENGE_SLOTS],
                        *[None] * (CHALLENGE_SLOTS - len(targets[:CHALLENGE_SLOTS]))]
        for square, widget in zip(self.targets, self.challenges, strict=True):
            widget.text = (i18n.tr("challenge_sq", square=square) if square
                           else i18n.tr("challenge"))
            widget.disabled = square is None
        may_decline = challenging and prompt is not None and (
            prompt["may_decline"] or prompt["may_continue"] or not targets)
        self.decline.text = i18n.tr("no_challenge" if targets or not challenging
                                    else "confirm_turn")
        self.decline.disabled = not may_decline
        self.stay.text = i18n.tr("stay")
        self.stay.disabled = kind != "advance_offer"

    def _refresh_referee(self) -> None:
        controller = self.controller
        self.clocks.refresh()
        self.dispute.text, self.arbiter.text = i18n.tr("dispute"), i18n.tr("arbiter")
        self.offer.text, self.accept.text = i18n.tr("offer_draw"), i18n.tr("accept_draw")
        offered = controller.draw_offered_by
        self.offer.disabled = offered is not None
        self.accept.disabled = offered is None

    def open_arbiter(self) -> None:
        """The arbiter's panel (referee mode)."""
        if self.arbiter_panel is None:
            self.arbiter_panel = ArbiterPanel(self.controller, size_hint=(0.97, 0.97))
        self.arbiter_panel.open_panel()
