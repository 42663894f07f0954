"""A whole Strategus game on the simulated board, leak-tested for every audience: both
players, the public, the club feed's messages and the terminal's lines (events, ``show``,
``status``), through refusals (a trap moved on the board, a declaration the rules refuse),
declared combats, a take-back and a resume after a power cut [H1, H2, R12].

The rule: a player sees their own kinds and, in a combat's turn event only, the two
combatants' kinds (``reveal``: the moment of reveal); the public never sees a kind; no
later view of an audience shows a kind it saw in a reveal (the survivor is face down
again). The end of the game opens nothing on these paths (the records do, R12)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

from club.game_feed import GameTableFeed
from commands.play_game import GameConsole
from companion.game import PUBLIC
from companion.game_events import BoardRefused, GameEvent, IntentRefused, TurnCommitted
from companion.games import get_game
from companion.identities import sim_identities
from companion.table.game_session import OVER, PLAY, GameSession
from companion.views.games import event_view, game_view
from hardware.simgame import GameHands, SimGameTable
from tests.test_game_notes import Recorder

GAME = get_game("strategus")
KINDS = [kind.id for kind in GAME.kinds()]
AUDIENCES = (0, 1, PUBLIC)
MOVABLE = {"trap", "apple"}


class Watchers:
    """Every audience's terminal, the club feed, and the checks on all they were shown."""

    def __init__(self, sim: SimGameTable, hands: GameHands) -> None:
        self.sim = sim
        self.lines: dict[int, list[str]] = {a: [] for a in AUDIENCES}
        self.consoles = {a: GameConsole(GAME, sim, hands, a, seed=0,
                                        say=self.lines[a].append) for a in AUDIENCES}
        self.sink = Recorder()
        self.feed = GameTableFeed(self.sink, GAME, {})  # type: ignore[arg-type]
        self.seen = 0
        self.reveals = 0
        self.hidden_survivors = 0
        self.survivors: dict[int, set[str]] = {0: set(), 1: set()}
        self.refusals: list[GameEvent] = []

    def look(self) -> None:
        """Show every audience the events since the last look, and its board and status."""
        events = self.sim.events[self.seen:]
        self.seen = len(self.sim.events)
        session = self.sim.session
        self.feed.update(session, events)
        for audience in AUDIENCES:
            for event in events:
                self.check_event(event, audience)
            console = self.consoles[audience]
            console.tell(events)
            console._cmd_show([])
            console._cmd_status([])
            if session.state is not None:
                self.check_board(game_view(GAME, session.state, audience,
                                           resigned=session.resigned), audience)
        for event in events:
            if isinstance(event, TurnCommitted):
                self.moved(event)
                if event.reveal:
                    self.combat(event)
            if isinstance(event, BoardRefused | IntentRefused):
                self.refusals.append(event)

    def check_event(self, event: GameEvent, audience: int) -> None:
        view = event_view(GAME, event, audience, GAME.geometry())
        if view is None:
            return
        if "reveal" in view:  # the moment of reveal: the players, in the turn event only
            assert audience != PUBLIC and view["event"] == "turn"
        if "rule" in view and isinstance(event, BoardRefused | IntentRefused):
            assert event.player in (audience, PUBLIC, None), (event, audience)
        rest = {k: v for k, v in view.items() if k != "reveal"}
        text = json.dumps(rest).replace('"reason": "apple"', "")
        if not ("rule" in view and event.player == audience):  # a player's own refusal
            assert not any(f'"{kind}"' in text for kind in KINDS), (view, audience)

    def check_board(self, view: dict[str, Any], audience: int) -> None:
        for figure in view["figures"]:
            if "kind" in figure:  # only one's own figures, never the public
                assert audience != PUBLIC and figure["owner"] == GAME.players[audience]
            elif audience != PUBLIC and figure["square"] in self.survivors[audience]:
                assert figure["owner"] != GAME.players[audience]
                self.hidden_survivors += 1

    def combat(self, event: TurnCommitted) -> None:
        """A combat: the square of a surviving enemy is watched by the player who saw it."""
        self.reveals += 1
        fight = event.public["combat"]
        # Who survived, and so which player saw an enemy's kind that is now face down.
        watcher = {"attacker_wins": 1 - event.player,
                   "defender_wins": event.player}.get(fight["outcome"])
        if watcher is not None:
            self.survivors[watcher].add(fight["defender"])

    def moved(self, event: TurnCommitted) -> None:
        """A turn's squares are watched no more (another figure may stand there now)."""
        for squares in self.survivors.values():
            squares.difference_update(event.turn.get("path", []))

    def check_lines(self) -> None:
        public = "\n".join(self.lines[PUBLIC]).replace("(apple)", "").replace('"apple"', "")
        assert not re.search(r"\b(" + "|".join(KINDS) + r")\b", public)
        assert not re.search(r"\b[rb]\.(?!\?)\w", public)  # every figure face down
        for player, enemy in ((0, "b"), (1, "r")):
            shown = "\n".join(self.lines[player])
            assert not re.search(rf"\b{enemy}\.(?!\?)\w", shown), player  # enemy face down
        published = json.dumps(self.sink.messages).replace('"reason": "apple"', "") \
            .replace("(apple)", "")
        assert '"kind"' not in published
        assert not any(f'"{kind}"' in published for kind in KINDS)


def _trap_move(sim: SimGameTable) -> tuple[int, int] | None:
    """A square of the mover's trap or apple next to an empty square, and that square."""
    state = sim.session.state
    assert state is not None
    pieces, geometry = state.pieces(), state.geometry
    for sq, piece in sorted(pieces.items()):
        if piece.owner == state.to_move and piece.kind in MOVABLE:
            file, rank = geometry.coords(sq)
            for df, dr in ((0, 1), (0, -1), (1, 0), (-1, 0)):
                if 0 <= file + df < geometry.files and 0 <= rank + dr < geometry.ranks:
                    target = geometry.square(file + df, rank + dr)
                    if target not in pieces:
                        return sq, target
    return None


def test_a_whole_strategus_game_leaks_no_kind_to_any_audience(tmp_path: Path) -> None:
    tags = sim_identities(GAME)
    session, events = GameSession.new(GAME, {}, tags, tmp_path / "s.log", now=0.0)
    sim = SimGameTable(session)
    hands = GameHands(sim, tags)
    sim.events += events
    watchers = Watchers(sim, hands)
    hands.set_up(GAME, {}, random.Random(8))
    sim.run_for()
    watchers.look()
    sim.intent({"start": True})
    sim.run_for()
    watchers.look()
    rng = random.Random(9)
    refused_trap = taken_back = resumed = declared_wrong = False
    for turn_no in range(1, 2000):
        session = sim.session
        state = session.state
        if session.phase != PLAY or state is None:
            break
        if not refused_trap and (found := _trap_move(sim)) is not None:
            sim.board.move(*found)  # a trap or the apple never moves [M-rules]: refused
            sim.run_for()
            watchers.look()
            sim.board.move(found[1], found[0])
            sim.run_for()
            refused_trap = True
        if turn_no == 12 and not declared_wrong:
            sim.intent({"declare": {"path": ["a1", "j10"]}})  # the rules refuse it
            declared_wrong = True
        if turn_no == 30 and not taken_back:
            session.take_back(session.turns - 2, {"reason": "the red hare on e4 fell",
                                                  "by": "arbiter"}, sim.now)
            hands.lay_out(dict(state.pieces()))
            sim.run_for()
            taken_back = True
        if turn_no == 45 and not resumed:
            session.close()
            again, told = GameSession.resume(session.log_path)
            sim.restart(again)
            sim.events += told
            sim.run_for()
            assert not again.fixing
            resumed = True
        watchers.look()
        state = sim.session.state
        assert state is not None
        if sim.session.phase != PLAY:
            break
        hands.play(rng.choice(list(state.legal_turns())))
        watchers.look()
    watchers.look()
    assert refused_trap and declared_wrong and taken_back and resumed
    assert sim.session.phase == OVER, "the game was played to its end"
    assert watchers.reveals > 5, "combats revealed kinds to the players"
    assert watchers.hidden_survivors > 0, "a revealed survivor was seen face down later"
    assert any(isinstance(e, BoardRefused) for e in watchers.refusals)
    assert any(isinstance(e, IntentRefused) for e in watchers.refusals)
    watchers.check_lines()
    sim.session.close()


def test_a_combats_kinds_never_reappear_for_the_players_who_saw_them(tmp_path: Path) -> None:
    """The survivor of a combat is face down again in every later view of the opponent:
    the board (game view and ``show``) and every event after the turn's own."""
    tags = sim_identities(GAME)
    session, _ = GameSession.new(GAME, {}, tags, tmp_path / "s.log", now=0.0)
    sim = SimGameTable(session)
    hands = GameHands(sim, tags)
    hands.set_up(GAME, {}, random.Random(3))
    sim.run_for()
    sim.intent({"start": True})
    state = session.state
    assert state is not None
    rng = random.Random(5)
    checked = 0
    while session.phase == PLAY and checked < 5:
        start = len(sim.events)
        hands.play(rng.choice(list(state.legal_turns())))
        new = sim.events[start:]
        fights = [e for e in new if isinstance(e, TurnCommitted) and e.reveal]
        if not fights or session.phase != PLAY:
            continue
        fight = fights[0]
        if fight.public["combat"]["outcome"] != "defender_wins":
            continue
        # The defender survived: its owner's opponent (the attacker) saw its kind.
        attacker = fight.player
        square = fight.public["combat"]["defender"]
        kind = fight.reveal["defender_kind"]
        turn_view = event_view(GAME, fight, attacker)
        assert turn_view is not None and turn_view["reveal"]["defender_kind"] == kind
        later = new[new.index(fight) + 1:]
        for event in later:
            view = event_view(GAME, event, attacker)
            assert view is None or "reveal" not in view
        board = game_view(GAME, state, attacker)
        [figure] = [f for f in board["figures"] if f["square"] == square]
        assert "kind" not in figure  # face down again [H2, R12]
        lines: list[str] = []
        GameConsole(GAME, sim, hands, attacker, seed=0, say=lines.append)._cmd_show([])
        enemy = GAME.players[1 - attacker][0]
        assert not re.search(rf"\b{enemy}\.(?!\?)\w", "\n".join(lines))
        checked += 1
    assert checked, "a defender survived a combat"
    session.close()
