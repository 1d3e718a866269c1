#!/usr/bin/python3
"""nixie web in a real browser (headless Chromium through Selenium), against the clock on the
simulator: log in, see the tubes' SVG show what the clock's frames log says the wire showed,
see the light sensor's reading, change the brightness and the time zone and see the wire
follow, restart both processes and see the settings kept; on a board file of one's own, see
its tubes drawn. Saves screenshots (--screenshots DIR). Exit 0 when every check passed.

Usage: Tests/Browser/web_page_test.py [--nixie .build/debug/nixie] [--screenshots docs/images]
"""
import argparse
import datetime
import json
import os
import pathlib
import shutil
import socket
import subprocess
import sys
import tempfile

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from waiting import free_port, wait_for

PASSWORD = "glowing cathodes"
# Not a built-in board (shared with Tests/NixieWebTests/TubesPictureTests.swift): two IN-12A
# behind decoders on a PCF8574, a neon with one dot wired.
CUSTOM_BOARD = (pathlib.Path(__file__).resolve().parent.parent / "Boards" / "my-clock.yaml").read_text()
failures = []


def check(condition, message):
    print(("ok   " if condition else "FAIL ") + message, flush=True)
    if not condition:
        failures.append(message)


class Rig:
    def __init__(self, nixie, folder, board="hv5622-6xin14", trace=False, face="HH:mm:ss"):
        self.nixie = nixie
        self.folder = folder
        self.trace = os.path.join(folder, "trace.vcd") if trace else None
        self.socket = os.path.join(folder, "control.sock")
        self.frames = os.path.join(folder, "frames.jsonl")
        self.port = free_port()
        self.clock = self.web = None
        # A light sensor as the kernel shows one (42 lux), on a curve that keeps the tubes at
        # 100 %: the page's room line shows what it reads.
        os.mkdir(os.path.join(folder, "light"))
        with open(os.path.join(folder, "light", "in_illuminance_input"), "w") as light:
            light.write("42\n")
        with open(os.path.join(folder, "nixie.yaml"), "w") as config:
            config.write("board: %s\ntimezone: UTC\nfaces:\n  - %s\n" % (board, face)
                         + "brightness: {sensor: %s, curve: {1: 100, 10: 100}}\n" % os.path.join(folder, "light"))
        subprocess.run([nixie, "web", "--config", self.path("web.yaml"), "--set-password"],
                       input=(PASSWORD + "\n").encode(), check=True, capture_output=True)

    def path(self, name):
        return os.path.join(self.folder, name)

    def start(self):
        if os.path.exists(self.frames):
            os.remove(self.frames)
        self.clock = subprocess.Popen(
            [self.nixie, "clock", "--config", self.path("nixie.yaml"), "--backend", "sim", "--socket", self.socket,
             "--overrides", self.path("overrides.yaml"), "--frames-log", self.frames]
            + (["--trace", self.trace] if self.trace else []),
            stdout=subprocess.DEVNULL, stderr=open(self.path("clock.log"), "a"))
        wait_for(lambda: os.path.exists(self.socket), 10, "the clock's socket")
        self.web = subprocess.Popen(
            [self.nixie, "web", "--config", self.path("web.yaml"), "--socket", self.socket,
             "--listen", "127.0.0.1:%d" % self.port],
            stdout=subprocess.DEVNULL, stderr=open(self.path("web.log"), "a"))
        wait_for(self.listening, 10, "nixie web to listen")

    def listening(self):
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
            return True
        except OSError:
            return False

    def stop(self):
        for process in (self.web, self.clock):
            if process and process.poll() is None:
                process.terminate()
                process.wait(timeout=10)

    def frames_log(self):
        with open(self.frames) as log:
            return [json.loads(line) for line in log if line.strip()]

    def lit_share(self, seconds):
        """The share of the last `seconds` of the frames log during which any output was on."""
        lines = self.frames_log()
        end = lines[-1]["mono_ns"]
        start = end - int(seconds * 1e9)
        lit = 0
        for line, after in zip(lines, lines[1:]):
            if after["mono_ns"] <= start:
                continue
            if line["outputs"]:
                lit += after["mono_ns"] - max(line["mono_ns"], start)
        return lit / (end - start)


def pwm_duties(vcd_path, wires, seconds):
    """Each wire's share of the trace's last `seconds` spent high: high time over the window."""
    codes, changes, time = {}, [], 0
    with open(vcd_path) as vcd:
        for line in vcd:
            parts = line.split()
            if parts[:2] == ["$var", "wire"] and parts[4] in wires:
                codes[parts[3]] = parts[4]
            elif line.startswith("#"):
                time = int(line[1:])
            elif line[:1] in "01" and line[1:].strip() in codes:
                changes.append((time, codes[line[1:].strip()], line[0] == "1"))
    end = time
    start = end - int(seconds * 1e9)
    duties = {}
    for wire in wires:
        level, since, high = False, start, 0
        for at, name, value in changes:
            if name != wire:
                continue
            if at <= start:
                level = value
                continue
            if level:
                high += at - since
            level, since = value, at
        if level:
            high += end - since
        duties[wire] = high / (end - start)
    return duties


def browser():
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=412,915",
                     "--disable-dev-shm-usage"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"),
                              options=options)
    driver.set_page_load_timeout(20)
    return driver


def log_in(driver, rig):
    driver.get("http://127.0.0.1:%d/" % rig.port)
    driver.find_element(By.ID, "password").send_keys(PASSWORD)
    driver.find_element(By.CSS_SELECTOR, "form.login button").click()
    # The click loads the page: until it has, the tubes are not there (or belong to the old page).
    wait_for(lambda: int(driver.find_element(By.ID, "tubes").get_attribute("data-frames") or 0) >= 2, 15,
             "frames on the page", ignoring=(NoSuchElementException, StaleElementReferenceException))


def shown_digits(driver):
    """What the SVG's lit shapes show: per tube the brightest cathode's name, '' when dark."""
    return driver.execute_script("""
        const shown = {};
        for (const shape of document.querySelectorAll('#tubes .tube .lit')) {
          const opacity = Number(shape.getAttribute('opacity'));
          const p = shape.dataset.p;
          if (opacity > 0.5 && (!(p in shown) || opacity > shown[p][1])) shown[p] = [shape.dataset.name, opacity];
        }
        return Object.keys(shown).sort((a, b) => a - b).map((p) => shown[p][0]).join('');
    """)


def state(driver):
    return driver.execute_script("""
        const request = new XMLHttpRequest();
        request.open('GET', '/api/state', false);
        request.send();
        return JSON.parse(request.responseText);
    """)


def apply(driver, button):
    driver.execute_script("document.getElementById('message').textContent = ''")
    driver.find_element(By.ID, button).click()
    return wait_for(lambda: driver.find_element(By.ID, "message").text, 10, "the answer to " + button)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--nixie", default=".build/debug/nixie")
    parser.add_argument("--screenshots")
    arguments = parser.parse_args()
    nixie = os.path.abspath(arguments.nixie)
    folder = tempfile.mkdtemp(prefix="nixie-browser-")
    rig = Rig(nixie, folder)
    driver = None
    try:
        rig.start()
        driver = browser()
        driver.get("http://127.0.0.1:%d/api/state" % rig.port)
        check("log in first" in driver.page_source, "without a session the API answers 401")
        log_in(driver, rig)
        check("live" in driver.find_element(By.ID, "status").text, "the page says it is live")

        # The SVG shows what the wire showed: the page's frame text is in the frames log, and
        # the lit shapes are its digits.
        tubes = driver.find_element(By.ID, "tubes")
        wait_for(lambda: tubes.get_attribute("data-settled") == "true", 5, "a settled frame")
        text = tubes.get_attribute("data-text")
        digits = shown_digits(driver)
        logged = {line["text"].replace(":", " ") for line in rig.frames_log()}
        check(text.replace(":", " ") in logged, "the page's frame %r is in the clock's frames log" % text)
        check(digits == text.replace(":", "").replace(" ", ""), "the SVG lights %r for %r" % (digits, text))

        if arguments.screenshots:
            driver.save_screenshot(os.path.join(arguments.screenshots, "web-page.png"))

        # This board has no backlight: the page's control is disabled and says so.
        check(driver.find_element(By.ID, "backlight-apply").get_attribute("disabled") is not None
              and "has no backlight" in driver.find_element(By.ID, "backlight-note").text,
              "without a backlight the control is disabled")

        # The room line: the light sensor's reading and the brightness it chose.
        room = driver.find_element(By.ID, "room")
        wait_for(lambda: "42 lx" in room.text, 10, "the light level on the page")
        check(room.text == "Light 42 lx → 100 % (auto)", "the page shows the room: %r" % room.text)

        # Brightness 30 %: the wire is lit about 30 % of the time.
        check(abs(rig.lit_share(1.0) - 1.0) < 0.05, "at 100 %% the wire is lit %.2f of the time" % rig.lit_share(1.0))
        driver.execute_script("const b = document.getElementById('brightness'); b.value = 30;"
                              " b.dispatchEvent(new Event('input'));")
        check(apply(driver, "brightness-apply") == "Done.", "the brightness change is accepted")
        try:
            share = wait_for(lambda: (lambda s: s if 0.2 < s < 0.4 else None)(rig.lit_share(1.0)), 10,
                             "the wire at 30 %")
        except TimeoutError:
            share = rig.lit_share(1.0)
        check(0.2 < share < 0.4, "at 30 %% the wire is lit %.2f of the time" % share)
        # A brightness set on the page is fixed: the light is no longer followed.
        wait_for(lambda: not room.is_displayed(), 10, "the room line gone with brightness: auto")
        check(not room.is_displayed(), "a brightness set on the page is fixed: the room line goes")

        # Time zone Asia/Tokyo (UTC+9): the hours on the wire move by nine.
        Select(driver.find_element(By.ID, "timezone")).select_by_value("Asia/Tokyo")
        check(apply(driver, "timezone-apply") == "Done.", "the time zone change is accepted")
        def tokyo_on_the_wire():
            last = [line for line in rig.frames_log() if line["outputs"]][-1]
            utc = datetime.datetime.fromisoformat(last["t"].replace("Z", "+00:00"))
            return last if last["text"][:2] == "%02d" % ((utc.hour + 9) % 24) else None
        try:
            last = wait_for(tokyo_on_the_wire, 10, "Tokyo's hour on the wire")
            check(True, "the wire shows Tokyo's hour %s at %s UTC" % (last["text"][:2], last["t"]))
        except TimeoutError:
            check(False, "the wire shows Tokyo's hour")

        # A change the board cannot make is refused with the clock's message and changes nothing.
        driver.find_element(By.ID, "faces").clear()
        driver.find_element(By.ID, "faces").send_keys("yyyy-MM-dd HH:mm:ss")
        message = apply(driver, "faces-apply")
        check("yyyy-MM-dd HH:mm:ss" in message and "Done" not in message, "an unshowable face is refused: %r" % message)

        # Restart both: the settings are kept (in the overrides file the clock wrote).
        rig.stop()
        with open(rig.path("overrides.yaml")) as overrides:
            saved = overrides.read()
        check('timezone: "Asia/Tokyo"' in saved and "brightness: 30" in saved, "the overrides file holds both")
        rig.start()
        log_in(driver, rig)
        settings = state(driver)["settings"]
        check(settings["brightness"] == 30 and settings["timezone"] == "Asia/Tokyo",
              "after a restart the clock runs with %s %% in %s" % (settings["brightness"], settings["timezone"]))
        check(driver.find_element(By.ID, "timezone").get_attribute("value") == "Asia/Tokyo",
              "the page shows the kept time zone")
        if arguments.screenshots:
            driver.find_element(By.ID, "logout").click()
            wait_for(lambda: driver.find_elements(By.ID, "password"), 10, "the login page")
            driver.save_screenshot(os.path.join(arguments.screenshots, "web-login.png"))
        rig.stop()

        # An NCS314: the backlight's control works, and the three PWM lines on the wire follow it.
        rig = Rig(nixie, tempfile.mkdtemp(prefix="nixie-browser-ncs314-", dir=folder), board="ncs314", trace=True)
        rig.start()
        log_in(driver, rig)
        wait_for(lambda: driver.find_element(By.ID, "backlight-apply").get_attribute("disabled") is None, 10,
                 "the backlight control enabled")
        Select(driver.find_element(By.ID, "backlight-mode")).select_by_value("cycle")
        check(apply(driver, "backlight-apply") == "Done.", "the colour cycle is accepted")
        wait_for(lambda: state(driver)["backlight"] == "cycle", 10, "the state to say cycle")
        Select(driver.find_element(By.ID, "backlight-mode")).select_by_value("colour")
        driver.execute_script("document.getElementById('backlight').value = '#0a64c8';")
        check(apply(driver, "backlight-apply") == "Done.", "the colour #0a64c8 is accepted")
        wait_for(lambda: state(driver)["backlight"] == "#0a64c8", 10, "the state to say #0a64c8")
        # The clock hands a new backlight program over with its next frame (within a second of
        # the state saying so), and three new seconds on the tubes are more than two seconds
        # (two new texts can be 1.01 s): the new colour fills the trace's last second.
        shown = {line["text"] for line in rig.frames_log()}
        wait_for(lambda: len({line["text"] for line in rig.frames_log()} - shown) >= 3, 15, "three more seconds")
        if arguments.screenshots:
            driver.save_screenshot(os.path.join(arguments.screenshots, "web-page-backlight.png"))
        rig.stop()
        duties = pwm_duties(rig.trace, ["red", "green", "blue"], 1.0)
        expected = {"red": 10 / 255, "green": 100 / 255, "blue": 200 / 255}
        # Real time on a shared machine: a late wake-up moves an edge by a few of the 100 µs steps.
        check(all(abs(duties[wire] - expected[wire]) < 0.1 for wire in expected),
              "the wire's PWM duties %s are #0a64c8's %s" % (
                  {k: round(v, 3) for k, v in duties.items()}, {k: round(v, 3) for k, v in expected.items()}))
        with open(rig.path("overrides.yaml")) as overrides:
            check('backlight: "#0a64c8"' in overrides.read(), "the overrides file holds the backlight")

        # A board file of the user's own: the page draws its tubes from the layout the clock
        # reports (two IN-12A and a colon with only its upper dot), and lights what the wire shows.
        custom = tempfile.mkdtemp(prefix="nixie-browser-custom-", dir=folder)
        with open(os.path.join(custom, "my-clock.yaml"), "w") as board:
            board.write(CUSTOM_BOARD)
        rig = Rig(nixie, custom, board=os.path.join(custom, "my-clock.yaml"), face="ss")
        rig.start()
        log_in(driver, rig)
        shapes = driver.execute_script("""
            return [document.querySelectorAll('#tubes .tube').length,
                    document.querySelectorAll('#tubes .separator').length,
                    [...document.querySelectorAll('#tubes .separator .lit')].map((s) => s.dataset.name).join()];
        """)
        check(shapes == [2, 1, "upper"], "a board of one's own is drawn: tubes, separators, dots %r" % shapes)
        tubes = driver.find_element(By.ID, "tubes")
        wait_for(lambda: tubes.get_attribute("data-settled") == "true", 5, "a settled frame")
        text = tubes.get_attribute("data-text")
        digits = shown_digits(driver)
        check(len(digits) == 2 and digits == text.replace(" ", ""), "its SVG lights %r for %r" % (digits, text))
        rig.stop()
    finally:
        if driver:
            driver.quit()
        rig.stop()
    if failures:
        print("%d check(s) failed; logs in %s" % (len(failures), folder))
        return 1
    shutil.rmtree(folder, ignore_errors=True)
    print("all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
