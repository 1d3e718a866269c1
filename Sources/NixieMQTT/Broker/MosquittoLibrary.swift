import CMosquitto

/// libmosquitto, loaded at run time (`CMosquitto`'s `cmosquitto_load`, dlopen): only `nixie
/// mqtt` maps it, so the clock daemon — the same binary — never carries libssl and libcrypto.
/// Loaded and initialised once per process.
struct MosquittoLibrary: @unchecked Sendable {
  /// Its functions (each non-nil once loaded).
  let api: CMosquittoAPI
  /// Its version, `2.0.11`.
  let version: String

  /// The library, or why it cannot be had: not installed, or too old.
  static let shared: Result<MosquittoLibrary, MQTTError> = {
    var api = CMosquittoAPI()
    var message = [CChar](repeating: 0, count: 512)
    guard cmosquitto_load(&api, &message, message.count) == 0 else {
      let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return .failure(
        MQTTError(
          "cannot load libmosquitto (\(reason)): install it with 'sudo apt install libmosquitto1'"))
    }
    _ = api.lib_init?()
    var (major, minor, revision): (Int32, Int32, Int32) = (0, 0, 0)
    _ = api.lib_version?(&major, &minor, &revision)
    return .success(MosquittoLibrary(api: api, version: "\(major).\(minor).\(revision)"))
  }()

  /// libmosquitto's words for `code`: a `MOSQ_ERR_…`, or from 128 on an MQTT 5 reason code (a
  /// DISCONNECT's).
  func describe(_ code: Int32) -> String {
    let words = code >= 128 ? api.reason_string?(code) : api.strerror?(code)
    return words.map { String(cString: $0) } ?? "error \(code)"
  }

  /// The broker's words for a refused connection: a CONNACK's return code (MQTT 3.1.1, 1 to 5)
  /// or reason code (MQTT 5, 128 and up).
  func describeRefusal(_ code: Int32) -> String {
    let words = code >= 128 ? api.reason_string?(code) : api.connack_string?(code)
    return words.map { String(cString: $0) } ?? "refused (\(code))"
  }
}

/// Why `nixie mqtt` cannot go on, in words for the log.
public struct MQTTError: Error, Hashable, Sendable, CustomStringConvertible {
  public let message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
