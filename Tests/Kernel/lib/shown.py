#!/usr/bin/env python3
"""What the tubes show, read from the kernel's side: decodes a GPIO trace with gpio_trace.py
into the text of a board profile's display, and checks it against the wall clock recorded by
the trace's markers. Python 3 standard library only (zoneinfo: the host's or the VM's tzdata).

  shown.py frames TRACE --board BOARD.yaml --base N
      One JSON object a change of what the tubes show: {"mono_ns", "text", "digits",
      "outputs"} (outputs: the chain positions on, as gpio_trace.py frames gives them).
      `text` has a character per display element, left to right: a tube's lit digit (space
      when dark, '*' when several cathodes glow), a separator's ':' (both dots), "'" (upper),
      '.' (lower) or space; `digits` is the tubes' characters alone.
  shown.py marks TRACE
      The markers the checks wrote (lib/systemd.sh kt_sd_mark), one JSON object a line:
      {"name", "mono_ns", "realtime_ns", "offset_ns", ...}.
  shown.py clock TRACE --board B --base N --zone ZONE --from MARK --to MARK [options]
      Checks that the tubes show the local time in ZONE (HHmmss, the board's six tubes) at
      every instant from MARK to MARK (sampled every 10 ms), against the wall clock: at the
      instant m it is m plus the offset (CLOCK_REALTIME - CLOCK_MONOTONIC) of the newest
      marker before m. Allowed at m: the time at m, or at m - LAG (a new second takes a
      moment to reach the tubes). A change of the offset by more than a second (a clock step)
      or of the zone (--zone-at MARK=ZONE) between two markers may reach the tubes any time
      from the first of them until FOLLOW seconds after the second: there the old clock or
      zone is right too (a check marks right before and right after what it changes).
      --grace S: the first S seconds after --from may show anything (a start-up, dark tubes),
      but the time must then show. Prints a JSON summary: samples, wrong (the first few),
      how long each change took to reach the tubes from the marker before it (follow_ms),
      the largest lag seen (lag_ms), and first_ms (when the first right time showed, from
      --from); exits 1 on a wrong sample, or when the time or a change never showed.
  shown.py shows TRACE --board B --base N --after MARK --before MARK --digits TEXT
      Exit 0 when, between the two, the tubes show TEXT (the tubes' digits without the dark
      ones): prints when ({"after_ms", "digits"}); else prints what they showed.

--ncs314 hv5122|hv5222 instead of --board: the board is an NCS314 HW 2.x on SPI (BCM 11 SCLK,
10 MOSI, 22 LE), read by lib/ncs314.py's decoder (the vendor's protocol) in that chip order;
--since MARK: decode from that marker on (what other programs wrote on those lines before is
not read as frames).

A marker is "kt NAME mono_ns=M realtime_ns=R [at_us=U] ...": M and R one reading of both
clocks. A MARK is a marker's name (the last marker of that name), optionally +SECONDS; it
stands for the instant U (CLOCK_MONOTONIC µs: systemd's *TimestampMonotonic properties) when
given, else M.
"""

import argparse
import datetime
import gzip
import json
import os
import re
import sys
import types
import zoneinfo

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpio_trace  # noqa: E402  (the decoder beside this file)
import ncs314  # noqa: E402  (the NCS314 decoder beside this file)

MARK = re.compile(r"^tracing_mark_write:\s+kt\s+(?P<name>\S+)(?P<rest>.*)$")
PAIR = re.compile(r"(\w+)=(\S+)")


class Board:
    """The parts of a board profile this needs: the chain wiring and the display's elements."""

    def __init__(self, path):
        self.wires, self.elements, self.chips = {}, [], 1
        section = None
        with open(path) as file:
            for text in file:
                line = text.split("#", 1)[0].rstrip()
                if not line:
                    continue
                if not line.startswith(" "):
                    section = line.split(":", 1)[0]
                    continue
                key, _, value = line.strip().lstrip("- ").partition(":")
                if section == "gpio" and key in ("din", "clk", "le", "bl"):
                    self.wires[key] = int(value)
                elif section == "chips" and key == "count":
                    self.chips = int(value)
                elif section == "display" and key in ("tube", "separator"):
                    self.elements.append({"kind": key, "cathodes": {}})
                elif section == "display" and key == "cathodes":
                    pairs = re.findall(r'"?(\w+)"?\s*:\s*(\d+)', value)
                    self.elements[-1]["cathodes"] = {name: int(position) for name, position in pairs}
        missing = {"din", "clk", "le"} - set(self.wires)
        if missing or not self.elements:
            raise SystemExit(f"shown: {path}: no gpio {', '.join(sorted(missing))} or no display")

    def text(self, outputs):
        lit = set(outputs)
        characters = []
        for element in self.elements:
            on = [name for name, position in element["cathodes"].items() if position in lit]
            if element["kind"] == "tube":
                characters.append(on[0] if len(on) == 1 else " " if not on else "*")
            else:
                characters.append({(True, True): ":", (True, False): "'", (False, True): ".",
                                   (False, False): " "}[("upper" in on, "lower" in on)])
        return "".join(characters)

    def digits(self, text):
        return "".join(c for c, element in zip(text, self.elements) if element["kind"] == "tube")


def open_trace(path):
    """A trace file, gzipped (lib/systemd.sh kt_sd_trace writes trace.gz) or not."""
    return gzip.open(path, "rt", errors="replace") if path.endswith(".gz") else open(path, errors="replace")


class NCS314:
    """An NCS314 HW 2.x in a chip order: its frames come from lib/ncs314.py."""

    def __init__(self, order, since=None):
        self.order, self.since = order, since


def shown_frames(trace, board, base):
    if isinstance(board, NCS314):
        since = find_mark(read_marks(trace), board.since) if board.since else 0
        frames, _ = ncs314.decode(trace, base, board.order, since_ns=since)
        return [{"mono_ns": f["mono_ns"], "text": f["text"], "digits": f["digits"], "bytes": f["bytes"],
                 "cause": f["cause"]}
                for f in frames]
    args = types.SimpleNamespace(trace=trace, base=base, pid=None, comm=None, inverted="",
                                 chain=32 * board.chips, din=board.wires["din"],
                                 clk=board.wires["clk"], le=board.wires["le"], bl=board.wires.get("bl"))
    frames, _ = gpio_trace.decode(args)
    result = []
    for frame in frames:
        text = board.text(frame["outputs"])
        result.append({"mono_ns": frame["mono_ns"], "text": text, "digits": board.digits(text),
                       "outputs": frame["outputs"]})
    return result


def read_marks(trace):
    """The markers, in the order written: "kt NAME mono_ns=M realtime_ns=R [at_us=U] ...".
    M and R are one reading of both clocks (tools/clock-pair-static); the marker stands for
    the instant U (µs) when given, else M."""
    marks = []
    with open_trace(trace) as file:
        for text in file:
            if "tracing_mark_write" not in text:
                continue
            line = gpio_trace.LINE.match(text.rstrip("\n"))
            mark = line and MARK.match(line["body"])
            if not mark:
                continue
            entry = {"name": mark["name"]}
            for key, value in PAIR.findall(mark["rest"]):
                entry[key] = int(value) if key in ("mono_ns", "realtime_ns", "at_us") else value
            if "mono_ns" not in entry or "realtime_ns" not in entry:
                continue
            entry["offset_ns"] = entry["realtime_ns"] - entry["mono_ns"]
            if "at_us" in entry:
                entry["mono_ns"] = entry["at_us"] * 1000
            marks.append(entry)
    return marks


def find_mark(marks, reference):
    name, _, seconds = reference.partition("+")
    found = [mark for mark in marks if mark["name"] == name]
    if not found:
        raise SystemExit(f"shown: no marker {name} in the trace (markers: "
                         f"{', '.join(dict.fromkeys(m['name'] for m in marks))})")
    return found[-1]["mono_ns"] + int(float(seconds or 0) * 1e9)


def hhmmss(mono_ns, offset_ns, zone):
    instant = datetime.datetime.fromtimestamp((mono_ns + offset_ns) / 1e9, zoneinfo.ZoneInfo(zone))
    return instant.strftime("%H%M%S")


def shown_within(mono_ns, lag_ns, offset_ns, zone):
    """Every time the tubes may rightly show at mono_ns when a new second may reach them lag_ns
    late: each second from mono_ns - lag_ns to mono_ns (more than two once lag_ns is over 1 s)."""
    steps = [*range(0, lag_ns, 500_000_000), lag_ns]
    return {hhmmss(mono_ns - step, offset_ns, zone) for step in steps}


def timeline_of(marks, zone, zone_at):
    """(instant, offset, zone) from each marker on, in the order written: the marker's own
    reading of the clocks (not its at_us), and the zone --zone-at gives from that marker."""
    timeline = []
    for mark in marks:
        instant = mark["realtime_ns"] - mark["offset_ns"]
        zone = zone_at.get(id(mark), zone)
        timeline.append((instant, mark["offset_ns"], zone))
    return timeline


def clock(args, board):
    frames = shown_frames(args.trace, board, args.base)
    marks = read_marks(args.trace)
    start, end = find_mark(marks, args.start), find_mark(marks, args.end)
    zone_at = {}
    for item in args.zone_at:
        reference, _, zone = item.partition("=")
        named = [mark for mark in marks if mark["name"] == reference]
        if not named:
            find_mark(marks, reference)
        zone_at[id(named[-1])] = zone
    timeline = timeline_of(marks, args.zone, zone_at)
    if not timeline or timeline[0][0] > start:
        raise SystemExit("shown: no marker before --from")
    # A change (a clock step, a new zone) happened between two markers: from the one before it
    # until FOLLOW after the one after it, the old and the new are both right.
    follow = int(args.follow * 1e9)
    changes = []
    for before, after in zip(timeline, timeline[1:]):
        if abs(after[1] - before[1]) > 1_000_000_000 or after[2] != before[2]:
            if start <= after[0] and before[0] <= end:
                changes.append({"from": before[0], "at": after[0], "old": before[1:], "new": after[1:],
                                "followed": None})

    def in_force(mono):
        current = timeline[0]
        for entry in timeline:
            if entry[0] <= mono:
                current = entry
        return current[1:]

    lag, grace = int(args.lag * 1e9), int(args.grace * 1e9)
    wrong, samples, first, index = [], 0, None, 0
    for mono in range(start, end, 10_000_000):
        while index < len(frames) and frames[index]["mono_ns"] <= mono:
            index += 1
        digits = frames[index - 1]["digits"] if index else None
        offset, zone = in_force(mono)
        now = hhmmss(mono, offset, zone)
        allowed = shown_within(mono, lag, offset, zone)
        for change in changes:
            if change["from"] <= mono < change["at"] + follow:
                for offset_, zone_ in (change["old"], change["new"]):
                    allowed |= shown_within(mono, lag, offset_, zone_)
                new = hhmmss(mono, *change["new"])
                if change["followed"] is None and digits == new != hhmmss(mono, *change["old"]):
                    change["followed"] = (mono - change["from"]) // 1_000_000
        if first is None and digits == now:
            first = (mono - start) // 1_000_000
        samples += 1
        if mono < start + grace and first is None:
            continue
        if digits not in allowed:
            wrong.append({"mono_ns": mono, "after_ms": (mono - start) // 1_000_000,
                          "shown": digits, "expected": sorted(allowed)})
    # The lag: how long after its second began each right frame reached the tubes.
    lags = []
    for frame in frames:
        if start <= frame["mono_ns"] < end:
            offset, zone = in_force(frame["mono_ns"])
            if frame["digits"] == hhmmss(frame["mono_ns"], offset, zone):
                lags.append(((frame["mono_ns"] + offset) % 1_000_000_000) // 1_000_000)
    result = {
        "samples": samples, "frames": sum(1 for f in frames if start <= f["mono_ns"] < end),
        "first_ms": first, "lag_ms": max(lags) if lags else None,
        "follow_ms": [change["followed"] for change in changes],
        "wrong": len(wrong), "first_wrong": wrong[:5],
    }
    print(json.dumps(result))
    if first is None:
        print("shown: the tubes never showed the right time", file=sys.stderr)
        return 1
    if any(change["followed"] is None for change in changes):
        print("shown: a change of the clock or zone never reached the tubes", file=sys.stderr)
        return 1
    return 1 if wrong else 0


def shows(args, board):
    frames = shown_frames(args.trace, board, args.base)
    marks = read_marks(args.trace)
    after, until = find_mark(marks, args.after), find_mark(marks, args.before)
    seen = []
    for frame in frames:
        if after <= frame["mono_ns"] <= until:
            digits = frame["digits"].replace(" ", "")
            seen.append(digits)
            if digits == args.digits:
                print(json.dumps({"after_ms": (frame["mono_ns"] - after) // 1_000_000, "digits": digits}))
                return 0
    print(json.dumps({"shown": list(dict.fromkeys(seen))[:20]}))
    return 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("frames", "marks", "clock", "shows"):
        command = commands.add_parser(name)
        command.add_argument("trace")
        if name == "marks":
            continue
        source = command.add_mutually_exclusive_group(required=True)
        source.add_argument("--board")
        source.add_argument("--ncs314", choices=("hv5122", "hv5222"))
        command.add_argument("--since")
        command.add_argument("--base", type=int, required=True)
        if name == "clock":
            command.add_argument("--zone", required=True)
            command.add_argument("--from", dest="start", required=True)
            command.add_argument("--to", dest="end", required=True)
            command.add_argument("--zone-at", action="append", default=[])
            command.add_argument("--grace", type=float, default=0.0)
            command.add_argument("--follow", type=float, default=1.0)
            command.add_argument("--lag", type=float, default=0.25)
        if name == "shows":
            command.add_argument("--after", required=True)
            command.add_argument("--before", required=True)
            command.add_argument("--digits", required=True)
    args = parser.parse_args()
    if args.command == "marks":
        for mark in read_marks(args.trace):
            print(json.dumps(mark))
        return 0
    board = NCS314(args.ncs314, args.since) if args.ncs314 else Board(args.board)
    if args.command == "frames":
        for frame in shown_frames(args.trace, board, args.base):
            print(json.dumps(frame))
        return 0
    return clock(args, board) if args.command == "clock" else shows(args, board)


if __name__ == "__main__":
    sys.exit(main())
