#!/usr/bin/env python3
"""Plays a knob on gpio-sim: the outside world turning and pressing an encoder wired to the
chip's enc-a, enc-b and enc-sw lines. Python 3 standard library only; runs in the VM.

  knob.py schedule VCD
      The level changes of lines a, b and sw in a Value Change Dump (nixie's --trace of a
      `nixie select --backend sim --input SCRIPT` run), one JSON line each:
      {"t_ns": 120000000, "role": "a", "high": false}, times from the first change.

  knob.py play SCHEDULE --sim-dir DIR --a OFFSET --b OFFSET --sw OFFSET [--min-gap-ms MS]
      Plays a schedule: each change, at its time on CLOCK_MONOTONIC from the start, pulls its
      line up (high) or down (low) through gpio-sim's sysfs (DIR/sim_gpioN/pull), which the
      kernel turns into a real edge event. No change comes sooner than --min-gap-ms after the
      one before (default 15): the quadrature decoder goes by the order of levels, not their
      timing, so spacing bounce out keeps what it decodes, and it leaves room for a slow
      (emulated) reader; a press stays a short press and a hold a long press as long as their
      lengths are far from the 1 s threshold. Prints how late the changes came.
"""

import argparse
import json
import sys
import time

ROLES = ("a", "b", "sw")


def schedule(args):
    ids, levels, changes, now, in_dumpvars = {}, {}, [], None, False
    with open(args.vcd) as vcd:
        for text in vcd:
            words = text.split()
            if not words:
                continue
            if words[0] == "$var" and len(words) >= 5 and words[4] in ROLES:
                ids[words[3]] = words[4]
            elif words[0] == "$dumpvars":
                in_dumpvars = True
            elif words[0] == "$end" and in_dumpvars:
                in_dumpvars = False
            elif words[0].startswith("#"):
                now = int(words[0][1:])
            elif words[0][0] in "01" and words[0][1:] in ids:
                role, high = ids[words[0][1:]], words[0][0] == "1"
                if not in_dumpvars and now is not None and levels.get(role) != high:
                    changes.append((now, role, high))
                levels[role] = high
    start = changes[0][0] if changes else 0
    for t, role, high in changes:
        print(json.dumps({"t_ns": t - start, "role": role, "high": high}))
    return 0


def play(args):
    with open(args.schedule) as file:
        changes = [json.loads(line) for line in file if line.strip()]
    offsets = {"a": args.a, "b": args.b, "sw": args.sw}
    files = {role: open(f"{args.sim_dir}/sim_gpio{offset}/pull", "w") for role, offset in offsets.items()}
    gap = args.min_gap_ms * 1_000_000
    start = time.monotonic_ns()
    due, late = start, []
    for change in changes:
        due = max(start + change["t_ns"], due + gap if late else start)
        while (now := time.monotonic_ns()) < due:
            time.sleep((due - now) / 1e9)
        pull = files[change["role"]]
        pull.write("pull-up" if change["high"] else "pull-down")
        pull.flush()
        late.append(time.monotonic_ns() - due)
    print(json.dumps({"changes": len(changes), "seconds": round((time.monotonic_ns() - start) / 1e9, 3),
                      "late_ms_max": round(max(late, default=0) / 1e6, 1)}))
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    command = commands.add_parser("schedule")
    command.add_argument("vcd")
    command = commands.add_parser("play")
    command.add_argument("schedule")
    command.add_argument("--sim-dir", required=True)
    for role in ROLES:
        command.add_argument(f"--{role}", type=int, required=True)
    command.add_argument("--min-gap-ms", type=float, default=15)
    args = parser.parse_args()
    return schedule(args) if args.command == "schedule" else play(args)


if __name__ == "__main__":
    sys.exit(main())
