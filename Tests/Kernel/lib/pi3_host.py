#!/usr/bin/env python3
"""The host's side of the emulated Raspberry Pi 3's pins (Python 3 standard library only).

  pi3_host.py serve --qmp SOCKET --uart SOCKET --log FILE
      Listens on both unix sockets, which QEMU (-M raspi3b, Tests/Kernel/vm) connects to as a
      client: QMP (QEMU's monitor) and the Pi's second UART (the mini UART, /dev/ttyS1 in the
      guest). Answers the guest's requests on the UART, one line each, by reading the BCM2837's
      GPIO registers through the monitor (`xp`: a read of the emulated device, as the CPU would
      do one) — not through the guest's kernel, which only reports what its driver believes:
        ping                 -> pong
        levels TAG           -> levels TAG LEV0 LEV1 FSEL0 … FSEL5  (hex: GPLEV0/1, GPFSEL0-5)
        sample TAG COUNT     -> sample TAG COUNT HIGH0 HIGH1 LOW0 LOW1  (COUNT back-to-back reads of
                                GPLEV0/1; HIGHn: the bits seen high in any, LOWn: seen low in any)
      Every answer, and every sample, is also a JSON line in FILE (OUT/levels.jsonl), for the
      checks' host parts. Ends when QEMU closes the sockets.

  pi3_host.py decode LEV0 LEV1 FSEL0 … FSEL5
      The pins of one `levels` answer as JSON: {"level": [54 bits], "function": [54 values]}.

QEMU models the GPIO controller's function select, set/clear and level registers (GPLEV reads
back what was set or cleared, whatever the direction); not its pulls, edge detection or inputs.
"""

import json
import os
import re
import select
import socket
import sys
import time

GPFSEL0 = 0x3F200000
REQUEST = re.compile(r"(ping|levels \S+|sample \S+ \d+)\s*$")
GPLEV0 = 0x3F200034


class Monitor:
    """QMP over a connected socket: the capabilities handshake, then HMP's `xp` as a command."""

    def __init__(self, connection):
        self.file = connection.makefile("rw", encoding="utf-8", newline="\n")
        self.reply()  # the greeting
        self.execute("qmp_capabilities")

    def reply(self):
        while True:
            line = self.file.readline()
            if not line:
                raise EOFError("QEMU closed the monitor")
            message = json.loads(line)
            if "event" not in message:
                return message

    def execute(self, command, **arguments):
        self.file.write(json.dumps({"execute": command, "arguments": arguments}) + "\n")
        self.file.flush()
        message = self.reply()
        if "error" in message:
            raise RuntimeError(f"QMP {command}: {message['error']}")
        return message["return"]

    def words(self, address, count):
        """COUNT 32-bit words of physical memory (device registers) from ADDRESS."""
        text = self.execute("human-monitor-command", **{"command-line": f"xp /{count}wx {address:#x}"})
        values = [int(word, 16) for line in text.splitlines() if ":" in line
                  for word in line.split(":", 1)[1].split()]
        if len(values) != count:
            raise RuntimeError(f"xp at {address:#x} answered {text!r}")
        return values


def listen(path):
    if os.path.exists(path):
        os.unlink(path)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(path)
    server.listen(1)
    return server


def accept_both(qmp_server, uart_server, timeout=120):
    """Both connections, in whichever order QEMU makes them."""
    connections = {}
    deadline = time.monotonic() + timeout
    while len(connections) < 2:
        waiting = [s for s in (qmp_server, uart_server) if s not in connections]
        ready, _, _ = select.select(waiting, [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            raise TimeoutError("QEMU did not connect to both sockets")
        for server in ready:
            connections[server], _ = server.accept()
    return connections[qmp_server], connections[uart_server]


def hex_words(values):
    return " ".join(f"{value:08x}" for value in values)


def answer(monitor, request, log):
    words = request.split()
    if words == ["ping"]:
        return "pong"
    if len(words) == 2 and words[0] == "levels":
        lev, fsel = monitor.words(GPLEV0, 2), monitor.words(GPFSEL0, 6)
        log({"request": "levels", "tag": words[1], "lev": lev, "fsel": fsel, "host_mono": time.monotonic()})
        return f"levels {words[1]} {hex_words(lev + fsel)}"
    if len(words) == 3 and words[0] == "sample" and words[2].isdigit() and 0 < int(words[2]) <= 10000:
        samples = []
        start = time.monotonic()
        for _ in range(int(words[2])):
            samples.append(monitor.words(GPLEV0, 2))
        high = [0, 0]
        low = [0, 0]
        for sample in samples:
            for bank in (0, 1):
                high[bank] |= sample[bank]
                low[bank] |= ~sample[bank] & 0xFFFFFFFF
        log({"request": "sample", "tag": words[1], "samples": samples,
             "seconds": round(time.monotonic() - start, 3)})
        return f"sample {words[1]} {len(samples)} {hex_words(high + low)}"
    return f"error unknown request {request[:80]!r}"


def serve(qmp_path, uart_path, log_path):
    qmp_server, uart_server = listen(qmp_path), listen(uart_path)
    qmp, uart = accept_both(qmp_server, uart_server)
    monitor = Monitor(qmp)
    with open(log_path, "a", encoding="utf-8") as log_file:
        def log(entry):
            log_file.write(json.dumps(entry) + "\n")
            log_file.flush()

        pending = b""
        while True:
            data = uart.recv(4096)
            if not data:
                return 0
            pending += data
            while b"\n" in pending:
                line, pending = pending.split(b"\n", 1)
                # What the UART may carry before a request (a byte of noise as the guest opens
                # it) is not one: a line without a request gets no answer.
                found = REQUEST.search(line.decode("ascii", "replace"))
                if not found:
                    continue
                request = found.group(0)
                try:
                    reply = answer(monitor, request, log)
                except EOFError:
                    return 0
                print(f"{request} -> {reply}", flush=True)
                uart.sendall(reply.encode() + b"\n")


def decode(words):
    values = [int(word, 16) for word in words]
    lev, fsel = values[:2], values[2:8]
    return {
        "level": [(lev[pin // 32] >> (pin % 32)) & 1 for pin in range(54)],
        "function": [(fsel[pin // 10] >> (3 * (pin % 10))) & 7 for pin in range(54)],
    }


def main(argv):
    if argv[:1] == ["serve"] and len(argv) == 7:
        options = dict(zip(argv[1::2], argv[2::2]))
        return serve(options["--qmp"], options["--uart"], options["--log"])
    if argv[:1] == ["decode"] and len(argv) == 9:
        print(json.dumps(decode(argv[1:])))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
