import NixieAlarms
import NixieControl
import NixieText
import NixieTransitions

extension WebAssets {
  /// The page's script: draws the frames from `/events` on the tubes' SVG (each cathode at the
  /// brightness the eye sees at its duty, as the terminal view and `TubeSVG` draw it), reads the
  /// clock's state into the controls (the room's line, light and presence, every 5 s), posts
  /// changes as JSON with the CSRF token and says each answer beside the control that made it,
  /// in the page's words (the limits are the clock's: `SettingRanges`, `ClockSettingsChange`),
  /// and keeps a text of what the tubes show for screen readers (`aria-live`, at most once a
  /// second).
  public static let script = #"""
    "use strict";
    const colourNames = \#(colourNames);
    const csrf = document.querySelector('meta[name="csrf"]').content;
    const $ = (id) => document.getElementById(id);
    let cathodes = null;
    let frames = 0;
    // The last frame drawn: a picture loaded anew (the clock back after a stop) shows it at once.
    let latest = null;
    // Faces that show a topic (nixie mqtt) read "topic:NAME@SECONDS"; their decimals and
    // staleness are kept from the clock's state.
    let topicFaces = {};

    // A message in `element` (the page's, or a control's own beside it), scrolled into sight.
    function say(element, text, bad) {
      element.textContent = text;
      element.className = "message " + (bad ? "bad" : "good");
      const box = element.getBoundingClientRect();
      if (box.top < 0 || box.bottom > window.innerHeight) element.scrollIntoView({ block: "nearest" });
    }

    // The limits of a number or range input, as the page says them ("1–100").
    const range = (id) => $(id).min + "–" + $(id).max;
    // The clock's limits of the durations typed as text (SettingRanges, ControlRequest), in
    // seconds: [shortest, longest].
    const durations = {
      snooze: [\#(SettingRanges.alarmSnoozeSeconds.lowerBound), \#(SettingRanges.alarmSnoozeSeconds.upperBound)],
      ringFor: [\#(SettingRanges.alarmRingForSeconds.lowerBound), \#(SettingRanges.alarmRingForSeconds.upperBound)],
      countdown: [1, \#(ControlRequest.maximumCountdownSeconds)],
    };
    // Whether `seconds` (NaN for what is not a duration) is within `limits`; and the limits in
    // words ("1s to 1h").
    const within = (seconds, [shortest, longest]) => seconds >= shortest && seconds <= longest;
    const durationRange = ([shortest, longest]) => durationText(shortest) + " to " + durationText(longest);

    // What each control says, in the page's words. A refusal is told by which control sent it
    // and by its status, never by reading the server's English: 400 is a value the form does
    // not take, 422 the clock's refusal, whose own words (a face the tubes cannot show, a
    // setting the clock's command line fixes) follow what was not done.
    const controls = {
      brightness: { name: "Brightness", failed: "Brightness not changed", saved: "Brightness saved.",
        invalid: () => "Brightness must be " + range("brightness") + " %." },
      timezone: { name: "Time zone", failed: "Time zone not changed", saved: "Time zone saved.",
        invalid: () => "Choose a time zone from the list." },
      faces: { name: "Faces", failed: "Faces not changed", saved: "Faces saved.",
        invalid: () => "Faces must be 1 to \#(ClockSettingsChange.maximumFaces) patterns such as HH:mm:ss, separated by"
          + " commas, each with an optional @seconds from \#(SettingRanges.faceSeconds.lowerBound) to"
          + " \#(SettingRanges.faceSeconds.upperBound)." },
      night: { name: "Night hours", failed: "Night hours not changed", saved: "Night hours saved.",
        invalid: () => "Night needs two different times, and a dim night a brightness of "
          + range("night-brightness") + " %." },
      backlight: { name: "Backlight", failed: "Backlight not changed", saved: "Backlight saved.",
        invalid: () => "Choose a colour, the colour cycle or off." },
      show: { name: "The value", failed: "Not shown", saved: "Shown.",
        invalid: () => "Type a shorter value to show, for " + range("show-seconds") + " seconds." },
      "anti-poisoning": { name: "Anti-poisoning", failed: "Anti-poisoning not started", saved: "Anti-poisoning runs now.",
        invalid: () => "Anti-poisoning could not start." },
      alarm: { name: "The alarm", failed: "Not done", saved: "Done.", invalid: () => "Not done." },
      alarms: { name: "Alarms", failed: "Alarms not changed", saved: "Alarms saved.",
        invalid: () => "Each alarm needs a time, at least one day, a tune, a snooze of " + durationRange(durations.snooze)
          + " and a ring of " + durationRange(durations.ringFor) + " (9m, 30s, 1h30m); at most \#(SettingRanges.mostAlarms) alarms." },
      countdown: { name: "The countdown", failed: "Countdown not started", saved: "Countdown started.",
        invalid: () => "A countdown takes a duration such as 90s, 9m or 1h30m, up to " + durationText(durations.countdown[1]) + "." },
    };

    // Sends a change made with `control`; its answer appears beside the control.
    async function change(control, path, body, saved) {
      const words = controls[control];
      const message = $(control + "-message");
      let response;
      try {
        response = await fetch(path, {
          method: "POST", credentials: "same-origin",
          headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
          body: JSON.stringify(body),
        });
      } catch (error) {
        say(message, words.failed + ": nixie web is not answering.", true);
        return false;
      }
      let answer = {};
      try { answer = await response.json(); } catch (error) { answer = {}; }
      if (response.status === 401) { location.reload(); return false; }
      if (!response.ok) { say(message, refusal(words, response.status, answer.error), true); return false; }
      // The controls show what the clock now holds before the answer says so (the clock
      // answers once it has applied the change), so an edit begun after the answer is kept.
      await refresh();
      say(message, answer === false ? words.name + " changed until the clock restarts: it has no file to save it to."
        : saved || words.saved, false);
      return true;
    }

    function refusal(words, status, error) {
      switch (status) {
        case 400: return words.invalid();
        case 422: return words.failed + ": " + (error || "the clock refused it").replace(/\.$/, "") + ".";
        case 403: return "This page is out of date: reload it, then try again.";
        case 502: return words.failed + ": the clock is not answering.";
        case 503: return words.failed + ": the clock is busy; try again in a moment.";
        default: return words.failed + " (HTTP " + status + ").";
      }
    }

    // A mistake the page sees before sending: said beside the control, nothing is sent.
    function refuse(control, text) {
      say($(control + "-message"), text, true);
      return false;
    }

    // Whether input `id` holds a whole number within its limits.
    function wholeInRange(id) {
      const value = $(id).value.trim();
      return /^\d+$/.test(value) && Number(value) >= Number($(id).min) && Number(value) <= Number($(id).max);
    }

    // What the tubes show, for screen readers: the latest text, at once when the last change is
    // a second old, else when it will be (a cross-fade's frames and blinking separators
    // change the text more often than anyone can listen).
    let announcedAt = -Infinity;
    let announcing = null;
    let toAnnounce = "";
    function announce(text) {
      toAnnounce = text.trim();
      if (announcing !== null || $("shown").textContent === toAnnounce) return;
      const wait = announcedAt + 1000 - performance.now();
      if (wait <= 0) { speak(); return; }
      announcing = setTimeout(() => { announcing = null; speak(); }, wait);
    }
    function speak() {
      if ($("shown").textContent === toAnnounce) return;
      announcedAt = performance.now();
      $("shown").textContent = toAnnounce;
    }

    function ensureZone(name) {
      const select = $("timezone");
      if (![...select.options].some((option) => option.value === name)) {
        select.add(new Option(name, name));
      }
    }

    function fill(state) {
      const settings = state.settings;
      if (!settings) return;
      $("brightness").value = settings.brightness;
      $("brightness-value").textContent = settings.brightness + "\u00a0%";
      ensureZone(settings.timezone);
      $("timezone").value = settings.timezone;
      topicFaces = Object.fromEntries(settings.faces.filter((face) => face.topic).map((face) => [face.topic, face]));
      $("faces").value = settings.faces
        .map((face) => (face.topic ? "topic:" + face.topic : face.format) + "@" + face.seconds).join(", ");
      const night = settings.night;
      $("night-on").checked = night !== "off";
      if (night !== "off") {
        $("night-from").value = night.from;
        $("night-until").value = night.until;
        $("night-mode").value = night.mode;
        if (night.brightness) $("night-brightness").value = night.brightness;
      }
      const hasBacklight = state.backlight !== null && state.backlight !== undefined;
      for (const id of ["backlight-mode", "backlight", "backlight-apply"]) $(id).disabled = !hasBacklight;
      $("backlight-note").textContent = hasBacklight ? "" : state.board + " has no backlight.";
      if (hasBacklight) {
        const mode = state.backlight === "cycle" || state.backlight === "off" ? state.backlight : "colour";
        $("backlight-mode").value = mode;
        const hex = state.backlight.startsWith("#") ? state.backlight : colourNames[state.backlight];
        if (hex) $("backlight").value = hex;
        $("backlight").disabled = mode !== "colour";
      }
      fillAlarmList(settings.alarms || []);
      const pinned = { brightness: ["brightness", "brightness-apply"], timezone: ["timezone", "timezone-apply"],
        faces: ["faces", "faces-apply"] };
      for (const [key, ids] of Object.entries(pinned)) {
        for (const id of ids) $(id).disabled = state.pinned.includes(key);
      }
      fillRoom(state);
    }

    // The room, read-only: the light level and the brightness it chose, and whether anyone
    // is there. Refreshed on its own, so it never resets a control being edited.
    function fillRoom(state) {
      const parts = [];
      const light = state.light;
      if (light) {
        const lux = light.lux === null ? "no reading" : light.lux + " lx";
        const source = { sensor: "auto", fallback: light.fault || "not read yet", knob: "set by hand" }[light.source];
        parts.push("Light " + lux + " → " + light.brightness + " % (" + source + ")");
      }
      const presence = state.presence;
      if (presence) {
        const seen = new Date(presence.last_seen).toLocaleTimeString();
        parts.push((presence.present ? "someone here" : "nobody here") + ", last seen " + seen);
      }
      $("room").textContent = parts.join(" · ");
      $("room").hidden = parts.length === 0;
    }

    // The alarms, read-only: the bell (a note while it rings), the next ring and the countdown,
    // in this browser's time.
    function fillAlarms(state) {
      const alarm = state.alarm;
      if (!alarm) { $("alarm-section").hidden = true; return; }
      const time = (text) => new Date(text).toLocaleString([], { weekday: "short", hour: "2-digit", minute: "2-digit" });
      const parts = [];
      const which = alarm.timer ? "the countdown" : "alarm " + alarm.alarm;
      if (alarm.bell === "ringing") parts.push("\u266a " + which + " rings");
      if (alarm.bell === "snoozed") parts.push("alarm " + alarm.alarm + " snoozed until " + time(alarm.snoozed_until));
      if (state.countdown && alarm.bell !== "ringing") parts.push("countdown ends " + new Date(state.countdown.ends).toLocaleTimeString());
      parts.push(alarm.next ? "next alarm " + time(alarm.next) : "no alarm set");
      $("alarm-status").textContent = parts.join(" · ");
      $("alarm-status").classList.toggle("ringing", alarm.bell === "ringing");
    }

    // The alarms to edit: one fieldset each — its time, its days, its tune, its snooze and how
    // long it rings (durations as nixie.yaml writes them: 9m, 30s, 1h30m), on or off, a button
    // that takes it out — filled from the clock's settings after every load and save (never by
    // the 5-second refresh, so an edit in progress stays).
    const dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
    // Seconds as a duration (540 → 9m, 90 → 1m30s), and back (NaN for what is not one).
    function durationText(seconds) {
      const parts = [[Math.floor(seconds / 3600), "h"], [Math.floor(seconds % 3600 / 60), "m"], [seconds % 60, "s"]];
      return parts.filter(([count]) => count > 0).map(([count, unit]) => count + unit).join("") || "0s";
    }
    function durationSeconds(text) {
      const match = /^(?:(\d{1,3})h)?(?:(\d{1,5})m)?(?:(\d{1,6})s?)?$/.exec(text.trim());
      if (!match || !text.trim()) return NaN;
      return Number(match[1] || 0) * 3600 + Number(match[2] || 0) * 60 + Number(match[3] || 0);
    }
    function durationField(className, label, seconds) {
      const field = document.createElement("label");
      field.className = "duration";
      const input = document.createElement("input");
      input.className = className;
      input.size = 6;
      input.autocomplete = "off";
      input.value = durationText(seconds);
      field.append(label + " ", input);
      return field;
    }
    function alarmRow(alarm) {
      const row = document.createElement("fieldset");
      row.className = "alarm";
      const legend = document.createElement("legend");
      row.append(legend);
      const top = document.createElement("div");
      top.className = "row";
      const at = document.createElement("input");
      at.type = "time";
      at.className = "at";
      at.value = alarm.at.slice(0, 5);
      at.setAttribute("aria-label", "Time");
      const on = document.createElement("label");
      on.className = "check";
      on.innerHTML = '<input type="checkbox" class="on"> on';
      on.firstChild.checked = alarm.enabled;
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "quiet remove";
      remove.textContent = "Remove";
      remove.addEventListener("click", () => { row.remove(); numberAlarms(); });
      top.append(at, on, remove);
      const days = document.createElement("div");
      days.className = "row days";
      for (const day of dayNames) {
        const label = document.createElement("label");
        label.className = "check";
        const box = document.createElement("input");
        box.type = "checkbox";
        box.value = day;
        box.checked = alarm.days.includes(day);
        label.append(box, day);
        days.append(label);
      }
      const tuneRow = document.createElement("div");
      tuneRow.className = "row";
      const tune = document.createElement("input");
      tune.className = "tune";
      tune.setAttribute("list", "tunes");
      tune.setAttribute("aria-label", "Tune");
      tune.autocomplete = "off";
      tune.value = alarm.tune;
      tuneRow.append(tune);
      const timing = document.createElement("div");
      timing.className = "row";
      timing.append(durationField("snooze", "snooze", alarm.snooze_s), durationField("ring-for", "rings for", alarm.ring_for_s));
      row.append(top, days, tuneRow, timing);
      return row;
    }
    function numberAlarms() {
      [...$("alarm-list").children].forEach((row, index) => {
        row.querySelector("legend").textContent = "Alarm " + (index + 1);
      });
    }
    function fillAlarmList(alarms) {
      $("alarm-list").replaceChildren(...alarms.map(alarmRow));
      numberAlarms();
    }
    function alarmList() {
      return [...$("alarm-list").children].map((row) => ({
        at: row.querySelector(".at").value,
        days: [...row.querySelectorAll(".days input:checked")].map((box) => box.value),
        tune: row.querySelector(".tune").value.trim(),
        snooze_s: durationSeconds(row.querySelector(".snooze").value),
        ring_for_s: durationSeconds(row.querySelector(".ring-for").value),
        enabled: row.querySelector(".on").checked,
      }));
    }

    async function refreshRoom() {
      try {
        const response = await fetch("/api/state", { credentials: "same-origin" });
        if (!response.ok) return;
        const state = await response.json();
        fillRoom(state);
        fillAlarms(state);
      } catch (error) {
        // The next round tries again; the status line says when the clock is unreachable.
      }
    }

    async function refresh() {
      try {
        const response = await fetch("/api/state", { credentials: "same-origin" });
        if (response.status === 401) { location.reload(); return; }
        const answer = await response.json();
        if (!response.ok) { say($("message"), "The clock's settings could not be read: " + (answer.error || "HTTP " + response.status), true); return; }
        fill(answer);
      } catch (error) {
        say($("message"), "The clock's settings could not be read.", true);
      }
    }

    async function loadZones() {
      try {
        const response = await fetch("/api/zones", { credentials: "same-origin" });
        const answer = await response.json();
        const select = $("timezone");
        const current = select.value;
        for (const zone of answer.zones) ensureZone(zone);
        if (current) select.value = current;
      } catch (error) {
        say($("message"), "The list of time zones could not be read.", true);
      }
    }

    async function loadTubes() {
      const response = await fetch("/tubes.svg", { credentials: "same-origin" });
      if (!response.ok) { say($("message"), "The tubes' picture could not be drawn (HTTP " + response.status + ").", true); return; }
      const holder = $("tubes");
      holder.innerHTML = await response.text();
      cathodes = [];
      for (const shape of holder.querySelectorAll("[data-name]")) {
        const position = Number(shape.dataset.p);
        const byName = cathodes[position] || (cathodes[position] = {});
        const pair = byName[shape.dataset.name] || (byName[shape.dataset.name] = { lit: [], glow: [] });
        (shape.classList.contains("glow") ? pair.glow : pair.lit).push(shape);
      }
      if (latest) paint(latest);
    }

    // Screen colours are gamma-encoded: a cathode lit half the time looks about 73 % bright.
    function perceived(duty) {
      return duty <= 0 ? 0 : Math.min(1, Math.sqrt(duty) * 0.5 + duty * 0.5);
    }

    function draw(frame) {
      latest = frame;
      if (!cathodes) return;
      paint(frame);
      frames += 1;
      const holder = $("tubes");
      holder.dataset.text = frame.text;
      holder.dataset.frames = String(frames);
      holder.dataset.settled = String(frame.settled);
      holder.dataset.mono = String(frame.mono_ns);
      announce(frame.text);
    }

    // Each cathode's shapes as bright as `frame` has it.
    function paint(frame) {
      cathodes.forEach((byName, position) => {
        const duties = frame.duties[position] || {};
        for (const [name, pair] of Object.entries(byName)) {
          const seen = perceived((duties[name] || 0) * frame.brightness);
          for (const shape of pair.lit) shape.setAttribute("opacity", seen.toFixed(3));
          for (const shape of pair.glow) shape.setAttribute("opacity", (seen * 0.6).toFixed(3));
        }
      });
    }

    function listen() {
      const events = new EventSource("/events");
      events.onmessage = (event) => {
        try { draw(JSON.parse(event.data)); } catch (error) { /* a frame that does not parse is skipped */ }
      };
      let reachable = null;
      events.addEventListener("clock", (event) => {
        const clock = JSON.parse(event.data), connected = clock.connected;
        $("status").textContent = connected ? "live"
          : clock.reach === "not answering" ? "clock not answering" : "the clock is not reachable";
        // The clock is back, perhaps on another board (or was away at first): draw its tubes anew.
        if (connected && (reachable === false || !cathodes)) loadTubes().then(refresh);
        reachable = connected;
      });
      events.onerror = () => { $("status").textContent = "reconnecting…"; };
    }

    function faces() {
      const list = [];
      for (const part of $("faces").value.split(",")) {
        const text = part.trim();
        if (!text) continue;
        const at = text.lastIndexOf("@");
        const timed = at > 0 && /^\d+$/.test(text.slice(at + 1));
        const name = timed ? text.slice(0, at).trim() : text;
        if (name.startsWith("topic:")) {
          const topic = name.slice(6).trim();
          const face = Object.assign({}, topicFaces[topic] || { topic: topic });
          if (timed) face.seconds = Number(text.slice(at + 1));
          list.push(face);
        } else {
          list.push(timed ? { format: name, seconds: Number(text.slice(at + 1)) } : name);
        }
      }
      return list;
    }

    $("brightness").addEventListener("input", () => {
      $("brightness-value").textContent = $("brightness").value + "\u00a0%";
    });
    $("brightness-apply").addEventListener("click", () =>
      change("brightness", "/api/settings", { brightness: Number($("brightness").value) }));
    $("timezone-apply").addEventListener("click", () => {
      if (!$("timezone").value) return refuse("timezone", controls.timezone.invalid());
      return change("timezone", "/api/settings", { timezone: $("timezone").value });
    });
    $("faces-apply").addEventListener("click", () => {
      const list = faces();
      const seconds = list.map((face) => face.seconds).filter((value) => value !== undefined);
      if (list.length < 1 || list.length > \#(ClockSettingsChange.maximumFaces)
        || seconds.some((value) => value < \#(SettingRanges.faceSeconds.lowerBound) || value > \#(SettingRanges.faceSeconds.upperBound))) {
        return refuse("faces", controls.faces.invalid());
      }
      return change("faces", "/api/settings", { faces: list });
    });
    $("night-apply").addEventListener("click", () => {
      if (!$("night-on").checked) return change("night", "/api/settings", { night: "off" }, "Night hours off, saved.");
      const night = { from: $("night-from").value, until: $("night-until").value, mode: $("night-mode").value };
      if (!night.from || !night.until) return refuse("night", "Night needs both times, from and until.");
      if (night.from === night.until) return refuse("night", "Night must end at another time than it starts.");
      if (night.mode === "dim") {
        if (!wholeInRange("night-brightness")) {
          return refuse("night", "Night brightness must be " + range("night-brightness") + " %.");
        }
        night.brightness = Number($("night-brightness").value);
      }
      return change("night", "/api/settings", { night: night });
    });
    $("backlight-mode").addEventListener("change", () => {
      $("backlight").disabled = $("backlight-mode").value !== "colour";
    });
    $("backlight-apply").addEventListener("click", () => {
      const mode = $("backlight-mode").value;
      return change("backlight", "/api/settings", { backlight: mode === "colour" ? $("backlight").value : mode });
    });
    $("show-apply").addEventListener("click", () => {
      const value = $("show-value").value;
      if (!value.trim()) return refuse("show", "Type a value to show.");
      if (!wholeInRange("show-seconds")) return refuse("show", "Show it for " + range("show-seconds") + " seconds.");
      const seconds = Number($("show-seconds").value);
      return change("show", "/api/show", { value: value, seconds: seconds, "group-digits": $("show-group").checked },
        "Showing \u201c" + value + "\u201d for " + seconds + "\u00a0s.");
    });
    $("anti-poisoning").addEventListener("click", () => change("anti-poisoning", "/api/anti-poisoning", {}));
    for (const action of ["snooze", "stop", "skip-next"]) {
      $("alarm-" + action).addEventListener("click", async () => {
        await change("alarm", "/api/alarm", { action: action },
          { snooze: "Snoozed.", stop: "Stopped.", "skip-next": "The next ring is skipped." }[action]);
        refreshRoom();
      });
    }
    $("alarm-add").addEventListener("click", () => {
      $("alarm-list").append(alarmRow({ at: "07:00", days: dayNames.slice(0, 5), tune: "\#(Alarm.defaultTune)",
        snooze_s: \#(Alarm.defaultSnoozeSeconds), ring_for_s: \#(Alarm.defaultRingForSeconds), enabled: true }));
      numberAlarms();
      $("alarm-list").lastChild.querySelector(".at").focus();
    });
    $("alarms-apply").addEventListener("click", async () => {
      const list = alarmList();
      if (list.length > \#(SettingRanges.mostAlarms)
        || list.some((alarm) => !/^\d\d:\d\d$/.test(alarm.at) || alarm.days.length === 0 || !alarm.tune
          || !within(alarm.snooze_s, durations.snooze) || !within(alarm.ring_for_s, durations.ringFor))) {
        return refuse("alarms", controls.alarms.invalid());
      }
      await change("alarms", "/api/settings", { alarms: list },
        list.length === 0 ? "No alarms now, saved." : "Alarms saved.");
      refreshRoom();
    });
    $("countdown-start").addEventListener("click", async () => {
      const duration = $("countdown").value.trim();
      if (!within(durationSeconds(duration), durations.countdown)) {
        return refuse("countdown", controls.countdown.invalid());
      }
      await change("countdown", "/api/countdown", { duration: duration }, "Counting down " + duration + ".");
      refreshRoom();
    });
    $("countdown-cancel").addEventListener("click", async () => {
      await change("countdown", "/api/countdown", { duration: "0" }, "Countdown cancelled.");
      refreshRoom();
    });
    const logout = $("logout");
    if (logout) {
      logout.addEventListener("click", async () => {
        await fetch("/logout", { method: "POST", credentials: "same-origin",
          headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf }, body: "{}" });
        location.reload();
      });
    }

    // Tube care: each tube's cathodes as bars, the most used at full height, the ones that lag
    // most marked. Hidden while the clock does not count (or predates counting).
    function hours(seconds) {
      return seconds >= 3600 ? (seconds / 3600).toFixed(1) + " h"
        : seconds >= 60 ? (seconds / 60).toFixed(1) + " min" : seconds.toFixed(1) + " s";
    }

    function fillWear(answer) {
      const holder = $("wear");
      holder.replaceChildren();
      (answer.tubes || []).forEach((tube, index) => {
        const names = Object.keys(tube.cathodes);
        const most = Math.max(0, ...names.map((name) => tube.cathodes[name]));
        const lagging = new Set(most > 0 ? (tube.least_used || []).map((entry) => entry.cathode) : []);
        const box = document.createElement("div");
        box.className = "wear-tube";
        const title = document.createElement("p");
        title.textContent = "Tube " + (index + 1) + " · " + tube.model + " · glowed " + hours(tube.seconds)
          + (lagging.size ? " · least used " + [...lagging].join(", ") : "");
        const bars = document.createElement("div");
        bars.className = "wear-bars";
        bars.setAttribute("role", "img");
        const labels = document.createElement("div");
        labels.className = "wear-names";
        const described = [];
        for (const name of names) {
          const seconds = tube.cathodes[name];
          const bar = document.createElement("span");
          bar.style.height = (most > 0 ? Math.max(1, Math.round(100 * seconds / most)) : 1) + "%";
          bar.dataset.name = name;
          bar.dataset.seconds = seconds;
          bar.title = name + ": " + hours(seconds);
          const label = document.createElement("span");
          label.textContent = name;
          if (lagging.has(name)) { bar.className = "lag"; label.className = "lag"; }
          bars.append(bar);
          labels.append(label);
          described.push(name + " " + hours(seconds));
        }
        bars.setAttribute("aria-label", "Tube " + (index + 1) + ": " + described.join(", "));
        box.append(title, bars, labels);
        holder.append(box);
      });
      $("wear-section").hidden = !(answer.tubes && answer.tubes.length);
    }

    async function refreshWear() {
      try {
        const response = await fetch("/api/wear", { credentials: "same-origin" });
        if (response.ok) fillWear(await response.json());
        else if (response.status === 422) $("wear-section").hidden = true;
      } catch (error) {
        // The next round tries again.
      }
    }

    loadTubes().then(listen);
    refresh().then(loadZones);
    refreshWear();
    refreshRoom();
    setInterval(refreshRoom, 5000);
    setInterval(refreshWear, 60000);
    """#

  /// The backlight's colour names and their `#rrggbb`, for the page's colour picker.
  static var colourNames: String {
    JSONText.object(
      BacklightSetting.names.map { name, rgb in
        (name, JSONText.quoted("#" + String(String(rgb | 0x100_0000, radix: 16).dropFirst())))
      })
  }
}
