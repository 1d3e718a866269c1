"""Starting nixie's processes and their peers, for the benchmarks in Scripts/ (footprint,
symbol-order): a clock on the simulator, a Mosquitto broker, a page loaded as a browser would,
a control request as `nixie send` makes it. Each start waits for the process to be ready (its
socket there, its port listening) with a bound, and says which did not start."""
import os, signal, socket, subprocess, time

# What a browser asks for when it opens the page (gzip accepted, as browsers do).
PAGE = ("/", "/app.js", "/app.css", "/tubes.svg", "/api/state")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def listening(port):
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
        return True
    except OSError:
        return False


def wait_for(what, ready, process, seconds):
    """Waits until ready() or `seconds`; exits naming `what` (and its stderr, if piped) otherwise."""
    deadline = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > deadline or process.poll() is not None:
            said = process.stderr.read().decode() if process.stderr and process.poll() is not None else ""
            raise SystemExit(f"{what} did not start{': ' + said if said else ''}")
        time.sleep(0.05)


def start_clock(command, config, socket_path, options=(), seconds=30):
    """`nixie clock --backend sim` (command: the binary, behind any runner), once its socket is there."""
    process = subprocess.Popen(command + ["clock", "--backend", "sim", "--config", config, "--socket", socket_path]
                               + list(options), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wait_for("the clock", lambda: os.path.exists(socket_path), process, seconds)
    return process


def start_broker(folder):
    """Mosquitto on a free port of 127.0.0.1, anonymous, nothing kept; returns it and the port."""
    port = free_port()
    conf = os.path.join(folder, "mosquitto.conf")
    open(conf, "w").write(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
    broker = subprocess.Popen(["mosquitto", "-c", conf], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wait_for("mosquitto", lambda: listening(port), broker, 30)
    return broker, port


def get(port, path, timeout=10):
    """One GET of `path` from 127.0.0.1:port, read to its end."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as client:
        client.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAccept-Encoding: gzip\r\n"
                       "Connection: close\r\n\r\n".encode())
        while client.recv(65536):
            pass


def send(socket_path, request, timeout=10):
    """One control request, as `nixie send` makes it: connect, send a line, read the answer."""
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.settimeout(timeout)
    client.connect(socket_path)
    client.sendall(request)
    client.recv(4096)
    client.close()


def stop(process, seconds=10):
    process.send_signal(signal.SIGTERM)
    process.wait(seconds)
