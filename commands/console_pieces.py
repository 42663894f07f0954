"""A piece named at the terminal (``place SQUARE PIECE``): its tag UID, or its owner, kind
and number (``red hare 2``), or its owner and kind alone (``white beetle``) where the
number does not matter: the next one of that kind that is not on the board."""

from __future__ import annotations

from commands.console_args import is_number
from companion.game import Game
from companion.identities import Identity
from companion.reads import Uid, parse_uid
from companion.table.game_session import GameSession
from hardware.simgame import GameHands


def piece_named(words: list[str], game: Game, hands: GameHands, session: GameSession
                ) -> Uid:
    """The tag of the piece ``words`` name; ``ValueError`` (one line) if there is none."""
    if len(words) == 1:
        uid = parse_uid(words[0])
        if uid not in hands.identities:
            raise ValueError(f"tag {uid} is not in this game's set")
        return uid
    players = game.players
    if len(words) not in (2, 3) or words[0].lower() not in players or (
            len(words) == 3 and not is_number(words[2])):
        raise ValueError("name a piece like 'red hare 2' (or 'red hare': the next one not"
                         " on the board), or give its tag UID")
    owner, kind = players.index(words[0].lower()), words[1].lower()
    if len(words) == 2:
        return next_free(game, hands, session, owner, kind)
    wanted = Identity(owner, kind, int(words[2]))
    for uid, identity in hands.identities.items():
        if identity == wanted:
            return uid
    raise ValueError(f"the set has no {' '.join(words)}")


def next_free(game: Game, hands: GameHands, session: GameSession, owner: int, kind: str
              ) -> Uid:
    """The piece of ``owner``'s ``kind`` with the lowest number that is not on the board
    (identical stones: which one does not matter), from the box first (the set, Gimmel's
    hand), then one taken up that is still in the game."""
    mine = sorted((identity.number, uid) for uid, identity in hands.identities.items()
                  if identity.owner == owner and identity.kind == kind)
    name = f"{game.players[owner]} {kind}"
    if not mine:
        kinds = ", ".join(known.id for known in game.kinds(session.options))
        raise ValueError(f"the set has no {name}; the kinds are {kinds}")
    gone = session.places.gone
    for pool in (hands.box, [uid for uid in hands.aside if uid not in gone]):
        free = [uid for _, uid in mine if uid in pool]
        if free:
            return free[0]
    raise ValueError(f"every {name} is on the board or out of the game")
