/// What the kernel says about one line of a gpiochip: whether it is taken, and by whom.
public struct GPIOLineInfo: Hashable, Sendable {
  public var offset: UInt32
  /// The line's name from the device tree (`GPIO17`), if it has one.
  public var name: String?
  /// Who holds the line (`nixie`, `spi0 CS0`), if anyone named it.
  public var consumer: String?
  /// Whether the line is taken: requested by a program or claimed by a kernel driver.
  public var isUsed: Bool
  public var isOutput: Bool

  public init(offset: UInt32, name: String?, consumer: String?, isUsed: Bool, isOutput: Bool) {
    self.offset = offset
    self.name = name
    self.consumer = consumer
    self.isUsed = isUsed
    self.isOutput = isOutput
  }

  /// `held by "spi0 CS0"`, or `in use` when the holder gave no name.
  public var holder: String {
    consumer.map { $0.isEmpty ? "in use" : "held by \"\($0)\"" } ?? "in use"
  }
}
