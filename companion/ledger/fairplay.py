"""Fair-play proof: each side's setup is committed at the start and revealed at the end.

When a game starts the session *commits* every side's setup: it publishes
``sha256(opening)`` where the *opening* is one canonical JSON text (``record.canonical_json``)
of the side's secret choices and a 32-byte random salt::

    {"format":"giganten-commitment/1","game":GAME_ID,"player":"yellow",
     "reserve":[…],"salt":SALT,"setup":{"a1":"stego",…},"trap":"c3"}

``setup`` maps every square of the side's figures to the kind id; ``reserve`` (the kinds
kept back, sorted) is there only under V6, ``trap`` (the secret trap square, or null) only
under V5. ``game`` and ``player`` tie the commitment to one side of one game, so that a
commitment cannot be replayed into another game or swapped between the sides. The salt
makes the hash useless for guessing: without it, a player who has seen most enemy kinds
could try the few setups left. Both players and the public see the hashes from the start
[I1]; the salts (and so the setups) are revealed only once the game is over [I3], and then
anyone can recompute the hashes (``brettl verify``, or by hand: docs/records.md).

Pure: the randomness comes in as an ``entropy`` function (``os.urandom`` in a real game).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.ledger.record import canonical_json
from companion.views.games import SHOWN_DIGITS

COMMITMENT_FORMAT = "giganten-commitment/1"
SALT_BYTES = 32
GAME_ID_BYTES = 16

Entropy = Callable[[int], bytes]
"""``entropy(n)`` returns ``n`` unpredictable bytes (``os.urandom``)."""

JSON = dict[str, Any]

_HEX256 = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing a record fails: ``where`` (a player, a turn, a line) and what is wrong."""

    where: str
    text: str

    def __str__(self) -> str:
        return f"{self.where}: {self.text}" if self.where else self.text


def random_hex(entropy: Entropy, size: int) -> str:
    """``size`` bytes from ``entropy`` as lower-case hex; refuses a short or broken source."""
    data = entropy(size)
    if not isinstance(data, bytes | bytearray) or len(data) != size:
        raise ValueError(f"the entropy source gave {data!r:.40} instead of {size} bytes")
    return bytes(data).hex()


def side_setup(game: Mapping[str, Any], player: str, game_id: str) -> JSON:
    """The committed part of ``player``'s side, from a game record (``giganten-game/1``,
    as in the log's start entry): everything of the opening but the salt."""
    variants = set(game.get("variants", []))
    setup = {square: text.split()[1] for square, text in game["setup"].items()
             if text.split()[0] == player}
    side: JSON = {"format": COMMITMENT_FORMAT, "game": game_id, "player": player,
                  "setup": setup}
    if "V6" in variants:
        side["reserve"] = sorted(game.get("reserve", {}).get(player, []))
    if "V5" in variants:
        side["trap"] = game.get("secret_traps", {}).get(player)
    return side


def opening(side: Mapping[str, Any], salt: str) -> str:
    """The exact text whose SHA-256 is the commitment: ``side`` with its salt, canonical."""
    return canonical_json({**side, "salt": salt})


def commit(side: Mapping[str, Any], salt: str) -> str:
    """The commitment to ``side`` (see :func:`side_setup`) with ``salt``: 64 hex digits."""
    return hashlib.sha256(opening(side, salt).encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class Seal:
    """The commitments of one game, and the salts that open them (secret until the end)."""

    game_id: str
    commitments: dict[str, str]
    salts: dict[str, str]

    @classmethod
    def make(cls, game: Mapping[str, Any], entropy: Entropy) -> Seal:
        """Commit every side of ``game`` (its start) with fresh salts from ``entropy``."""
        game_id = random_hex(entropy, GAME_ID_BYTES)
        salts = {name: random_hex(entropy, SALT_BYTES) for name in game["players"]}
        commitments = {name: commit(side_setup(game, name, game_id), salt)
                       for name, salt in salts.items()}
        return cls(game_id, commitments, salts)

    def public(self) -> JSON:
        """What everyone may see from the start: the game id and the hashes."""
        return {"format": COMMITMENT_FORMAT, "game_id": self.game_id,
                "commitments": dict(self.commitments)}

    def secret(self) -> JSON:
        """The form kept in the (secret) log's start entry: public part plus the salts."""
        return {**self.public(), "salts": dict(self.salts)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Seal:
        """Read :meth:`secret`'s form; ``ValueError`` if it is malformed."""
        try:
            seal = cls(str(data["game_id"]), dict(data["commitments"]), dict(data["salts"]))
        except (KeyError, TypeError, ValueError) as err:
            raise ValueError(f"the commitments of the game are malformed ({err})") from None
        if data.get("format") != COMMITMENT_FORMAT:
            raise ValueError(f"the commitments are not in the format {COMMITMENT_FORMAT!r}")
        return seal


def check(record: Mapping[str, Any]) -> list[Problem]:
    """Check a record's commitments against its revealed setups and salts.

    ``record`` holds ``game_id``, ``commitments`` (player -> hash), ``salts`` (player ->
    salt) and ``game`` (a game record whose start is the revealed setups): the form of the
    full and referee records and of a log's start entry. Returns every problem, first the
    shape, then each side in player order; an empty list means every side opens its
    commitment.
    """
    shape = _shape_problems(record)
    if shape:
        return shape
    game, game_id = record["game"], record["game_id"]
    problems: list[Problem] = []
    for name in game.get("players", []):
        salt = record["salts"].get(name)
        claimed = record["commitments"].get(name)
        if claimed is None:
            problems.append(Problem(name, f"{name} has no commitment"))
        elif salt is None:
            problems.append(Problem(name, f"{name}'s salt was not revealed"))
        elif commit(side_setup(game, name, game_id), salt) != claimed:
            problems.append(Problem(name, f"{name}'s setup does not match its commitment"
                                          " (the setup, the salt or the commitment was"
                                          " altered) [fair play]"))
    extra = sorted(set(record["commitments"]) - set(game.get("players", [])))
    problems += [Problem(name, f"a commitment for {name}, who does not play in this game")
                 for name in extra]
    return problems


def check_opened(commitments: Mapping[str, Any], sides: Mapping[str, Any],
                 salts: Mapping[str, Any], game_id: str) -> list[Problem]:
    """Check sides given as openings (the public record's reveal) against ``commitments``."""
    problems: list[Problem] = []
    for name, claimed in commitments.items():
        side, salt = sides.get(name), salts.get(name)
        short = full_hex_problem(name, "salt", salt) or full_hex_problem(name, "commitment",
                                                                        claimed)
        if not isinstance(side, dict) or not isinstance(salt, str):
            problems.append(Problem(name, f"{name}'s setup or salt was not revealed"))
        elif short is not None:
            problems.append(short)
        elif side.get("game") != game_id or side.get("player") != name:
            problems.append(Problem(name, f"{name}'s revealed setup belongs to another game"
                                          " or player [fair play]"))
        elif commit(side, salt) != claimed:
            problems.append(Problem(name, f"{name}'s setup does not match its commitment"
                                          " (the setup, the salt or the commitment was"
                                          " altered) [fair play]"))
    return problems


def full_hex_problem(name: str, what: str, value: Any) -> Problem | None:
    """A commitment or salt must be 256 bits, as the session makes them: a shorter salt
    could be searched for, a shorter hash matched."""
    if not isinstance(value, str) or not _HEX256.fullmatch(value):
        return Problem(name, f"{name}'s {what} is not 256 bits (64 lower-case hex digits)"
                             " [fair play]")
    return None


def _shape_problems(record: Mapping[str, Any]) -> list[Problem]:
    if record.get("format") != COMMITMENT_FORMAT:
        return [Problem("", f"the commitments are not in the format {COMMITMENT_FORMAT!r}")]
    for key, kind in (("game_id", str), ("commitments", dict), ("salts", dict),
                      ("game", dict)):
        if not isinstance(record.get(key), kind):
            return [Problem("", f"the record has no valid {key!r}")]
    for key in ("commitments", "salts"):
        for name, value in record[key].items():
            problem = full_hex_problem(name, key[:-1], value)
            if problem is not None:
                return [problem]
    if not isinstance(record["game"].get("setup"), dict):
        return [Problem("", "the record's game has no setup")]
    return []


__all__ = ["COMMITMENT_FORMAT", "GAME_ID_BYTES", "SALT_BYTES", "SHOWN_DIGITS", "Entropy",
           "Problem", "Seal", "check", "check_opened", "commit", "full_hex_problem", "opening",
           "random_hex", "side_setup"]
