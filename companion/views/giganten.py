"""What each audience may see [S4, I1–I4]. The only code that turns game state into a view.

Audiences are the players (by name), ``public`` (spectators, anything published) and
``arbiter``. A view is a plain JSON-ready dict; the UI, logs meant for players and every
published feed are built from views only.

Who sees which kinds:

- A player sees the kinds of their own figures; never an enemy figure's kind on the board,
  not even one revealed in an earlier challenge [I4: no memory aids].
- Under the ``rulebook`` reveal policy the last challenge shows both combatants and its
  deciding rule to everyone [C4, I2], and figures off the board are face up [K6].
- Under ``outcome-only`` [I2 ruling] the last challenge shows the outcome and the squares
  to clear, and figures leave the board face down (docs/rulings.md): no view for a player
  or the public ever contains an enemy kind. The deciding rule is left out too, since a
  rule id such as K4.1 names a kind.
- The arbiter sees everything.

The full setups become public only after the game, through ``reveal_after_game``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from companion.clock import format_time
from companion.events import (
    AdvanceDone,
    AdvanceOffer,
    ArbiterLooked,
    BoardDiffers,
    ChallengePrompt,
    ClockAdjusted,
    ClockPaused,
    ClockResumed,
    Clocks,
    Corrected,
    DrawOffered,
    Event,
    Fix,
    GameOver,
    GameStarted,
    InHand,
    Notice,
    Offence,
    PinRefused,
    ReadersTrouble,
    RefereeResult,
    Refused,
    Resigned,
    SettingChanged,
    SetupStatus,
    SetupTimeUp,
    ToMove,
    TurnPlayed,
)
from companion.games.giganten.board import Board
from companion.games.giganten.codec import board_json, position_json, turn_json
from companion.games.giganten.figures import KINDS
from companion.games.giganten.players import Player, team_name
from companion.games.giganten.state import GameState
from companion.games.giganten.turns import Action, Combat, Resignation, TurnResult

PUBLIC = "public"
ARBITER = "arbiter"
RULEBOOK = "rulebook"
OUTCOME_ONLY = "outcome-only"
POLICIES = (RULEBOOK, OUTCOME_ONLY)

JSON = dict[str, Any]

SHOWN_DIGITS = 16
"""Hex digits of a commitment, or of the log's head hash, shown to the players to note:
64 bits, so that no other setup or log matching them can be searched for (2^32 could)."""


class _Sight:
    """Which figures' kinds one audience may see under one policy."""

    def __init__(self, state: GameState, audience: str, policy: str) -> None:
        if policy not in POLICIES:
            raise ValueError(f"unknown reveal policy {policy!r}; policies are"
                             f" {', '.join(POLICIES)}")
        names = [p.name for p in state.players]
        if audience not in (*names, PUBLIC, ARBITER):
            raise ValueError(f"unknown audience {audience!r}; audiences are"
                             f" {', '.join((*names, PUBLIC, ARBITER))}")
        self.state = state
        self.arbiter = audience == ARBITER
        self.player = names.index(audience) if audience in names else None
        self.rulebook = policy == RULEBOOK

    def owns(self, figure: int) -> bool:
        """True if the audience is the figure's owner (or the arbiter)."""
        return self.arbiter or self.state.fig_player[figure] == self.player

    def on_board(self, figure: int) -> bool:
        """May the audience see the kind of this figure standing on the board? [I3, I4]"""
        return self.owns(figure)

    def off_board(self, player: int) -> bool:
        """May the audience see the kinds of ``player``'s figures set out beside the board? [K6]"""
        return self.rulebook or self.arbiter or self.player == player

    def owns_secrets(self, player: int) -> bool:
        """May the audience see ``player``'s private choices: trap square, reserve? [I3]"""
        return self.arbiter or self.player == player

    def in_combat(self, figure: int) -> bool:
        """May the audience see this combatant of the last challenge? [C4, I2]"""
        return self.rulebook or self.owns(figure)


def view_for(state: GameState, audience: str, policy: str = RULEBOOK) -> JSON:
    """The game as ``audience`` may see it under ``policy`` (``rulebook`` or ``outcome-only``)."""
    sight = _Sight(state, audience, policy)
    players = state.players
    return {
        "audience": audience,
        "policy": policy,
        "board": {key: value for key, value in board_json(state.board).items() if key != "tiles"},
        "players": [p.name for p in players],
        "first": players[state.first].name,
        "to_move": players[state.to_move].name,
        "ply": state.ply,
        "winner": None if state.winner is None else team_name(players, state.winner),
        "reason": state.reason,
        "figures": [_figure(sight, sq, figure) for sq, figure in enumerate(state.occ)
                    if figure >= 0],
        "off_board": _off_board(sight),
        **_variant_parts(sight),
        **_referee_part(state),
        "last_turn": _action(sight, state.history[-1]) if state.history else None,
    }


def _referee_part(state: GameState) -> JSON:
    """The referee rules in force and how near the limits are [W3, R26]: public, since
    every turn and challenge is (nothing for a plain game)."""
    options = state.rules.referee
    if options is None:
        return {}
    return {"referee": {**options.to_dict(), "quiet_turns": state.referee_state.quiet}}


def _figure(sight: _Sight, sq: int, figure: int) -> JSON:
    state = sight.state
    out: JSON = {"square": state.board.name(sq),
                 "owner": state.players[state.fig_player[figure]].name}
    if sight.on_board(figure):
        out["kind"] = KINDS[state.fig_kind[figure]].id
    if figure in state.frozen:
        out["frozen"] = state.frozen[figure]  # public: the trap was shown when it sprang
    return out


def _variant_parts(sight: _Sight) -> JSON:
    """What the variants add: teams (V9), turns made (V6, V8), reserves (V6), secret traps
    (V5), and the trapped figures that may come back (V5c). Only what is in force."""
    state, rules = sight.state, sight.state.rules
    out: JSON = {}
    names = [p.name for p in state.players]
    if rules.has("V9"):
        out["teams"] = [[n for n, p in zip(names, state.players, strict=True) if p.team == t]
                        for t in sorted({p.team for p in state.players})]
    if rules.has("V6") or rules.has("V8"):
        out["turns_made"] = dict(zip(names, state.turns_made, strict=True))
    if rules.has("V6"):
        out["reserve"] = {name: _reserve(sight, index) for index, name in enumerate(names)}
    if rules.has("V5"):
        out["secret_traps"] = [_trap(sight, index) for index, sq in enumerate(state.traps)
                               if sq is not None and (state.traps_sprung[index]
                                                      or sight.owns_secrets(index))]
    if rules.has("V5c"):
        out["waiting_to_return"] = {name: len(state.trapped_of(index))
                                    for index, name in enumerate(names)}
    return out


def _reserve(sight: _Sight, player: int) -> JSON:
    """How many figures a player keeps back, and which only for their owner [I3]."""
    kept = sight.state.reserve_of(player)
    entry: JSON = {"count": len(kept)}
    if sight.owns_secrets(player):
        entry["kinds"] = [KINDS[k].id for k in sorted(sight.state.fig_kind[f] for f in kept)]
    return entry


def _trap(sight: _Sight, player: int) -> JSON:
    """A secret trap: its owner sees it, everyone once it has sprung [I3]."""
    state = sight.state
    square = state.traps[player]
    assert square is not None
    return {"owner": state.players[player].name, "square": state.board.name(square),
            "sprung": state.traps_sprung[player]}


def _off_board(sight: _Sight) -> JSON:
    """Per player: how many figures left the board and, where visible, which (sorted) [K6]."""
    state = sight.state
    out: JSON = {}
    for index, player in enumerate(state.players):
        gone = [f for f in state.off_board if state.fig_player[f] == index]
        entry: JSON = {"count": len(gone)}
        if sight.off_board(index):
            entry["kinds"] = [KINDS[k].id for k in sorted(state.fig_kind[f] for f in gone)]
        out[player.name] = entry
    return out


def _action(sight: _Sight, action: Action) -> JSON:
    state = sight.state
    if isinstance(action, Resignation):
        return {"player": state.players[action.player].name, "resigned": True}
    assert isinstance(action, TurnResult)
    turn = action.turn
    # Placed and returning figures stand face down: their squares are public, their kinds
    # only the mover's (and the arbiter's) [I3].
    hidden = turn._replace(advance=False, place=(), reenter=None)
    out: JSON = {"player": state.players[action.player].name,
                 **turn_json(state.board, hidden), "advanced": action.advanced}
    mine = sight.owns_secrets(action.player)
    if turn.place:
        out["placed"] = [_placed(state, sq, kind, mine) for sq, kind in turn.place]
    if turn.reenter is not None:
        out["returned"] = _placed(state, *turn.reenter, mine)
    if action.traps:
        out["traps"] = [{"square": state.board.name(event.square),
                         "owner": state.players[event.owner].name, "effect": event.effect}
                        for event in action.traps]
    if action.combat is not None:
        out["combat"] = _combat(sight, action.combat, action.removed)
    return out


def _placed(state: GameState, sq: int, kind: int, visible: bool) -> JSON:
    entry: JSON = {"square": state.board.name(sq)}
    if visible:
        entry["kind"] = KINDS[kind].id
    return entry


def _combat(sight: _Sight, combat: Combat, removed: tuple[int, ...]) -> JSON:
    board = sight.state.board
    out: JSON = {
        "challenger": board.name(combat.challenger),
        "challenged": board.name(combat.challenged),
        "battleground": "swamp" if combat.swamp else "land",
        "outcome": combat.outcome.value,
        "leaves_board": [role for role, figure in (("challenger", combat.challenger_figure),
                                                   ("challenged", combat.challenged_figure))
                         if figure in removed],
    }
    if sight.in_combat(combat.challenger_figure):
        out["challenger_kind"] = KINDS[combat.challenger_kind].id
    if sight.in_combat(combat.challenged_figure):
        out["challenged_kind"] = KINDS[combat.challenged_kind].id
    if sight.rulebook or sight.arbiter:
        out["rule"] = combat.rule
    return out


def reveal_after_game(state: GameState, *, ended: bool = False) -> JSON:
    """Every setup and every figure, for everyone, once the game is over (``ended``: it
    ended by a referee's result [W3], which leaves the state without a winner).

    Raises ``ValueError`` while the game is still running: nothing hidden may leak early.
    """
    if not state.is_over and not ended:
        raise ValueError("the setups are revealed only after the game")
    return {"setup": position_json(state.board, state.players, state.start),
            "figures": position_json(state.board, state.players, state.position())}


def record_line(event: Corrected | RefereeResult, state: GameState) -> str:
    """A correction or a referee's result in one public line of a game record: the text
    everyone was shown at the table, without the instruction to put the board back."""
    view = event_view(event, PUBLIC, board=state.board, players=state.players, state=state)
    assert view is not None
    return str(view["text"]).removesuffix(": put the board back as listed")


# --- Session events ------------------------------------------------------------------------

PUBLIC_REFUSAL_RULES = frozenset({"M1"})
"""Refusals whose reason does not depend on the moving figure's kind: everyone may read
them. Any other refusal (Blitz forward [M4], a Nest moved [M3], a non-Flug flying …)
would tell the opponent what the figure is, so only its owner reads the reason [R22]."""

_FIX_TEXT = {
    "lost": "Take the figure off {sq}: it lost the challenge",
    "trap": "Take the figure off {sq}: a secret trap caught it [V5]",
    "unknown": "Unknown tag on {sq}: take it off the board, or enrol it",
    "gone": "Take the figure off {sq}: it has left the board [K6]",
    "reserve": "Take the figure off {sq}: it is not in play",
    "moved": "Take the figure off {sq}",
}
_TROUBLE_TEXT = {
    "duplicate": "The same tag is seen on {squares}: two tags with one UID, or one figure"
                 " read twice; take one of them off",
    "flicker": "The reader under {squares} keeps changing: set the figure in the middle of"
               " the square, or check that reader",
    "dead": "The reader under {squares} does not answer ({detail}): check its cable;"
            " the game waits",
}


def event_view(event: Event, audience: str, *, board: Board, players: tuple[Player, ...],
               state: GameState | None = None, policy: str = RULEBOOK,
               past: bool = False) -> JSON | None:
    """A session event as ``audience`` may see it: a dict with ``type`` and ``text``, or
    None if the event is not for this audience at all. ``state`` is needed for turns.

    A refusal's reason, each setup problem and a notice also come as ``key`` and
    ``params`` (``companion.messages``) for a front end to word in its language; they are
    given exactly where the English sentence is [R22, I3].

    ``past``: the event is history (a turn before the last one). Its challenge has ended,
    so it is shown as under ``outcome-only``: nothing on screen may remind a player of an
    enemy figure's kind after its challenge [I4]."""
    names = [p.name for p in players]
    if audience not in (*names, PUBLIC, ARBITER):
        raise ValueError(f"unknown audience {audience!r}")
    if past and isinstance(event, TurnPlayed):
        policy = OUTCOME_ONLY

    def owner(player: int) -> bool:
        return audience in (ARBITER, names[player])

    return _EVENT_VIEWS[type(event)](event, _EventContext(board, names, owner, state, audience,
                                                          policy))


class _EventContext:
    def __init__(self, board: Board, names: list[str], owner: Callable[[int], bool],
                 state: GameState | None, audience: str, policy: str) -> None:
        self.board, self.names, self.owner = board, names, owner
        self.state, self.audience, self.policy = state, audience, policy

    def sq(self, square: int | None) -> str | None:
        return None if square is None else self.board.name(square)

    def who(self, player: int) -> str:
        return self.names[player].capitalize()


def _result_text(event: GameOver, ctx: _EventContext) -> str:
    """``Yellow wins (nest)``, or ``drawn (turn limit)`` for a referee limit [R26]."""
    if event.winner is None:
        return f"drawn ({event.reason}) [W3]"
    return f"{ctx.names[event.winner].capitalize()} wins ({event.reason})"


def _squares_text(ctx: _EventContext, squares: Iterable[int]) -> str:
    return " and ".join(ctx.board.name(sq) for sq in squares)


def _view_trouble(event: ReadersTrouble, ctx: _EventContext) -> JSON:
    lines = [_TROUBLE_TEXT[p.kind].format(squares=_squares_text(ctx, p.squares),
                                          detail=p.detail or "")
             for p in event.problems]
    lines += [_FIX_TEXT["unknown"].format(sq=ctx.board.name(sq)) for sq in event.unknown_tags]
    if not lines:
        lines = [f"Reading the board … ({len(event.unsettled)} squares not settled yet)"]
    return {"type": "readers", "unsettled": [ctx.sq(s) for s in event.unsettled],
            "problems": [{"kind": p.kind, "squares": [ctx.sq(s) for s in p.squares]}
                         for p in event.problems],
            "unknown_tags": [ctx.sq(s) for s in event.unknown_tags], "text": "; ".join(lines)}


def _fix_text(ctx: _EventContext, fix: Fix) -> str:
    sq = ctx.board.name(fix.square)
    if fix.action == "put_back":
        return (f"Put the figure from {ctx.sq(fix.source)} back on {sq}" if fix.source is not None
                else f"Put the figure back on {sq}")
    if fix.action == "swap":
        return (f"The wrong figure stands on {sq}: put back the one from {ctx.sq(fix.source)}"
                if fix.source is not None else f"The wrong figure stands on {sq}: put back the"
                                                 " one that stood there")
    return _FIX_TEXT[fix.why or "moved"].format(sq=sq)


def _view_differs(event: BoardDiffers, ctx: _EventContext) -> JSON:
    named = {fix.source for fix in event.fixes if fix.source is not None}
    shown = [fix for fix in event.fixes if not (fix.why == "moved" and fix.square in named)]
    return {"type": "board_differs",
            "fixes": [{"square": ctx.sq(f.square), "action": f.action, "source": ctx.sq(f.source),
                       "why": f.why} for f in event.fixes],
            "text": "; ".join(_fix_text(ctx, fix) for fix in shown)}


def _view_refused(event: Refused, ctx: _EventContext) -> JSON:
    way_back = f": put it back on {ctx.sq(event.put_back)}" if event.put_back is not None else ""
    out: JSON = {"type": "refused", "player": ctx.names[event.player],
                 "square": ctx.sq(event.square), "put_back": ctx.sq(event.put_back)}
    if ctx.owner(event.player) or event.rule in PUBLIC_REFUSAL_RULES:
        out.update(rule=event.rule, text=f"{event.reason} [{event.rule}]{way_back}")
        if event.message is not None:  # the reason's key and parameters, seen with its text
            out.update(event.message.json())
    else:
        out["text"] = f"That is not allowed{way_back}"
    return out


def _view_prompt(event: ChallengePrompt, ctx: _EventContext) -> JSON:
    targets = [ctx.sq(t) for t in event.targets]
    choices = ([f"challenge {', '.join(str(t) for t in targets)}"] if targets else []) \
        + (["no challenge"] if event.may_decline and targets else []) \
        + (["move on or confirm"] if event.may_continue else [])
    return {"type": "challenge_prompt", "player": ctx.names[event.player], "targets": targets,
            "may_decline": event.may_decline, "may_continue": event.may_continue,
            "text": f"{ctx.who(event.player)}: {' / '.join(choices)}"}


def _view_turn(event: TurnPlayed, ctx: _EventContext) -> JSON:
    if ctx.state is None:
        raise ValueError("a turn is shown with the game's state")
    action = _action(_Sight(ctx.state, ctx.audience, ctx.policy), event.result)
    paths = action.get("paths") or ([action["path"]] if "path" in action else [])
    moves = [f"{path[0]}-{path[-1]}" for path in paths]
    moves += [f"placed on {p['square']}" for p in action.get("placed", [])]
    if "returned" in action:
        moves.append(f"brought back on {action['returned']['square']}")
    text = f"{ctx.who(event.result.player)} played {' and '.join(moves)}"
    combat = action.get("combat")
    if combat:
        text += f", challenged {combat['challenged']}: {combat['outcome'].replace('_', ' ')}"
        gone = combat["leaves_board"]
        if gone:
            text += f" ({' and '.join(gone)} {'leaves' if len(gone) == 1 else 'leave'} the board)"
    head = {"log_head": event.log_head} if event.log_head else {}  # for everyone to note
    return {"type": "turn", "action": action, "text": text, **head}


def _simple(kind: str, text: Callable[[Any, _EventContext], str],
            fields: Callable[[Any, _EventContext], JSON] = lambda e, c: {},
            ) -> Callable[[Any, _EventContext], JSON]:
    return lambda event, ctx: {"type": kind, **fields(event, ctx), "text": text(event, ctx)}


def _view_setup(event: SetupStatus, ctx: _EventContext) -> JSON:
    out: JSON = {"type": "setup", "player": ctx.names[event.player], "placed": event.placed,
                 "needed": event.needed, "ready": event.ready}
    state = "complete and valid" if event.ready else "not ready yet"
    out["text"] = f"{ctx.who(event.player)}: {event.placed} of {event.needed} figures, {state}"
    if ctx.owner(event.player):
        out["problems"] = [{"square": ctx.sq(p.square), "rule": p.rule, "reason": p.reason,
                            **p.message.json()} for p in event.problems]
    return out


# --- Referee mode: public facts about the game; only an offence's rule is private [R22] --


def _view_clocks(event: Clocks, ctx: _EventContext) -> JSON:
    faces = [f"{ctx.who(p)} {format_time(left)}{' (running)' if p == event.running else ''}"
             for p, left in enumerate(event.remaining)]
    paused = f" — paused: {event.paused}" if event.paused else ""
    return {"type": "clocks", "remaining": {ctx.names[p]: round(left, 1) for p, left
                                            in enumerate(event.remaining)},
            "running": None if event.running is None else ctx.names[event.running],
            "paused": event.paused, "text": f"Clocks: {' · '.join(faces)}{paused}"}


def _view_offence(event: Offence, ctx: _EventContext) -> JSON:
    out: JSON = {"type": "offence", "player": ctx.names[event.player], "count": event.count,
                 "penalty_s": event.penalty_s}
    penalty = (f": {event.penalty_s:g} s added to the opponent's clock"
               if event.penalty_s else "")
    rule = ""
    if ctx.owner(event.player) or event.rule in PUBLIC_REFUSAL_RULES:
        out["rule"], rule = event.rule, f" [{event.rule}]"
    out["text"] = f"{ctx.who(event.player)}: illegal move no. {event.count}{rule}{penalty}"
    return out


def _view_corrected(event: Corrected, ctx: _EventContext) -> JSON:
    out: JSON = {"type": "correction", "kind": event.kind, "turns": event.turns,
                 "reason": event.reason, "by": event.by}
    who = "The arbiter" if event.by in ("", ARBITER) else f"The arbiter ({event.by})"
    if event.turn is not None:
        turn = turn_json(ctx.board, event.turn)
        out["turn"] = turn
        paths = turn.get("paths") or [turn.get("path", [])]
        what = " and ".join(f"{p[0]}-{p[-1]}" for p in paths if p)
        target = turn.get("challenge")
        if target:
            what += f", challenging {target if isinstance(target, str) else target['target']}"
        out["text"] = f"{who} entered the turn {what} ({event.reason})"
    else:
        out["text"] = (f"{who} took the game back to turn {event.turns}"
                       f" ({event.reason}): put the board back as listed")
    return out


def _view_result(event: RefereeResult, ctx: _EventContext) -> JSON:
    if event.result == "win" and event.winner is not None:
        text = f"Game over: {ctx.names[event.winner].capitalize()} wins ({event.reason})"
    elif event.result == "draw":
        text = f"Game over: a draw ({event.reason})"
    else:
        text = f"Game over: both players lose ({event.reason}) [ISF 4.3]"
    return {"type": "result", "result": event.result, "reason": event.reason,
            "winner": None if event.winner is None else ctx.names[event.winner], "text": text,
            **({"salts": dict(event.salts)} if event.salts else {})}


def _paused_text(event: ClockPaused, ctx: _EventContext) -> str:
    who = "The arbiter" if event.by is None else f"{ctx.who(event.by)} called the arbiter:"
    return f"{who} paused the clocks ({event.reason})"


def _commitments(event: GameStarted) -> JSON:
    """The setups' commitments: hashes only, for everyone [fairplay]; the salts that open
    them come with the game's end (``GameOver.salts``), never before."""
    if not event.commitments:
        return {}
    return {"game_id": event.game_id, "commitments": dict(event.commitments)}


def _committed(event: GameStarted, ctx: _EventContext) -> str:
    """The commitments' first digits, for the players to note [fair play]."""
    if not event.commitments:
        return ""
    digits = ", ".join(f"{name.capitalize()} {value[:SHOWN_DIGITS]}"
                       for name, value in event.commitments)
    return f"; setups committed: {digits}"


_EVENT_VIEWS: dict[type, Callable[[Any, _EventContext], JSON]] = {
    Clocks: _view_clocks,
    Offence: _view_offence,
    Corrected: _view_corrected,
    RefereeResult: _view_result,
    ClockPaused: _simple("paused", _paused_text,
                         lambda e, c: {"by": None if e.by is None else c.names[e.by],
                                       "reason": e.reason}),
    ClockResumed: _simple("resumed", lambda e, c: "The arbiter let the clocks run again"),
    ClockAdjusted: _simple("clock_adjusted",
                           lambda e, c: f"The arbiter gave {c.who(e.player)}"
                                        f" {e.seconds:+g} s ({e.reason})",
                           lambda e, c: {"player": c.names[e.player], "seconds": e.seconds,
                                         "reason": e.reason}),
    SetupTimeUp: _simple("setup_time_up", lambda e, c: "The setup time is up: the arbiter"
                                                       " decides how to go on [S]"),
    ArbiterLooked: _simple("arbiter_looked",
                           lambda e, c: f"The arbiter looked at the position ({e.reason})",
                           lambda e, c: {"reason": e.reason, "turns": e.turns}),
    PinRefused: _simple("pin_refused",
                        lambda e, c: f"Wrong arbiter PIN ({e.wrong} in a row): nothing was"
                                     " done" + (f"; try again in {e.wait:g} s" if e.wait
                                                else ""),
                        lambda e, c: {"wrong": e.wrong, "wait": e.wait}),
    DrawOffered: _simple("draw_offered",
                         lambda e, c: f"{c.who(e.player)} offers a draw: the opponent may"
                                      " accept it before the next turn [W3]",
                         lambda e, c: {"player": c.names[e.player]}),
    SettingChanged: _simple("setting_changed",
                            lambda e, c: f"The arbiter changed the {e.name} to {e.value}",
                            lambda e, c: {"name": e.name, "value": e.value}),
    ReadersTrouble: _view_trouble,
    BoardDiffers: _view_differs,
    Refused: _view_refused,
    ChallengePrompt: _view_prompt,
    TurnPlayed: _view_turn,
    SetupStatus: _view_setup,
    InHand: _simple("in_hand", lambda e, c: f"{c.who(e.player)} is moving the figure from"
                                            f" {_squares_text(c, e.squares)}",
                    lambda e, c: {"player": c.names[e.player],
                                  "squares": [c.sq(s) for s in e.squares]}),
    AdvanceOffer: _simple("advance_offer",
                          lambda e, c: f"{c.who(e.player)} may advance from {c.sq(e.from_square)}"
                                       f" to {c.sq(e.into)}: move it there, or choose Stay [K5]",
                          lambda e, c: {"player": c.names[e.player], "from": c.sq(e.from_square),
                                        "into": c.sq(e.into)}),
    AdvanceDone: _simple("advance_done",
                         lambda e, c: (f"{c.who(e.player)} advanced to {c.sq(e.into)}"
                                       if e.advanced else f"{c.who(e.player)} stays on"
                                                          f" {c.sq(e.from_square)}"),
                         lambda e, c: {"player": c.names[e.player], "advanced": e.advanced}),
    ToMove: _simple("to_move", lambda e, c: f"{c.who(e.player)} to move",
                    lambda e, c: {"player": c.names[e.player]}),
    Resigned: _simple("resigned", lambda e, c: f"{c.who(e.action.player)} resigns",
                      lambda e, c: {"player": c.names[e.action.player]}),
    GameOver: _simple("game_over", lambda e, c: f"Game over: {_result_text(e, c)}",
                      lambda e, c: {"winner": None if e.winner is None else c.names[e.winner],
                                    "reason": e.reason,
                                    **({"salts": dict(e.salts)} if e.salts else {}),
                                    **({"log_head": e.log_head} if e.log_head else {})}),
    GameStarted: _simple("game_started", lambda e, c: f"The game begins: {c.who(e.first)}"
                                                      f" moves first [S5]{_committed(e, c)}",
                         lambda e, c: {"first": c.names[e.first], **_commitments(e)}),
    Notice: _simple("notice", lambda e, c: e.text,
                    lambda e, c: e.message.json() if e.message is not None else {}),
}
