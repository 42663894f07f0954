"""``giganten verify`` of a public record: nothing before the end, since the setups are
still secret; after the end each side's revealed setup and salt against its commitment,
the setups' legality, the swamp squares against the dealt tiles, and every step's public
view against the view the rules give when the public turns are replayed from the revealed
setups (a refereed game's corrections and result too). docs/records.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.archive.records import PUBLIC_KIND, describe, public_steps, start_text
from companion.archive.verdict import (
    JSON,
    Verdict,
    board_problems,
    course_text,
    replay_one,
    result_text,
    setup_problems,
)
from companion.games.giganten.board import BoardError
from companion.games.giganten.codec import game_from_json, game_to_json, rules_from_json, rules_json
from companion.games.giganten.state import GameState
from companion.ledger.course import Course, CourseError
from companion.ledger.fairplay import COMMITMENT_FORMAT, Problem, check_opened, side_setup
from companion.views import POLICIES, PUBLIC, view_for


def verify_public(document: JSON) -> Verdict:
    verdict = Verdict(PUBLIC_KIND)
    fairplay = document.get("fairplay")
    if not document.get("over"):
        hashes = ""
        if isinstance(fairplay, dict) and isinstance(fairplay.get("commitments"), dict):
            hashes = " Commitments: " + ", ".join(
                f"{name} {str(value)[:16]}…" for name, value in fairplay["commitments"].items())
        verdict.pending = ("the game is not over, so its setups and salts have not been"
                           " revealed: the commitments can be checked only after the end"
                           " (export the public record again then)." + hashes)
        return verdict
    reveal = document.get("reveal")
    if not isinstance(reveal, dict) or not isinstance(fairplay, dict):
        verdict.problems.append(Problem("reveal", "a finished game's public record must hold"
                                                  " the commitments and their reveal"))
        return verdict
    sides, salts = reveal.get("sides"), reveal.get("salts")
    commitments = fairplay.get("commitments")
    if not isinstance(sides, dict) or not isinstance(salts, dict) or not isinstance(
            commitments, dict) or not commitments:
        verdict.problems.append(Problem("reveal", "the reveal lacks the sides or salts"))
        return verdict
    if fairplay.get("format") != COMMITMENT_FORMAT:
        verdict.problems.append(Problem("", "the commitments are not in the format"
                                            f" {COMMITMENT_FORMAT!r}"))
        return verdict
    verdict.problems += check_opened(commitments, sides, salts, str(fairplay.get("game_id")))
    if verdict.problems:
        return verdict
    verdict.checked.append(f"commitments of {', '.join(sorted(commitments))}")
    _check_public_steps(document, sides, verdict)
    return verdict


def _check_public_steps(document: JSON, sides: Mapping[str, Any], verdict: Verdict) -> None:
    """Rebuild the start from the opened sides and replay the public turns, comparing
    every step's view with the view the rules give."""
    steps = document.get("steps")
    policy = document.get("policy")
    if not isinstance(steps, list) or not steps or policy not in POLICIES:
        verdict.problems.append(Problem("steps", "the record holds no steps or no policy"))
        return
    try:
        state = _public_start(document, steps[0]["view"], sides)
    except (BoardError, KeyError, TypeError, ValueError, IndexError) as err:
        verdict.problems.append(Problem("setup", f"the revealed setups do not make a game:"
                                                 f" {err}"))
        return
    problems = board_problems(state.board)
    if problems:
        verdict.problems += problems
        return
    if document["reveal"].get("setup") != game_to_json(state)["setup"]:
        verdict.problems.append(Problem("reveal", "the revealed position is not the one"
                                                  " the committed setups make"))
        return
    problems = setup_problems(state)
    if problems:
        verdict.problems += problems
        return
    verdict.checked.append("setups legal [S]")
    if view_for(state, PUBLIC, str(policy)) != steps[0].get("view") or steps[0].get(
            "what") != start_text(state) or steps[0].get("step") != 0:
        verdict.problems.append(Problem("step 0", "the starting view is not the one the"
                                                  " revealed setups give"))
        return
    if any(isinstance(step, dict) and ("correction" in step or "result" in step)
           for step in steps):
        _check_public_course(state, steps, str(policy), verdict)
        return
    for number, step in enumerate(steps[1:], 1):
        last = step.get("view", {}).get("last_turn") if isinstance(step, dict) else None
        if not isinstance(last, dict):
            verdict.problems.append(Problem(f"step {number}", "holds no turn"))
            return
        if "placed" in last or "returned" in last:
            verdict.checked.append(f"{number - 1} turns replayed (turn {number} brings a"
                                   " figure on face down: only the full record can replay"
                                   " on from there)")
            return
        ply = state.ply + 1
        problem = replay_one(state, _public_action(last), combats=False)
        if problem is None and view_for(state, PUBLIC, str(policy)) != step.get("view"):
            problem = "its view is not the one the rules give after this turn"
        elif problem is None and (step.get("step") != number or step.get("what") != describe(
                state, state.history[-1], str(policy))):
            problem = "its number or description is not the one of this turn"
        if problem is not None:
            verdict.problems.append(Problem(f"turn {number} (ply {ply})", problem))
            return
    verdict.checked.append(f"{len(steps) - 1} turns replayed legally, every public view as"
                           " the rules give it"
                           + (f", to the result: {result_text(state)}"
                              if state.is_over else ""))


def _check_public_course(state: GameState, steps: list[Any], policy: str,
                         verdict: Verdict) -> None:
    """A refereed game's public steps: replay its turns, corrections and result from the
    revealed setups, then tell them again; every step must be told as the rules and the
    views tell it."""
    start = game_from_json({**game_to_json(state), "actions": [], "result": None})
    course = Course(state)
    for number, step in enumerate(steps[1:], 1):
        try:
            _public_step(course, step)
        except CourseError as err:
            verdict.problems.append(Problem(f"step {number}", str(err)))
            return
        except _FaceDown:
            verdict.checked.append(f"{number - 1} steps replayed (step {number} brings a"
                                   " figure on face down: only the full record can replay"
                                   " on from there)")
            return
    told = public_steps(start, course, policy)
    for number, (step, again) in enumerate(zip(steps[1:], told, strict=True), 1):
        if step != again:
            verdict.problems.append(Problem(f"step {number}", "it is not told as the rules"
                                                              " and the public views tell"
                                                              " it"))
            return
    if not course.over:
        verdict.problems.append(Problem("steps", "the record says the game is over, its"
                                                 " steps do not end it"))
        return
    verdict.checked.append(course_text(course) + ", every public view as the rules give it")


class _FaceDown(Exception):
    """A public step brings a figure on face down (V6, V5c): its kind is not public."""


def _public_step(course: Course, step: Any) -> None:
    """Follow one public step (a turn, a correction or a referee's result)."""
    if not isinstance(step, dict):
        raise CourseError("not a step")
    facts = step.get("correction") or step.get("result")
    time = facts.get("time", 0.0) if isinstance(facts, dict) else 0.0
    if not isinstance(time, int | float) or isinstance(time, bool):
        raise CourseError("a step without its time")
    if isinstance(step.get("result"), dict):
        course.declare(step["result"], float(time))
        return
    correction = step.get("correction")
    if isinstance(correction, dict) and correction.get("correction") == "takeback":
        course.correction(correction, float(time))
        return
    last = step.get("view", {}).get("last_turn") if isinstance(step.get("view"), dict) \
        else None
    if not isinstance(last, dict):
        raise CourseError("holds no turn")
    if "placed" in last or "returned" in last:
        raise _FaceDown
    action = _public_action(last)
    if isinstance(correction, dict):
        course.correction({**correction, "turn": action, "player": action.get("player")},
                          float(time))
    elif "resign" in action:
        course.resign(action["resign"])
    else:
        course.turn(str(action.get("player", "")), action)


def _public_start(document: JSON, view: Mapping[str, Any], sides: Mapping[str, Any]
                  ) -> GameState:
    # The referee rules in force [W3] are public (every view shows them): the start is
    # rebuilt with them, else a refereed game's step 0 would differ (issue 18, finding 5).
    referee = document.get("referee", view.get("referee"))
    if isinstance(referee, dict):
        referee = {key: value for key, value in referee.items() if key != "quiet_turns"}
    rules = rules_from_json({"variants": document.get("variants", []), "referee": referee})
    setup: dict[str, str] = {}
    for name in view["players"]:
        for square, kind in sides[name]["setup"].items():
            setup[square] = f"{name} {kind}"
    board = document.get("board", view["board"])  # with its tiles; older records: the view's
    game: JSON = {"format": "giganten-game/1", "board": {**board}, **rules_json(rules),
                  "players": view["players"], "first": view["first"],
                  "setup": setup, "actions": [], "result": None}
    reserves = {name: sides[name].get("reserve") for name in view["players"]
                if sides[name].get("reserve")}
    traps = {name: sides[name].get("trap") for name in view["players"]
             if sides[name].get("trap") is not None}
    if reserves:
        game["reserve"] = reserves
    if traps:
        game["secret_traps"] = traps
    # The sides are opened, so their own fields must agree with what they are said to be.
    for name in view["players"]:
        if side_setup(game, name, sides[name]["game"]) != sides[name]:
            raise ValueError(f"{name}'s revealed side is not a setup of this game")
    return game_from_json(game)


def _public_action(last: Mapping[str, Any]) -> JSON:
    if last.get("resigned"):
        return {"resign": last["player"]}
    action: JSON = {key: last[key] for key in ("player", "path", "paths", "challenge")
                    if key in last}
    if last.get("advanced"):
        action["advance"] = True
    return action


__all__ = ["verify_public"]
