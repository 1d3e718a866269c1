#!/usr/bin/env python3
"""Decodes a kernel trace of GPIO writes (tracefs `gpio/gpio_value`, plus
`syscalls/sys_enter_ioctl` to tell one multi-line write from the next) into what an HV5622
chain on those lines would show. Python 3 standard library only; runs on the host or, from
the host root, in the VM.

  gpio_trace.py frames  TRACE --base N --din OFF --clk OFF --le OFF [--bl OFF] [options]
  gpio_trace.py summary TRACE (same options)
  gpio_trace.py writes  TRACE --base N [--pid PID] [--comm NAME]

TRACE is the text of /sys/kernel/tracing/trace (gzipped when it ends in .gz), or a Value
Change Dump (a .vcd file, such as nixie's --trace writes): there each timestamp is one write,
wires are found by their role names (din clk le bl) and --base and the offsets are not needed.

`frames` prints one JSON object a line each time the outputs the tubes see change (a latch
while BL is high, or BL moving), in the shape of nixie's `--frames-log`:
  {"mono_ns": 12345678000, "outputs": [0, 9, 63], "cause": "latch",
   "writes": 130, "events": 520, "shifts": 64}
`outputs` are the chain positions on; `mono_ns` is CLOCK_MONOTONIC of the write that showed
it (the trace holds microseconds); `writes`, `events` and `shifts` count the GPIO value writes
(ioctls that set values), the per-line value events and the falling CLK edges since the
previous object.

`summary` prints one JSON object: totals, the visible frames, the writes in each latch
window (from the write after one LE falling edge to the next LE falling edge), writes that
changed no display line, and timing faults (DIN moving with a falling CLK edge, LE moving
with a CLK edge), as the simulator's HV5622ChainModel reports them.

`writes` prints each write as JSON: {"mono_ns", "pid", "comm", "lines": {"OFFSET": level}}.

The chain model is the one of docs/HARDWARE.md: shift on the falling CLK edge (the new bit enters
position 0), latch while LE is high, outputs dark while BL is low. Levels are physical;
--inverted din,clk,... flips lines behind inverting level shifters. Lines start low.
"""

import argparse
import gzip
import json
import re
import sys

LINE = re.compile(r"^\s*(?P<comm>.*)-(?P<pid>\d+)\s+(?:\(\s*[\d-]+\)\s+)?\[(?P<cpu>\d+)\]\s+"
                  r"(?:\S+\s+)?(?P<ts>\d+)\.(?P<frac>\d+):\s+(?P<body>.*)$")
VALUE = re.compile(r"^gpio_value:\s+(?P<gpio>\d+)\s+(?P<op>set|get)\s+(?P<value>-?\d+)")
IOCTL = re.compile(r"^sys_ioctl\(")


class Write:
    """One multi-line write: the value events one ioctl produced."""

    def __init__(self, mono_ns, pid, comm):
        self.mono_ns, self.pid, self.comm = mono_ns, pid, comm
        self.lines = {}
        self.events = 0


def parse_vcd(path, roles):
    """The writes in a Value Change Dump, one per timestamp, keyed by the offsets of `roles`
    (wires named after them); the levels $dumpvars gives, as the initial state; and the
    offsets of the roles the dump has a wire for."""
    ids, initial, writes = {}, {}, []
    write, in_dumpvars = None, False
    with open(path) as vcd:
        for text in vcd:
            words = text.split()
            if not words:
                continue
            if words[0] == "$var" and len(words) >= 5 and words[4] in roles:
                ids[words[3]] = roles[words[4]]
            elif words[0] == "$dumpvars":
                in_dumpvars = True
            elif words[0] == "$end" and in_dumpvars:
                in_dumpvars = False
            elif words[0].startswith("#"):
                write = Write(int(words[0][1:]), 0, "vcd")
            elif words[0][0] in "01" and words[0][1:] in ids:
                offset, level = ids[words[0][1:]], int(words[0][0])
                if in_dumpvars or write is None:
                    initial[offset] = level
                    continue
                if write.events == 0:
                    writes.append(write)
                write.lines[offset] = level
                write.events += 1
    return initial, writes, set(ids.values())


def parse_writes(path, base, pid=None, comm=None):
    """The writes in a trace file, in order, as Write objects with line offsets."""
    open_writes = {}   # pid -> the write its last ioctl started
    writes = []
    saw_ioctl = False
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt", errors="replace") as trace:
        for text in trace:
            if text.startswith("#"):
                continue
            match = LINE.match(text.rstrip("\n"))
            if not match:
                continue
            this_pid = int(match["pid"])
            this_comm = match["comm"].strip()
            if pid is not None and this_pid != pid:
                continue
            if comm is not None and this_comm != comm:
                continue
            ns = int(match["ts"]) * 1_000_000_000 + int(match["frac"].ljust(9, "0")[:9])
            body = match["body"]
            if IOCTL.match(body):
                saw_ioctl = True
                open_writes[this_pid] = Write(ns, this_pid, this_comm)
                continue
            value = VALUE.match(body)
            if not value or value["op"] != "set":
                continue
            write = open_writes.get(this_pid)
            if write is None or not saw_ioctl:
                write = Write(ns, this_pid, this_comm)   # no ioctl seen: one event, one write
            if write.events == 0:
                write.mono_ns = ns
                writes.append(write)
            write.lines[int(value["gpio"]) - base] = 1 if int(value["value"]) else 0
            write.events += 1
            if not saw_ioctl:
                open_writes.pop(this_pid, None)
    return writes


class Chain:
    """An HV5622-family chain watching four lines (HV5622ChainModel, in Python)."""

    def __init__(self, roles, length, inverted, initial):
        self.roles = roles                    # role -> line offset
        self.length = length
        self.inverted = inverted              # roles behind inverting level shifters
        self.level = {role: initial.get(offset, 0) for role, offset in roles.items()}
        self.shift = [0] * length
        self.latches = [0] * length
        self.enabled = 1 if "bl" not in roles else self.chip_level("bl")
        self.shown = self.visible()
        self.violations = []

    def chip_level(self, role):
        return self.level[role] ^ (1 if role in self.inverted else 0)

    def visible(self):
        return tuple(self.latches) if self.enabled else (0,) * self.length

    def apply(self, write):
        """Applies one write; returns (changed roles, clock fell, LE rose, LE fell, visible changed)."""
        before = {role: self.chip_level(role) for role in self.roles}
        for role, offset in self.roles.items():
            if offset in write.lines:
                self.level[role] = write.lines[offset]
        after = {role: self.chip_level(role) for role in self.roles}
        changed = {role for role in self.roles if before[role] != after[role]}
        fell = "clk" in changed and before["clk"] and not after["clk"]
        if fell and "din" in changed:
            self.violations.append(f"{write.mono_ns}: DIN changed with the falling CLK edge")
        if "le" in changed and "clk" in changed:
            self.violations.append(f"{write.mono_ns}: LE changed with a CLK edge")
        if fell:
            self.shift = [after["din"]] + self.shift[:-1]
        if after["le"]:
            self.latches = list(self.shift)
        if "bl" in changed:
            self.enabled = after["bl"]
        rose_le = "le" in changed and after["le"]
        fell_le = "le" in changed and not after["le"]
        visible = self.visible()
        shown = visible != self.shown
        self.shown = visible
        return changed, fell, rose_le, fell_le, shown


def decode(args):
    roles = {"din": args.din, "clk": args.clk, "le": args.le}
    if args.bl is not None:
        roles["bl"] = args.bl
    inverted = set(filter(None, args.inverted.split(",")))
    if args.trace.endswith(".vcd"):
        initial, writes, wired = parse_vcd(args.trace, roles)
        roles = {role: offset for role, offset in roles.items() if offset in wired}
    else:
        initial, writes = {}, parse_writes(args.trace, args.base, args.pid, args.comm)
    chain = Chain(roles, args.chain, inverted, initial)
    offsets = set(roles.values())
    frames, windows = [], []
    since = {"writes": 0, "events": 0, "shifts": 0}
    window = {"writes": 0, "idle_writes": 0}
    totals = {"writes": 0, "events": 0, "shifts": 0, "latches": 0, "idle_writes": 0}
    for write in writes:
        touched = [offset for offset in write.lines if offset in offsets]
        if not touched:
            continue
        events = sum(1 for offset in write.lines if offset in offsets)
        changed, fell, rose_le, fell_le, shown = chain.apply(write)
        since["writes"] += 1
        since["events"] += events
        since["shifts"] += 1 if fell else 0
        totals["writes"] += 1
        totals["events"] += events
        totals["shifts"] += 1 if fell else 0
        totals["latches"] += 1 if rose_le else 0
        window["writes"] += 1
        if not changed:
            window["idle_writes"] += 1
            totals["idle_writes"] += 1
        if shown:
            frames.append({
                "mono_ns": write.mono_ns,
                "outputs": [position for position, bit in enumerate(chain.shown) if bit],
                "cause": "bl" if "bl" in changed else "latch",
                **since,
            })
            since = {"writes": 0, "events": 0, "shifts": 0}
        if fell_le:
            windows.append(window)
            window = {"writes": 0, "idle_writes": 0}
    summary = {
        **totals,
        "frames": len(frames),
        "latch_windows": windows,
        "writes_after_last_latch": window["writes"],
        "violations": chain.violations,
        "final_outputs": [position for position, bit in enumerate(chain.shown) if bit],
    }
    return frames, summary


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=["frames", "summary", "writes"])
    parser.add_argument("trace")
    parser.add_argument("--base", type=int, default=0, help="the gpiochip's base (debugfs)")
    parser.add_argument("--din", type=int)
    parser.add_argument("--clk", type=int)
    parser.add_argument("--le", type=int)
    parser.add_argument("--bl", type=int)
    parser.add_argument("--chain", type=int, default=64, help="chain positions (32 per chip)")
    parser.add_argument("--inverted", default="", help="roles behind inverting level shifters")
    parser.add_argument("--pid", type=int, help="only writes by this process")
    parser.add_argument("--comm", help="only writes by processes of this name (16 characters at most)")
    args = parser.parse_args()
    if args.mode == "writes":
        for write in parse_writes(args.trace, args.base, args.pid, args.comm):
            print(json.dumps({"mono_ns": write.mono_ns, "pid": write.pid, "comm": write.comm,
                              "lines": {str(k): v for k, v in sorted(write.lines.items())}}))
        return 0
    if args.trace.endswith(".vcd"):
        # Wires are named by role; give them offsets of their own (BL too, if there is one).
        args.din, args.clk, args.le, args.bl = 0, 1, 2, 3
    elif None in (args.din, args.clk, args.le):
        parser.error("frames and summary need --din, --clk and --le")
    frames, summary = decode(args)
    if args.mode == "frames":
        for frame in frames:
            print(json.dumps(frame))
    else:
        print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
