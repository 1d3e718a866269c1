import NixieLogging
import NixieSystem
import NixieText

/// The log's output for `nixie`: one plain line per message on standard error. Under
/// systemd (`$JOURNAL_STREAM` set) each line starts with its syslog priority (`<4>` …) so the
/// journal files it at the right level and adds its own timestamp; in a terminal it reads
/// `nixie clock: warning: …`.
struct JournalLogHandler: LogHandler {
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level
  let journal: Bool
  let label: String

  init(label: String, journal: Bool, level: Logger.Level) {
    self.label = label
    self.journal = journal
    self.logLevel = level
  }

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  /// Whether standard error goes to the journal (systemd sets `$JOURNAL_STREAM`).
  static var isJournal: Bool { Environment.value("JOURNAL_STREAM") != nil }

  /// The sd-daemon(3) prefix a line of `level` starts with in the journal (`<3>` for errors).
  static func prefix(_ level: Logger.Level) -> String { "<\(priorities[level] ?? 6)>" }

  /// syslog priorities of the log's levels (sd-daemon(3) prefixes).
  private static let priorities: [Logger.Level: Int] = [
    .trace: 7, .debug: 7, .info: 6, .notice: 5, .warning: 4, .error: 3, .critical: 2,
  ]

  func log(event: LogEvent) {
    // One line each, whatever the message holds: a newline or an escape sequence in a value
    // a client sent cannot forge a log line or reach the terminal raw.
    let message = Printable.escaped("\(event.message)")
    let line =
      journal
      ? "\(Self.prefix(event.level))\(message)\n"
      : "\(label): \(event.level): \(message)\n"
    let standardError = FileStream.standardError
    standardError.write(line)
    standardError.flush()
  }

  /// Installs the handler: info and up for the journal, notices and up in a terminal (where
  /// the tubes are being drawn), or `level` when the command line asks for one (`-v`, `-q`).
  static func bootstrap(level: Logger.Level? = nil) {
    let journal = isJournal
    let chosen = level ?? (journal ? .info : .notice)
    LoggingSystem.bootstrap { label in
      JournalLogHandler(label: label, journal: journal, level: chosen)
    }
  }
}
