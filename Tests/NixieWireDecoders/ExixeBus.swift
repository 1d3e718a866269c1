/// A row of exixe modules on one SPI bus (mode 0, MSB first), each behind its own active-low
/// chip-select `cs0`, `cs1`, … (tube 1 leftmost): every command decoded and applied to its
/// module, as the modules' firmware would.
public struct ExixeBus: Sendable, Equatable {
  /// One command as a module received it, and the module's state after it.
  public struct Event: Sendable, Equatable {
    /// The tube (0 = leftmost, the module behind `cs0`).
    public var tube: Int
    /// When its chip-select went back high.
    public var time: UInt64
    /// The command, or nil when the header was invalid and the module reset itself.
    public var command: ExixeCommand?
    public var module: ExixeModule
  }

  public private(set) var events: [Event] = []
  /// Every module's state at the end of the trace.
  public private(set) var modules: [ExixeModule]

  /// Decodes the commands to `tubes` modules in `trace`. A chip-select assertion that does
  /// not carry exactly 16 whole bytes is an error: the module would lose the command framing.
  public init(trace: LogicTrace, tubes: Int) throws(WireDecodeError) {
    modules = Array(repeating: ExixeModule(), count: tubes)
    let selects = (0..<tubes).map(WireNames.cs)
    for transfer in try SPIDecoder.transfers(in: trace, selects: selects, mode: .mode0) {
      guard let bytes = transfer.bytesMSBFirst, bytes.count == 16 else {
        throw WireDecodeError(
          time: transfer.start,
          "\(selects[transfer.select]) framed \(transfer.bits.count) bits; an exixe command is 128 (16 bytes)"
        )
      }
      let command = try ExixeCommand(bytes: bytes)
      if let command {
        modules[transfer.select].apply(command)
      } else {
        modules[transfer.select] = ExixeModule()
      }
      events.append(
        Event(tube: transfer.select, time: transfer.end, command: command, module: modules[transfer.select]))
    }
  }
}
