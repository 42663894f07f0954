"""Import a game log or record and step through it: one view per step, for any audience.

``Replay.load(path)`` accepts a game log (``giganten-log/1``), any record of
``companion.archive.records`` (public, full, referee) and a bare game record (``giganten-game/1``).
Step 0 is the start; step *n* is the game after its *n*-th turn. In a refereed game
with corrections or a referee's result the steps are as they happened: a takeback, a
turn entered by the arbiter and the result are steps of their own. ``view_at(step, audience)``
goes through ``views`` like everything shown: a player sees their own kinds only, the
public what spectators saw. A public record holds nothing but public views, so it gives
the ``public`` audience only, and so does a game still running (a log, or a record): told
as its public record tells it, without a combatant's kind, since a replay of the game
being played would be the memory aid that [I4] forbids.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.archive.records import (
    PUBLIC_KIND,
    RECORD_FORMAT,
    REFEREE_KIND,
    LoggedGame,
    describe,
    go_to,
    public_steps,
    raw_entries,
    redo,
    referee_part,
    start_text,
)
from companion.games.giganten.codec import GAME_FORMAT, RecordError, game_from_json, game_to_json
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Action
from companion.ledger.course import Course, CourseError, apply_item
from companion.ledger.record import LOG_FORMAT, LogError
from companion.untrusted import MALFORMED, loads, problem_text
from companion.views import ARBITER, OUTCOME_ONLY, POLICIES, PUBLIC, RULEBOOK, view_for

JSON = dict[str, Any]


class ReplayError(ValueError):
    """A file that cannot be replayed; the message says why and what to do."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a replay: its number and a one-line description (public words)."""

    number: int
    what: str


class Replay:
    """A game to step through; make one with :meth:`load` or :meth:`from_document`."""

    def __init__(self, kind: str, steps: Sequence[Step], policy: str, *,
                 game: GameState | None = None, views: Sequence[JSON] = (),
                 log: Sequence[JSON] = (),
                 histories: Sequence[Sequence[Action]] | None = None) -> None:
        """Internal: use :meth:`load`. ``game`` is the finished replay of a log or full
        record; ``views`` the stored public views of a public record."""
        self.kind = kind
        """``log``, ``public``, ``full``, ``referee`` or ``game``."""
        self.steps = list(steps)
        self.policy = policy
        self.log = list(log)
        """The referee record's (or log's) entries, every type passed through."""
        self._views = list(views)
        self.public_only = game is None
        """Only the public may be shown this replay: a public record, a running game."""
        actions: list[Action] = list(game.history) if game is not None else []
        self._histories = [list(h) for h in histories] if histories is not None else [
            actions[:step] for step in range(len(self.steps))]
        """The game's actions at each step (a correction may take some back)."""
        self._state: GameState | None = None
        if game is not None:
            self._state = game_from_json({**game_to_json(game), "actions": [],
                                          "result": None})

    # --- Loading ---------------------------------------------------------------------------

    @classmethod
    def load(cls, path: Path) -> Replay:
        """Read a log or record; ``ReplayError`` for what cannot be replayed."""
        try:
            data = path.read_bytes()
        except OSError as err:
            raise ReplayError(f"cannot read {path}: {err.strerror or err}") from None
        if _is_log(data):
            try:
                game = LoggedGame.read(path)
            except (LogError, RuntimeError) as err:  # LogReplayError is a RuntimeError
                raise ReplayError(str(err)) from None
            return cls._of_game("log", game.state, game.policy, raw_entries(game.entries),
                                game.course)
        try:
            document = loads(data.decode("utf-8"))
        except ValueError:
            raise ReplayError(f"{path} is neither a game log nor a JSON game record") from None
        return cls.from_document(document)

    @classmethod
    def from_document(cls, document: Any) -> Replay:
        """A replay of a parsed record (public, full, referee, or a bare game record);
        ``ReplayError`` for one that cannot be replayed, malformed ones too."""
        try:
            return cls._from_document(document)
        except ReplayError:
            raise
        except MALFORMED as err:
            raise ReplayError(f"the record is malformed ({problem_text(err)}): export it again"
                              " from its game log") from None

    @classmethod
    def _from_document(cls, document: Any) -> Replay:
        if not isinstance(document, dict):
            raise ReplayError("a game record is a JSON object")
        if document.get("format") == GAME_FORMAT:
            return cls._of_game("game", _game(document), RULEBOOK, ())
        if document.get("format") != RECORD_FORMAT:
            raise ReplayError(f"not a game record (format {document.get('format')!r}); records"
                              f" are {RECORD_FORMAT!r} or {GAME_FORMAT!r}, logs {LOG_FORMAT!r}")
        kind, policy = document.get("kind"), document.get("policy", RULEBOOK)
        if policy not in POLICIES:
            raise ReplayError(f"unknown reveal policy {policy!r} in the record")
        if kind == PUBLIC_KIND:
            return cls._of_public(document, str(policy))
        if kind not in ("full", REFEREE_KIND) or not isinstance(document.get("game"), dict):
            raise ReplayError(f"unknown record kind {kind!r}, or a record without its game")
        log = document.get("log", []) if kind == REFEREE_KIND else []
        game = _game(document["game"])
        course = _course(game, document["referee"]) if "referee" in document else None
        return cls._of_game(str(kind), game, str(policy), log, course)

    @classmethod
    def _of_game(cls, kind: str, game: GameState, policy: str, log: Sequence[JSON],
                 course: Course | None = None) -> Replay:
        running = not (game.is_over or (course is not None and course.result is not None))
        if running:
            # A game still running is replayed as its public record tells it: to the public
            # only, without a combatant's kind (a list of them is the memory aid [I4]
            # forbids), and without its log (every setup) [I3] (issue 18, finding 6).
            policy, log = OUTCOME_ONLY, ()
        replay = cls._steps_of(kind, game, policy, log, course)
        replay.public_only = running
        return replay

    @classmethod
    def _steps_of(cls, kind: str, game: GameState, policy: str, log: Sequence[JSON],
                  course: Course | None) -> Replay:
        steps = [Step(0, start_text(game))]
        replay = game_from_json({**game_to_json(game), "actions": [], "result": None})
        if course is not None and referee_part(course) is not None:
            # A refereed game: the steps as they happened, each correction and the
            # referee's result a step of its own.
            told = public_steps(replay, course, policy)
            steps += [Step(step["step"], step["what"]) for step in told]
            return cls(kind, steps, policy, game=game, log=log, histories=course.histories)
        for number, action in enumerate(game.history, 1):
            redo(replay, action)
            steps.append(Step(number, describe(replay, action, policy)))
        return cls(kind, steps, policy, game=game, log=log)

    @classmethod
    def _of_public(cls, document: Mapping[str, Any], policy: str) -> Replay:
        raw = document.get("steps")
        if not isinstance(raw, list) or not raw or not all(
                isinstance(s, dict) and isinstance(s.get("view"), dict) for s in raw):
            raise ReplayError("the public record holds no steps")
        steps = [Step(n, str(s.get("what", ""))) for n, s in enumerate(raw)]
        return cls(PUBLIC_KIND, steps, policy, views=[s["view"] for s in raw])

    # --- Stepping --------------------------------------------------------------------------

    def __len__(self) -> int:
        """The number of steps: the start and one per turn."""
        return len(self.steps)

    def is_action_step(self, step: int) -> bool:
        """True when ``step`` is the game's ``step``-th action played in order (a turn or
        a resignation), not a correction or a referee's result: its view's ``last_turn``
        tells it all, so a screen can word it in its own language."""
        if not 0 < step < len(self._histories):
            return False
        return (len(self._histories[step]) == step
                and self._histories[step][:-1] == self._histories[step - 1])

    def audiences(self) -> list[str]:
        """Who may be shown this replay: ``public`` only for a public record."""
        if self._state is None or self.public_only:
            return [PUBLIC]
        return [*(p.name for p in self._state.players), PUBLIC, ARBITER]

    def view_at(self, step: int, audience: str) -> JSON:
        """The game after ``step`` turns as ``audience`` may see it (``views.view_for``)."""
        if not 0 <= step < len(self.steps):
            raise IndexError(f"step {step} is not in this replay (0 to {len(self.steps) - 1})")
        if self.public_only and audience != PUBLIC:
            raise ValueError(f"a public record, or a game still running, shows only what"
                             f" spectators saw: there is no view for {audience!r} [I3]")
        if self._state is None:
            return dict(self._views[step])
        state = self._state
        go_to(state, self._histories[step])  # back, or on, from where the last call left it
        return view_for(state, audience, self.policy)


def _is_log(data: bytes) -> bool:
    try:
        head = loads(data.split(b"\n", 1)[0].decode("utf-8"))
    except ValueError:
        return False
    return isinstance(head, dict) and head.get("format") == LOG_FORMAT


def _course(game: GameState, referee: Any) -> Course:
    """A refereed game's course (its ``referee`` part), replayed from the game's start."""
    items = referee.get("course") if isinstance(referee, dict) else None
    if not isinstance(items, list):
        raise ReplayError("the record's course (its referee part) is malformed")
    course = Course(game_from_json({**game_to_json(game), "actions": [], "result": None}))
    try:
        for item in items:
            apply_item(course, item)
    except CourseError as err:
        raise ReplayError(f"the record's course does not replay: {err}") from None
    return course


def _game(data: Mapping[str, Any]) -> GameState:
    try:
        return game_from_json(data)
    except RecordError as err:
        raise ReplayError(f"the game does not replay: {err}") from None


__all__ = ["Replay", "ReplayError", "Step"]
