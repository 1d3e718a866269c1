import NixieAlarms
import NixieControl
import NixieText

/// The page and its files, embedded in the binary: nothing is fetched from anywhere else
/// (the content security policy allows only this server). No framework: one HTML page, one
/// script (`WebAssets+Script.swift`), one style sheet (`WebAssets+Style.swift`).
public enum WebAssets {
  /// The page: the tubes, live, and the controls. `csrf` goes in a meta element the script reads.
  public static func page(csrf: String, loggedIn: Bool) -> String {
    let logout =
      loggedIn
      ? "<button id=\"logout\" type=\"button\" class=\"quiet\">Log out</button>"
      : ""
    // The clock's own ranges and defaults, so the page never offers what the clock refuses.
    let percent = SettingRanges.brightnessPercent
    let (low, high) = (percent.lowerBound, percent.upperBound)
    let night = NightMode.defaultBrightnessPercent
    return """
      \(head(title: "nixie", meta: "<meta name=\"csrf\" content=\"\(escaped(csrf))\">"))
      <body>
      <header><h1>nixie</h1><span id="status" class="status">connecting…</span>\(logout)</header>
      <main>
      <div id="tubes" class="tubes" aria-hidden="true" data-text="" data-frames="0"></div>
      <p class="screen-reader" aria-live="polite" aria-atomic="true">The tubes show <span id="shown"></span></p>
      <p id="message" class="message" role="status"></p>
      <section>
      <h2><label for="brightness">Brightness</label></h2>
      <div class="row"><input type="range" id="brightness" min="\(low)" max="\(high)" value="\(high)">
      <output id="brightness-value" for="brightness">\(high)&nbsp;%</output>
      <button id="brightness-apply" type="button">Apply</button></div>
      <p id="brightness-message" class="message" role="status"></p>
      <p class="hint" id="room" role="status" hidden></p>
      </section>
      <section>
      <h2><label for="timezone">Time zone</label></h2>
      <div class="row"><select id="timezone"></select>
      <button id="timezone-apply" type="button">Apply</button></div>
      <p id="timezone-message" class="message" role="status"></p>
      </section>
      <section>
      <h2><label for="faces">Faces</label></h2>
      <div class="row"><input id="faces" autocomplete="off" spellcheck="false" placeholder="HH:mm:ss@50, dd.MM.yy@10">
      <button id="faces-apply" type="button">Apply</button></div>
      <p id="faces-message" class="message" role="status"></p>
      <p class="hint">Patterns as in nixie.yaml, each with @seconds in the rotation, separated by commas.</p>
      </section>
      <section>
      <h2>Night</h2>
      <div class="row"><span class="group"><label class="check"><input type="checkbox" id="night-on"> from</label>
      <input type="time" id="night-from" value="22:00" aria-label="night from"></span>
      <span class="group"><label for="night-until">until</label> <input type="time" id="night-until" value="06:00"></span></div>
      <div class="row"><select id="night-mode" aria-label="night mode"><option value="dim">dim</option><option value="dark">dark</option></select>
      <span class="group"><input type="number" id="night-brightness" min="\(low)" max="\(high)" value="\(night)" aria-label="night brightness"><span class="unit">%</span></span>
      <button id="night-apply" type="button">Apply</button></div>
      <p id="night-message" class="message" role="status"></p>
      </section>
      <section id="backlight-section">
      <h2><label for="backlight">Backlight</label></h2>
      <div class="row"><select id="backlight-mode" aria-label="backlight mode"><option value="colour">colour</option>
      <option value="cycle">colour cycle</option><option value="off">off</option></select>
      <input type="color" id="backlight" value="#ff8800">
      <button id="backlight-apply" type="button">Apply</button></div>
      <p id="backlight-message" class="message" role="status"></p>
      <p class="hint" id="backlight-note"></p>
      </section>
      <section>
      <h2><label for="show-value">Show a value</label></h2>
      <div class="row"><input id="show-value" autocomplete="off" placeholder="1234">
      <span class="group"><label for="show-seconds">for</label> <input type="number" id="show-seconds" min="1" max="\(Int(ControlRequest.maximumSeconds))" value="\(SettingRanges.defaultShowSeconds)"><span class="unit">s</span></span>
      <label class="check"><input type="checkbox" id="show-group"> group digits: 12 345</label>
      <button id="show-apply" type="button">Show</button></div>
      <p id="show-message" class="message" role="status"></p>
      </section>
      <section>
      <h2>Anti-poisoning</h2>
      <div class="row"><button id="anti-poisoning" type="button">Run now</button></div>
      <p id="anti-poisoning-message" class="message" role="status"></p>
      <p class="hint">The slot machine through every cathode, then back to the clock.</p>
      </section>
      \(alarms)
      \(tubeCare)
      </main>
      <script src="/app.js"></script>
      </body>
      </html>

      """
  }

  /// The Alarms section: what the bell does and the next ring (filled by the script from the
  /// state, a note while it rings), the buttons that snooze, stop and skip, and the countdown.
  static let alarms = """
    <section id="alarm-section">
    <h2>Alarms</h2>
    <p id="alarm-status" class="status" role="status">No alarm is set.</p>
    <div class="row"><button id="alarm-snooze" type="button">Snooze</button>
    <button id="alarm-stop" type="button">Stop</button>
    <button id="alarm-skip-next" type="button">Skip next</button></div>
    <p id="alarm-message" class="message" role="status"></p>
    <div id="alarm-list" class="alarm-list"></div>
    <datalist id="tunes">\(BuiltInTunes.names.map { "<option value=\"\(escaped($0))\">" }.joined())</datalist>
    <div class="row"><button id="alarm-add" type="button" class="quiet">Add an alarm</button>
    <button id="alarms-apply" type="button">Save alarms</button></div>
    <p id="alarms-message" class="message" role="status"></p>
    <div class="row"><span class="group"><label for="countdown">Countdown</label>
    <input id="countdown" autocomplete="off" placeholder="9m" size="8"></span>
    <button id="countdown-start" type="button">Start</button>
    <button id="countdown-cancel" type="button">Cancel</button></div>
    <p id="countdown-message" class="message" role="status"></p>
    <p class="hint">Each alarm rings at its time on the days ticked, with a built-in tune or RTTTL; saved
    alarms replace nixie.yaml's. A countdown takes 90s, 9m or 1h30m, up to 24h.</p>
    </section>
    """

  /// The Tube care section: each tube's cathodes as bars, drawn by the script from the clock's
  /// count (`/api/wear`); hidden until it arrives, and for a clock that counts nothing.
  static let tubeCare = """
    <section id="wear-section" hidden>
    <h2>Tube care</h2>
    <div id="wear" class="wear"></div>
    <p class="hint">How long each cathode has glowed, the most used of its tube at full height.
    The marked ones lag most: each anti-poisoning run gives them most of its time.</p>
    </section>
    """

  /// The login page (when a password is set), with `message` after a wrong password.
  public static func loginPage(message: String?) -> String {
    let note = message.map { "<p class=\"message bad\" role=\"alert\">\(escaped($0))</p>" } ?? ""
    return """
      \(head(title: "nixie: log in"))
      <body>
      <header><h1>nixie</h1></header>
      <main>
      <form method="post" action="/login" class="login">
      <label for="password">Password</label>
      <input type="password" id="password" name="password" autocomplete="current-password" required autofocus>
      <button type="submit">Log in</button>
      \(note)
      </form>
      </main>
      </body>
      </html>

      """
  }

  /// Both pages' beginning, to the end of the head: the viewport, `meta` (the page's own),
  /// `title`, and the links to the style sheet, the icons and the manifest.
  static func head(title: String, meta: String = "") -> String {
    """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">\(meta.isEmpty ? "" : "\n" + meta)
    <title>\(escaped(title))</title>
    <link rel="stylesheet" href="/app.css">
    <link rel="icon" href="/favicon.ico" type="image/svg+xml">
    <link rel="apple-touch-icon" href="\(WebIcon.pngPath(192))">
    <link rel="manifest" href="/manifest.webmanifest">
    <meta name="theme-color" content="\(background)">
    </head>
    """
  }

  /// The page's background colour (`app.css`'s `body`), the manifest's and the theme's.
  static let background = "#0a0807"

  /// The web app manifest (W3C Web Application Manifest): the name, the colours and the icons a
  /// phone's "Add to Home Screen" uses; opened on its own, the page fills the screen.
  public static let manifest = JSONText.object([
    ("name", JSONText.quoted("nixie")), ("short_name", JSONText.quoted("nixie")),
    ("description", JSONText.quoted("The nixie clock's tubes, live, and its settings")),
    ("start_url", JSONText.quoted("/")), ("scope", JSONText.quoted("/")),
    ("display", JSONText.quoted("standalone")), ("background_color", JSONText.quoted(background)),
    ("theme_color", JSONText.quoted(background)),
    (
      "icons",
      JSONText.array(
        json: [
          JSONText.object([
            ("src", JSONText.quoted("/favicon.ico")), ("type", JSONText.quoted("image/svg+xml")),
            ("sizes", JSONText.quoted("any")),
          ])
        ]
          + WebIcon.pngSizes.map { side in
            JSONText.object([
              ("src", JSONText.quoted(WebIcon.pngPath(side))), ("type", JSONText.quoted("image/png")),
              ("sizes", JSONText.quoted("\(side)x\(side)")),
            ])
          })
    ),
  ])

  /// Text for HTML content and attribute values (`MarkupText`).
  static func escaped(_ text: String) -> String { MarkupText.escaped(text) }
}
