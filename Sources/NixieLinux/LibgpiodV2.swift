#if LIBGPIOD_V2
  import CGPIOD
  import Glibc
  import NixieSystem

  /// `GPIOChipAPI` on libgpiod 2.x (the v2 API), built when pkg-config finds a 2.x library.
  /// Every libgpiod call of such a build is in the LibgpiodV2 files, each through `call` (or
  /// `make` for the calls that return a pointer), which run it through `SystemCall.run`: it
  /// retries EINTR, and they turn errno into a `HardwareError`.
  ///
  /// What 2.x brings that nixie uses: per-line settings in one request (the encoder's A and B
  /// with both edges, its switch also debounced by the kernel), writes of only the lines that
  /// change (`gpiod_line_request_set_values_subset`), and one ordered event queue per request.
  enum LibgpiodV2: GPIOLibrary {
    static var version: String { String(cString: gpiod_api_version()) }
    static let apiMajor = 2

    /// By path, name or label (`ChipReference`); 2.x opens by path only, so the labels are
    /// looked for in every GPIO chip in `/dev`, in number order: the first chip with the first
    /// label wins, else the chip with the earliest label of the list, else the chip compatible with
    /// one of the labels' device-tree compatibles (`ChipReference.compatibles`).
    static func openChip(_ reference: String) throws(HardwareError) -> any GPIOChipAPI {
      let chipReference = ChipReference(reference)
      if let device = chipReference.devicePath {
        return try open(device)
      }
      let labels = chipReference.labels
      var firstFailure: HardwareError?
      var best: (rank: Int, chip: LibgpiodV2Chip)?
      for path in chipPaths() {
        do throws(HardwareError) {
          let chip = try open(path)
          guard let rank = labels.firstIndex(of: chip.label) else { continue }
          if rank == 0 { return chip }
          if rank < best?.rank ?? labels.count { best = (rank, chip) }
        } catch {
          firstFailure = firstFailure ?? error
        }
      }
      if let best { return best.chip }
      // No chip has the labels: the chip whose device tree node is compatible, if one is.
      if let path = chipReference.compatibleDevicePath() { return try open(path) }
      // A chip that could not be opened may be the one (libgpiod 1.6 fails the same way).
      if let firstFailure, firstFailure.problem == .permissionDenied { throw firstFailure }
      throw HardwareError(
        transport: .gpio, device: reference, operation: "open the GPIO chip", problem: .noSuchChip,
        errno: .noSuchFile, detail: chipReference.notFoundDetail)
    }

    /// Opens the chip at `path`; a node that is not a GPIO chip is `.noSuchChip`.
    static func open(_ path: String) throws(HardwareError) -> LibgpiodV2Chip {
      let operation = "open the GPIO chip"
      do throws(SystemCallError) {
        let chip = try SystemCall.run("libgpiod") { gpiod_chip_open(path) }
        return try LibgpiodV2Chip(chip, path: path)
      } catch {
        // libgpiod checks the node it opens: ENOTTY (not a character device) or ENODEV (not in
        // the gpio subsystem) for a node that exists means it is something else.
        if [.notATypewriter, .noSuchDevice].contains(error.errno) && FileSystem.exists(path) {
          throw HardwareError(
            transport: .gpio, device: path, operation: operation, problem: .noSuchChip, errno: error.errno,
            detail: "not a GPIO character device")
        }
        throw HardwareError(error.errno, transport: .gpio, device: path, operation: operation, phase: .open)
      }
    }

    /// `/dev/gpiochipN` for every GPIO chip, in number order.
    static func chipPaths() -> [String] {
      let prefix = "gpiochip"
      var chips: [(number: Int, path: String)] = []
      for path in Directory.devices(prefix: prefix) {
        guard let number = Int(path.dropFirst("/dev/".count + prefix.count)) else { continue }
        if gpiod_is_gpiochip_device(path) { chips.append((number, path)) }
      }
      return chips.sorted { $0.number < $1.number }.map(\.path)
    }

    /// Runs a libgpiod call that returns a new object, or nil with errno on failure.
    static func make<Pointer>(
      _ device: String, _ operation: @autoclosure () -> String, phase: HardwareError.Phase,
      _ body: () -> Pointer?
    ) throws(HardwareError) -> Pointer {
      do throws(SystemCallError) {
        return try SystemCall.run("libgpiod", body)
      } catch {
        throw HardwareError(
          error.errno, transport: .gpio, device: device, operation: operation(), phase: phase)
      }
    }
  }
#endif
