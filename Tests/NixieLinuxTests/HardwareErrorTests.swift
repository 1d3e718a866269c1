import Glibc
import NixieSystem
import NixieTransports
import Testing

@testable import NixieLinux

/// Every failure becomes a typed error whose errno is classified by when it came, and whose
/// message says what to do.
struct HardwareErrorTests {
  @Test(arguments: [
    (ENOENT, HardwareError.Phase.open, HardwareError.Problem.missingDevice),
    (ENODEV, .open, .missingDevice), (ENXIO, .open, .missingDevice),
    (EACCES, .open, .permissionDenied), (EPERM, .open, .permissionDenied),
    (ENOTTY, .open, .noSuchChip), (EBUSY, .request, .busy), (EACCES, .request, .permissionDenied),
    (EINVAL, .request, .unsupported), (EINVAL, .configure, .unsupported),
    (EBUSY, .configure, .busy), (ENXIO, .transfer, .noAnswer), (EREMOTEIO, .transfer, .noAnswer),
    (EIO, .transfer, .busFault), (ETIMEDOUT, .transfer, .busFault), (EAGAIN, .transfer, .busFault),
    (ENODEV, .transfer, .missingDevice), (ENOMEM, .open, .failed), (ENOMEM, .transfer, .failed),
  ])
  func errnoMeansWhatItsPhaseSays(
    _ number: Int32, _ phase: HardwareError.Phase, _ problem: HardwareError.Problem
  ) {
    #expect(HardwareError.problem(for: Errno(rawValue: number), during: phase) == problem)
  }

  @Test func anI2CTransferToAnAddressNobodyAnswersIsANackWhateverTheAdapterSays() {
    // i2c-stub says ENODEV where a Raspberry Pi's adapter says ENXIO or EREMOTEIO.
    for number in [ENXIO, EREMOTEIO, ENODEV] {
      #expect(HardwareError.problem(for: Errno(rawValue: number), during: .transfer, on: .i2c) == .noAnswer)
    }
    #expect(HardwareError.problem(for: .noSuchDevice, during: .transfer, on: .spi) == .missingDevice)
    #expect(HardwareError.problem(for: .noSuchDevice, during: .open, on: .i2c) == .missingDevice)
  }

  @Test func onlyNacksAndBusFaultsAreTransient() {
    for problem in HardwareError.Problem.allCases {
      let error = HardwareError(transport: .i2c, device: "/dev/i2c-1", operation: "x", problem: problem)
      #expect(error.isTransient == [.noAnswer, .busFault].contains(problem), "\(problem)")
      #expect(isTransientFault(error) == error.isTransient)
    }
  }

  @Test func theMessageNamesDeviceOperationErrnoAndFix() {
    let error = HardwareError(
      Errno.permissionDenied, transport: .gpio, device: "/dev/gpiochip0", operation: "open the GPIO chip",
      phase: .open)
    #expect(
      error.description
        == "/dev/gpiochip0: open the GPIO chip: permission denied [Permission denied (EACCES)] — "
        + "add your user to group gpio (sudo usermod -aG gpio $USER, then log in again) or install "
        + "nixie's udev rules (see udev/README.md)")
  }

  @Test(arguments: [
    (HardwareError.Transport.spi, "dtparam=spi=on"), (.spi, "raspi-config nonint do_spi 0"),
    (.i2c, "dtparam=i2c_arm=on"), (.i2c, "raspi-config nonint do_i2c 0"), (.i2c, "modprobe i2c-dev"),
    (.gpio, "gpiodetect"),
  ])
  func aMissingDeviceSaysHowToEnableIt(_ transport: HardwareError.Transport, _ advice: String) {
    let fix = HardwareError.fix(for: .missingDevice, transport: transport, device: "/dev/x")
    #expect(fix.contains(advice), "\(fix)")
    // The hardware layer names no command-line option: the commands add their own.
    #expect(!fix.contains("--backend"), "\(fix)")
  }

  @Test(arguments: [HardwareError.Transport.gpio, .spi, .i2c])
  func permissionDeniedNamesTheGroupAndTheUdevRules(_ transport: HardwareError.Transport) {
    let fix = HardwareError.fix(for: .permissionDenied, transport: transport, device: "/dev/x")
    #expect(fix.contains("group \(transport.rawValue)"))
    #expect(fix.contains("usermod -aG \(transport.rawValue)"))
    #expect(fix.contains("udev"))
  }

  @Test func aLineHeldByTheSPIDriverPointsAtTheSPIBoard() {
    let fix = HardwareError.fix(
      for: .busy, transport: .gpio, device: "/dev/gpiochip0", detail: "spi0 CS0")
    #expect(fix.contains("dtparam=spi=off"))
    #expect(fix.contains("hv5622-6xin14-spi"))
    let other = HardwareError.fix(for: .busy, transport: .gpio, device: "/dev/gpiochip0", detail: "pigpio")
    #expect(other.contains("gpioinfo"))
  }

  @Test func aNackSaysWhereToLookWithTheBusNumber() {
    let error = HardwareError(
      Errno.remoteIO, transport: .i2c, device: "/dev/i2c-1", operation: "write 2 bytes at 0x20",
      phase: .transfer)
    #expect(error.problem == .noAnswer)
    #expect(error.fix.contains("i2cdetect -y 1"))
    #expect(error.fix.contains("A0–A2"))
  }

  @Test func aMissingLineNamesTheChip() {
    let fix = HardwareError.fix(for: .noSuchLine, transport: .gpio, device: "/dev/gpiochip1")
    #expect(fix.contains("gpioinfo /dev/gpiochip1"))
  }

  @Test func errnoHasItsNameAndTheLibraryWording() {
    #expect(Errno.noSuchFile.description == "No such file or directory (ENOENT)")
    #expect(Errno(rawValue: 9999).name == "errno 9999")
  }
}
