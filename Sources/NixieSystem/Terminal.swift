import Glibc

/// What the process's terminal can do, for the tube view.
public enum Terminal {
  /// Whether standard output is a terminal (not a pipe or a file).
  public static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

  /// The terminal's width in columns, if it tells.
  public static var columns: Int? {
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  /// Whether standard input is a terminal (a person typing, not a pipe).
  public static var standardInputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

  /// One line from standard input with the terminal's echo off (for a password), or nil at
  /// end of input. When standard input is not a terminal it is read as it is.
  /// The corresponding C functions are `tcgetattr` and `tcsetattr`.
  public static func readLineWithoutEcho() -> String? {
    var saved = termios()
    guard standardInputIsTerminal, tcgetattr(STDIN_FILENO, &saved) == 0 else { return readLine() }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO)
    _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet)
    defer { _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved) }
    return readLine()
  }
}
