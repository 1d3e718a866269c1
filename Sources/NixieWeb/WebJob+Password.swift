import NixieCore
import NixieSystem
import NixieText

extension WebJob {
  /// `nixie web --set-password`, all of it: asks for the password when standard input is a
  /// terminal (and reads it there without echo), else reads one line from it; stores its hash
  /// (`setPassword`) and says where on standard output. The command line only calls this.
  public func setPasswordFromStandardInput() throws(NixieError) {
    let asking = Terminal.standardInputIsTerminal
    if asking { FileStream.standardError.line("New password for nixie web (not shown): ") }
    guard let password = Terminal.readLineWithoutEcho() else {
      throw NixieError(.badUsage, "no password on standard input")
    }
    // The Enter the terminal did not echo.
    if asking { FileStream.standardError.line("") }
    let path = try setPassword(password)
    FileStream.standardOutput.line(
      "nixie web: password stored in \(Printable.escaped(path)); restart nixie web ('sudo systemctl restart nixie-web')"
    )
  }

  /// `--set-password`: hashes `password` (yescrypt) and writes it into the configuration file
  /// (the other settings kept), readable by group `nixie` only.
  public func setPassword(_ password: String) throws(NixieError) -> String {
    if let refusal = PasswordHash.refusal(of: password) { throw NixieError(.badUsage, refusal) }
    let path = configurationPath ?? WebConfiguration.defaultPath
    // A first password makes the file; the settings already there are kept.
    var configuration = FileSystem.exists(path) ? try configuration() : WebConfiguration()
    do {
      configuration.passwordHash = try PasswordHash.make(password: password)
    } catch {
      throw NixieError(.internalError, "cannot hash the password: \(error)")
    }
    do {
      try AtomicFile.write(Array(configuration.yaml.utf8), to: path, mode: 0o640, groupIfPossible: "nixie")
    } catch {
      throw NixieError(.ioError, "\(Printable.escaped(path)): \(error)")
    }
    return path
  }
}
