"""The line protocol's codec (``companion.games.strategus.protocol``) and the knowledge a
protocol player keeps from the echoes (``companion.games.strategus.echoes``)."""

from __future__ import annotations

import random

import pytest

from companion.computer import computer_setup
from companion.game import ARBITER, HIDDEN, Piece
from companion.games.strategus import GAME
from companion.games.strategus.board import STANDARD, home_zone
from companion.games.strategus.combat import OUTCOME
from companion.games.strategus.echoes import EchoTracker
from companion.games.strategus.kinds import KIND_BY_ID, KIND_IDS
from companion.games.strategus.protocol import (
    OK,
    TOKENS,
    Echo,
    MoveLine,
    ProtocolError,
    combat_echo,
    format_board,
    format_echo,
    format_move,
    format_setup,
    format_setup_request,
    move_line,
    move_squares,
    parse_board,
    parse_echo,
    parse_move,
    parse_quit,
    parse_setup,
    parse_setup_request,
)
from companion.games.strategus.state import StrategusState

G = STANDARD


def test_tokens_are_the_figures_numbers() -> None:
    """1 elephant … 9 hare, s mouse, B trap, F apple [F]."""
    expected = {"elephant": "1", "grizzly": "2", "rhino": "3", "gorilla": "4", "lion": "5",
                "tiger": "6", "wolf": "7", "fox": "8", "hare": "9", "mouse": "s",
                "trap": "B", "apple": "F"}
    assert {kind: TOKENS[KIND_BY_ID[kind]] for kind in expected} == expected


@pytest.mark.parametrize("player", [0, 1])
def test_a_setup_round_trips_and_red_writes_its_back_row_first(player: int) -> None:
    setup = computer_setup(GAME, player, {}, random.Random(player))
    lines = format_setup(G, player, setup)
    assert len(lines) == 4 and all(len(line) == 10 for line in lines)
    assert parse_setup(G, player, lines) == setup
    first_rank = 0 if player == 0 else 6  # RED: y 0 = rank 1; BLUE: its front row, rank 7
    assert lines[0][3] == TOKENS[KIND_BY_ID[setup[G.square(3, first_rank)]]]


def test_the_setup_request_round_trips() -> None:
    line = format_setup_request(1, "the other one", G)
    assert line == "BLUE theotherone 10 10"
    request = parse_setup_request(line)
    assert (request.player, request.opponent, request.width, request.height) == (
        1, "theotherone", 10, 10)


@pytest.mark.parametrize("lines", [
    ["FB8sB479B8", "BB31555583", "6724898974"],
    ["FB8sB479B8", "BB31555583", "6724898974", "967B66999"],
    ["FB8sB479B8", "BB31555583", "6724898974", "967B66999X"],
    ["FB8sB479B8", "BB31555583", "6724898974", "967B669999".replace("7", "6")],
])
def test_a_bad_setup_is_one_clear_line(lines: list[str]) -> None:
    with pytest.raises(ProtocolError) as raised:
        parse_setup(G, 0, lines)
    assert "\n" not in str(raised.value) and str(raised.value)


def test_the_manuals_example_setup_is_the_whole_set() -> None:
    lines = ["FB8sB479B8", "BB31555583", "6724898974", "967B669999"]
    setup = parse_setup(G, 0, lines)
    assert setup[G.square(0, 0)] == "apple" and setup[G.square(1, 3)] == "tiger"
    assert len(setup) == 40


def test_every_straight_move_round_trips_and_up_is_towards_rank_one() -> None:
    for origin in G.squares():
        for target in G.squares():
            (x0, y0), (x1, y1) = G.coords(origin), G.coords(target)
            if (x0 == x1) == (y0 == y1):
                continue
            line = format_move(G, origin, target)
            parsed = parse_move(line)
            assert parsed is not None
            assert move_squares(G, parsed) == (origin, target)
            assert (parsed.count > 1) == (len(line.split()) == 4)
    assert move_squares(G, MoveLine(4, 5, "UP")) == (G.parse("e6"), G.parse("e5"))
    assert format_move(G, G.parse("a1"), G.parse("a4")) == "0 0 DOWN 3"


def test_surrender_and_quit() -> None:
    assert parse_move("SURRENDER") is None
    quit_line = parse_quit("QUIT VICTORY_FLAG")
    assert quit_line is not None and quit_line.result == "VICTORY_FLAG"
    assert parse_quit("3 4 UP OK") is None


@pytest.mark.parametrize("echo", [
    Echo(MoveLine(0, 3, "DOWN"), OK),
    Echo(MoveLine(9, 6, "UP", 3, written=True), "BOTHDIE", 8, 8),
    Echo(MoveLine(2, 2, "LEFT", 1, written=True), "KILLS", 0, 9),
    Echo(MoveLine(5, 5, "RIGHT"), "DIES", 9, 10),
    Echo(MoveLine(5, 5, "RIGHT"), "VICTORY_FLAG"),
    Echo(MoveLine(5, 5, "RIGHT"), "VICTORY_ATTRITION"),
    Echo(MoveLine(5, 5, "RIGHT"), "ILLEGAL"),
])
def test_every_outcome_round_trips(echo: Echo) -> None:
    assert parse_echo(format_echo(echo)) == echo


def test_the_manuals_echo_reads() -> None:
    echo = parse_echo("9 6 UP 3 BOTHDIE 9 9")
    assert echo.move == MoveLine(9, 6, "UP", 3, written=True)
    assert (echo.outcome, echo.attacker, echo.defender) == ("BOTHDIE", 8, 8)


@pytest.mark.parametrize("line", [
    "", "hello", "3 4", "3 4 NORTH", "3 4 UP 0", "x 4 UP", "3 4 UP 2 3", "3 4 UP KILLS 1",
    "3 4 UP KILLS 1 Q", "3 4 UP OK 5", "-1 4 UP", "3 4 UP 99999",
])
def test_a_malformed_move_or_echo_is_one_clear_line(line: str) -> None:
    for parse in (parse_move, parse_echo):
        with pytest.raises(ProtocolError) as raised:
            parse(line)
        assert "\n" not in str(raised.value) and str(raised.value)


def test_a_move_off_the_board_is_refused() -> None:
    with pytest.raises(ProtocolError):
        move_squares(G, MoveLine(0, 0, "UP"))
    with pytest.raises(ProtocolError):
        move_squares(G, MoveLine(12, 0, "DOWN"))
    with pytest.raises(ProtocolError):
        move_line(G, G.parse("a1"), G.parse("b2"))


def _start(seed: int) -> StrategusState:
    rng = random.Random(seed)
    pieces = {sq: Piece(player, kind) for player in (0, 1)
              for sq, kind in computer_setup(GAME, player, {}, rng).items()}
    return GAME.start(pieces)


def test_board_lines_hide_every_enemy_kind_even_shown_ones() -> None:
    state = _start(1)
    for player in (0, 1):
        lines = format_board(G, player, state.observation(player))
        assert len(lines) == 10
        board = parse_board(G, lines)
        assert board.enemies == home_zone(G, 1 - player)
        assert {sq: KIND_IDS[kind] for sq, kind in board.own.items()} == {
            sq: piece.kind for sq, piece in state.pieces().items() if piece.owner == player}
    arbiter_view = state.observation(ARBITER)
    assert all(seen.kind != HIDDEN for seen in arbiter_view.values())
    lines = format_board(G, 0, arbiter_view)  # even told every kind, enemies stay '#'
    assert all(char in "#." for line in lines[4:] for char in line)


def test_a_board_with_an_obstacle_or_a_stray_character_is_refused() -> None:
    lines = ["." * 10] * 10
    for bad in ("..++......", "....?.....", "........."):
        with pytest.raises(ProtocolError):
            parse_board(G, [bad, *lines[1:]])


def _echo_of(state: StrategusState, turn: tuple[int, int]) -> Echo:
    origin, target = turn
    attacker, defender = state.kind[origin], state.kind[target]
    move = move_line(G, origin, target)
    if defender < 0:
        return Echo(move, OK)
    return combat_echo(move, attacker, defender, OUTCOME[attacker][defender])


@pytest.mark.parametrize("seed", range(8))
def test_the_echoes_keep_what_each_player_knows(seed: int) -> None:
    """Over whole random games: each side's tracker, fed the echoes only, agrees with the
    board lines after every move, knows every kind a combat showed, and replays a position
    with its own figures true and the enemy's on their squares."""
    rng = random.Random(seed)
    state = _start(seed)
    trackers = [EchoTracker(G, player, {sq: piece.kind for sq, piece in
                                        state.pieces().items() if piece.owner == player})
                for player in (0, 1)]
    kind_of_identity = {sq: state.kind[sq] for sq in G.squares()}  # identity: start square
    for _ply in range(300):
        turn = state.random_turn(rng)
        if turn is None or state.is_over():
            break
        echo = _echo_of(state, turn)
        state.push(turn)
        for tracker in trackers:
            tracker.apply(echo)
        if state.is_over():
            break
        for player, tracker in enumerate(trackers):
            board = parse_board(G, format_board(G, player, state.observation(player)))
            assert tracker.agrees(board)
            for shown, kind in tracker.shown.items():
                assert kind_of_identity[shown] == kind
            if _ply % 9:
                continue
            replayed = tracker.position(rng)
            truth = state.pieces()
            assert {sq: p for sq, p in replayed.pieces().items() if p.owner == player} == {
                sq: p for sq, p in truth.items() if p.owner == player}
            assert {sq for sq, p in replayed.pieces().items() if p.owner != player} == {
                sq for sq, p in truth.items() if p.owner != player}
            assert replayed.to_move == state.to_move


def test_an_echo_that_cannot_have_happened_is_refused_and_changes_nothing() -> None:
    state = _start(3)
    tracker = EchoTracker(G, 0, {sq: p.kind for sq, p in state.pieces().items()
                                 if p.owner == 0})
    before = (dict(tracker.own), dict(tracker.enemy), tracker.to_move)
    for line in ("0 5 DOWN OK", "0 3 DOWN KILLS 1 2", "0 0 DOWN OK"):
        with pytest.raises(ProtocolError):
            tracker.apply(parse_echo(line))
        assert (dict(tracker.own), dict(tracker.enemy), tracker.to_move) == before


def test_an_illegal_echo_passes_the_turn_and_a_differing_board_is_followed() -> None:
    state = _start(4)
    own = {sq: p.kind for sq, p in state.pieces().items() if p.owner == 1}
    tracker = EchoTracker(G, 1, own)
    tracker.apply(parse_echo("0 0 UP ILLEGAL"))  # RED's refused move: BLUE to move
    assert tracker.to_move == 1 and tracker.turns == [None]
    replayed = tracker.position(random.Random(1))
    assert replayed.to_move == 1
    assert {sq for sq, p in replayed.pieces().items() if p.owner == 0} == home_zone(G, 0)
    moved = dict(state.pieces())
    moved[G.parse("a5")] = moved.pop(G.parse("a4"))  # a board the echoes never told
    board = parse_board(G, format_board(G, 1, GAME.start(moved).observation(1)))
    assert not tracker.agrees(board)
    tracker.follow_board(board, 1)
    assert tracker.agrees(board)
    position = tracker.position(random.Random(2))
    assert position.to_move == 1 and position.owner[G.parse("a5")] == 0
