import Glibc

/// Real-time frames (`nixie clock --realtime`): the frame thread at SCHED_FIFO, so a busy
/// machine cannot make a PWM slice late, and the process's memory locked in RAM, so a page
/// fault cannot either. Both need permission: root, CAP_SYS_NICE and CAP_IPC_LOCK, or the
/// limits the shipped unit sets (`LimitRTPRIO=`, `LimitMEMLOCK=`).
public enum RealTime {
  /// The SCHED_FIFO priority of the frame thread: above every normal thread, below the
  /// kernel's interrupt threads (50), so the GPIO and SPI drivers still run first.
  public static let priority: Int32 = 10

  /// Locks the pages the process has now and those it faults in later within its mappings
  /// (MCL_ONFAULT: nothing extra is made resident, so the memory footprint does not grow).
  /// The frame path allocates nothing once running, so it never waits for the disk.
  /// The corresponding C function is `mlockall(MCL_CURRENT | MCL_ONFAULT)`.
  public static func lockMemory() throws(SystemCallError) {
    let onFault: Int32 = 4  // MCL_ONFAULT (Linux 4.4), which Glibc's module does not export
    try SystemCall.run("mlockall") { mlockall(MCL_CURRENT | onFault) }
  }
}
