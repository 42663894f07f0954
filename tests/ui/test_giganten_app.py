"""Giganten in the app through the games' controller (issue 13), without a display.

The home screen's Giganten settings go through the landscape screen and its switch point
(``ui.giganten.handover``): every variant is played on ``ui.control.game.GameController``
over ``GameSession``. Whole games against the computer (the demo's
bots) on the simulated board, the person's turns made as on the screen (a figure dragged,
the figure to challenge tapped, "No challenge", "Advance", "Stay"), the computer's turns
carried out ("Done", or the drawer's "Carry out"), a power cut in the middle, the record
saved and verified. And the leak test: after every action no view the controller gives an
audience shows a kind Giganten's rules hide from it: a
figure's kind on the board to its owner only (``tests.giganten_oracle.known_on_board``).
"""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from companion.game import PUBLIC
from companion.games.giganten.figures import KINDS
from tests.giganten_oracle import known_on_board
from ui.control.game import GAME_OVER, GAME_PLAY, GAME_SETUP, GameController
from ui.control.shell import Controller
from ui.control.shell_state import HOME, LANDSCAPE, ControllerError, GameOptions
from ui.giganten.handover import confirm_landscape
from ui.words import i18n
from ui.words.giganten_text import target

from .test_game_controller import assert_verified

KIND_WORDS = {word.lower() for kind in KINDS if kind.id != "nest"
              for word in (kind.id, *(i18n.STRINGS.get(f"kind_{kind.id}", {}).values()))}
"""Every Giganten kind's name (the Nest's taking is public: it ends the game [W1])."""
ANSWERS: Counter[str] = Counter()
"""The person's answers on the screen, by kind, over the tests of this module."""


def started(tmp_path: Path, computer: str | None = None,
            **options: Any) -> tuple[Controller, GameController]:
    """The home screen's "New game" with Giganten's settings, the landscape confirmed."""
    shell = Controller(log_dir=tmp_path)
    # Seeded on purpose: the test's games are the same on every run.
    games = GameController(log_dir=tmp_path, budget=0.02,
                           entropy=random.Random(len(str(tmp_path))).randbytes)
    games.giganten_computer = computer
    shell.new_game(GameOptions(**options))
    assert shell.screen == LANDSCAPE, "the dealt landscape first"
    confirm_landscape(shell, games)
    return shell, games


def set_up(c: GameController, seed: int) -> None:
    """The drawer's "Set up all", with a seeded generator (the app draws from the OS)."""
    assert c.hands is not None and c.game is not None
    c.hands.set_up(c.game, c.session.options, random.Random(seed))
    c.settle()


def settle_board(c: GameController) -> None:
    """The person puts the board as the session asks (the losers off, the winner in)."""
    state = c.state()
    if c.session.fixing and c.hands is not None and state is not None:
        c.hands.show(dict(state.pieces()))
        c.settle()
    assert not c.session.fixing, c.what_now()


def declined(c: GameController, state: Any, legal: list[Any], data: dict[str, Any]
             ) -> dict[str, Any]:
    """The same move as ``data`` without its challenge, if the rules allow it: the person
    declines once in every run. The computer thinks on the clock, so the random turns
    alone left some loaded runs without a single decline."""
    assert c.game is not None
    for turn in legal:
        other: dict[str, Any] = c.game.turn_to_json(state, turn)
        if target(other) is None and (other.get("path"), other.get("paths")) == (
                data.get("path"), data.get("paths")):
            return other
    return data


def person_turn(c: GameController, rng: random.Random) -> None:
    """The person's turn as on the screen: a figure dragged, then the choice the board
    leaves open tapped; or the answer to an advance offer. A random legal turn: every
    kind of answer comes up, where the computer's own choice ends the game sooner."""
    state = c.state()
    assert state is not None and c.game is not None
    legal = list(state.legal_turns())
    if not legal or c.opponent.thinking:  # not the person's now: the computer's turn comes
        c.poll(0.05)  # with the clock (a loaded machine thinks past one poll)
        return
    data = c.game.turn_to_json(state, rng.choice(legal))
    if target(data) is not None and not ANSWERS["no challenge"]:
        data = declined(c, state, legal, data)
    if set(data) == {"advance"}:
        assert "Advance" in c.what_now() or "Nachrücken" in c.what_now()
        c.choices.advance() if data["advance"] else c.choices.decline()
        ANSWERS["advance" if data["advance"] else "stay"] += 1
    else:
        for path in data.get("paths") or [data["path"]]:
            c.pieces.move(path[0], path[-1])
        square = target(data)
        if square is not None:
            assert square in c.choices.challenge_targets(), (data, c.choices.open_choices())
            assert square in c.what_now()
            assert c.choices.choose_square(square)
            ANSWERS["challenge"] += 1
        elif c.choices.open_choices():
            c.choices.decline()
            ANSWERS["no challenge"] += 1
    settle_board(c)


def one_turn(c: GameController, rng: random.Random, count: int) -> None:
    """Whoever is to move: the computer's announced turn carried out ("Done" or the
    drawer's helper), or the person's."""
    c.poll(0.05)  # the clock ticks: a computer that is due chooses its turn
    if c.session.chosen is not None:
        assert c.what_now().startswith("Computer")
        if c.choices.computer_waits() and count % 2:
            assert c.choices.choice_buttons()[1], "Done is enabled"
            c.choices.decline()  # "Done"
        else:
            c.pieces.carry_out()
        settle_board(c)
    else:
        person_turn(c, rng)


def play_to_the_end(c: GameController, rng: random.Random, *, limit: int | None = None,
                    each: Any = None) -> int:
    """Turns until ``limit`` turns were made or, without a limit, to the end (after ``OUT``
    turns of wandering the player to move resigns). How many turns were made."""
    turns = 0
    while c.screen == GAME_PLAY and turns < (OUT if limit is None else limit):
        one_turn(c, rng, turns)
        turns += 1
        if each is not None:
            each(c)
    if limit is None:
        resign_if_in_play(c)
    return turns


OUT = 600
"""Random turns after which a game that has not ended is resigned by the player to move."""


def resign_if_in_play(c: GameController) -> None:
    """A game still in play is resigned by the seat to move; then it is over."""
    if c.screen == GAME_PLAY:
        state = c.state()
        assert state is not None and c.game is not None
        c.resign(c.game.players[state.to_move])
    assert c.screen == GAME_OVER, c.screen


def test_every_variant_and_referee_mode_play_on_the_games_controller(tmp_path: Path) -> None:
    """The landscape's "Confirm" hands every Giganten game to the games' controller: there
    is no other path (issue 13)."""
    for number, variants in enumerate([(), ("V1", "V8"), ("V2",), ("V5",), ("V5", "V5a"),
                                       ("V6", "V6b"), ("V9",), ("V5", "V6", "V9"),
                                       ("V5", "V5c"), ("V6", "V6a")]):
        for referee in (False, True):
            shell, games = started(tmp_path / f"{number}-{referee}", variants=variants,
                                 referee=referee)
            assert shell.game is None and shell.screen == HOME, (variants, referee)
            assert games.active and games.screen == GAME_SETUP, (variants, referee)
            games.close()


def test_confirm_without_a_dealt_landscape_says_so(tmp_path: Path) -> None:
    shell, games = Controller(log_dir=tmp_path), GameController(log_dir=tmp_path)
    with pytest.raises(ControllerError, match="game"):
        confirm_landscape(shell, games)
    assert not games.active


def test_the_landscape_the_first_player_and_the_board_look(tmp_path: Path) -> None:
    shell, games = started(tmp_path, first="orange", seed=42)
    assert shell.game is None and shell.screen == HOME, "the shell holds nothing"
    assert games.active and games.screen == GAME_SETUP and games.game is not None
    options = games.session.options
    assert options["first"] == 1 and options["board"]["swamp"], "dealt, with its swamp"
    setup = games.board_view()
    assert setup["game"] == "giganten" and setup["board"]["swamp"] == options["board"]["swamp"]
    games.setup_editor.set_up()
    games.start()
    assert games.screen == GAME_PLAY and games.to_move_text() == "Orange to move"
    assert games.board_view()["board"]["swamp"] == options["board"]["swamp"]


def test_a_whole_giganten_game_against_the_computer_with_a_power_cut(tmp_path: Path) -> None:
    i18n.set_language("en")
    rng = random.Random(5)
    for attempt in range(MORE_GAMES):  # the computer may take the Nest before the cut [W1]
        ANSWERS.clear()  # the answers of this game, before and after the cut
        _, c = started(tmp_path / f"game-{attempt}", computer="orange", first="yellow",
                       seed=7)
        assert c.audience == 0 and c.computer is not None and c.computer.player == 1
        set_up(c, 1 + attempt)
        c.start()
        assert c.screen == GAME_PLAY
        assert c.what_now() == "Yellow: move a figure on the board"
        play_to_the_end(c, rng, limit=10)
        c.poll(0.05)
        if c.screen == GAME_PLAY:
            break
        c.go_home()
    tmp_path = tmp_path / f"game-{attempt}"
    while c.session.chosen is None:  # cut the power while the computer's turn is announced
        assert c.screen == GAME_PLAY
        person_turn(c, rng)
        c.poll(0.05)
    turns_before = c.session.turns
    c.close()
    again = GameController(log_dir=tmp_path, budget=0.02, entropy=random.Random(2).randbytes)
    again.resume()
    c = again
    assert c.screen == GAME_PLAY and c.session.turns == turns_before
    assert c.game is not None and c.game.name == "giganten"
    assert c.computer is not None and c.computer.player == 1, "still against the computer"
    c.poll(0.05)
    assert c.session.chosen is not None, "the computer announces its turn again"
    challenges = 0

    def each(c: GameController) -> None:
        nonlocal challenges
        if c.combat_view() is not None:
            challenges += 1
            c.dismiss_card()
    play_to_the_end(c, rng, each=each)
    assert_verified(c)
    assert challenges > 0, "the combats were shown as the reveal card"
    c.go_home()
    assert c.screen == HOME and not c.active
    for more in range(1, MORE_GAMES + 1):  # the computer may take the Nest soon [W1]
        if all(ANSWERS[answer] for answer in ("challenge", "advance", "no challenge")):
            break
        _, c = started(tmp_path / f"more-{more}", computer="orange", first="yellow", seed=7)
        set_up(c, 1 + more)
        c.start()
        play_to_the_end(c, rng, each=each)
        assert_verified(c)
    assert ANSWERS["challenge"] and ANSWERS["advance"] and ANSWERS["no challenge"], ANSWERS


MORE_GAMES = 6
"""Games after the first, at most, until the person gave every kind of answer."""


def test_the_now_line_asks_for_the_challenge_in_both_languages(tmp_path: Path) -> None:
    """A figure moved next to an enemy: the screen asks which figure to challenge, or
    "No challenge"; the choice row's buttons say so."""
    _, c = started(tmp_path, first="yellow", seed=3)
    set_up(c, 2)
    c.start()
    rng = random.Random(2)
    for _ in range(400):
        state = c.state()
        assert state is not None and c.game is not None
        challenging = [t for t in state.legal_turns() if getattr(t, "challenge", None)]
        if challenging:
            data = c.game.turn_to_json(state, challenging[0])
            c.pieces.move(data["path"][0], data["path"][-1])
            break
        person_turn(c, rng)
    square = target(data)
    assert square in c.choices.challenge_targets()
    try:
        for language, words in (("en", ("tap the figure", "No challenge")),
                                ("de", ("antippen", "Verzichten"))):
            i18n.set_language(language)
            said = c.what_now()
            assert words[0] in said and square in said, said
            left, _, _, advance_on = c.choices.choice_buttons()
            assert left == words[1] and not advance_on
    finally:
        i18n.set_language("en")
    assert c.choices.choose_square(square)
    turn = c.messages()[-1]
    assert f"challenges {square}" in turn, turn
    card = c.combat_view()
    assert card is not None and card["last_turn"]["combat"]["challenged"] == square


# --- Hidden information ------------------------------------------------------------------


def shown_texts(c: GameController, audience: int) -> list[str]:
    texts = [*c.messages(audience), c.what_now(audience), c.to_move_text()]
    return [text for text in texts if not c.result() or text != c.result()]


def assert_no_leak(c: GameController) -> int:
    """Every audience's views now: no kind Giganten's own views hide from it; no kind's
    name in any line (the reveal card alone shows a combat's kinds)."""
    checks = 0
    state = c.state()
    for audience in (PUBLIC, 0, 1):
        view = c.board_view(audience)
        if state is not None:
            rules = state.rules_state  # type: ignore[attr-defined]
            known = known_on_board(rules, None if audience == PUBLIC else audience)
            for figure in view["figures"]:
                if "kind" in figure:
                    assert known.get(figure["square"]) == figure["kind"], (audience, figure)
        for text in shown_texts(c, audience):
            words = set(text.lower().replace("(", " ").replace(")", " ").split())
            assert not words & KIND_WORDS, (audience, text)
        card = c.combat_view(audience)
        if card is not None:
            public = c.event_views(PUBLIC)
            combat = card["last_turn"]["combat"]
            last = next(v for v in reversed(public) if v["event"] == "turn")
            assert combat == last["public"]["challenge"], "the card shows the public challenge"
        checks += 1
    return checks


@pytest.mark.parametrize("policy", ["rulebook", "outcome-only"])
def test_no_view_of_the_app_shows_a_hidden_giganten_kind(tmp_path: Path, policy: str) -> None:
    """Two people on one screen: after every turn, every audience's board, lines and card
    against Giganten's own views."""
    checks = combats = 0

    def each(c: GameController) -> None:
        nonlocal checks, combats
        checks += assert_no_leak(c)
        if c.combat_view() is not None:
            combats += 1
            if policy == "outcome-only":
                assert "challenger_kind" not in c.combat_view()["last_turn"]["combat"]
            c.dismiss_card()

    rng = random.Random(11)
    for game in range(4):
        _, c = started(tmp_path / str(game), policy=policy, seed=game)
        assert c.audience == PUBLIC
        set_up(c, game)
        checks += assert_no_leak(c)
        c.start()
        play_to_the_end(c, rng, limit=300, each=each)
        c.close()
        if combats > 3 and checks > 200:
            break
    assert combats > 3 and checks > 200


def test_every_rule_giganten_refuses_with_has_plain_words() -> None:
    """A refused Giganten setup, move or tap is said by its rule in both languages, never
    "the rules do not allow this" (the ids the engine gives: ``companion/games/giganten``)."""
    from ui.words.view_text import why_key, why_text

    rules = ("S1", "S2", "S3", "B4", "M1", "M2", "M3", "M4", "M6", "M7", "C1", "C2", "C3",
             "K5", "V7", "V8", "W1")
    for rule in rules:
        assert why_key("giganten", rule) == f"gm_why_giganten_{rule}", rule
        for language in ("en", "de"):
            i18n.set_language(language)
            assert why_text("giganten", rule) != i18n.tr("gm_why_unknown")
    i18n.set_language("en")


@pytest.mark.parametrize("variants", [("V8",), ("V3", "V8"), ("V1",), ("V2", "V4", "V7")])
def test_every_variant_is_played_to_the_end_in_the_app(
        tmp_path: Path, variants: tuple[str, ...]) -> None:
    """Every variant the switch point sends to ``GameSession``, against the computer to
    the end: double moves that may go on ("Done") [V8], the blank figure [V3, V4], the
    landscapes [V1, V2], the hidden setup [V7]; the record verified."""
    shell, c = started(tmp_path, computer="orange", first="yellow", seed=7, variants=variants)
    assert c.active and shell.game is None
    assert sorted(c.session.options["rules"]["variants"]) == sorted(variants)
    set_up(c, 1)
    c.start()
    play_to_the_end(c, random.Random(5))
    assert_verified(c)
