#!/usr/bin/env python3
"""What an NCS314 HW 2.x shows, read from a kernel trace of its wires: an SPI mode-2 bit stream
on SCLK/MOSI latched by LE. Written from the vendor's protocol as docs/BOARDS.md reads it from
afch/NixieClockRaspberryPi (Pi v2 tool `DisplayNixie.cpp`: `wiringPiSPISetupMode(0, 2000000,
2)`, LE low, `wiringPiSPIDataRW` of 8 bytes, LE high; `get32Rep`/`fillBuffer`; `reverseBit` for
HV5222), never from nixie's encoder. Python 3 standard library only.

  ncs314.py frames TRACE --base N [--order hv5122|hv5222] [--sclk 11 --mosi 10 --le 22]
      One JSON object per change of what the tubes show: {"mono_ns", "text", "digits",
      "bytes", "cause"} (cause: latch, le, dark); the shape lib/shown.py's frames have.
  ncs314.py summary TRACE --base N [same options]
      Transfers, their bit counts, the longest LE-low window of a transfer, and faults.
      --since NS (CLOCK_MONOTONIC): only what came then on; earlier writes (another program on
      the same lines) only set the levels.
  ncs314.py selftest
      Decodes docs/BOARDS.md's worked example (12:34:56 with the dots: C4 00 80 10 C0 80 10
      02 on HV5122, 08 01 00 23 40 08 01 03 on HV5222) from a trace made here.

The wire (mode 2: SCLK idles high; the chips take MOSI on SCLK's falling edge; MSB first):
every falling SCLK edge shifts MOSI's level into the chain; the chain is 64 stages (two
32-bit chips, U1 first on MOSI, U2 behind it), so a frame is the last 64 bits shifted when LE
rises. LE drives the chips' OE (their strobes are tied on): while it is low the tubes are
dark. A low LE with bits shifted is the transfer (32 µs at 2 MHz on a Pi), not something the
tubes show; a low LE with no bits shifted is dark (night, PWM dimming, the stop).

The frame (8 bytes, MSB first): bytes 0-3 are REG 1, bytes 4-7 REG 0, each big-endian. In a
word, bits 0-9 are its first tube's digits 0-9 (one-hot, bit n = digit n), bits 10-19 the
second's, 20-29 the third's, bit 30 the lower and bit 31 the upper dot of its colon (the
firmware's DOT_MODE_314). REG 0: hours tens, hours ones, minutes tens, colon 1; REG 1:
minutes ones, seconds tens, seconds ones, colon 2. HV5222 boards (detect line BCM 6 low) get
each word bit 0 first: the same bits in reverse order within each word.

`text` is as lib/shown.py's: a character per element, left to right (H H : M M : S S): a
tube's lit digit (space when dark, '*' with several), a colon's ':' (both dots), "'" (upper),
'.' (lower) or space; `digits` the six tubes' characters.
"""

import argparse
import gzip
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpio_trace  # noqa: E402  (only its trace line format)

# Display elements, left to right: (word, first bit) for a tube, (word, None) for a colon.
REG0, REG1 = 1, 0  # index of the word in the frame: REG 1 is sent first
ELEMENTS = [(REG0, 0), (REG0, 10), (REG0, None), (REG0, 20), (REG1, 0), (REG1, None), (REG1, 10), (REG1, 20)]


def open_trace(path):
    return gzip.open(path, "rt", errors="replace") if path.endswith(".gz") else open(path, errors="replace")


def words_of(bits, order):
    """The two 32-bit words (REG 1, REG 0) of 64 bits in the order they were shifted."""
    words = []
    for half in (bits[:32], bits[32:]):
        if order == "hv5222":
            half = half[::-1]  # bit 0 first on the wire
        value = 0
        for bit in half:
            value = value << 1 | bit
        words.append(value)
    return words


def text_of(words):
    characters = []
    for word, first in ELEMENTS:
        value = words[word]
        if first is None:
            upper, lower = value >> 31 & 1, value >> 30 & 1
            characters.append({(1, 1): ":", (1, 0): "'", (0, 1): ".", (0, 0): " "}[(upper, lower)])
            continue
        lit = [str(digit) for digit in range(10) if value >> (first + digit) & 1]
        characters.append(lit[0] if len(lit) == 1 else " " if not lit else "*")
    return "".join(characters)


def digits_of(text):
    return "".join(c for i, c in enumerate(text) if ELEMENTS[i][1] is not None)


def events(path, base, offsets):
    """(mono_ns, offset, level) of every value a consumer set on the given lines."""
    wanted = {base + offset: offset for offset in offsets}
    with open_trace(path) as file:
        for text in file:
            if "gpio_value" not in text:
                continue
            line = gpio_trace.LINE.match(text.rstrip("\n"))
            value = line and gpio_trace.VALUE.match(line["body"])
            if not value or value["op"] != "set" or int(value["gpio"]) not in wanted:
                continue
            mono_ns = int(line["ts"]) * 1_000_000_000 + int(line["frac"].ljust(9, "0")[:9])
            yield mono_ns, wanted[int(value["gpio"])], 1 if int(value["value"]) else 0


def decode(path, base, order="hv5122", sclk=11, mosi=10, le=22, since_ns=0):
    """The frames the tubes showed, and a summary (transfers, bit counts, faults). Events
    before since_ns only set the lines' levels (other programs on the same lines before)."""
    level = {sclk: 1, mosi: 0, le: 0}
    chain = [0] * 64
    shifted, frames, transfers, faults = 0, [], [], []
    le_fell = None
    dark = " " * len(ELEMENTS)

    def show(mono_ns, text, cause, frame_bytes=None):
        if frames and frames[-1]["text"] == text and frames[-1]["bytes"] == frame_bytes:
            return
        frames.append({"mono_ns": mono_ns, "text": text, "digits": digits_of(text),
                       "bytes": frame_bytes, "cause": cause})

    for mono_ns, offset, value in events(path, base, (sclk, mosi, le)):
        old = level[offset]
        level[offset] = value
        if mono_ns < since_ns:
            continue
        if offset == sclk and old == 1 and value == 0:
            if level[le]:
                faults.append({"mono_ns": mono_ns, "fault": "SCLK falling edge while LE is high"})
            chain = chain[1:] + [level[mosi]]
            shifted += 1
        elif offset == le and old == 0 and value == 1:
            if shifted:
                transfers.append({"mono_ns": mono_ns, "bits": shifted, "le_low_ns": mono_ns - (le_fell or mono_ns)})
                if shifted % 64:
                    faults.append({"mono_ns": mono_ns, "fault": f"{shifted} bits shifted, not a multiple of 64"})
            elif le_fell is not None:
                # LE was low with nothing shifted: the tubes were dark (night, dimming, a stop).
                show(le_fell, dark, "dark")
            words = words_of(chain, order)
            frame_bytes = " ".join(f"{byte:02X}" for word in words for byte in word.to_bytes(4, "big"))
            show(mono_ns, text_of(words), "latch" if shifted else "le", frame_bytes)
            shifted, le_fell = 0, None
        elif offset == le and old == 1 and value == 0:
            le_fell, shifted = mono_ns, 0
    if not level[le] and le_fell is not None and not shifted:
        show(le_fell, dark, "dark")
    summary = {"frames": len(frames), "transfers": len(transfers),
               "bits": sorted({t["bits"] for t in transfers}), "faults": len(faults),
               "first_faults": faults[:5], "le_high_at_end": bool(level[le]),
               "le_low_us_max": max((t["le_low_ns"] for t in transfers), default=0) // 1000}
    return frames, summary


def selftest():
    """The worked example of docs/BOARDS.md as a mode-2 trace, decoded in both orders."""
    import tempfile
    base, cases = 512, {"hv5122": "C4 00 80 10 C0 80 10 02", "hv5222": "08 01 00 23 40 08 01 03"}
    failed = 0
    for order, wire in cases.items():
        lines, t = [], [100_000_000]

        def put(offset, value):
            t[0] += 1
            lines.append(f"  nixie-42 [000] ..... {t[0] // 1_000_000}.{t[0] % 1_000_000:06d}: "
                         f"gpio_value: {base + offset} set {value}")
        put(11, 1)
        put(22, 0)
        for byte in bytes.fromhex(wire):
            for bit in range(7, -1, -1):
                put(10, byte >> bit & 1)
                put(11, 0)
                put(11, 1)
        put(22, 1)
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as file:
            file.write("\n".join(lines) + "\n")
        frames, summary = decode(file.name, base, order)
        os.unlink(file.name)
        got = [f["text"] for f in frames]
        ok = got == ["12:34:56"] and summary["bits"] == [64] and not summary["faults"]
        print(json.dumps({"order": order, "wire": wire, "shown": got, "ok": ok}))
        failed += not ok
    return 1 if failed else 0


def main():
    if sys.argv[1:] == ["selftest"]:
        return selftest()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("selftest")
    for name in ("frames", "summary"):
        command = commands.add_parser(name)
        command.add_argument("trace")
        command.add_argument("--base", type=int, required=True)
        command.add_argument("--order", choices=("hv5122", "hv5222"), default="hv5122")
        command.add_argument("--sclk", type=int, default=11)
        command.add_argument("--mosi", type=int, default=10)
        command.add_argument("--le", type=int, default=22)
        command.add_argument("--since", type=int, default=0, help="CLOCK_MONOTONIC ns: decode from then on")
    args = parser.parse_args()
    frames, summary = decode(args.trace, args.base, args.order, args.sclk, args.mosi, args.le, args.since)
    if args.command == "summary":
        print(json.dumps(summary))
    else:
        for frame in frames:
            print(json.dumps(frame))
    return 0


if __name__ == "__main__":
    sys.exit(main())
