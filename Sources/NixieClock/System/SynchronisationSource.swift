/// Where the daemon learns whether the system clock is synchronised; injectable for tests.
public protocol SynchronisationSource: AnyObject {
  func synchronisation() -> ClockSynchronisation
}
