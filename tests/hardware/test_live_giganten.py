"""Giganten through the game interface on the real board's code path (``giganten play
--game giganten`` and ``giganten referee --game giganten`` with a backend), read by
emulated MFRC522 chips at the SPI level: its board is the readers' whole board, its
figures come from Giganten's own registry (the one ``giganten enrol`` writes), so a club's
enrolled sets keep working; a set that is not all enrolled gets one line."""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from commands import play_game_live
from commands.play_game_live import LiveGameConsole, LiveGameTable, live_tags
from commands.play_start import new_options
from commands.referee_game_live import referee_live
from companion.game import Game
from companion.game_events import TurnCommitted
from companion.game_registry import GameRegistryError
from companion.games import get_game
from companion.games.giganten.position import Advance, GigantenState
from companion.games.giganten.ruleset import RuleSet
from companion.games.giganten.turns import Turn
from companion.identities import Identity
from companion.reads import Uid, parse_uid
from companion.registry import Figure, Registry, full_set
from companion.table.game_session import OVER, PLAY, GameSession
from hardware.assemble import UsageError
from tests.hardware.test_live_game import Live
from tests.hardware.test_live_referee import DESK, clocks_lines
from tests.kind_words import KIND_WORDS


def club_registry(path: Path, *, leave_out: Figure | None = None) -> Path:
    """A club's Giganten registry as ``giganten enrol`` saves it: both sets, the blank
    figure too, each figure under a tag of its own."""
    rng = random.Random(11)  # the tags' UIDs: arbitrary, public in a test
    registry = Registry()
    for owner in ("yellow", "orange"):
        for figure in full_set(owner):
            if figure != leave_out:
                registry.enrol(parse_uid("04" + rng.randbytes(6).hex()), figure)
    registry.save(path)
    return path


def giganten_args(tmp_path: Path, **given: Any) -> argparse.Namespace:
    script = tmp_path / "script.txt"
    script.write_text("quit\n", "utf-8")
    values = {"script": str(script), "audience": "public", "config": None, "event": None,
              "rules": None, "registry": club_registry(tmp_path / "registry.json"),
              "log_dir": tmp_path / "games", "resume": None, "variants": RuleSet(),
              "policy": "outcome-only", "computer": None, "pin_hash": None, **given}
    return argparse.Namespace(**values)


@pytest.fixture
def live_giganten() -> Iterator[Live]:
    live = Live(get_game("giganten"))
    yield live
    live.close()


def set_up_on_the_readers(live: Live, game: Game, options: dict[str, Any],
                          tags: dict[Uid, Identity]) -> None:
    """Both players put down a valid setup in their zones [S1-S4], figure by figure."""
    rng = random.Random(3)
    for player in range(len(game.players)):
        zone = sorted(game.setup_zone(player, options))
        mine = sorted(uid for uid, piece in tags.items() if piece.owner == player)
        for _ in range(1000):
            rng.shuffle(zone)
            chosen = dict(zip(zone, mine, strict=False))
            if not game.check_setup(player, {sq: tags[uid].kind for sq, uid in
                                             chosen.items()}, options):
                break
        for square, uid in sorted(chosen.items()):
            live.squares.place(square, uid)


def start(live: Live, session: GameSession) -> None:
    """Tap start once the readers have seen both setups (refused until then)."""
    assert live.console is not None
    console = live.console

    def started() -> bool:
        console.execute("start")
        return session.phase == PLAY

    live.until(started, "both setups read, the game started")


def one_step(live: Live, session: GameSession) -> None:
    """The player to move steps a figure onto a free square, by hand."""
    state = session.state
    assert state is not None
    pieces = state.pieces()
    turn = next(t for t in state.legal_turns()
                if len(t.path) == 2 and t.path[-1] not in pieces and t.challenge is None)
    live.squares.place(turn.path[1], live.squares.lift(turn.path[0]))


def test_gigantens_registry_gives_the_tags_of_the_session(tmp_path: Path) -> None:
    game = get_game("giganten")
    args = giganten_args(tmp_path)
    options = new_options(args, game, 3)
    tags, path = live_tags(args, game, options)
    assert path == args.registry
    assert len(tags) == 48  # the blank figures stay in the box [F]
    assert {piece.owner for piece in tags.values()} == {0, 1}
    blank = giganten_args(tmp_path, variants=RuleSet.of(["V3"]))
    tags, _ = live_tags(blank, game, new_options(blank, game, 3))
    assert len(tags) == 50  # the blank figure plays the Gespenst [V3]
    assert sorted(p.owner for p in tags.values() if p.kind == "gespenst") == [0, 1]
    missing = giganten_args(tmp_path, registry=club_registry(
        tmp_path / "short.json", leave_out=Figure("orange", "tri", 2)))
    with pytest.raises(GameRegistryError, match=r"^1 of the 48 pieces have no tag \(first:"
                       r" orange tri #2\); enrol them: brettl enrol --game giganten"
                       r" --owner orange$"):
        live_tags(missing, game, options)


def test_giganten_is_played_on_the_readers_with_the_clubs_figures(
        live_giganten: Live, tmp_path: Path) -> None:
    live, game = live_giganten, live_giganten.game
    assert live.squares.layout.identity  # the readers' whole board
    args = giganten_args(tmp_path)
    options = new_options(args, game, 3)
    tags, _ = live_tags(args, game, options)
    session, events = GameSession.new(game, options, tags, tmp_path / "g.log", now=0.0)
    console = live.attach(LiveGameConsole(game, LiveGameTable(session, live.reader), 0))
    console.tell(events)
    set_up_on_the_readers(live, game, options, tags)
    start(live, session)
    assert session.phase == PLAY
    one_step(live, session)
    live.until(lambda: session.turns == 1, "the step read by the readers")
    assert any(isinstance(e, TurnCommitted) for e in live.table.events)


def test_giganten_refereed_on_the_readers(live_giganten: Live, tmp_path: Path) -> None:
    live, game = live_giganten, live_giganten.game
    console, _ = referee_live(giganten_args(tmp_path), game, live.reader, DESK)
    live.attach(console)
    session = console.session
    assert session.options["rules"]["referee"]["two_squares"] == 5  # the club's [W3]
    set_up_on_the_readers(live, game, session.options, session.identities)
    start(live, session)
    one_step(live, session)
    live.until(lambda: session.turns == 1, "the step read by the readers")
    console.execute("clocks")
    assert clocks_lines(live) and clocks_lines(live)[-1].startswith("clocks: yellow")
    # The public terminal never named a hidden kind (outcome-only [I2]).
    assert not any(KIND_WORDS.search(line) for line in live.lines), live.lines


def _towards_the_enemy(state: GigantenState) -> Turn:
    """A challenge if one may be made now, else the step that brings a figure nearest to
    an enemy: the quickest way to a combat [C1, C2]."""
    turns = [t for t in state.legal_turns() if isinstance(t, Turn) and not t.place]
    challenges = [t for t in turns if t.challenge is not None and len(t.path) == 2]
    if challenges:
        return challenges[0]
    files = state.geometry.files
    enemies = [sq for sq, piece in state.pieces().items() if piece.owner != state.to_move]

    def distance(turn: Turn) -> int:
        rank, file = divmod(turn.path[-1], files)
        return min(abs(rank - r) + abs(file - f) for r, f in
                   (divmod(sq, files) for sq in enemies))

    return min((t for t in turns if len(t.path) == 2), key=distance)


def _read_or_asked(session: GameSession, done: int) -> bool:
    """The step was read as a turn, or the session asks what it was."""
    return session.turns > done or bool(session.choices)


def test_a_challenge_on_the_readers_is_chosen_and_its_losers_taken_off(
        live_giganten: Live, tmp_path: Path) -> None:
    """A figure moved next to an enemy by hand: the session asks for the challenge or none
    (``choose``) [C1], decides it in secret, and the losers' squares are cleared by hand;
    the public terminal (outcome-only [I2]) names no kind throughout."""
    live, game = live_giganten, live_giganten.game
    console, _ = referee_live(giganten_args(tmp_path), game, live.reader, DESK)
    live.attach(console)
    session = console.session
    set_up_on_the_readers(live, game, session.options, session.identities)
    start(live, session)
    for _ in range(40):
        state = session.state
        assert isinstance(state, GigantenState)
        turn = _towards_the_enemy(state)
        done = session.turns
        live.squares.place(turn.path[1], live.squares.lift(turn.path[0]))
        if turn.challenge is None:
            live.until(partial(_read_or_asked, session, done), "the step read")
            if session.turns > done:
                continue
            turn = next(t for t in session.choices if t.challenge is None)
        else:
            live.until(lambda: bool(session.choices), "the challenge asked for")
        console.execute(f"choose {session.choices.index(turn)}")
        if turn.challenge is not None:
            break
    else:
        pytest.fail("no challenge within 40 turns")
    assert session.turns == done + 1
    [committed] = [e for e in live.table.events if isinstance(e, TurnCommitted)
                   and e.number == session.turns]
    assert committed.public["challenge"]["outcome"]  # the outcome, public [I1]
    for square in committed.removed:  # the losers come off the board, by hand
        live.squares.lift(square)
    state = session.state
    assert isinstance(state, GigantenState)
    if state.offer is not None:  # the winner stays [K5]
        live.until(lambda: bool(session.choices), "the advance offered")
        console.execute(f"choose {session.choices.index(Advance(False))}")
    if session.phase != OVER:  # a challenge that takes the Nest ends the game [W1]
        live.until(lambda: not session.fixing and session.state is not None
                   and dict(session.state.pieces()) == session.board, "the board matching")
    # The end names its reason, "nest", which is public [W1]; no other line names a kind.
    named = [line for line in live.lines
             if KIND_WORDS.search(line) and not line.startswith("game over:")]
    assert not named, named[:3]


def test_an_unenrolled_set_on_the_readers_gets_one_line(live_giganten: Live,
                                                        tmp_path: Path) -> None:
    args = giganten_args(tmp_path, registry=tmp_path / "none.json")
    with pytest.raises(UsageError, match=r"none.json: no registry file there"):
        referee_live(args, live_giganten.game, live_giganten.reader, DESK)


def test_play_with_a_backend_plays_on_the_readers(live_giganten: Live, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    """``giganten play --game giganten --event …`` with a backend opens the readers (here
    the emulated ones) instead of the simulated board, and publishes to the club."""
    opened: list[str] = []

    def backend(args: argparse.Namespace, game: str, geometry: Any) -> Any:
        opened.append(game)
        return live_giganten.reader

    monkeypatch.setattr(play_game_live, "open_game_backend", backend)
    args = giganten_args(tmp_path, game="giganten", policy="rulebook", sim=False,
                         backend="spi", seed=None, level="normal", budget=0.2,
                         event="localhost:9/spring/t4")
    assert play_game_live.play_command(args) == 0
    out = capsys.readouterr().out
    assert opened == ["giganten"]
    assert "Giganten on the real board (spi); pieces from" in out, out
    # --event on the readers: the club feed, kept in its outbox while no broker answers.
    assert "Publishing the public feed as table t4 of event spring" in out, out
    assert list((tmp_path / "games").glob("*.outbox"))
