"""The illegal-move policy of referee mode on the desk
(``companion.referee.game_desk``), for every game of the family, as Giganten's own desk
has it (``docs/referee.md``, "Illegal moves"; research ``engines.md`` §3.2, FIDE 7.5).

A move the rules forbid is always refused and restored by the session. At the desk every
such refusal during play is also an **offence** of the player to move: counted, logged as
a ``referee`` entry ``offence`` with the rule id (the log is the arbiter's: the rule may
name a hidden kind [R22], so the public view of an offence carries no rule), optionally
``penalty_s`` seconds for each opponent (FIDE: 120), and the ``lose_after``-th offence
loses the game (FIDE: the 2nd; 0: never), a result declared by the table with the reason
``illegal`` [W3]. What the session refuses for other reasons (a reader problem, an
unknown tag, a declaration that is not a turn, a command at the wrong moment) is no
offence. Pure: this module only decides; the desk counts and logs.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.config import IllegalMovePolicy
from companion.game_events import BoardRefused, IntentRefused
from companion.ledger.record import Entry
from companion.referee.seat import NOTE
from companion.table.board_match import UNKNOWN_TAG
from companion.table.game_session import COMPUTER_RULE, NOT_NOW, READERS, SETUP_RULE
from companion.untrusted import number, whole_number

NOT_OFFENCES = frozenset({NOT_NOW, READERS, SETUP_RULE, COMPUTER_RULE, UNKNOWN_TAG})
"""The session's own refusal ids: the table's or the moment's, never a rule broken."""

MOST_PENALTY_S = 3600.0
"""The largest penalty per illegal move the arbiter sets: an hour (FIDE gives 120 s)."""

MOST_OFFENCES = 100
"""The largest ``lose-after`` count the arbiter sets (FIDE: 2; 0 is never)."""

POLICY_NOTE = "illegal_policy"
"""The ``referee`` entry that records the policy when play begins (if it is not off)."""


@dataclass(frozen=True, slots=True)
class Offending:
    """A refusal that counts: ``player`` broke ``rule``."""

    player: int
    rule: str


def offending(event: object, players: int) -> Offending | None:
    """The offence in a session event (a board or a declared turn the rules refused for
    the player to move), or None."""
    if not isinstance(event, BoardRefused | IntentRefused):
        return None
    player = event.player
    if type(player) is not int or not 0 <= player < players or event.rule in NOT_OFFENCES:
        return None
    return Offending(player, event.rule)


def policy_text(policy: IllegalMovePolicy) -> str:
    """The policy in words, for the console."""
    penalty = f"{policy.penalty_s:g} s to the opponent" if policy.penalty_s else "no penalty"
    loss = f"lost at the {policy.lose_after}. offence" if policy.lose_after else "never lost"
    return f"illegal moves: {penalty}, {loss}"


def changed(policy: IllegalMovePolicy, name: str, value: str) -> IllegalMovePolicy:
    """``policy`` with ``penalty`` (seconds) or ``lose-after`` (N, 0: never) set to
    ``value``; ``ValueError`` in one line for anything else."""
    try:
        if name == "penalty":
            return IllegalMovePolicy(number(value, "a penalty in seconds", 0, MOST_PENALTY_S),
                                     policy.lose_after)
        return IllegalMovePolicy(policy.penalty_s,
                                 whole_number(value, "a count of offences", 0, MOST_OFFENCES))
    except ValueError as err:
        raise ValueError(f"set {name}: {err}") from None


def logged_policy(entries: Iterable[Entry], players: int
                  ) -> tuple[IllegalMovePolicy, list[int]]:
    """The policy and each player's offences as the desk's entries left them (after a
    power cut): the policy noted when play began, changed by ``setting`` entries; a game
    logged without one had the policy off."""
    policy, offences = IllegalMovePolicy(), [0] * players
    for entry in entries:
        body = entry.body
        if entry.type != NOTE:
            continue
        event = body.get("event")
        if event == POLICY_NOTE:
            policy = _read(policy, body)
        elif event == "setting" and body.get("name") in ("penalty", "lose-after"):
            try:
                policy = changed(policy, str(body["name"]), str(body.get("value")))
            except ValueError:
                continue  # the desk logged only what it applied
        elif event == "offence":
            player, count = body.get("player"), body.get("count")
            if type(player) is int and 0 <= player < players and type(count) is int:
                offences[player] = count
    return policy, offences


def _read(policy: IllegalMovePolicy, body: dict[str, object]) -> IllegalMovePolicy:
    penalty, lose_after = body.get("penalty_s"), body.get("lose_after")
    if isinstance(penalty, int | float) and type(lose_after) is int:
        return IllegalMovePolicy(float(penalty), lose_after)
    return policy


__all__ = ["MOST_OFFENCES", "MOST_PENALTY_S", "NOT_OFFENCES", "POLICY_NOTE", "Offending",
           "changed", "logged_policy", "offending", "policy_text"]
