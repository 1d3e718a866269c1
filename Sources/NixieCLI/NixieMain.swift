import ArgumentParser
import NixieClock
import NixieCore
import NixieRuntime
import NixieSystem
import NixieText

/// Runs `nixie` with `arguments` and returns the exit code, turning every failure into the
/// message and exit code of docs/INTERFACE.md: never a crash dump for bad input.
public enum NixieMain {
  public static func run(_ arguments: [String]) -> Int32 {
    Signals.ignoreBrokenPipes()
    // The commands that end cleanly on a signal take it from the first instruction on: one
    // that comes before they are ready waits (the clock then exits 0, show blanks and exits 1).
    if let command = arguments.first, let signals = signalsTaken[command] { Signals.block(signals) }
    if let mistake = UsageHints.unknownHelpTopic(in: arguments) {
      printError(mistake)
      return NixieError.Kind.badUsage.rawValue
    }
    do {
      var command = try Nixie.parseAsRoot(arguments)
      try command.run()
      return 0
    } catch let failure as NixieError {
      printError("nixie: \(failure.message)")
      return failure.exitCode
    } catch let exit as ExitCode {
      return exit.rawValue
    } catch {
      let code = Nixie.exitCode(for: error)
      let message = Nixie.fullMessage(for: error)
      if code == .success {
        FileStream.standardOutput.line(message)
        return 0
      }
      if code == .validationFailure {
        printError(UsageHints.message(for: error, arguments: arguments))
        return NixieError.Kind.badUsage.rawValue
      }
      printError("nixie: internal error: \(error)")
      return NixieError.Kind.internalError.rawValue
    }
  }

  /// The signals each command handles itself, as its job declares them.
  static let signalsTaken: [String: [Signal]] = ["clock": ClockJob.signals, "show": ShowJob.signals]

  /// Prints `message` on standard error, each of its lines with control characters escaped:
  /// the one place messages leave nixie, so nothing a user typed or a file held reaches the
  /// terminal raw.
  /// Under systemd (`$JOURNAL_STREAM`), each line carries the error priority (`<3>`), so
  /// `journalctl -p err` shows why a start failed.
  static func printError(_ message: String) {
    let priority = JournalLogHandler.isJournal ? JournalLogHandler.prefix(.error) : ""
    let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map {
      priority + Printable.escaped(String($0))
    }
    var text = lines.joined(separator: "\n")
    if !text.hasSuffix("\n") { text += "\n" }
    let standardError = FileStream.standardError
    standardError.write(text)
    standardError.flush()
  }
}
