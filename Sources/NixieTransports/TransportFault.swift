/// A transport error that says whether the same operation may succeed if tried again.
///
/// A NACK from an expander that was busy, or a bus timeout, is transient: drivers retry it
/// (`RetryPolicy`) and a long-running program carries on. A missing device or a permission
/// problem is not: trying again changes nothing until the user acts.
public protocol TransportFault: Error {
  var isTransient: Bool { get }
}

/// Whether `error` may go away if the operation is tried again (see `TransportFault`).
public func isTransientFault(_ error: any Error) -> Bool {
  (error as? any TransportFault)?.isTransient ?? false
}
