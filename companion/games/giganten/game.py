"""The ``Game`` of Giganten (``companion.game``) over its rules modules; its positions are
``companion.games.giganten.position``'s, the turns a board leaves open ``choices``'.

Options: ``"board"`` (a dealt ``Board``, or its JSON; the standard 14 × 14 board without
swamp if absent), ``"rules"`` (a ``RuleSet``, or its JSON; the base game if absent),
``"first"`` (who begins [S5]) and ``"policy"`` (the reveal policy [I2]: ``rulebook`` if
absent, or ``outcome-only``). ``options_to_json`` writes them as JSON for a game log;
every method reads either form.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from companion.computer import Budget
from companion.game import (
    JSON,
    Aside,
    Audience,
    GameError,
    Geometry,
    Kind,
    Piece,
    SetupProblem,
    Square,
)
from companion.games.giganten.board import Board
from companion.games.giganten.choices import caught_turn, pending_choices
from companion.games.giganten.codec import (
    board_json,
    public_turn_json,
    turn_from_json,
    turn_json,
)
from companion.games.giganten.computer import computer_setup, computer_turn
from companion.games.giganten.figures import KIND_BY_ID, KINDS, STANDARD_SET
from companion.games.giganten.figures import Kind as KindId
from companion.games.giganten.observe import off_board
from companion.games.giganten.options import (
    board_of,
    first_of,
    options_to_json,
    policy_of,
    rules_of,
)
from companion.games.giganten.players import TWO_PLAYERS, Player
from companion.games.giganten.position import RULEBOOK, Advance, GigantenState
from companion.games.giganten.scenario import FIELDS, answer
from companion.games.giganten.setup import (
    RESERVE_SIZE,
    Problem,
    check_setups,
    default_territories,
    team_problems,
)
from companion.games.giganten.state import GameState
from companion.games.giganten.table_options import deal_options as deal_table_options
from companion.games.giganten.table_options import referee_options as referee_table_options
from companion.games.giganten.table_options import rules_words as table_rules_words
from companion.games.giganten.turns import IllegalTurn, Turn

_board, _rules = board_of, rules_of

BLANK = "blank"
"""The blank figure's kind in the club's figure registry: it plays as the Gespenst or the
Falle, or stays in the box [F, V3, V4]."""


def _kind(kind_id: str) -> int:
    try:
        return KIND_BY_ID[kind_id]
    except KeyError:
        raise GameError(f"unknown Giganten kind {kind_id!r}") from None


class Giganten:
    """The game of the dinosaurs: terrain-dependent strengths and a Nest to take."""

    name = "giganten"
    title = "Giganten"

    def __init__(self, seats: tuple[Player, ...] = TWO_PLAYERS) -> None:
        self.players: tuple[str, ...] = tuple(seat.name for seat in seats)
        """The players in turn order: ``yellow``, ``orange``; V9's four: ``yellow``,
        ``orange``, ``yellow2``, ``orange2`` (A – c – B – d)."""
        self.teams: tuple[int, ...] = tuple(seat.team for seat in seats)
        """Each player's team: two teams of one, or V9's two teams of two."""

    def seated(self, options: Mapping[str, Any]) -> Giganten:
        """The game with the players of the options' rule set: four in two teams [V9]."""
        seats = _rules(options).players
        return self if seats == TWO_PLAYERS else Giganten(seats)

    def kept_back(self, options: Mapping[str, Any]) -> int:
        """The reserve a side keeps beside the board at the setup [V6]."""
        return RESERVE_SIZE if _rules(options).has("V6") else 0

    def geometry(self, options: Mapping[str, Any] | None = None) -> Geometry:
        """The dealt board's size (14 × 14 in the standard game)."""
        board = _board(options)
        return Geometry(board.files, board.ranks)

    def kinds(self, options: Mapping[str, Any] | None = None) -> tuple[Kind, ...]:
        """The figure table [F]: the standard set; the blank figure once as the variant's
        kind in force (the Gespenst [V3], the Falle [V4]), else the variants' kinds with
        count 0."""
        rules = _rules(options)
        return tuple(Kind(info.id, info.label,
                          1 if info.variant and rules.has(info.variant) else info.count,
                          None, info.mobile)
                     for info in KINDS)

    def setup_zone(self, player: int, options: Mapping[str, Any] | None = None
                   ) -> frozenset[Square]:
        """The squares of the player's setup ranks [S1]."""
        board, rules = _board(options), _rules(options)
        ranks = default_territories(board, rules.players, rules)[player]
        return frozenset(sq for sq in range(board.size) if sq // board.files in ranks)

    def check_setup(self, player: int, pieces: Mapping[Square, str],
                    options: Mapping[str, Any] | None = None) -> list[SetupProblem]:
        """The problems of one player's setup [S1–S3]; with V6 the figures of the set not
        on the board are the player's reserve, checked as one [V6, V6b] (against the agreed
        one, V6a: ``joint_setup_problems``, which sees every setup); with V5 the trap
        of ``options["secret"]``, which must be chosen where a ``"secret"`` is given (a
        session's check; a generator of setups gives none) [V5, V5a]."""
        board, rules = _board(options), _rules(options)
        figures = {sq: _kind(kind) for sq, kind in pieces.items()}
        reserves = {player: reserve_of(figures.values())} if rules.has("V6") else {}
        traps = _traps(board, {player: (options or {}).get("secret") or {}})
        found = check_setups(board, rules, {player: figures}, reserves=reserves, traps=traps)
        if rules.has("V5") and player not in traps and "secret" in (options or {}):
            found[player].append(Problem(None, "V5", "choose_trap"))
        return [SetupProblem(p.square, p.rule, p.reason) for p in found[player]
                if p.rule != "V6a"]

    def setup_secret(self, player: int, data: Mapping[str, Any],
                     options: Mapping[str, Any]) -> JSON:
        """The secret trap square a player picks in a private moment [V5]: ``{"trap":
        "c3"}``; whether it may lie there is ``check_setup``'s to say, to its owner."""
        if not _rules(options).has("V5"):
            raise GameError("secret traps need variant V5")
        square = data.get("trap")
        if set(data) != {"trap"} or not isinstance(square, str):
            raise GameError("a secret trap is chosen as {\"trap\": SQUARE}, like"
                            " {\"trap\": \"c3\"}")
        return {"trap": self.geometry(options).name(self.geometry(options).parse(square))}

    def joint_setup_problems(self, setups: Mapping[int, Mapping[Square, str]],
                             options: Mapping[str, Any] | None = None
                             ) -> dict[int, list[SetupProblem]]:
        """A team's two Nests at least eight files or ranks apart [V9, R13]: said to the
        partner whose Nest the rules report, as Giganten's own session says it; with V6a
        every reserve (the set's figures not set up) the first player's, which stands for
        the agreement [V6a, R14]: said to the player whose reserve differs."""
        board, rules = _board(options), _rules(options)
        figures = {player: {sq: _kind(kind) for sq, kind in pieces.items()}
                   for player, pieces in setups.items()}
        found = team_problems(board, rules, figures)
        if rules.has("V6a") and 0 in figures:
            reserves = {player: reserve_of(mine.values()) for player, mine in figures.items()}
            agreed = check_setups(board, rules, figures, reserves=reserves)
            for player, problems in agreed.items():
                found.setdefault(player, []).extend(p for p in problems if p.rule == "V6a")
        return {player: [SetupProblem(p.square, p.rule, p.reason) for p in problems]
                for player, problems in found.items()}

    def start(self, pieces: Mapping[Square, Piece],
              options: Mapping[str, Any] | None = None) -> GigantenState:
        """The position at the start of play; ``"first"`` says who begins [S5]."""
        position = {sq: (piece.owner, _kind(piece.kind)) for sq, piece in pieces.items()}
        rules = _rules(options)
        reserves = {player: reserve_of(kind for owner, kind in position.values()
                                       if owner == player)
                    for player in range(len(rules.players))} if rules.has("V6") else {}
        secrets = (options or {}).get("secrets") or {}
        if not isinstance(secrets, Mapping):
            raise GameError("the secret choices of Giganten are player -> {\"trap\": SQUARE}")
        try:
            state = GameState(_board(options), position, first_of(options), rules,
                              reserves=reserves, traps=_traps(_board(options), secrets))
        except ValueError as err:
            raise GameError(f"the start cannot be set up ({err})") from None
        return GigantenState(state, policy_of(options))

    def turn_to_json(self, state: Any, turn: Any) -> JSON:
        """A turn as the game log writes it; the answer to an advance offer is
        ``{"advance": true}`` or ``{"advance": false}`` [K5]."""
        if isinstance(turn, Advance):
            return {"advance": turn.advance}
        return turn_json(_rules_state(state).board, turn)

    def turn_from_json(self, state: Any, data: Any) -> Turn | Advance:
        """A turn read back from the game log (or declared on the screen)."""
        if not isinstance(data, Mapping):
            raise GameError("a Giganten turn is a JSON object")
        if set(data) == {"advance"}:
            if not isinstance(data["advance"], bool):
                raise GameError("an advance is {\"advance\": true} or {\"advance\": false}")
            return Advance(data["advance"])
        return turn_from_json(_rules_state(state).board, data)

    def public_turn(self, turn: JSON) -> JSON:
        """A turn as everyone may know it: reserve figures placed [V6] and a trapped
        figure brought back [V5c] stand face down, so their squares only [I3]."""
        return public_turn_json(turn)

    def public_refusal(self, rule: str) -> bool:
        """True for a refusal everyone may read why: M1, the turn's rule, names no figure's
        kind; any other rule may (the Nest's M3, the Blitz's M4) [R22]."""
        return rule == "M1"

    def options_to_json(self, options: Mapping[str, Any]) -> JSON:
        """The options as JSON for a game log (``companion.games.giganten.options``)."""
        return options_to_json(options)

    def implied_turn(self, state: Any) -> Advance | None:
        """While an advance is open, the next turn begun on the board declines it [K5]."""
        if isinstance(state, GigantenState) and state.offer is not None:
            return Advance(False)
        return None

    def board_turn(self, state: Any, board: Mapping[Square, Piece]) -> Turn | Advance | None:
        """The move (or the winner's advance [K5]) ``board`` shows onto an enemy's secret
        trap, the caught figure still standing on it: the trap springs at once, and the
        board is fixed after [V5]."""
        if not isinstance(state, GigantenState):
            return None
        return caught_turn(state, board)

    def turn_moves(self, state: Any, turn: Any) -> Sequence[tuple[Square, Square]]:
        """Which figure the turn moves where, in order: the first figure, then the second
        [V8] (which may step into the square the first just left), the winner moving in
        after a challenge [K5, R1]; reserve figures put down [V6] and a figure brought back
        [V5c] are not moves."""
        if isinstance(turn, Advance):
            offer = state.offer if isinstance(state, GigantenState) else None
            return [(offer.at, offer.into)] if turn.advance and offer is not None else []
        return _moves(_rules_state(state), turn)

    def pending_choices(self, state: Any, board: Mapping[Square, Piece]) -> Sequence[Any]:
        """The mover's open choices on ``board`` (a challenge [C1, M7], an advance [K5])."""
        if not isinstance(state, GigantenState):
            return ()
        return pending_choices(state, board)

    def off_board(self, state: Any, audience: Audience) -> dict[int, Aside]:
        """The figures beside the board, face up or counted by the reveal policy [K6, I2]."""
        position = state if isinstance(state, GigantenState) else None
        if position is None:
            raise GameError("not a Giganten position")
        return off_board(position.rules_state, audience, position.policy == RULEBOOK)

    def computer_turn(self, state: Any, budget: Budget, rng: random.Random
                      ) -> Turn | Advance:
        """The computer's turn (``computer``): a search over what its player may know."""
        if not isinstance(state, GigantenState):
            raise GameError("not a Giganten position")
        return computer_turn(state, budget, rng)

    def computer_setup(self, player: int, options: Mapping[str, Any], rng: random.Random
                       ) -> dict[Square, str]:
        """A careful player's setup (``computer``): the Nest at the back, guarded."""
        return computer_setup(player, options, rng)

    def computer_secret(self, player: int, setup: Mapping[Square, str],
                        options: Mapping[str, Any], rng: random.Random) -> JSON | None:
        """The secret trap [V5] of ``player`` whose figures stand as ``setup``: a square of
        the setup zone the setup check takes (V5a: not by the own Nest); None without V5
        or where no square is left (``companion.computer.ComputerSecrets``)."""
        if not _rules(options).has("V5"):
            return None
        geometry = self.geometry(options)
        zone = sorted(self.setup_zone(player, options))
        rng.shuffle(zone)
        for square in zone:
            secret = {"trap": geometry.name(square)}
            if not self.check_setup(player, setup, {**options, "secret": secret}):
                return secret
        return None

    def figure_kind(self, kind: str, options: Mapping[str, Any] | None) -> str | None:
        """The kind an enrolled figure plays as (``companion.game_registry.EnrolledFigures``):
        its own, except that the blank figure is the Gespenst with V3, the Falle with V4 and
        stays in the box otherwise [F, V3, V4]."""
        if kind != BLANK:
            return kind
        rules = _rules(options)
        return "gespenst" if rules.has("V3") else "falle" if rules.has("V4") else None

    def public_parts(self, state: Any) -> JSON:
        """The dealt landscape and its swamp squares, public as the tiles on the table are
        [B3] (``companion.views.games.PublicParts``); the tiles' own list stays out."""
        if not isinstance(state, GigantenState):
            return {}
        board = board_json(state.rules_state.board)
        return {"board": {key: value for key, value in board.items() if key != "tiles"}}

    def scenario(self, data: Mapping[str, Any]) -> JSON:
        """Answer a Giganten scenario."""
        return answer(data)

    def scenario_fields(self) -> frozenset[str]:
        """The fields of a Giganten scenario (``companion.scenario.ScenarioFields``)."""
        return FIELDS

    def deal_options(self, chosen: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
        """The landscape and the first player dealt (``companion.game_options``)."""
        return deal_table_options(chosen, rng)

    def referee_options(self, options: Mapping[str, Any], rules: str | None,
                        settings: Mapping[str, Any]) -> dict[str, Any]:
        """The referee rules [W3] in the rule set (``companion.game_options``)."""
        return referee_table_options(options, rules, settings)

    def rules_words(self, options: Mapping[str, Any]) -> str | None:
        """The referee rules, the variants and the reveal policy in force."""
        return table_rules_words(options)


def reserve_of(kinds: Iterable[KindId]) -> list[KindId]:
    """The reserve of a player whose setup has ``kinds`` (V6): the figures of the standard
    set not on the board, in the order of the kinds (as Giganten's own session keeps it)."""
    left = dict(STANDARD_SET)
    for kind in kinds:
        left[kind] = left.get(kind, 0) - 1
    return [kind for kind, count in sorted(left.items()) for _ in range(max(count, 0))]


def _traps(board: Board, secrets: Mapping[Any, Any]) -> dict[int, Square]:
    """The trap squares of ``secrets`` (player -> ``{"trap": name}``) [V5]."""
    traps: dict[int, Square] = {}
    for player, secret in secrets.items():
        if not secret:
            continue  # no trap chosen (yet)
        name = secret.get("trap") if isinstance(secret, Mapping) else None
        if not isinstance(name, str) or type(player) is not int:
            raise GameError("a secret choice of Giganten is {\"trap\": SQUARE} [V5]")
        try:
            traps[player] = board.square(name)
        except (KeyError, ValueError):
            raise GameError(f"the secret trap {name!r} is not on the board [V5]") from None
    return traps


def _moves(state: GameState, turn: Turn) -> list[tuple[Square, Square]]:
    """A turn's moves as the rules play it: the figures' paths, then the winner of its
    challenge moving into the loser's square, by its advance [K5] or onto a Nest it took
    (its taker moves in anyway [R1])."""
    moves = [(path[0], path[-1]) for path in (turn.path, turn.second) if path]
    try:
        result = state.push(turn)
    except IllegalTurn:
        return moves
    state.pop()
    combat = result.combat
    if combat is None or not result.advanced:
        return moves
    if combat.challenged_figure in result.removed:
        return [*moves, (combat.challenger, combat.challenged)]
    return [*moves, (combat.challenged, combat.challenger)]


def _rules_state(state: Any) -> GameState:
    if isinstance(state, GigantenState):
        return state.rules_state
    raise GameError("not a Giganten position")


GAME = Giganten()
"""Giganten, as the registry (``companion.games``) names it."""
