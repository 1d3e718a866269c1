#!/usr/bin/env python3
"""Compares frame sequences: nixie's --frames-log files (one JSON object a frame, with
"positions" and "outputs") and the trace decoder's frames (gpio_trace.py frames: "outputs").
Python 3 standard library only.

  frames.py same EXPECTED ACTUAL
      Exit 0 when both hold the same frames, output for output, in the same order; else
      print where they first differ and exit 1.

  frames.py fade FRAMES --steps STEPS [--together] [--blank-start] [--blank-end]
      Checks a transition's frames against what a PWM cross-fade may show. STEPS is a
      .jsonl of the values the display passes through, settled (S0, S1, ...; a frames log,
      or --clock START,COUNT for HH:mm:ss clock faces). Every frame must be explained by one
      change S(k) -> S(k+1), k never decreasing: each position lights what it lights in S(k)
      or in S(k+1), or nothing where the two differ (the rest of a PWM period). --together:
      the positions that change in S(k) -> S(k+1) are all in the same state (all old, all
      new or all dark), as when they fade on one ramp. --blank-end: the last frame may be
      dark (nixie blanked the tubes on exit); --blank-start: the display may start dark and
      fade S0 in (a dark step before S0), and in the first second of the frames (by their
      mono_ns) a frame may be all dark: a clock that started late in its second fades its
      first value in while the next one already fades over it (seen in a loaded CI run:
      57, dark, 58, dark, … in the first 260 ms). Prints a JSON summary; exits 1 on a violation.
"""

import argparse
import json
import sys


def load(path):
    with open(path) as file:
        return [json.loads(line) for line in file if line.strip()]


def same(args):
    expected, actual = load(args.expected), load(args.actual)
    for index, (left, right) in enumerate(zip(expected, actual)):
        if left["outputs"] != right["outputs"]:
            print(f"frame {index}: expected outputs {left['outputs']}, got {right['outputs']}")
            return 1
    if len(expected) != len(actual):
        print(f"expected {len(expected)} frames, got {len(actual)}")
        return 1
    print(f"{len(actual)} frames, the same")
    return 0


def clock_positions(text):
    """The positions of an HH:mm:ss face on the six-tube test board."""
    return [[c] if c.isdigit() else ["upper", "lower"] if c == ":" else [] for c in text]


def clock_steps(spec):
    start, count = spec.split(",")
    hours, minutes, seconds = (int(part) for part in start.split(":"))
    total = hours * 3600 + minutes * 60 + seconds
    steps = []
    for k in range(int(count)):
        t = (total + k) % 86400
        text = f"{t // 3600:02}:{t % 3600 // 60:02}:{t % 60:02}"
        steps.append({"text": text, "positions": clock_positions(text)})
    return steps


def classify(frame, old, new):
    """Per position: 'same' (unchanging, lit as both), 'old', 'new', 'dark', or None (wrong)."""
    states = []
    for lit, before, after in zip(frame, old, new):
        lit, before, after = sorted(lit), sorted(before), sorted(after)
        if before == after:
            states.append("same" if lit == before else None)
        elif lit == before:
            states.append("old")
        elif lit == after:
            states.append("new")
        elif not lit:
            states.append("dark")
        else:
            states.append(None)
    return states


def fade(args):
    frames = load(args.frames)
    steps = clock_steps(args.clock) if args.clock else load(args.steps)
    positions = [step["positions"] for step in steps]
    if args.blank_start:
        positions.insert(0, [[] for _ in positions[0]])
    k, violations, in_between, returns, newest = 0, [], 0, 0, 0
    summary_states = []
    first_ns = frames[0].get("mono_ns") if frames else None
    for index, frame in enumerate(frames):
        lit = frame["positions"]
        if args.blank_end and index == len(frames) - 1 and not any(lit):
            summary_states.append("blank")
            break
        fading_in = first_ns is not None and frame.get("mono_ns", first_ns) - first_ns < 1_000_000_000
        if args.blank_start and fading_in and not any(lit):
            in_between += 1
            summary_states.append("~")
            continue
        explained = None
        for candidate in range(k, max(len(positions) - 1, 1)):
            old = positions[candidate]
            new = positions[candidate + 1] if candidate + 1 < len(positions) else old
            states = classify(lit, old, new)
            if None in states:
                continue
            changing = [s for s in states if s != "same"]
            if args.together and len(set(changing)) > 1:
                continue
            explained = (candidate, changing[0] if changing else "old")
            break
        if explained is None:
            violations.append(f"frame {index} ({frame.get('text', frame['outputs'])!r}) is no mix of "
                              f"step {k} and {k + 1}")
            continue
        k, state = explained
        step_index = k + (1 if state == "new" else 0)
        if state == "dark":
            in_between += 1
        elif step_index < newest:
            returns += 1
        newest = max(newest, step_index)
        summary_states.append(f"{step_index}" if state != "dark" else f"{k}~")
    result = {
        "frames": len(frames), "steps": len(positions), "last_step": newest,
        "in_between": in_between, "returns": returns, "violations": violations[:5],
        "sequence": " ".join(summary_states[:60]) + (" …" if len(summary_states) > 60 else ""),
    }
    print(json.dumps(result))
    return 1 if violations else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("same")
    command.add_argument("expected")
    command.add_argument("actual")
    command = commands.add_parser("fade")
    command.add_argument("frames")
    command.add_argument("--steps")
    command.add_argument("--clock", help="START,COUNT: HH:mm:ss values from START, a second apart")
    command.add_argument("--together", action="store_true")
    command.add_argument("--blank-start", action="store_true")
    command.add_argument("--blank-end", action="store_true")
    args = parser.parse_args()
    if args.command == "fade" and not (args.steps or args.clock):
        parser.error("fade needs --steps or --clock")
    return same(args) if args.command == "same" else fade(args)


if __name__ == "__main__":
    sys.exit(main())
