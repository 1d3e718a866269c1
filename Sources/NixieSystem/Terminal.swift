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
}
