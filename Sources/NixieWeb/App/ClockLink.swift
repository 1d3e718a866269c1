import NixieControl
import NixieText

/// How `nixie web` talks to the clock: one control request, the clock's answer. The real one is
/// the control socket (`ControlSocketLink`); tests use a stand-in.
public protocol ClockLink: Sendable {
  /// The clock's `{"ok": true, …}` answer, or why there is none.
  func request(_ request: ControlRequest) -> Result<JSONValue, ControlClient.Failure>
}

/// The clock's control socket, a short exchange per request: the web process holds no
/// connection the clock would have to keep (the frames have their own, `FrameRelay`).
public struct ControlSocketLink: ClockLink {
  public let path: String
  /// How long one answer may take; the server's thread waits this long at most.
  public let timeoutMilliseconds: Int

  public init(path: String, timeoutMilliseconds: Int = 1500) {
    self.path = path
    self.timeoutMilliseconds = timeoutMilliseconds
  }

  public func request(_ request: ControlRequest) -> Result<JSONValue, ControlClient.Failure> {
    do throws(ControlClient.Failure) {
      return .success(try ControlClient.request(request, to: path, timeoutMilliseconds: timeoutMilliseconds))
    } catch {
      return .failure(error)
    }
  }
}
