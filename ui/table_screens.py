"""The setup and play screens: the board on the left, a panel of fixed controls on the
right, the messages below them (issue 17, item 2: nothing moves under the finger).

Every control is made once per game and keeps its place through every phase; one that
does not apply now is disabled, never hidden or given another meaning ("Offer draw" and
"Accept draw" are two buttons; "Whole board" is always there). Resign, the draw and the
dispute ask who does them first (``ui.confirm``). What only the simulated board has
lives in the simulation drawer (``ui.sim_drawer``), absent on a real board.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import partial
from typing import Any

from kivy.uix.boxlayout import BoxLayout

from ui import i18n
from ui.board import BoardWidget
from ui.confirm import ConfirmPanel
from ui.controller import PLAY_SCREEN, PUBLIC, SETUP_SCREEN, Controller
from ui.details import details_lines, message_lines
from ui.details_drawer import DetailsDrawer, details_button
from ui.now_line import now_line
from ui.plain_text import plain
from ui.referee_panel import ArbiterPanel, ClockFaces
from ui.reveal_card import RevealCard, combat_of
from ui.sim_drawer import SimDrawer, button_row, slotted
from ui.theme import PROMPT_COLOUR
from ui.widgets import GameScreen, MessageArea, label

NOW_HEIGHT = 54
"""The "what to do now" line's height: three lines of its text at 800 × 480."""


def now_label() -> Any:
    """The "what to do now" line: one fixed place at the top of a screen's panel."""
    return label(size_hint_y=None, height=NOW_HEIGHT, bold=True, color=PROMPT_COLOUR,
                 font_size="14sp")

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
        self.now = now_label()
        self.messages = MessageArea()
        self.confirm = ConfirmPanel()
        self.details = DetailsDrawer()
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
        self.panel.add_widget(self.now)
        self.panel.add_widget(shown)
        self.panel.add_widget(self.messages)

    def _toggle_drawer(self) -> None:
        self.drawer_open = not self.drawer_open and self.drawer is not None
        self._place_panel()
        self.refresh()

    def _common_row(self, *middle: Any) -> Any:
        """"Whole board", the screen's own buttons, "Details", and "Simulation" (simulated
        board)."""
        self.zoom = slotted("", self.board.zoom_out, "whole_board")
        self.sim = slotted("", self._toggle_drawer, "simulation")
        self.details_button = details_button(self.open_details)
        row = button_row(self.zoom, *middle, self.details_button,
                         *([self.sim] if self.controller.simulated else []))
        row.height = self.details_button.height
        return row

    def open_details(self) -> None:
        """The details drawer: rule ids, hashes, paths of what this screen shows."""
        self.details.show(details_lines(self.controller)
                          + [plain(e).text + " · " + ", ".join(plain(e).details)
                             for e in self.errors[-1:] if plain(e).details])

    def _refresh_common(self) -> None:
        self.zoom.text, self.sim.text = i18n.tr("whole_board"), i18n.tr("simulation")
        self.details_button.text = i18n.tr("details")
        self.zoom.disabled = not self.board.zoomed
        if self.drawer is not None:
            self.drawer.refresh()
        controller = self.controller
        self.now.text = now_line(controller).text
        # Plain words only: the rule ids, hashes and paths are in the details drawer.
        lines = (message_lines(controller)
                 + [plain(note).text for note in controller.broker_notes[-1:]]
                 + [plain(error).text for error in self.errors[-1:]])
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
        """Progress, private moments, Whole board, Details and Simulation, Start (what to
        do now is the line above them)."""
        controller = self.controller
        self.progress = label(size_hint_y=None, height=22 * len(controller.players))
        self.privates = [slotted("", partial(controller.request_private, p), f"private_{p}")
                         for p in controller.players]
        self.start = slotted("", controller.start, "start")
        return stacked(self.progress, button_row(*self.privates),
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
        # The combat's reveal card lies over the board (the board behind it keeps the
        # public view) and stays until tapped.
        self.card = RevealCard(size_hint=(0.5, 0.84), pos_hint={"x": 0.03, "y": 0.08})
        self.card_shown: object = None
        """The game and ply whose combat the card showed (each combat is shown once)."""
        self.add_widget(self.card)

    def build_controls(self) -> Any:
        """The play screen's controls for this game."""
        controller = self.controller
        # A new or resumed game: its past combat is not news (the card is for a new one).
        self.card.dismiss()
        state = controller.state()
        self.card_shown = (id(controller.game), state.ply if state else 0)
        self.targets: list[str | None] = [None] * CHALLENGE_SLOTS
        self.challenges = [slotted("", partial(self._challenge, i), f"challenge{i}")
                           for i in range(CHALLENGE_SLOTS)]
        self.decline = slotted("", controller.no_challenge, "no_challenge")
        self.stay = slotted("", controller.stay, "stay")
        self.off = label(size_hint_y=None, height=18 * len(controller.players), font_size="12sp")
        rows = [button_row(*self.challenges),
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
        self._refresh_prompt(targets)
        self._refresh_card(view)
        self.off.text = "\n".join(self._off_line(p, e)
                                  for p, e in view.get("off_board", {}).items())
        if controller.referee:
            self._refresh_referee()
        self.resign.text = i18n.tr("resign")
        self.resign.disabled = controller.auto_run is not None
        self._refresh_common()

    def _refresh_card(self, view: dict[str, Any]) -> None:
        """Show the card after a new combat (not while the computer players run: they
        play on under it); leave a shown card until it is tapped."""
        controller = self.controller
        combat = combat_of(view)
        key = (id(controller.game), view.get("ply"))
        if combat is None or key == self.card_shown:
            return
        self.card_shown = key
        if controller.auto_run is None:
            self.card.show(view)

    def _off_line(self, player: str, entry: dict[str, Any]) -> str:
        figures = (_counted(i18n.kind(k) for k in entry["kinds"]) if "kinds" in entry
                   else i18n.tr("face_down", count=entry["count"]))
        return i18n.tr("off_board", player=i18n.player(player),
                       figures=figures or i18n.tr("none"))

    def _refresh_prompt(self, targets: list[str]) -> None:
        prompt = self.controller.prompt(PUBLIC)
        kind = prompt["type"] if prompt is not None else None
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
        panel = self.arbiter_panel
        if panel is not None and panel.parent is not None:
            panel.refresh()  # a turn played meanwhile: Take back applies now

    def open_arbiter(self) -> None:
        """The arbiter's panel (referee mode)."""
        if self.arbiter_panel is None:
            self.arbiter_panel = ArbiterPanel(self.controller, size_hint=(0.97, 0.97))
        self.arbiter_panel.open_panel()


def _counted(names: Iterable[str]) -> str:
    """Names in the order first seen, a repeated one once with its count ("Flug ×4"), so
    that a long game's losses still fit on one line."""
    counts = Counter(names)
    return ", ".join(name if n == 1 else f"{name} ×{n}" for name, n in counts.items())
