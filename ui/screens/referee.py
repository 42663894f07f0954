"""Referee mode on the touchscreen for every game: the setup and play
screens of ``ui.screens.game`` with the desk's controls (``ui.control.referee``).

In referee mode the play screen shows the large clocks (``ui.widgets.clock_faces.ClockFaces``)
above whose turn it is, and a row of its own: "Dispute" (asks which player calls the
arbiter), "Offer draw" (asks which player offers; while an offer stands it reads "Answer
draw" and asks an opponent to accept or decline it [W3]), "Arbiter" (the arbiter's panel)
and "Put back" (the simulated board's helper after a take-back). A game without referee
mode shows the plain screen. The column is chosen when a game opens and kept for the whole
game, so nothing moves under the finger. The setup screen's title counts the setup time
down.

The arbiter's panel: the PIN typed on its own pad (``ui.widgets.pin_pad``), anew for every action;
the reason picked from a short list; pause and clocks on, take back one turn, look (the
whole position behind look-away and hold-to-see, ``ui.screens.arbiter_look``), adjust a clock
(asks whose, a minute more or less, FIDE 7.5), a draw, either
player's win, either player's loss on time (each that cannot be undone asked first, naming
the arbiter). A wrong PIN shows the refusal in the panel. No rule is decided here:
everything goes to the controller, which hands it to the desk.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from companion.clock import format_time
from ui.control.game import GAME_PLAY
from ui.control.referee import RefereeGameController
from ui.control.shell_state import ControllerError
from ui.screens.arbiter_look import LookPanel
from ui.screens.game import GamePlayScreen, GameSetupScreen, stacked
from ui.theme import TEXT
from ui.widgets.clock_faces import REASONS, ClockFaces
from ui.widgets.common import button_row, label, middle_label, slotted
from ui.widgets.confirm import ConfirmPanel
from ui.widgets.pin_pad import PinPad
from ui.words import i18n

PLAYERS_SHOWN = 2
"""The win buttons of the arbiter's panel: one per player of a two-player game."""


class RefereeGameSetupScreen(GameSetupScreen):
    """The setup screen; in referee mode its title counts the setup time down."""

    games: RefereeGameController

    def refresh(self) -> None:
        """Redraw the setup, the setup time left in the title."""
        super().refresh()
        games = self.games
        if games.game is None or games.sim is None or not games.referee:
            return
        left = games.setup_left()
        if left is not None:
            self.title.text = (i18n.tr("gr_setup_left", title=games.game.title,
                                       left=format_time(left)) if left > 0
                               else i18n.tr("gr_setup_over", title=games.game.title))


class RefereeGamePlayScreen(GamePlayScreen):
    """The play screen; in referee mode with the clocks and the desk's row."""

    games: RefereeGameController

    def build_controls(self) -> Any:
        """The plain play screen's controls and referee mode's; the plain column first."""
        self.build_play_controls()
        self.dispute = slotted("", self._ask_dispute, "dispute")
        self.draw_offer = slotted("", self._ask_draw, "draw_offer")
        self.arbiter_button = slotted("", self._open_arbiter, "arbiter")
        self.put_back = slotted("", self._put_back, "put_back")
        self.desk_row = button_row(self.dispute, self.draw_offer, self.arbiter_button,
                                   self.put_back)
        self.faces: ClockFaces | None = None
        self.arbiter_panel = GameArbiterPanel(self.games)
        self.dispute_confirm = ConfirmPanel()
        self._arranged: tuple[bool, tuple[str, ...]] = (False, ())
        return self._column(False)

    def _column(self, referee: bool) -> Any:
        """The controls' column for a game with or without referee mode."""
        widgets = [self.to_move, self.now, self.counts, self.choices, self.common]
        if referee:
            self.faces = ClockFaces(self.games)
            widgets = [self.faces, self.to_move, self.now, self.counts, self.choices,
                       self.desk_row, self.common]
        for widget in widgets:
            if widget.parent is not None:
                widget.parent.remove_widget(widget)
        return stacked(*widgets)

    def _arrange(self) -> None:
        """A new game chooses its column (referee mode and its players' clock faces)."""
        games = self.games
        wanted = (games.referee, tuple(games.players))
        if wanted == self._arranged:
            return
        self._arranged = wanted
        self.controls = self._column(games.referee)
        self._place_panel()

    def _ask_dispute(self) -> None:
        games = self.games
        self.dispute_confirm.ask(i18n.tr("confirm_dispute"), [
            (i18n.tr("disputes_player", player=i18n.player(p)), partial(games.dispute, p), True)
            for p in games.players])

    def _ask_draw(self) -> None:
        """No offer stands: who offers? One stands: an opponent accepts or declines [W3]."""
        games = self.games
        offered = games.draw_offered_by
        if offered is None:
            self.dispute_confirm.ask(i18n.tr("confirm_offer"), [
                (i18n.tr("offers_player", player=i18n.player(p)),
                 partial(games.offer_draw, p), True) for p in games.players])
            return
        answers = []
        for p in games.players:
            if p != offered:
                answers += [(i18n.tr("accepts_player", player=i18n.player(p)),
                             partial(games.accept_draw, p), True),
                            (i18n.tr("gr_declines_player", player=i18n.player(p)),
                             partial(games.decline_draw, p), True)]
        self.dispute_confirm.ask(
            i18n.tr("gr_confirm_answer", player=i18n.player(offered)), answers)

    def _open_arbiter(self) -> None:
        self.arbiter_panel.open_panel()

    def _put_back(self) -> None:
        self.games.put_back()

    def refresh(self) -> None:
        """Redraw the game; in referee mode the clocks and the desk's row too."""
        games = self.games
        if games.game is None or games.sim is None:
            return
        self._arrange()
        super().refresh()
        if not games.referee:
            return
        if self.faces is not None:
            self.faces.refresh()
        self.dispute.text = i18n.tr("dispute")
        self.arbiter_button.text = i18n.tr("gr_arbiter")
        self.put_back.text = i18n.tr("gr_put_back")
        self.draw_offer.text = i18n.tr("offer_draw" if games.draw_offered_by is None
                                       else "gr_answer_draw")
        session = games.session
        self.draw_offer.disabled = session.fixing
        self.put_back.disabled = not (games.live_board.simulated and session.fixing
                                      and session.turns > 0)
        self.dispute.disabled = session.fixing
        if self.arbiter_panel.parent is not None:
            self.arbiter_panel.refresh()


class GameArbiterPanel(ModalView):
    """The arbiter's actions behind the PIN, typed on the built-in pad."""

    def __init__(self, games: RefereeGameController, **kwargs: Any) -> None:
        super().__init__(auto_dismiss=False, **kwargs)
        self.games = games
        self.reason_key = REASONS[0]
        root = BoxLayout(orientation="horizontal", padding=8, spacing=8)
        self.pad = PinPad(size_hint_x=0.42)
        right = BoxLayout(orientation="vertical", spacing=6)
        self.title = label(size_hint_y=None, height=44, font_size=TEXT)
        self.reason = middle_label(size_hint_y=None, height=26)
        self.reasons = [slotted("", partial(self._choose, key), key) for key in REASONS]
        self.pause = slotted("", partial(self._do, "pause"), "pause")
        self.resume = slotted("", partial(self._do, "resume"), "resume")
        self.take_back = slotted("", self._ask_take_back, "takeback")
        self.look = slotted("", self._look, "look")
        self.adjust = slotted("", self._ask_adjust, "adjust")
        self.draw = slotted("", partial(self._ask_result, "draw"), "draw")
        self.wins = [slotted("", partial(self._ask_win, index), f"wins{index}")
                     for index in range(PLAYERS_SHOWN)]
        self.flags = [slotted("", partial(self._ask_time, index), f"time{index}")
                      for index in range(PLAYERS_SHOWN)]
        self.both_lose = slotted("", self._ask_both_lose, "both_lose")
        self.message = Label(halign="left", valign="top", font_size=TEXT)
        self.message.bind(size=lambda lab, s: setattr(lab, "text_size", s))
        self.close_button = slotted("", self.close, "arbiter_close")
        for widget in (self.title, self.reason, button_row(*self.reasons),
                       button_row(self.pause, self.resume),
                       button_row(self.take_back, self.look, self.adjust, self.draw),
                       button_row(*self.wins, self.both_lose), button_row(*self.flags),
                       self.message,
                       self.close_button):
            right.add_widget(widget)
        root.add_widget(self.pad)
        root.add_widget(right)
        self.add_widget(root)
        self.confirm = ConfirmPanel()
        # Adjust asks with two buttons per player: a panel of its own keeps every answer
        # in its place (the other questions have one).
        self.adjust_confirm = ConfirmPanel()
        self.look_panel = LookPanel(games.pieces)

    def open_panel(self) -> None:
        """Open with the words of the UI's language and nothing typed yet."""
        self.pad.take()
        self.message.text = "" if self.games.pin_set else i18n.tr("err_no_pin")
        self.refresh()
        self.open(animation=False)

    def refresh(self) -> None:
        """Texts in the UI's language; an action that does not apply now is off."""
        games = self.games
        self.title.text = i18n.tr("gr_panel_title") + "\n" + i18n.tr(
            "arbiter_is", arbiter=games.arbiter_name)
        self.reason.text = i18n.tr("reason_chosen", reason=i18n.tr(self.reason_key))
        for key, widget in zip(REASONS, self.reasons, strict=True):
            widget.text = i18n.tr(key)
        self.pause.text, self.resume.text = i18n.tr("pause"), i18n.tr("resume_clocks")
        self.take_back.text, self.draw.text = i18n.tr("gr_take_back"), i18n.tr("gr_draw")
        self.look.text, self.adjust.text = i18n.tr("look"), i18n.tr("gr_adjust")
        for action, widget in (("pause", self.pause), ("resume", self.resume),
                               ("takeback", self.take_back), ("result", self.draw),
                               ("look", self.look), ("adjust", self.adjust)):
            widget.disabled = games.arbiter_unavailable(action) is not None
        players = games.players
        for key, widgets in (("gr_wins", self.wins), ("gr_lost_on_time", self.flags)):
            for index, widget in enumerate(widgets):
                widget.text = (i18n.tr(key, player=i18n.player(players[index]))
                               if index < len(players) else "")
                widget.disabled = (index >= len(players)
                                   or games.arbiter_unavailable("result") is not None)
        self.both_lose.text = i18n.tr("gr_both_lose")
        self.both_lose.disabled = games.arbiter_unavailable("result") is not None
        self.close_button.text = i18n.tr("arbiter_close")
        self.pad.refresh()

    def _choose(self, key: str) -> None:
        self.reason_key = key
        self.refresh()

    def _look(self) -> None:
        """The whole position for the arbiter alone: behind look-away and hold-to-see."""
        games = self.games
        self.message.text = ""
        try:
            view = games.arbiter(self.pad.take(), "look", i18n.tr(self.reason_key))
        except ControllerError as err:
            self.message.text = str(err)
            self.refresh()
            return
        if view is not None:
            self.close()
            self.look_panel.present(view)

    def _ask_take_back(self) -> None:
        # Taking the game back cannot be undone: ask first, naming who does it.
        pin = self.pad.take()
        self.confirm.ask(i18n.tr("gr_confirm_take_back"), [
            (i18n.tr("arbiter_does", arbiter=self.games.arbiter_name),
             partial(self._do, "takeback", pin), True)])

    def _ask_adjust(self) -> None:
        """Whose clock, a minute more or less: one button each, then the desk."""
        pin = self.pad.take()
        choices = [(i18n.tr(key, player=i18n.player(player)),
                    partial(self._do, "adjust", pin, "", player, seconds), True)
                   for player in self.games.players
                   for key, seconds in (("gr_adjust_more", 60.0), ("gr_adjust_less", -60.0))]
        self.adjust_confirm.ask(i18n.tr("gr_confirm_adjust"), choices)

    def _ask_win(self, index: int) -> None:
        player = self.games.players[index]
        self._ask_result(f"decision {player}", i18n.tr("gr_wins", player=i18n.player(player)))

    def _ask_both_lose(self) -> None:
        self._ask_result("both-lose", i18n.tr("gr_both_lose"))

    def _ask_time(self, index: int) -> None:
        player = self.games.players[index]
        self._ask_result(f"time {player}",
                         i18n.tr("gr_lost_on_time", player=i18n.player(player)))

    def _ask_result(self, result: str, words: str | None = None) -> None:
        pin = self.pad.take()
        said = words if words is not None else i18n.tr("gr_draw")
        self.confirm.ask(i18n.tr("gr_confirm_result", result=said), [
            (i18n.tr("gr_arbiter_ends", arbiter=self.games.arbiter_name),
             partial(self._do, "result", pin, result), True)])

    def _do(self, action: str, pin: str | None = None, result: str = "", player: str = "",
            seconds: float = 0.0) -> None:
        games = self.games
        self.message.text = ""  # never the last action's "Done" beside a new answer
        typed = self.pad.take() if pin is None else pin
        turns = max(0, games.session.turns - 1) if games.sim is not None else 0
        try:
            games.arbiter(typed, action, i18n.tr(self.reason_key), turns=turns,
                          result=result, player=player, seconds=seconds)
        except ControllerError as err:
            self.message.text = str(err)
            self.refresh()
            return
        if games.screen != GAME_PLAY:  # the game ended: the panel's work is done
            self.close()
            return
        self.message.text = i18n.tr("arbiter_done")
        self.refresh()  # a take-back may leave nothing more to take back

    def close(self) -> None:
        """Forget the PIN typed and close."""
        self.pad.take()
        self.message.text = ""
        self.dismiss(animation=False)


__all__ = ["GameArbiterPanel", "RefereeGamePlayScreen", "RefereeGameSetupScreen"]
