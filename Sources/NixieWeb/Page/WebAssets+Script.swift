import NixieText
import NixieTransitions

extension WebAssets {
  /// The page's script: draws the frames from `/events` on the tubes' SVG (each cathode at the
  /// brightness the eye sees at its duty, as the terminal view and `TubeSVG` draw it), reads the
  /// clock's state into the controls, and posts changes as JSON with the CSRF token.
  public static let script = #"""
    "use strict";
    const colourNames = \#(colourNames);
    const csrf = document.querySelector('meta[name="csrf"]').content;
    const $ = (id) => document.getElementById(id);
    let cathodes = null;
    let frames = 0;
    // Faces that show a topic (nixie mqtt) read "topic:NAME@SECONDS"; their decimals and
    // staleness are kept from the clock's state.
    let topicFaces = {};

    function say(text, bad) {
      const message = $("message");
      message.textContent = text;
      message.className = "message " + (bad ? "bad" : "good");
    }

    async function post(path, body) {
      let response;
      try {
        response = await fetch(path, {
          method: "POST", credentials: "same-origin",
          headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf },
          body: JSON.stringify(body),
        });
      } catch (error) {
        say("nixie web is not reachable", true);
        return false;
      }
      let answer = {};
      try { answer = await response.json(); } catch (error) { answer = {}; }
      if (response.status === 401) { location.reload(); return false; }
      if (!response.ok) { say(answer.error || "HTTP " + response.status, true); return false; }
      say("Done.", false);
      await refresh();
      return true;
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
      $("brightness-value").textContent = settings.brightness + " %";
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
      const pinned = { brightness: ["brightness", "brightness-apply"], timezone: ["timezone", "timezone-apply"],
        faces: ["faces", "faces-apply"] };
      for (const [key, ids] of Object.entries(pinned)) {
        for (const id of ids) $(id).disabled = state.pinned.includes(key);
      }
    }

    async function refresh() {
      try {
        const response = await fetch("/api/state", { credentials: "same-origin" });
        if (response.status === 401) { location.reload(); return; }
        const answer = await response.json();
        if (!response.ok) { say(answer.error || "HTTP " + response.status, true); return; }
        fill(answer);
      } catch (error) {
        say("the clock's state could not be read", true);
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
        say("the list of time zones could not be read", true);
      }
    }

    async function loadTubes() {
      const response = await fetch("/tubes.svg", { credentials: "same-origin" });
      if (!response.ok) { say("the tubes' picture: HTTP " + response.status, true); return; }
      const holder = $("tubes");
      holder.innerHTML = await response.text();
      cathodes = [];
      for (const shape of holder.querySelectorAll("[data-name]")) {
        const position = Number(shape.dataset.p);
        const byName = cathodes[position] || (cathodes[position] = {});
        const pair = byName[shape.dataset.name] || (byName[shape.dataset.name] = { lit: [], glow: [] });
        (shape.classList.contains("glow") ? pair.glow : pair.lit).push(shape);
      }
    }

    // Screen colours are gamma-encoded: a cathode lit half the time looks about 73 % bright.
    function perceived(duty) {
      return duty <= 0 ? 0 : Math.min(1, Math.sqrt(duty) * 0.5 + duty * 0.5);
    }

    function draw(frame) {
      if (!cathodes) return;
      cathodes.forEach((byName, position) => {
        const duties = frame.duties[position] || {};
        for (const [name, pair] of Object.entries(byName)) {
          const seen = perceived((duties[name] || 0) * frame.brightness);
          for (const shape of pair.lit) shape.setAttribute("opacity", seen.toFixed(3));
          for (const shape of pair.glow) shape.setAttribute("opacity", (seen * 0.6).toFixed(3));
        }
      });
      frames += 1;
      const holder = $("tubes");
      holder.dataset.text = frame.text;
      holder.dataset.frames = String(frames);
      holder.dataset.settled = String(frame.settled);
      holder.dataset.mono = String(frame.mono_ns);
    }

    function listen() {
      const events = new EventSource("/events");
      events.onmessage = (event) => {
        try { draw(JSON.parse(event.data)); } catch (error) { /* a frame that does not parse is skipped */ }
      };
      let reachable = null;
      events.addEventListener("clock", (event) => {
        const connected = JSON.parse(event.data).connected;
        $("status").textContent = connected ? "live" : "the clock is not reachable";
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
      $("brightness-value").textContent = $("brightness").value + " %";
    });
    $("brightness-apply").addEventListener("click", () =>
      post("/api/settings", { brightness: Number($("brightness").value) }));
    $("timezone-apply").addEventListener("click", () => post("/api/settings", { timezone: $("timezone").value }));
    $("faces-apply").addEventListener("click", () => post("/api/settings", { faces: faces() }));
    $("night-apply").addEventListener("click", () => {
      if (!$("night-on").checked) return post("/api/settings", { night: "off" });
      const night = { from: $("night-from").value, until: $("night-until").value, mode: $("night-mode").value };
      if (night.mode === "dim") night.brightness = Number($("night-brightness").value);
      return post("/api/settings", { night: night });
    });
    $("backlight-mode").addEventListener("change", () => {
      $("backlight").disabled = $("backlight-mode").value !== "colour";
    });
    $("backlight-apply").addEventListener("click", () => {
      const mode = $("backlight-mode").value;
      return post("/api/settings", { backlight: mode === "colour" ? $("backlight").value : mode });
    });
    $("show-apply").addEventListener("click", () =>
      post("/api/show", { value: $("show-value").value, seconds: Number($("show-seconds").value) }));
    $("anti-poisoning").addEventListener("click", () => post("/api/anti-poisoning", {}));
    const logout = $("logout");
    if (logout) {
      logout.addEventListener("click", async () => {
        await fetch("/logout", { method: "POST", credentials: "same-origin",
          headers: { "Content-Type": "application/json", "X-CSRF-Token": csrf }, body: "{}" });
        location.reload();
      });
    }

    loadTubes().then(listen);
    refresh().then(loadZones);
    """#

  /// The backlight's colour names and their `#rrggbb`, for the page's colour picker.
  static var colourNames: String {
    JSONText.object(
      BacklightSetting.names.map { name, rgb in
        (name, JSONText.quoted("#" + String(String(rgb | 0x100_0000, radix: 16).dropFirst())))
      })
  }
}
