import Glibc

/// An error number from the C library, as a matchable value (as swift-system's `Errno`).
public struct Errno: Error, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: Int32

  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// The calling thread's `errno`, right after a failed call.
  @inlinable public static var current: Errno { Errno(rawValue: Glibc.errno) }

  public static let noSuchFile = Errno(rawValue: ENOENT)
  public static let interrupted = Errno(rawValue: EINTR)
  public static let ioError = Errno(rawValue: EIO)
  public static let noSuchDeviceOrAddress = Errno(rawValue: ENXIO)
  public static let tryAgain = Errno(rawValue: EAGAIN)
  public static let permissionDenied = Errno(rawValue: EACCES)
  public static let notPermitted = Errno(rawValue: EPERM)
  public static let busy = Errno(rawValue: EBUSY)
  public static let noSuchDevice = Errno(rawValue: ENODEV)
  public static let invalidArgument = Errno(rawValue: EINVAL)
  public static let notATypewriter = Errno(rawValue: ENOTTY)
  public static let timedOut = Errno(rawValue: ETIMEDOUT)
  public static let remoteIO = Errno(rawValue: EREMOTEIO)
  public static let protocolError = Errno(rawValue: EPROTO)
  public static let notSupported = Errno(rawValue: EOPNOTSUPP)
  public static let connectionRefused = Errno(rawValue: ECONNREFUSED)
  public static let notADirectory = Errno(rawValue: ENOTDIR)
  public static let brokenPipe = Errno(rawValue: EPIPE)
  public static let tooManyOpenFiles = Errno(rawValue: EMFILE)
  public static let tooManyOpenFilesInSystem = Errno(rawValue: ENFILE)

  /// The symbolic names of the numbers hardware calls return, for messages.
  private static let names: [Int32: String] = [
    ENOENT: "ENOENT", EINTR: "EINTR", EIO: "EIO", ENXIO: "ENXIO", EAGAIN: "EAGAIN",
    EACCES: "EACCES", EPERM: "EPERM", EBUSY: "EBUSY", ENODEV: "ENODEV", EINVAL: "EINVAL",
    ENOTTY: "ENOTTY", ETIMEDOUT: "ETIMEDOUT", EREMOTEIO: "EREMOTEIO", EPROTO: "EPROTO",
    EOPNOTSUPP: "EOPNOTSUPP", EBADF: "EBADF", ENOMEM: "ENOMEM", EFAULT: "EFAULT",
    ECONNREFUSED: "ECONNREFUSED", ENOTDIR: "ENOTDIR", EPIPE: "EPIPE", EADDRINUSE: "EADDRINUSE",
    EEXIST: "EEXIST", ENAMETOOLONG: "ENAMETOOLONG", EMFILE: "EMFILE", ENFILE: "ENFILE", ENOSPC: "ENOSPC",
  ]

  /// `ENOENT`, or `errno 123` for a number without a name here.
  public var name: String { Self.names[rawValue] ?? "errno \(rawValue)" }

  /// The C library's wording, e.g. `No such file or directory`.
  public var message: String { String(cString: strerror(rawValue)) }

  /// `No such file or directory (ENOENT)`.
  public var description: String { "\(message) (\(name))" }
}
