import NixieSimulator
import Testing

@Suite struct ViolationLogTests {
  @Test func keepsEveryMessageUpToTheLimit() {
    var log = ViolationLog()
    for index in 0..<ViolationLog.limit { log.record("v\(index)") }
    #expect(log.messages == (0..<ViolationLog.limit).map { "v\($0)" })
  }

  @Test func countsWhatItNoLongerKeeps() {
    var log = ViolationLog()
    for index in 0..<(ViolationLog.limit + 250) { log.record("v\(index)") }
    #expect(log.messages.count == ViolationLog.limit + 1)
    #expect(log.messages.first == "v0")
    #expect(log.messages[ViolationLog.limit - 1] == "v\(ViolationLog.limit - 1)")
    #expect(log.messages.last == "… and 250 more")
  }
}
