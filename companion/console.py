"""Text for terminal front ends: session events as lines for one audience, and the words of
the command loop.

Nothing here decides what an audience may see: every line comes from
``views.event_view`` (or, for ``show``, ``views.view_for`` through ``textboard``). This
module only chooses which of a burst of events are worth a line (a board being read
square by square produces hundreds of "not settled yet" events) and adds, from the view
and nothing else, the combatants a view shows.

``giganten play`` and ``giganten resume`` (``commands/play.py``) and ``giganten enrol``
(``commands/enrol.py``) use it; it is pure, like the rest of ``companion``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.events import AdvanceDone, Event, ReadersTrouble, SetupStatus, TurnPlayed
from companion.games.giganten.board import Board
from companion.games.giganten.players import Player
from companion.games.giganten.state import GameState
from companion.reads import Uid, parse_uid
from companion.registry import PLAYER_NAMES, Figure, Registry, kind_name
from companion.views import ARBITER, PUBLIC, RULEBOOK, event_view

JSON = dict[str, Any]

AUDIENCES: tuple[str, ...] = (PUBLIC, *PLAYER_NAMES, ARBITER)
"""Everyone a terminal can show the game to: spectators, a player, the arbiter."""

PLAY_HELP = """\
Commands (squares like e4; a FIGURE is named like 'yellow tri 2' or given as its tag UID):
  the board (the simulated hands):
    place SQ [FIGURE]    put a figure down (without FIGURE: the one in the hand)
    lift SQ              take a figure into the hand
    move A B             lift the figure on A, carry it for 0.5 s, put it down on B
    remove SQ            take a figure off the board and set it aside
    wait [SECONDS]       let the readers scan (default 1 s)
  the screen:
    challenge SQ         challenge the figure on SQ with the figure just moved
    nochallenge          end the turn without a challenge (also: confirm)
    stay                 the winner of the challenge does not advance
    start [PLAYER]       start the game once every setup is valid (default: draw who begins)
    trap PLAYER SQ       choose a player's secret trap square (V5; a private moment)
    resign PLAYER        give up
  helpers:
    setup [PLAYER|all]   lay out a random valid setup for one side or all (default: all)
    auto [N]             the computer players play N turns (default: to the end)
    show [AUDIENCE]      the board as AUDIENCE may see it (public, a player, arbiter;
                         while the game runs, no more than this terminal's --audience)
    status               what the game waits for
    export FILE [public] write the game record (0600; once the game is over), or with
                         'public' what spectators may know (0644)
    help                 this text
    quit                 stop (the game stays in its log: giganten resume)
Lines starting with # are comments."""

ENROL_HELP = """\
Commands (squares like e4; UIDs as hex, like 04A1B2C3D4E5F6):
    place SQ UID         put a figure with this tag down (UID 'new': a fresh random tag)
    place SQ             put the figure in the hand back down
    lift SQ              take the figure on SQ into the hand
    read                 (--layout) read the layout now and report what is missing
    skip                 (one by one) leave the figure asked for out and go on
    wait [SECONDS]       let the readers scan (default 1 s)
    help                 this text
    quit                 stop (every enrolment so far is saved)
Lines starting with # are comments."""


class CommandError(ValueError):
    """A command that cannot be carried out as typed; the text says why and what to do."""


def collapse(events: Sequence[Event], *, settled: bool) -> list[Event]:
    """The events of one burst worth a line each.

    A side's setup status counts only as it ends (the last ``SetupStatus`` of each player).
    A turn reported again right after its winner advanced is told once (the advance says
    the rest).
    Of the readers' troubles only the last counts, and not even that if it only said that
    squares were not settled yet and the board has settled since (``settled``).
    """
    last_setup = {e.player: i for i, e in enumerate(events) if isinstance(e, SetupStatus)}
    troubles = [i for i, e in enumerate(events) if isinstance(e, ReadersTrouble)]
    keep_trouble = troubles[-1] if troubles else None
    if keep_trouble is not None:
        trouble = events[keep_trouble]
        assert isinstance(trouble, ReadersTrouble)
        if settled and not trouble.problems and not trouble.unknown_tags:
            keep_trouble = None
    out = []
    for index, event in enumerate(events):
        if isinstance(event, SetupStatus) and last_setup[event.player] != index:
            continue
        if isinstance(event, ReadersTrouble) and index != keep_trouble:
            continue
        previous = events[index - 1] if index else None
        if isinstance(event, TurnPlayed) and isinstance(previous, AdvanceDone) \
                and previous.advanced:
            continue  # the turn again, now with its advance: the advance was just told
        out.append(event)
    return out


def event_lines(event: Event, audience: str, *, board: Board, players: tuple[Player, ...],
                state: GameState | None, policy: str = RULEBOOK,
                past: bool = False) -> list[str]:
    """The lines that show ``event`` to ``audience``: its view's text, then what else that
    view holds for this audience (a setup's problems for their owner, the combatants of a
    challenge where the view names them). Empty if the event is not for this audience.
    ``past``: a turn whose challenge is over, told without the kinds [I4]."""
    view = event_view(event, audience, board=board, players=players, state=state,
                      policy=policy, past=past)
    if view is None:
        return []
    text = str(view["text"])
    if view.get("type") == "turn":
        text += _combatants(view["action"].get("combat"))
    lines = [text]
    if view.get("log_head"):  # noted by the players: giganten verify LOG --head
        lines.append(f"  Log head {view['log_head']}"
                     + (" (note it: giganten verify LOG --head checks the log against it)"
                        if view.get("type") == "game_over" else ""))
    # Only a setup's problems carry reasons; the readers' problems are in the text already.
    for problem in view.get("problems", ()) if view.get("type") == "setup" else ():
        where = f"{problem['square']}: " if problem.get("square") else ""
        lines.append(f"  {where}{problem['reason']} [{problem['rule']}]")
    return lines


def _combatants(combat: JSON | None) -> str:
    """`` — Tri challenged Flug [K1]``: the kinds and rule a turn's view shows, if any."""
    if not combat:
        return ""
    challenger, challenged = combat.get("challenger_kind"), combat.get("challenged_kind")
    parts = []
    if challenger is not None and challenged is not None:
        parts.append(f"{kind_name(challenger)} challenged {kind_name(challenged)}")
    elif challenger is not None:
        parts.append(f"the challenger was a {kind_name(challenger)}")
    elif challenged is not None:
        parts.append(f"the challenged figure was a {kind_name(challenged)}")
    if "rule" in combat:
        parts.append(f"[{combat['rule']}]")
    return f" — {' '.join(parts)}" if parts else ""


def parse_tag(text: str, registry: Registry) -> Uid:
    """A figure named as people write it (``yellow tri 2``), resolved through the registry,
    or a tag UID in hex. ``CommandError`` says what is wrong."""
    words = text.split()
    if not words:
        raise CommandError("name the figure (like 'yellow tri 2') or give its tag UID")
    if words[0].lower() in PLAYER_NAMES:
        try:
            figure = Figure.parse(text)
        except ValueError as err:
            raise CommandError(str(err)) from None
        uid = registry.uid_of(figure)
        if uid is None:
            raise CommandError(f"{figure} has no tag in the registry: enrol it first"
                               " (giganten enrol)")
        return uid
    try:
        return parse_uid(text)
    except ValueError as err:
        raise CommandError(f"{err}, or a figure like 'yellow tri 2'") from None


def parse_square(board: Board, text: str) -> int:
    """A square of ``board`` by name; ``CommandError`` if there is no such square."""
    try:
        return board.square(text.lower())
    except ValueError as err:
        raise CommandError(str(err)) from None


def parse_seconds(words: Sequence[str], default: float) -> float:
    """``wait [SECONDS]``: a number of seconds from 0 to 600."""
    if not words:
        return default
    try:
        seconds = float(words[0])
    except ValueError:
        raise CommandError(f"{words[0]!r} is not a number of seconds") from None
    if not 0 <= seconds <= 600:
        raise CommandError("wait between 0 and 600 seconds")
    return seconds


__all__ = [
    "AUDIENCES",
    "ENROL_HELP",
    "PLAY_HELP",
    "CommandError",
    "collapse",
    "event_lines",
    "parse_seconds",
    "parse_square",
    "parse_tag",
]
