import NixieSystem

/// Where the daemon learns whether the system clock is synchronised; injectable for tests.
public protocol SynchronisationSource: AnyObject {
  func synchronisation() -> ClockSynchronisation
}

/// The kernel's answer (adjtimex) is the real source.
extension KernelTimeStatus: SynchronisationSource {}
