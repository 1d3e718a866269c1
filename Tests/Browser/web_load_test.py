#!/usr/bin/python3
"""nixie web under load, on loopback, bounded in time: does serving viewers delay the clock's
frames, and how much memory does the web process use?

For each condition a fresh clock (simulator, HH:mm:ss cross-fading every second) runs for
--seconds; at the end its own slice lateness (the control protocol's state.frame_timing: p50,
p99, max over every PWM slice of the run) is read. Conditions: no viewers; 50 viewers on
/events (each reading every frame); 50 viewers plus wrk hammering /app.css. The web process's
resident memory (VmRSS, and its peak VmHWM) is read at the end of each. Prints a table; exits 1
only when something did not run (numbers are reported, not asserted: timing on a shared
machine is measured, never a pass/fail).

Usage: Tests/Browser/web_load_test.py [--nixie .build/debug/nixie] [--seconds 20] [--viewers 50]
"""
import argparse
import json
import os
import select
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

from waiting import free_port, wait_for


def http_get(port, path):
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(("GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" % path).encode())
        reply = b""
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                break
            reply += chunk
    return reply.split(b"\r\n\r\n", 1)[1]


def memory(pid):
    values = {}
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith(("VmRSS:", "VmHWM:")):
                values[line.split(":")[0]] = int(line.split()[1])
    return values


class Viewers:
    """`count` raw connections reading /events until stopped; counts the frames each got."""

    def __init__(self, port, count):
        self.sockets = []
        for _ in range(count):
            connection = socket.create_connection(("127.0.0.1", port), timeout=5)
            connection.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            connection.setblocking(False)
            self.sockets.append(connection)
        self.frames = [0] * count
        self.running = True
        self.thread = threading.Thread(target=self.read)
        self.thread.start()

    def read(self):
        index = {connection.fileno(): number for number, connection in enumerate(self.sockets)}
        while self.running:
            ready, _, _ = select.select(self.sockets, [], [], 0.2)
            for connection in ready:
                data = connection.recv(65536)
                self.frames[index[connection.fileno()]] += data.count(b"data: {\"mono_ns")

    def stop(self):
        self.running = False
        self.thread.join()
        for connection in self.sockets:
            connection.close()


def run(nixie, folder, seconds, viewers, hammer, realtime=False):
    socket_path = os.path.join(folder, "control.sock")
    port = free_port()
    clock = subprocess.Popen(
        [nixie, "clock", "--board", "hv5622-6xin14", "--backend", "sim", "--timezone", "UTC", "--format",
         "HH:mm:ss", "--socket", socket_path, "--duration", str(seconds + 30)] + (["--realtime"] if realtime else []),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    web = subprocess.Popen([nixie, "web", "--socket", socket_path, "--listen", "127.0.0.1:%d" % port],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    crowd = wrk = None
    try:
        wait_for(lambda: os.path.exists(socket_path), 10, "the clock", interval=0.05)
        wait_for(lambda: b"frame_timing" in http_get(port, "/api/state") if web.poll() is None else None, 10,
                 "nixie web", interval=0.05)
        start_timing = json.loads(http_get(port, "/api/state"))["frame_timing"]
        if viewers:
            crowd = Viewers(port, viewers)
        if hammer:
            wrk = subprocess.Popen([shutil.which("wrk"), "-t1", "-c16", "-d%ds" % seconds, "--latency",
                                    "http://127.0.0.1:%d/app.css" % port],
                                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.monotonic() + seconds
        peak = {}
        while time.monotonic() < deadline:
            now = memory(web.pid)
            peak = {key: max(peak.get(key, 0), value) for key, value in now.items()}
            time.sleep(0.5)
        timing = json.loads(http_get(port, "/api/state"))["frame_timing"]
        requests = None
        if wrk:
            output = wrk.communicate(timeout=seconds + 30)[0]
            requests = next((line.split()[1] for line in output.splitlines() if line.startswith("Requests/sec")), "?")
        frames = (min(crowd.frames), max(crowd.frames)) if crowd else None
        return timing, start_timing, peak, frames, requests
    finally:
        if crowd:
            crowd.stop()
        for process in (web, clock):
            if process.poll() is None:
                process.terminate()
                process.wait(timeout=10)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--nixie", default=".build/debug/nixie")
    parser.add_argument("--seconds", type=int, default=20)
    parser.add_argument("--viewers", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--realtime", action="store_true", help="run the clock's frame thread at SCHED_FIFO")
    arguments = parser.parse_args()
    nixie = os.path.abspath(arguments.nixie)
    folder = tempfile.mkdtemp(prefix="nixie-load-")
    print("condition                 | slices   | p50 µs | p99 µs | max µs | web RSS / peak KiB | frames per viewer | wrk req/s")
    for round_number in range(arguments.rounds):
        for name, viewers, hammer in (("no viewers", 0, False), ("%d viewers" % arguments.viewers, arguments.viewers, False),
                                      ("%d viewers + wrk" % arguments.viewers, arguments.viewers, True)):
            timing, _, peak, frames, requests = run(nixie, folder, arguments.seconds, viewers, hammer,
                                                    arguments.realtime)
            print("%-25s | %8d | %6s | %6s | %6s | %8s / %-8s | %-17s | %s" % (
                name, timing["frames"], timing["p50_us"], timing["p99_us"], timing["max_us"], peak.get("VmRSS"),
                peak.get("VmHWM"), "%d-%d" % frames if frames else "-", requests or "-"), flush=True)
    shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
