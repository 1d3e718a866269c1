import Glibc

/// The process's environment variables.
public enum Environment {
  /// The value of `name`, if set. The corresponding C function is `getenv`.
  public static func value(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Every variable, read from `environ`.
  public static var all: [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      entry += 1
    }
    return variables
  }
}

/// This process.
public enum CurrentProcess {
  /// Its process ID. The corresponding C function is `getpid`.
  public static var id: Int32 { getpid() }

  /// Its real user ID. The corresponding C function is `getuid`.
  public static var userID: UInt32 { getuid() }
}
