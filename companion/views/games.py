"""What an audience may see of a game played through the game interface (every game).

This is the only code that turns a game's state and its session's events
(``companion.game_events``) into what one audience sees:
a player's index, ``PUBLIC`` or ``ARBITER``. The board comes ONLY from
``GameState.observation(audience)`` (each game's hidden-information rules), plus facts
everyone may know: the game, the board's size, who is to move, the end, the public part of
the last turn (``Played.public``) and a game's public counts (Gimmel's score and hands,
which its rules show everyone [S4]) and the pieces beside the board as the game's
``off_board`` hook lets the audience see them (Giganten's, face up or counted [K6, I2]).
The setups come out only after the game (``reveal_after_game``).

Who sees what in the events:

- a setup problem names kinds: its owner and the arbiter only (others: the count placed);
- a refused board or declaration may betray the moved piece (a rule that only one kind
  breaks): the player to move and the arbiter see the rule and the reason; so does every
  audience that sees every kind in the game as it stands (``hides_nothing``: Gimmel [S4]),
  given the state, and everyone for a rule the game names kind-free (``PublicRefusals``:
  Giganten's M1 [R22]); others see only that the board was refused and the way back
  (squares and owners, which the board shows everyone anyway);
- a turn's JSON may name what only its mover may know (Giganten's reserve figures placed
  face down [V6]): the others see its public form (``companion.game.public_turn``);
- a turn's moment of reveal (``Played.reveal``: a Strategus combat's two kinds) goes to
  the two players and the arbiter in the event of that turn only (Strategus H2, R12),
  never to the public and never in a later view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from companion.game import (
    ARBITER,
    HIDDEN,
    PUBLIC,
    Aside,
    Audience,
    Game,
    GameState,
    Geometry,
    Piece,
    Seen,
    SetupSecrets,
    Square,
    off_board,
    other_team,
    public_turn,
    teams_of,
)
from companion.game_events import (
    BoardMatches,
    BoardRefused,
    ChoiceNeeded,
    ComputerTurn,
    FixBoard,
    GameEnded,
    GameEvent,
    IntentRefused,
    NextToMove,
    NotComputerTurn,
    PieceInHand,
    PlayBegins,
    SetupChecked,
    Step,
    TurnCommitted,
)

JSON = dict[str, Any]

SHOWN_DIGITS = 16
"""Hex digits of a commitment, or of the log's head hash, shown to the players to note:
64 bits, so that no other setup or log matching them can be searched for (2^32 could)."""


OPEN_GAMES = frozenset({"gimmel"})
"""The games that hide nothing (Gimmel [S4]): only their views may show a lifted stone's
legal squares; a hidden game's legal turns would betray the lifted figure's kind."""


def game_view(game: Game, state: GameState[Any], audience: Audience, *,
              last_turn: JSON | None = None, resigned: int | None = None,
              declared: Mapping[str, Any] | None = None, lifted: str | None = None) -> JSON:
    """The board and the game's public facts as ``audience`` may see them now;
    ``declared`` is a result declared at the referee's desk (``{"winner", "reason"}``);
    ``lifted``: the square of a stone in the hand, whose legal squares the view then lists
    as ``legal`` (open-information games only: ``legal_squares``)."""
    geometry = state.geometry
    figures = []
    for sq, seen in sorted(state.observation(audience).items()):
        figure: JSON = {"square": geometry.name(sq), "owner": game.players[seen.owner]}
        if seen.kind != HIDDEN:
            figure["kind"] = seen.kind
        figures.append(figure)
    over = state.is_over() or resigned is not None
    winner = state.winner() if resigned is None else other_team(game, resigned)
    view: JSON = {
        "game": game.name, "board": {"files": geometry.files, "ranks": geometry.ranks},
        "figures": figures,
        "to_move": None if over else game.players[state.to_move],
        "winner": game.players[winner] if over and winner is not None else None,
        "reason": ("resigned" if resigned is not None else state.end_reason()) if over
        else None,
        "last_turn": dict(last_turn) if last_turn is not None else None,
    }
    if declared is not None:  # a loss on time, a draw, the arbiter's decision [W3]
        won = declared.get("winner")
        view.update(to_move=None, reason=declared.get("reason"),
                    winner=game.players[won] if isinstance(won, int) else None)
    view.update(_public_parts(game, state))
    aside = off_board(game, state, audience)
    if aside is not None:  # face up or counted, as the game's rules say [Giganten K6, I2]
        view["off_board"] = {game.players[player]: _aside_json(pieces)
                             for player, pieces in sorted(aside.items())}
    teams = teams_of(game)
    if len(set(teams)) < len(teams):  # partners [Giganten V9]: public, as the seats are
        view["teams"] = [[name for name, mine in zip(game.players, teams, strict=True)
                          if mine == team] for team in sorted(set(teams))]
    if lifted is not None and not over:
        legal = legal_squares(game, state, lifted)
        if legal:
            view["legal"] = legal
    return view


def _aside_json(aside: Aside) -> JSON:
    out: JSON = {"count": aside.count}
    if aside.kinds is not None:
        out["kinds"] = list(aside.kinds)
    return out


def reveal_after_game(game: Game, state: GameState[Any], header: Mapping[str, Any], *,
                      ended: bool = False) -> JSON:
    """Every setup (from the log's ``header``: its ``"setup"``, its ``"secrets"``) and
    every piece now on the board, for everyone, once the game is over (``ended``: by a
    resignation or a result declared at the desk, which the state does not know).
    Strategus R12 and Giganten's fair play reveal them after the end; a game that starts
    empty (Gimmel) reveals an empty setup. ``ValueError`` while the game runs: nothing
    hidden may leak early."""
    if not state.is_over() and not ended:
        raise ValueError("the setups are revealed only after the game")
    sides: dict[str, dict[str, str]] = {name: {} for name in game.players}
    for square, entry in dict(header.get("setup", {})).items():
        owner, kind = entry
        sides[game.players[owner]][str(square)] = str(kind)
    geometry = state.geometry
    figures: dict[str, dict[str, str]] = {name: {} for name in game.players}
    for sq, piece in sorted(state.pieces().items()):
        figures[game.players[piece.owner]][geometry.name(sq)] = piece.kind
    out: JSON = {"setup": sides, "figures": figures}
    secrets = header.get("secrets")
    if isinstance(secrets, Mapping) and secrets:  # a secret trap, shown with the setup [V5]
        out["secrets"] = {str(name): dict(secret) for name, secret in secrets.items()}
    return out


def legal_squares(game: Game, state: GameState[Any], origin: str) -> list[str]:
    """The squares the stone on ``origin`` may go to now, from the game's legal turns, for
    a game that hides nothing (``OPEN_GAMES``, and every kind seen by everyone); empty for
    any other game (Strategus: where a figure may go tells its kind [R2, M5])."""
    if game.name not in OPEN_GAMES or not _open(state.observation(PUBLIC)):
        return []
    targets = set()
    for turn in state.legal_turns():
        path = game.turn_to_json(state, turn).get("path")
        if isinstance(path, list) and len(path) >= 2 and path[0] == origin:
            targets.add(str(path[-1]))
    geometry = state.geometry
    return sorted(targets, key=lambda name: geometry.coords(geometry.parse(name)))


@runtime_checkable
class PublicParts(Protocol):
    """A game whose rules show everyone facts beside the board: Gimmel's score and the
    stones in hand [S4], Giganten's dealt landscape [B3]."""

    def public_parts(self, state: GameState[Any]) -> JSON:
        """What every audience may know of ``state`` besides its board, as JSON."""
        ...


def _public_parts(game: Game, state: GameState[Any]) -> JSON:
    """A game's public facts beside the board (``PublicParts``); none for most games."""
    return dict(game.public_parts(state)) if isinstance(game, PublicParts) else {}


def _steps(game: Game, steps: tuple[Step, ...], geometry: Geometry) -> list[JSON]:
    return [{"action": step.action, "square": geometry.name(step.square),
             "owner": game.players[step.owner]} for step in steps]


def _sees_private(audience: Audience, player: int | None) -> bool:
    return player is None or player == PUBLIC or audience in (ARBITER, player)


MOMENT_ONLY = ("challenger_kind", "challenged_kind", "rule")
"""What a Giganten challenge shows everyone in its moment under the rulebook [C4, I2] and
no history may repeat [I4] (the deciding rule tells how the two kinds compare)."""


def past_public(public: Mapping[str, Any]) -> JSON:
    """A played turn's public part (``Played.public``) told as history, as a feed or the
    record of a running game tells it: the kinds a challenge showed in its moment are not
    repeated, for a list of every combatant ever shown would be the memory aid that
    [Giganten I4] forbids. Other games' public parts name no kind (Strategus shows its
    combatants in the moment's reveal only) and stay as they are."""
    challenge = public.get("challenge")
    if not isinstance(challenge, Mapping):
        return dict(public)
    return {**public, "challenge": {key: value for key, value in challenge.items()
                                    if key not in MOMENT_ONLY}}


@runtime_checkable
class PublicRefusals(Protocol):
    """A game that names the refusals whose reason tells no kind (Giganten's M1 [R22])."""

    def public_refusal(self, rule: str) -> bool:
        """True if every audience may read why a turn was refused under ``rule``."""
        ...


def hides_nothing(game: Game, state: GameState[Any], audience: Audience) -> bool:
    """True if ``audience`` sees the kind of every piece in ``state``, on the board and
    beside it, and the game keeps no secret choice of the setup (Giganten's trap [V5]):
    then no reason of the rules can tell it a hidden kind (Gimmel [S4]; never a Strategus
    opponent [H1])."""
    if isinstance(game, SetupSecrets) or not _open(state.observation(audience)):
        return False
    aside = off_board(game, state, audience)
    return aside is None or all(pieces.kinds is not None for pieces in aside.values())


def event_view(game: Game, event: GameEvent, audience: Audience,
               geometry: Geometry | None = None, *,
               state: GameState[Any] | None = None) -> JSON | None:
    """What ``audience`` may see of one event (None: nothing); ``geometry`` names the
    squares (the game's standard board if not given). ``state``: the game as the events
    leave it (a refusal changes nothing); with it, a refusal's rule and reason go to every
    audience from whom the game hides nothing now (``hides_nothing``)."""
    geometry = geometry or game.geometry()
    player_names = game.players
    if isinstance(event, SetupChecked):
        view: JSON = {"event": "setup", "player": player_names[event.owner],
                      "placed": event.placed, "expected": event.expected}
        if audience in (event.owner, ARBITER):
            view["problems"] = [{"square": None if p.square is None
                                 else geometry.name(p.square),
                                 "rule": p.rule, "reason": p.reason}
                                for p in event.problems]
        return view
    if isinstance(event, BoardRefused | IntentRefused):
        name = "refused" if isinstance(event, BoardRefused) else "intent refused"
        view = {"event": name}
        if _sees_private(audience, event.player) or (
                isinstance(game, PublicRefusals) and game.public_refusal(event.rule)) or (
                state is not None and hides_nothing(game, state, audience)):
            view.update(rule=event.rule, reason=event.reason)
        if isinstance(event, BoardRefused):
            view["steps"] = _steps(game, event.steps, geometry)
        return view
    if isinstance(event, TurnCommitted):
        # The whole turn to its mover and the arbiter; to the others its public form
        # (Giganten's reserve figures go down face down [V6, I3]).
        turn = dict(event.turn) if audience in (ARBITER, event.player) \
            else public_turn(game, event.turn)
        # The squares the figures left from are public: the board shows everyone who left.
        view = {"event": "turn", "player": player_names[event.player], "number": event.number,
                "turn": turn, "public": dict(event.public),
                "removed": [geometry.name(square) for square in event.removed]}
        if event.reveal and audience != PUBLIC:
            view["reveal"] = dict(event.reveal)  # the moment of reveal [Strategus H2]
        return view
    if isinstance(event, ChoiceNeeded):  # squares only, but for the mover's own
        return {"event": "choose", "player": player_names[event.player],
                "choices": [dict(choice) if audience in (ARBITER, event.player)
                            else public_turn(game, choice) for choice in event.choices]}
    return _plain_view(game, event, geometry)


def _plain_view(game: Game, event: GameEvent, geometry: Geometry) -> JSON | None:
    """Events everyone may see whole."""
    if isinstance(event, FixBoard):
        return {"event": "fix board", "steps": _steps(game, event.steps, geometry)}
    if isinstance(event, PieceInHand):
        return {"event": "in hand", "square": geometry.name(event.square)}
    if isinstance(event, BoardMatches):
        return {"event": "board matches"}
    if isinstance(event, PlayBegins):
        view: JSON = {"event": "play begins", "to_move": game.players[event.to_move]}
        if event.commitments:  # public from the start [fair play]
            view["commitments"] = {name: value[:SHOWN_DIGITS]
                                   for name, value in event.commitments.items()}
        return view
    if isinstance(event, NextToMove):
        return {"event": "to move", "player": game.players[event.player]}
    if isinstance(event, ComputerTurn):
        return {"event": "computer", "player": game.players[event.player],
                "turn": dict(event.turn), "says": f"Computer: {event.words}"}
    if isinstance(event, NotComputerTurn):
        back = ", ".join(event.way_back)
        return {"event": "not the computer's move", "player": game.players[event.player],
                "says": "That is not the computer's move: "
                        + (f"{back}, then {event.words}" if back else event.words)}
    if isinstance(event, GameEnded):
        return {"event": "game over", "resigned": event.resigned, "reason": event.reason,
                "winner": None if event.winner is None else game.players[event.winner],
                "log_head": event.head[:SHOWN_DIGITS]}
    return None


def _public_kind(seen: Seen | None) -> str | None:
    return None if seen is None or seen.kind == HIDDEN else seen.kind


def _open(seen: Mapping[Square, Seen]) -> bool:
    """True if everyone sees every kind on the board (Gimmel [S4]; not Strategus)."""
    return all(item.kind != HIDDEN for item in seen.values())


def turn_words(game: Game, state: GameState[Any], turn_json: JSON) -> str:
    """The turn ``turn_json`` (not yet played on ``state``) in words everyone may read:
    ``falcon d4 → g7``, ``cat c3 × e4 (captures a beetle, 1 point)``, ``places a beetle
    on e5``. A kind is named only where the public sees it (``observation(PUBLIC)``):
    a Strategus piece is ``red's piece``, its attack ``attacks e4``; a Giganten move says
    the square it challenges (``e7 → e8 (challenges e9)``)."""
    geometry = state.geometry
    seen = state.observation(PUBLIC)
    placed = turn_json.get("place")
    if isinstance(placed, dict) and len(placed) == 1:  # the family's placement JSON
        ((square, kind),) = placed.items()
        return f"places a {kind} on {square}"  # the hand is public where it exists [S4]
    path = turn_json.get("path")
    if not isinstance(path, list) or len(path) < 2:
        return f"plays {turn_json}"
    origin, target = geometry.parse(path[0]), geometry.parse(path[-1])
    mover = _public_kind(seen.get(origin)) or f"{game.players[state.to_move]}'s piece"
    route = " → ".join(path)
    said = turn_json.get("challenge")  # the family's challenge JSON [Giganten C1]
    challenged = said.get("target") if isinstance(said, Mapping) else said
    if isinstance(challenged, str):
        route += f" (challenges {challenged})"
    victim = seen.get(target)
    if victim is None or victim.owner == state.to_move:
        return f"{mover} {route}"
    victim_kind = _public_kind(victim)
    if victim_kind is None:
        return f"{mover} {route} (attacks {path[-1]})"
    points = {kind.id: kind.value for kind in game.kinds()}.get(victim_kind)
    worth = "" if points is None else f", {points} point{'' if points == 1 else 's'}"
    return f"{mover} {' × '.join(path)} (captures a {victim_kind}{worth})"


def way_back_words(game: Game, state: GameState[Any], board: Mapping[Square, Piece],
                   steps: tuple[Step, ...]) -> tuple[str, ...]:
    """``steps`` (from ``board`` back to ``state``'s position) in words everyone may read:
    kinds only where the public sees them, and a piece that stands where it should not by
    its kind only in a game that hides nothing."""
    geometry = state.geometry
    seen = state.observation(PUBLIC)
    words = []
    for step in steps:
        square = geometry.name(step.square)
        owner = f"{game.players[step.owner]}'s piece"
        if step.action == "remove":
            kind = board[step.square].kind if _open(seen) and step.square in board else None
            words.append(f"take the {kind or owner} off {square}")
        else:
            words.append(f"put the {_public_kind(seen.get(step.square)) or owner} back on"
                         f" {square}")
    return tuple(words)


def setup_view(game: Game, geometry: Geometry, pieces: dict[int, Piece],
               audience: Audience) -> JSON:
    """The board during the setup (no game state yet) as ``audience`` may see it: every
    piece's owner, and the kind of the audience's own pieces only (the arbiter's: all)."""
    figures = []
    for sq, piece in sorted(pieces.items()):
        figure: JSON = {"square": geometry.name(sq), "owner": game.players[piece.owner]}
        if audience in (ARBITER, piece.owner):
            figure["kind"] = piece.kind
        figures.append(figure)
    return {"game": game.name, "board": {"files": geometry.files, "ranks": geometry.ranks},
            "figures": figures, "to_move": None, "winner": None, "reason": None,
            "last_turn": None}
