import ArgumentParser
import NixieCore
import NixieSystem

/// Runs `nixie` with `arguments` and returns the exit code, turning every failure into the
/// message and exit code of docs/INTERFACE.md: never a crash dump for bad input.
public enum NixieMain {
  public static func run(_ arguments: [String]) -> Int32 {
    Signals.ignoreBrokenPipes()
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
        printError(message)
        return NixieError.Kind.badUsage.rawValue
      }
      printError("nixie: internal error: \(error)")
      return NixieError.Kind.internalError.rawValue
    }
  }

  static func printError(_ message: String) {
    let standardError = FileStream.standardError
    standardError.write(message.hasSuffix("\n") ? message : message + "\n")
    standardError.flush()
  }
}
