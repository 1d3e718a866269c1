import Testing

@testable import NixieDoctor

/// The facts `nixie doctor` reads off this machine, through NixieSystem and NixieLinux.
struct LinuxDoctorSystemTests {
  @Test func theMachineFactsDoctorReads() {
    let system = LinuxDoctorSystem()
    #expect(!system.kernelRelease.isEmpty)
    #expect(!system.userName.isEmpty)
    #expect(system.node("/dev/null")?.isCharacterDevice == true)
    #expect(system.node("/dev/no-such-node") == nil)
    #expect(system.devices(prefix: "null") == ["/dev/null"])
    #expect(system.canReadWrite("/dev/null"))
    #expect(!system.processGroups.isEmpty)
  }
}
