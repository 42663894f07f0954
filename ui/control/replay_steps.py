"""A game's log (the logs the app writes: ``ui.control.game``) or its full record
(``companion.archive.game_records``) stepped through on the replay screen, as the public
saw it: step 0 is the start, step *n* the game after its *n*-th turn that stood (a
take-back's undone turns are gone, as on the table). Every board goes through
``companion.views.games.game_view`` for the public audience and every turn through its
public form (``companion.game.public_turn``: reserves placed face down [Giganten V6]), so
a replay is never a memory aid of what the public did not see [I4]. Kivy-free.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.game import PUBLIC, GameError, public_turn
from companion.games import get_game
from companion.ledger import game_log
from companion.ledger.record import LogError, verify
from companion.views.games import game_view
from ui.words import i18n
from ui.words.view_text import result_text, turn_line

JSON = dict[str, Any]


@dataclass(frozen=True)
class GameReplay:
    """The public view of every step of a game, and the public words of the turn
    that led to it (None: the start)."""

    steps: tuple[tuple[JSON, JSON | None], ...]

    def __len__(self) -> int:
        return len(self.steps)

    def at(self, step: int) -> tuple[JSON, str]:
        """Step ``step``'s view and its one line, worded in the UI's language now (issue
        17: a replay switched to German must not keep the English)."""
        view, said = self.steps[step]
        line = i18n.tr("replay_start") if said is None else turn_line(said)
        return view, _with_result(line, view)

    @classmethod
    def of_log(cls, path: Path) -> GameReplay:
        """The replay of the game logged at ``path``; ``ValueError`` (one line) for a log
        that cannot be replayed."""
        try:
            entries = verify(path)
        except LogError as err:
            raise ValueError(str(err)) from None
        header = entries[0].body
        if not game_log.is_game_header(header):
            raise ValueError(i18n.tr("err_replay_no_game", name=path.name))
        try:
            game = game_log.seated_for(get_game(str(header["game"])), header)
            course = game_log.replay(game, entries)
        except (GameError, KeyError, game_log.ReplayError) as err:
            raise ValueError(f"{path.name}: {err}") from None
        return cls._of(header, course.bodies, course.resigned, course.declared)

    @classmethod
    def of_record(cls, record: Mapping[str, Any]) -> GameReplay:
        """The replay of a full record (``ValueError``, one line, if malformed)."""
        turns = record.get("turns")
        if record.get("kind") != "full" or not isinstance(turns, list):
            raise ValueError(i18n.tr("err_replay_public"))
        resigned, declared = record.get("resigned"), record.get("declared")
        if not (resigned is None or type(resigned) is int) or \
                not (declared is None or isinstance(declared, dict)):
            raise ValueError(i18n.tr("err_replay_failed", reason="its result is malformed"))
        try:
            return cls._of(record, turns, resigned, declared)
        except (GameError, KeyError, TypeError, game_log.ReplayError) as err:
            raise ValueError(str(err)) from None

    @classmethod
    def _of(cls, header: Mapping[str, Any], bodies: Sequence[Mapping[str, Any]],
            resigned: int | None, declared: Mapping[str, Any] | None) -> GameReplay:
        game = game_log.seated_for(get_game(str(header["game"])), header)
        state = game_log.start_of(game, header)
        view = game_view(game, state, PUBLIC)
        steps: list[tuple[JSON, JSON | None]] = [(view, None)]
        for number, body in enumerate(bodies, start=1):
            player = game.players[state.to_move]
            played = state.push(game.turn_from_json(state, body["turn"]))
            shown = public_turn(game, body["turn"])
            last = number == len(bodies)
            view = game_view(game, state, PUBLIC, last_turn=shown,
                             resigned=resigned if last else None,
                             declared=declared if last else None)
            steps.append((view, {"turn": shown, "public": played.public, "player": player,
                                 "number": number}))
        if not bodies and (resigned is not None or declared is not None):
            steps[0] = (game_view(game, state, PUBLIC, resigned=resigned, declared=declared),
                        None)
        return cls(tuple(steps))


def _with_result(line: str, view: Mapping[str, Any]) -> str:
    """The step's line, with the result once the game is over."""
    return f"{line}; {result_text(view)}" if view.get("winner") or view.get("reason") else line
