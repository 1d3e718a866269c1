import NixieSystem

/// Where the control socket lives when the configuration does not say: the one rule the clock
/// (which listens) and `nixie send` and `nixie web` (which connect) share.
///
/// The service listens in its runtime directory, `/run/nixie` (systemd makes it). A clock run
/// by a user, who may not write there, listens in the user's runtime directory
/// (`$XDG_RUNTIME_DIR/nixie/control.sock`), else in a private `/tmp/nixie-UID`. `nixie send`
/// looks in the same places, the service's first, and takes the first socket it finds.
public enum ControlSocketPath {
  /// The service's socket.
  public static let service = "/run/nixie/control.sock"
  /// The group given the socket when it exists and the clock may give it, so its members can
  /// use `nixie send` (the package creates it).
  public static let group = "nixie"

  /// The user's own place for the socket.
  public static func user(environment: (String) -> String? = Environment.value) -> String {
    if let runtime = environment("XDG_RUNTIME_DIR"), runtime.hasPrefix("/"), !runtime.isEmpty {
      return runtime + "/nixie/control.sock"
    }
    return "/tmp/nixie-\(CurrentProcess.userID)/control.sock"
  }

  /// Where a clock listens: the service's directory when this process may write in it,
  /// else the user's place.
  public static func forClock(environment: (String) -> String? = Environment.value) -> String {
    FileSystem.isWritableDirectory(directory(of: service)) ? service : user(environment: environment)
  }

  /// Where `nixie send` connects: the first of the service's and the user's sockets that
  /// exists, else the service's (whose absence the error then names).
  public static func forSend(environment: (String) -> String? = Environment.value) -> String {
    searched(environment: environment).first(where: FileSystem.exists) ?? service
  }

  /// The sockets `nixie send` looks for, in order: the service's, then the user's.
  public static func searched(environment: (String) -> String? = Environment.value) -> [String] {
    [service, user(environment: environment)]
  }

  /// Makes the folder of a user's socket (private to the user) before the clock binds it.
  public static func prepare(_ path: String, environment: (String) -> String? = Environment.value)
    throws(SystemCallError)
  {
    guard path == user(environment: environment) else { return }
    try FileSystem.privateDirectory(directory(of: path))
  }

  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
  }
}
