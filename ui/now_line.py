"""One line that says what to do now (issue 17, item 4), per screen, phase and player, in
the UI's language.

Everything comes from what the controller hands the screens (``companion.views`` output:
the prompt, the setup progress, the public board view, the clocks); the line decides no
rule, it only says in plain words what the session waits for. Rule ids and other
developer text go to ``NowLine.details`` (the details drawer), never into ``text``.

``now_line(controller)`` is the line of the controller's screen. The pieces are public so
that another game's screens can use them: ``setup_line`` (sides, setup rows, whether the
board is still being read), ``prompt_line`` (a prompt view, whose turn it is) and
``referee_line`` (the clocks view and the latest events). Kivy-free.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from companion.views import PUBLIC
from ui import i18n
from ui.plain_text import Plain, plain, plain_view

if TYPE_CHECKING:  # the controller imports nothing of this module
    from ui.controller import Controller

JSON = dict[str, Any]


@dataclass(frozen=True)
class NowLine:
    """What to do now, and the developer text behind it (for the details drawer)."""

    text: str
    details: tuple[str, ...] = ()


def _line(said: Plain) -> NowLine:
    return NowLine(said.text, said.details)


def setup_line(sides: Sequence[Mapping[str, Any]], rows: Mapping[str, tuple[int, int]],
               *, reading: bool) -> NowLine:
    """The setup: the first side that is not ready yet and what it does (``sides``:
    ``Controller.setup_progress()``). What is wrong with a complete side is its owner's
    to see in a private moment [I3]: the line only says where to look."""
    if reading:
        return NowLine(i18n.tr("now_reading"))
    for side in sides:
        if side["ready"]:
            continue
        name = str(side["player"])
        who, placed, needed = i18n.player(name), int(side["placed"]), int(side["needed"])
        if placed > needed:
            return NowLine(i18n.tr("now_setup_too_many", player=who, placed=placed,
                                   needed=needed, extra=placed - needed))
        if placed < needed and name in rows:
            first, last = rows[name]
            return NowLine(i18n.tr("now_setup_place", player=who, needed=needed,
                                   placed=placed, first=first, last=last))
        return NowLine(i18n.tr("now_setup_invalid", player=who,
                               button=i18n.tr("private_for", player=who)))
    return NowLine(i18n.tr("now_start"))


def prompt_line(prompt: Mapping[str, Any] | None, to_move: str | None) -> NowLine:
    """Play: what the board waits for (the session's prompt as a view) or, with nothing
    asked, that ``to_move`` moves. The player named is the prompt's own (during an advance
    offer the winner of the challenge, who is not always the one to move)."""
    kind = prompt.get("type") if prompt else None
    who = i18n.player(str((prompt or {}).get("player") or to_move or ""))
    if prompt is None or kind == "to_move":
        return NowLine(i18n.tr("now_move", player=who)) if to_move else NowLine("")
    if kind == "challenge_prompt":
        targets = ", ".join(str(t) for t in prompt["targets"])
        if not prompt["targets"]:
            return NowLine(i18n.tr("now_continue", player=who))
        key = "now_challenge" if prompt["may_decline"] else "now_challenge_must"
        return NowLine(i18n.tr(key, player=who, targets=targets))
    if kind == "advance_offer":
        return NowLine(i18n.tr("now_advance", player=who, source=prompt["from"],
                               square=prompt["into"]))
    if kind == "in_hand":
        return NowLine(i18n.tr("now_in_hand", player=who, squares=i18n.tr("ev_and").join(
            str(s) for s in prompt["squares"])))
    said = plain_view(prompt)
    if kind == "readers" and not prompt.get("problems") and not prompt.get("unknown_tags"):
        return NowLine(i18n.tr("now_reading"), said.details)
    if kind == "refused":
        # The reason can be long: it is in the messages; the line says what to do.
        key = "now_refused_back" if prompt.get("put_back") else "now_refused"
        return NowLine(i18n.tr(key, square=prompt.get("put_back")), said.details)
    if kind in ("board_differs", "readers"):
        return NowLine(_first_of(said.text, "now_fix" if kind == "board_differs"
                                 else "now_readers"), said.details)
    return _line(said)


def _first_of(text: str, key: str) -> str:
    """The first of the things to do (``a; b; c``) and how many more the messages list."""
    first, *more = text.split("; ")
    line = i18n.tr(key, fix=first)
    return line + i18n.tr("now_more", count=len(more)) if more else line


def referee_line(clocks: Mapping[str, Any] | None, messages: Sequence[Mapping[str, Any]],
                 offered_by: str | None, players: Sequence[str]) -> NowLine | None:
    """Referee mode's situations that come before the board's prompt: the clocks stopped
    (by a dispute: who called), a draw offered (who may accept). None: none of them."""
    if clocks is not None and clocks.get("paused"):
        paused = [m for m in messages if m.get("type") == "paused"]
        if paused and paused[-1].get("by"):
            return NowLine(i18n.tr("now_disputed", player=i18n.player(str(paused[-1]["by"]))))
        return NowLine(i18n.tr("now_paused"))
    if offered_by is not None:
        others = [p for p in players if p != offered_by]
        return NowLine(i18n.tr("now_draw_offered", player=i18n.player(others[0]),
                               offerer=i18n.player(offered_by)))
    return None


def now_line(controller: Controller) -> NowLine:
    """The line of the screen the controller shows now."""
    from ui.control_base import (
        HOME,
        LANDSCAPE,
        OVER_SCREEN,
        PLAY_SCREEN,
        REPLAY_SCREEN,
        SETUP_SCREEN,
    )

    screen = controller.screen
    if screen == HOME:
        return NowLine(i18n.tr("now_home"))
    if screen == REPLAY_SCREEN:
        if controller.replay is not None:
            return NowLine(i18n.tr("now_replay_step"))
        return NowLine(i18n.tr("now_replay_pick" if controller.records() else "now_replay_none"))
    if screen == LANDSCAPE:
        return NowLine(i18n.tr("now_landscape"))
    if controller.game is None or controller.game.session is None:
        return NowLine("")
    if screen == SETUP_SCREEN:
        return _setup_now(controller)
    if screen == PLAY_SCREEN:
        return _play_now(controller)
    if screen == OVER_SCREEN:
        said = plain(controller.winner_text())
        return NowLine(i18n.tr("now_over", result=said.text), said.details)
    return NowLine("")


def _setup_now(controller: Controller) -> NowLine:
    # The shared screen's line: a side's problems are its owner's only [I3], so they are
    # not told here, even while the owner's private moment is held.
    return setup_line(controller.setup_progress(), controller.setup_rows(),
                      reading=controller.reading_board())


def _play_now(controller: Controller) -> NowLine:
    progress = controller.auto_progress()
    if progress:
        return NowLine(progress)
    view = controller.board_view(PUBLIC)
    referee = (referee_line(controller.clocks(), controller.messages(PUBLIC),
                            controller.draw_offered_by, controller.players)
               if controller.referee else None)
    if referee is not None:
        return referee
    prompt = controller.prompt(PUBLIC)
    to_move = view.get("to_move")
    return prompt_line(prompt, str(to_move) if to_move else None)
