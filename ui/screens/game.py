"""The screens of the games (Strategus, Gimmel, Giganten): setup, play,
game over.

The board on the left (``ui.board.widget``, drawn in the game's style from the view the
controller gives: ``ui.control.game``), a panel of fixed controls on the right, the
messages below them. Every control keeps its place through the phases; one that does not
apply now is disabled, not hidden. What only the simulated board has (set up, carry out
the computer's turn, place or remove a piece) lives in the simulation drawer
(``ui.widgets.sim_drawer``). A Strategus combat shows as the reveal card
(``ui.widgets.reveal_card``) over the board until it is tapped. No rule is decided here.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.screenmanager import Screen

from ui.board.widget import BoardWidget
from ui.control.game import GAME_OVER, GAME_PLAY, GAME_SETUP, GameController
from ui.giganten.setup_panel import PrivateRow, progress_lines
from ui.theme import GO, PROMPT_COLOUR, TEXT
from ui.widgets.common import MessageArea, button_row, label, safely, slotted
from ui.widgets.confirm import ConfirmPanel
from ui.widgets.details_drawer import DetailsDrawer, details_button
from ui.widgets.reveal_card import RevealCard
from ui.widgets.setup_tray import SetupTray
from ui.widgets.sim_drawer import GameDrawer
from ui.words import i18n
from ui.words.drawer_details import game_details_lines
from ui.words.plain_text import plain


class GameTableScreen(Screen):
    """The board, the fixed controls (or the drawer), the messages."""

    def __init__(self, games: GameController, name: str, **kwargs: Any) -> None:
        super().__init__(name=name, **kwargs)
        self.games = games
        self.errors: list[str] = []
        root = BoxLayout(orientation="horizontal", padding=4, spacing=4)
        self.board = BoardWidget(games.pieces, size_hint_x=0.56)
        self.board.on_tap = self._tap
        self.board.on_zoom = self.refresh
        self.panel = BoxLayout(orientation="vertical", spacing=3, size_hint_x=0.44)
        self.messages = MessageArea()
        self.drawer = GameDrawer(games, lambda: self.board.selected, self._toggle_drawer,
                                 self._deselect)
        self.drawer_open = False
        self._drawer_game: object = None
        """The game the drawer was last shown for: a new game opens with the controls."""
        self.zoom = slotted("", self.board.zoom_out, "whole_board")
        self.sim = slotted("", self._toggle_drawer, "simulation")
        self.details = DetailsDrawer()
        self.details_button = details_button(self.open_details)
        self.controls = self.build_controls()
        root.add_widget(self.board)
        root.add_widget(self.panel)
        self.add_widget(root)
        self._place_panel()

    def build_controls(self) -> Any:
        """The screen's own controls (a column of fixed height)."""
        raise NotImplementedError

    def _tap(self, square: str) -> None:
        """A tap selects a square; a second tap elsewhere moves the figure of the selected
        square there (the two-step pick of a zoomed board)."""
        if self.games.choices.choose_square(square):  # a Giganten challenge [C1, M7]
            self.board.selected = None
            return
        selected = self.board.selected
        if selected is not None and selected != square and selected in self.games.physical():
            self.board.selected = None
            self.games.pieces.move(selected, square)
            return
        self.board.selected = None if selected == square else square
        self.board.redraw(force=True)
        self.refresh()

    def _deselect(self) -> None:
        self.board.selected = None
        self.board.redraw(force=True)

    def _place_panel(self) -> None:
        shown = self.drawer if self.drawer_open else self.controls
        self.panel.clear_widgets()
        self.panel.add_widget(shown)
        self.panel.add_widget(self.messages)

    def _toggle_drawer(self) -> None:
        self.drawer_open = not self.drawer_open and self.games.live_board.simulated
        self._place_panel()
        self.refresh()

    def common_row(self, *middle: Any) -> Any:
        """"Whole board", the screen's own buttons, "Details", "Simulation"."""
        row = button_row(self.zoom, *middle, self.details_button, self.sim)
        row.height = max(row.height, self.details_button.height)
        return row

    def open_details(self) -> None:
        """The details drawer: rule ids, the commitments, the log's head, the files."""
        self.details.show(game_details_lines(self.games)
                          + [f"{plain(e).text} · {', '.join(plain(e).details)}"
                             for e in self.errors[-1:] if plain(e).details])

    def refresh_common(self) -> None:
        """The board, the common buttons, the drawer and the messages."""
        games = self.games
        if games.log_path != self._drawer_game:
            # A game that ended with the drawer open (its last turn carried out there)
            # must not open the next game with the drawer over the controls.
            self._drawer_game = games.log_path
            if self.drawer_open:
                self.drawer_open = False
                self._place_panel()
        computer_hands = games.computer_hands
        announced = computer_hands.announced_path() or []
        if announced:
            self.board.keep_in_sight(announced)  # the computer's squares in sight
        self.board.show(games.board_view(selected=self.board.selected),
                        physical=games.physical(), targets=games.choices.challenge_targets(),
                        draggable=True, announced=announced,
                        moving=computer_hands.carry_progress())
        self.zoom.text, self.sim.text = i18n.tr("whole_board"), i18n.tr("simulation")
        self.details_button.text = i18n.tr("details")
        self.zoom.disabled = not self.board.zoomed
        self.sim.disabled = not games.live_board.simulated
        self.drawer.refresh()
        # Plain words only: a rule id, hash or path in an error is for the details drawer.
        self.messages.show(games.messages() + [plain(e).text for e in self.errors[-1:]])

    def refresh(self) -> None:
        """Redraw from the controller."""


def stacked(*widgets: Any) -> Any:
    """A column of fixed-height widgets, as high as they are."""
    column = BoxLayout(orientation="vertical", spacing=3, size_hint_y=None)
    for widget in widgets:
        column.add_widget(widget)
    column.height = sum(w.height for w in widgets) + column.spacing * (len(widgets) - 1)
    return column


LINE = 19
"""One line of ``TEXT`` (16 px of Roboto: 19 px from ascender to descender)."""
NOW_LINES = 5 * LINE + 1
"""The "what to do now" line's height: room for the longest refusal with its way back."""
COUNT_LINES = 4 * LINE + 4
"""The counts' height: a line per seat under V9."""


class GameSetupScreen(GameTableScreen):
    """Progress per side, each side's private moment (its own figures and problems for its
    owner's eyes: one seat's button each), Start once every setup is valid."""

    def __init__(self, games: GameController, **kwargs: Any) -> None:
        super().__init__(games, GAME_SETUP, **kwargs)

    def build_controls(self) -> Any:
        """Title, progress, what now, the seats' private moments, Whole board and
        Simulation, Start."""
        self.title = label(size_hint_y=None, height=LINE, bold=True)
        self.progress = label(size_hint_y=None, height=2 * LINE, font_size=TEXT)
        self.now = label(size_hint_y=None, height=NOW_LINES, color=PROMPT_COLOUR,
                         font_size=TEXT)
        self.start = slotted("", self.games.start, "start")
        self.start.tint = GO  # the one step that begins play stands out
        # The private moment: a seat alone, its own figures, its trap tapped [I4, V5, V9].
        self.private = PrivateRow(self.games, self.refresh)
        # The tray: the figures still to place, dragged onto the board.
        self.tray = SetupTray(self.games, self.board, self.errors.append)
        return stacked(self.title, self.progress, self.now, self.tray, self.private.row,
                       self.common_row(self.start))

    def _tap(self, square: str) -> None:
        """In a private moment under V5 a tap puts the seat's trap there; else as ever."""
        taken = [False]

        def trap() -> None:
            taken[0] = self.games.private.tap(square)

        safely(trap)  # a refused trap: one line in the messages
        if not taken[0]:
            super()._tap(square)

    def refresh(self) -> None:
        """Redraw the setup; while a seat's moment is open the board shows that seat's own
        setup (``ui.control.private``)."""
        games = self.games
        if games.game is None or games.sim is None or games.screen != GAME_SETUP:
            return
        self.refresh_common()
        sides = games.setup_progress()
        self.title.text = i18n.tr("gm_setup_title", title=games.game.title)
        self.progress.text = progress_lines(games)
        self.private.refresh()
        self.tray.refresh()
        self.now.text = self.private.line() or games.what_now()
        self.start.text = i18n.tr("start")
        self.start.disabled = not all(s["ready"] for s in sides)
        private = games.private.view()
        if private is not None:  # the owner's view, until "Done"
            self.board.show(private["board"], physical=games.physical(), draggable=True)


class GamePlayScreen(GameTableScreen):
    """Whose turn, what to do now, the game's counts (Gimmel's score and hands), Giganten's
    choices, Whole board, Resign and Simulation, the messages; the reveal card over the
    board."""

    def __init__(self, games: GameController, **kwargs: Any) -> None:
        super().__init__(games, GAME_PLAY, **kwargs)
        self.confirm = ConfirmPanel()
        self.card = RevealCard(on_dismiss=games.dismiss_card, size_hint=(0.54, 0.86),
                               pos_hint={"x": 0.01, "y": 0.07})
        self.add_widget(self.card)

    def build_controls(self) -> Any:
        """The play screen's controls."""
        self.build_play_controls()
        return stacked(self.to_move, self.now, self.counts, self.choices, self.common)

    def build_play_controls(self) -> None:
        """The controls of every play screen (referee mode's adds its own): who moves, what
        now, the counts, the choices row and the common row."""
        self.to_move = label(size_hint_y=None, height=26, bold=True)
        self.now = label(size_hint_y=None, height=NOW_LINES, color=PROMPT_COLOUR,
                         font_size=TEXT)
        self.counts = label(size_hint_y=None, height=COUNT_LINES, font_size=TEXT)
        self.resign = slotted("", self._ask_resign, "resign")
        # Giganten's open choices [C1, V8, K5]: "No challenge" / "Done" / "Stay", "Advance"
        # (ui.giganten.control); in their place, disabled, in every game.
        self.decline = slotted("", self.games.choices.decline, "decline")
        self.advance = slotted("", self.games.choices.advance, "advance")
        # Against the computer in a casual game: the person's last turn taken back.
        self.take_back = slotted("", self.games.take_back.request, "take_back")
        self.choices = button_row(self.take_back, self.decline, self.advance)
        self.common = self.common_row(self.resign)

    def _ask_resign(self) -> None:
        games = self.games
        who = [p for p in games.players if games.computer is None
               or games.players.index(p) != games.computer.player]
        self.confirm.ask(i18n.tr("gm_resign_title"), [
            (i18n.tr("gm_resigns", player=i18n.player(p)), partial(games.resign, p), p in who)
            for p in games.players])

    def refresh(self) -> None:
        """Redraw the game."""
        games = self.games
        if games.game is None or games.sim is None or games.screen != GAME_PLAY:
            return
        self.refresh_common()
        you = (i18n.tr("gm_you_are", player=i18n.player(games.players[games.audience]))
               if games.computer is not None and games.audience >= 0 else "")
        self.to_move.text = " - ".join(t for t in (games.to_move_text(), you) if t)
        self.now.text = games.what_now()
        self.counts.text = "\n".join(games.counts())
        self.resign.text = i18n.tr("resign")
        left, left_on, right, right_on = games.choices.choice_buttons()
        self.decline.text, self.decline.disabled = left, not left_on
        self.advance.text, self.advance.disabled = right, not right_on
        offered = games.computer is not None and not games.referee
        self.take_back.text = i18n.tr("gm_take_back") if offered else ""
        self.take_back.disabled = games.take_back.refused() is not None
        for choice in (self.take_back, self.decline, self.advance):  # no empty slabs:
            choice.opacity = 1 if choice.text else 0  # their place stays
        self.card.show(games.combat_view())  # stays until tapped (or the next turn)


class GameOverScreen(Screen):
    """The winner and the reason in plain words, the final board as everyone may see it,
    the record saved; "Play again" (the same choice) and "New game" (the home screen)."""

    def __init__(self, games: GameController, **kwargs: Any) -> None:
        super().__init__(name=GAME_OVER, **kwargs)
        self.games = games
        self.errors: list[str] = []
        root = BoxLayout(orientation="horizontal", padding=6, spacing=6)
        self.board = BoardWidget(games.pieces, size_hint_x=0.56)
        panel = BoxLayout(orientation="vertical", spacing=6, size_hint_x=0.44)
        self.title = label(font_size="22sp", size_hint_y=None, height=44)
        self.winner = label(size_hint_y=None, height=72)
        self.counts = label(size_hint_y=None, height=COUNT_LINES, font_size=TEXT)
        self.reveal = label(size_hint_y=None, height=30, font_size=TEXT)
        self.record = label(font_size=TEXT)
        self.again = slotted("", games.play_again, "again")
        self.home = slotted("", games.go_home, "home")
        self.details = DetailsDrawer()
        self.details_button = details_button(
            lambda: self.details.show(game_details_lines(games)))
        for widget in (self.title, self.winner, self.counts, self.reveal, self.record,
                       button_row(self.details_button, self.again, self.home)):
            panel.add_widget(widget)
        root.add_widget(self.board)
        root.add_widget(panel)
        self.add_widget(root)

    def refresh(self) -> None:
        """Show the result."""
        games = self.games
        if games.game is None or games.sim is None or games.screen != GAME_OVER:
            return
        view = games.reveal.over_view()  # the setups revealed [Strategus R12, fair play]
        self.board.show(view)
        self.reveal.text = i18n.tr("gm_revealed") if view.get("revealed") else ""
        self.title.text = i18n.tr("gm_over_title", title=games.game.title)
        self.winner.text = games.result()
        self.counts.text = "\n".join(games.counts())
        self.record.text = i18n.tr("gm_record") if games.record_path is not None else ""
        self.again.text = i18n.tr("gm_play_again")
        self.home.text = i18n.tr("gm_new_game")
        self.details_button.text = i18n.tr("details")
