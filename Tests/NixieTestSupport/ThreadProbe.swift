import Foundation

/// Watching the threads of this process from a test, through /proc: which thread is which,
/// whether one is blocked in the kernel, and whether a call that should not block returns.
public enum ThreadProbe {
  /// The calling thread's /proc directory below /proc, `PID/task/TID`.
  public static func currentTask() -> String {
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self")) ?? ""
  }

  /// Waits (at most 10 s) until the thread at `task` (from `currentTask()`) sleeps in the
  /// kernel: blocked in its wait. False when it never does, or is gone.
  public static func waitUntilAsleep(_ task: String) -> Bool {
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline {
      let stat = (try? String(contentsOfFile: "/proc/\(task)/stat", encoding: .utf8)) ?? ""
      if let close = stat.lastIndex(of: ")"), stat[close...].hasPrefix(") S") { return true }
      Thread.sleep(forTimeInterval: 0.005)
    }
    return false
  }

  /// Whether `action`, run on a thread of its own, returns within 10 s: a bounded wait for
  /// something that would otherwise block for ever (a stop that did not end a thread's wait).
  public static func returnsSoon(_ action: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
      action()
      done.signal()
    }
    return done.wait(timeout: .now() + 10) == .success
  }
}
