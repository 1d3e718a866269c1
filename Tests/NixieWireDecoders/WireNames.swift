/// The names of the wires in a board's trace: the phase 2 simulator emits exactly these, and
/// the decoders look them up by these names (BOARDS.md, "Trace wire names").
public enum WireNames {
  /// SPI data from the host (NCS314 family, NCM109, exixe).
  public static let mosi = "mosi"
  /// SPI clock from the host.
  public static let sclk = "sclk"
  /// Latch enable of an HV5122/HV5222/HV57708 chain (NCS314 family, NCM109), a plain GPIO.
  public static let le = "le"
  /// The exixe module's chip-select for tube `index` (0 = leftmost), active low.
  public static func cs(_ index: Int) -> String { "cs\(index)" }
  /// 74HC595 serial data (Omnixie NTDB `DATA`).
  public static let data = "data"
  /// 74HC595 shift clock (`SHCP`).
  public static let shcp = "shcp"
  /// 74HC595 storage (latch) clock (`STCP`).
  public static let stcp = "stcp"
  /// 74HC595 output enable, active low, used as the dimmer (`OE`).
  public static let oe = "oe"
  /// High-voltage supply enable, high = on (NCS314 HW 3.x `SHDN`, Omnixie `ON/OFF`).
  public static let hvEnable = "hven"
  /// The board-variant detect input the host reads at start (NCS314 `R5222`: low = HV5222).
  public static let detect = "detect"
  /// A separately driven colon (Omnixie `COLON`), high = lit.
  public static let colon = "colon"
  /// Backlight channels, high = lit (NCS314 HW 2.x soft PWM).
  public static let red = "red"
  public static let green = "green"
  public static let blue = "blue"
  /// Addressable backlight data (NCS314 HW 3.x: SK6812/WS2812-style chain).
  public static let pixels = "pixels"
  /// Buttons as the host sees them (NCS314: pulled up, low = pressed).
  public static let modeButton = "mode"
  public static let upButton = "up"
  public static let downButton = "down"
  /// The buzzer line.
  public static let buzzer = "buzzer"
  /// A presence line (a PIR module's output) as the host reads it.
  public static let presence = "presence"
}
