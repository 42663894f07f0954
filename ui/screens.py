"""The game's screens: home, landscape, setup, play and over.

Each draws what the controller hands it (``companion.views`` output) and sends the
players' taps to the controller. No rule is decided here.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from ui import i18n
from ui.board import BoardWidget
from ui.controller import (
    ENROL_SCREEN,
    HOME,
    HW_SCREEN,
    LANDSCAPE,
    OVER_SCREEN,
    PLAY_SCREEN,
    REPLAY_SCREEN,
    SETTINGS_SCREEN,
    SETUP_SCREEN,
    Controller,
)
from ui.referee_panel import ArbiterPanel, referee_rows
from ui.theme import PROMPT_COLOUR
from ui.tools import checked_options, summary
from ui.widgets import GameScreen, MessageArea, button, label


class HomeScreen(GameScreen):
    """New game (with the settings shown in one line), resume, and the tools: enrol
    figures, settings, hardware check (``ui.tool_screens``)."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(controller, name=HOME, **kwargs)
        root = BoxLayout(orientation="horizontal", padding=8, spacing=8)
        left = BoxLayout(orientation="vertical", spacing=6)
        right = BoxLayout(orientation="vertical", spacing=6)
        self.title = label(font_size="28sp", size_hint_y=None, height=60)
        self.mode = label(size_hint_y=None, height=50)
        self.summary = label(font_size="14sp", size_hint_y=None, height=64)
        self.info = label()
        for widget in (self.title, self.mode, self.summary, self.info):
            left.add_widget(widget)
        self.new_button = button("", self._new_game)
        self.resume_button = button("", self.controller.resume)
        self.enrol_button = button("", lambda: controller.open_tool(ENROL_SCREEN))
        self.settings_button = button("", lambda: controller.open_tool(SETTINGS_SCREEN))
        self.hw_button = button("", lambda: controller.open_tool(HW_SCREEN))
        self.replay_button = button("", lambda: controller.go(REPLAY_SCREEN))
        for widget in (self.new_button, self.resume_button, self.replay_button,
                       self.enrol_button, self.settings_button, self.hw_button, Widget()):
            right.add_widget(widget)
        root.add_widget(left)
        root.add_widget(right)
        self.add_widget(root)

    def _new_game(self) -> None:
        """A new game with the settings (``controller.defaults``) in the language shown."""
        options = replace(checked_options(self.controller.defaults), language=i18n.language())
        self.controller.new_game(options)

    def refresh(self) -> None:
        """Redraw in the current language."""
        self.title.text = i18n.tr("app_title")
        self.mode.text = i18n.tr("sim_mode" if self.controller.simulated else "real_mode")
        self.summary.text = summary(self.controller.defaults)
        self.new_button.text = i18n.tr("new_game")
        self.resume_button.text = i18n.tr("resume")
        self.enrol_button.text = i18n.tr("enrol")
        self.settings_button.text = i18n.tr("settings")
        self.hw_button.text = i18n.tr("hw_check")
        self.replay_button.text = i18n.tr("replay")
        if self.errors:
            self.info.text = self.errors[-1]


class LandscapeScreen(GameScreen):
    """The dealt tiles and their rotations: turn or swap them until the screen matches the
    cardboard, or deal again."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(controller, name=LANDSCAPE, **kwargs)
        root = BoxLayout(orientation="horizontal", padding=6, spacing=6)
        self.board = BoardWidget(controller, size_hint_x=0.6)
        self.panel = BoxLayout(orientation="vertical", spacing=4, size_hint_x=0.4)
        self.spacer = Widget()
        root.add_widget(self.board)
        root.add_widget(self.panel)
        self.add_widget(root)

    def refresh(self) -> None:
        """Redraw the landscape and its tile buttons."""
        if self.controller.game is None:
            return
        self.board.show(self.controller.board_view())
        make, controller = self.make, self.controller
        items = [make.label(i18n.tr("landscape_title"), size_hint_y=None, height=50)]
        for index, tile in enumerate(controller.tiles()):
            letter = str(tile["tile"])
            following = "abcd"[("abcd".index(letter) + 1) % 4]
            items.append(make.row(
                make.button(f"{i18n.tr('tile', tile=letter.upper())}"
                            f" ({tile['col']},{tile['row']})",
                            partial(controller.set_tile, index, following)),
                make.button(f"{i18n.tr('rotate')} {tile['rotation'] * 90}°",
                            partial(controller.rotate_tile, index))))
        items += [make.button(i18n.tr("deal_again"), controller.deal_again),
                  make.button(i18n.tr("confirm"), controller.confirm_landscape),
                  make.button(i18n.tr("back"), lambda: controller.go(HOME)),
                  self.spacer]
        make.fill(self.panel, items)



class TableScreen(GameScreen):
    """Setup and play: the board on the left, the panel on the right."""

    def __init__(self, controller: Controller, name: str, **kwargs: Any) -> None:
        super().__init__(controller, name=name, **kwargs)
        root = BoxLayout(orientation="horizontal", padding=4, spacing=4)
        self.board = BoardWidget(controller, size_hint_x=0.56)
        self.board.on_tap = self._tap
        self.board.on_zoom = self.refresh
        self.panel = BoxLayout(orientation="vertical", spacing=3, size_hint_x=0.44)
        self.messages = MessageArea()
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

    def _zoom_button(self) -> list[Any]:
        """Back to the whole board while a part of it is shown enlarged."""
        if self.board.zoomed:
            return [self.make.button(i18n.tr("whole_board"), self.board.zoom_out)]
        return []

    def _side_panel(self) -> list[Any]:
        """Lift/remove/place on the simulated board for the selected square."""
        controller, make = self.controller, self.make
        selected = self.board.selected
        if not controller.simulated or selected is None:
            return []
        cells = [make.label(i18n.tr("selected", square=selected))]
        if selected in controller.physical():
            cells.append(make.button(i18n.tr("remove"), lambda: controller.remove(selected)))
        else:
            for owner in controller.players:
                beside = controller.beside(owner)
                if beside:
                    cells.append(make.button(f"{i18n.tr('place_here')} {i18n.player(owner)}",
                                             partial(controller.place, selected, beside[0])))
        return [make.row(*cells)]

    def _private_buttons(self) -> list[Any]:
        make = self.make
        return [make.row(*[make.button(i18n.tr("private_for", player=i18n.player(player)),
                                       partial(self.controller.request_private, player))
                           for player in self.controller.players])]

    def _messages(self) -> list[Any]:
        controller = self.controller
        lines = ([str(m["text"]) for m in controller.messages()] + controller.broker_notes[-1:]
                 + self.errors[-1:])
        self.messages.show(lines)
        return [self.messages]


class SetupScreen(TableScreen):
    """Progress per side; helpers to lay out a side; Start."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(controller, SETUP_SCREEN, **kwargs)

    def refresh(self) -> None:
        """Redraw the setup."""
        controller, make = self.controller, self.make
        if controller.game is None or controller.game.session is None:
            return
        self.board.show(controller.board_view(), physical=controller.physical(),
                        draggable=controller.simulated)
        items = [make.label(i18n.tr("setup_title"), size_hint_y=None, height=30)]
        for side in controller.setup_progress():
            items.append(make.label(i18n.tr(
                "setup_progress", player=i18n.player(side["player"]), placed=side["placed"],
                needed=side["needed"], ready=i18n.tr("ready") if side["ready"] else ""),
                size_hint_y=None, height=24))
        if controller.simulated:
            items.append(make.row(*[
                make.button(i18n.tr("setup_side", player=i18n.player(player)),
                            partial(controller.setup_side, player))
                for player in controller.players]))
        items += self._zoom_button() + self._side_panel() + self._private_buttons()
        items.append(make.button(i18n.tr("start"), controller.start))
        make.fill(self.panel, items + self._messages())


class PlayScreen(TableScreen):
    """Whose turn, the last turn, the prompt with its choices, figures off the board,
    messages, and the helpers of the simulated board."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(controller, PLAY_SCREEN, **kwargs)
        self.arbiter_panel: ArbiterPanel | None = None

    def refresh(self) -> None:
        """Redraw the game."""
        controller = self.controller
        if controller.game is None or controller.state() is None:
            return
        view = controller.board_view()
        targets = controller.challenge_targets()
        self.board.show(view, physical=controller.physical(), targets=targets,
                        draggable=controller.simulated)
        make = self.make
        items = [make.label(i18n.tr("to_move_now", player=i18n.player(str(view["to_move"]))),
                            size_hint_y=None, height=26, bold=True)]
        turns = [m for m in controller.messages() if m["type"] == "turn"]
        if turns:
            items.append(make.label(i18n.tr("last_turn", text=turns[-1]["text"]),
                                    size_hint_y=None, height=44, font_size="12sp"))
        items += self._prompt(targets)
        for player, entry in view.get("off_board", {}).items():
            figures = (", ".join(i18n.kind(k) for k in entry["kinds"]) if "kinds" in entry
                       else i18n.tr("face_down", count=entry["count"]))
            items.append(make.label(i18n.tr("off_board", player=i18n.player(player),
                                            figures=figures or i18n.tr("none")),
                                    size_hint_y=None, height=32, font_size="12sp"))
        items += referee_rows(make, controller, self.open_arbiter)
        items += self._zoom_button() + self._side_panel()
        if controller.simulated:
            progress = controller.auto_progress()
            if progress is not None:
                items.append(make.label(progress, size_hint_y=None, height=24))
            items.append(make.row(
                make.button(i18n.tr("auto_one"), lambda: controller.start_auto(1)),
                make.button(i18n.tr("auto"), controller.start_auto),
                make.button(i18n.tr("auto_stop"), controller.stop_auto),
                make.button(i18n.tr("resign"),
                            lambda: controller.resign(str(view["to_move"])))))
        make.fill(self.panel, items + self._messages())

    def open_arbiter(self) -> None:
        """The arbiter's panel (referee mode)."""
        if self.arbiter_panel is None:
            self.arbiter_panel = ArbiterPanel(self.controller, BoardWidget(self.controller),
                                              size_hint=(0.95, 0.95))
        self.arbiter_panel.open(animation=False)

    def _prompt(self, targets: list[str]) -> list[Any]:
        """What the board waits for, with the buttons that answer it."""
        controller, make = self.controller, self.make
        prompt = controller.prompt()
        if prompt is None or prompt["type"] == "to_move":
            return []
        items = [make.label(str(prompt["text"]), size_hint_y=None, height=44,
                            color=PROMPT_COLOUR)]
        buttons = []
        if prompt["type"] == "challenge_prompt":
            buttons = [make.button(i18n.tr("challenge_sq", square=square),
                                   partial(controller.challenge, square))
                       for square in targets[:3]]
            if prompt["may_decline"] or prompt["may_continue"] or not targets:
                key = "no_challenge" if targets else "confirm_turn"
                buttons.append(make.button(i18n.tr(key), controller.no_challenge))
        elif prompt["type"] == "advance_offer":
            buttons.append(make.button(i18n.tr("stay"), controller.stay))
        if buttons:
            items.append(make.row(*buttons))
        return items


class OverScreen(GameScreen):
    """The winner and the reason, the full setups revealed, where the record was saved."""

    def __init__(self, controller: Controller, **kwargs: Any) -> None:
        super().__init__(controller, name=OVER_SCREEN, **kwargs)
        root = BoxLayout(orientation="horizontal", padding=6, spacing=6)
        self.board = BoardWidget(controller, size_hint_x=0.56)
        panel = BoxLayout(orientation="vertical", spacing=6, size_hint_x=0.44)
        self.title = label(font_size="24sp", size_hint_y=None, height=44)
        self.winner = label(size_hint_y=None, height=60)
        self.reveal = label(size_hint_y=None, height=30)
        self.record = label(font_size="11sp")
        self.home = button("", lambda: controller.go(HOME))
        for widget in (self.title, self.winner, self.reveal, self.record, self.home):
            panel.add_widget(widget)
        root.add_widget(self.board)
        root.add_widget(panel)
        self.add_widget(root)

    def refresh(self) -> None:
        """Show the result and the revealed setups."""
        controller = self.controller
        state = controller.state() if controller.game else None
        if state is None or not controller.winner_text():
            return
        view = controller.board_view()
        setup = controller.reveal()["setup"]
        view = view | {"figures": [{"square": sq, "owner": text.split()[0],
                                    "kind": text.split()[1]} for sq, text in setup.items()]}
        self.board.show(view)
        self.title.text = i18n.tr("over_title")
        self.winner.text = controller.winner_text()
        self.reveal.text = i18n.tr("reveal_title")
        self.record.text = i18n.tr("record_saved", path=controller.record_path)
        self.home.text = i18n.tr("home")
