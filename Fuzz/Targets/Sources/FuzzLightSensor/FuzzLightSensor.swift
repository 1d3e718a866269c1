import FuzzSupport
import NixieRoom

/// A light sensor's files in memory, as sysfs would show them.
private struct MemoryFiles: SensorFiles {
  var files: [String: String]
  func names(in directory: String) -> [String]? {
    directory == "/iio" ? files.keys.map { String($0.dropFirst(5)) } : nil
  }
  func read(_ path: String) -> Result<String, SensorFileError> {
    files[path].map { .success($0) } ?? .failure(SensorFileError("cannot read \(path): No such file"))
  }
}

/// Fuzzes the light sensor's values (`IIOLightSensor.read`: the kernel's files, processed or a
/// raw count with its scale and offset) and what `brightness: auto` makes of them
/// (`AutoBrightness`, on a curve the input chooses). The input is a series of samples, each
/// the files' texts apart by NULs. Whatever the files hold: a failure says why without raw
/// characters, a reading kept is a number between 0 and 200 000 lux, and the brightness is a
/// whole percent from 1 to 100 at every step.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLightSensor(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, count: size)
  let raw = input.flag()
  let withScale = input.flag()
  let withOffset = input.flag()
  var points: [LightCurve.Point] = []
  for _ in 0..<(2 + input.index(below: 4)) {
    let lux = Double(bitPattern: UInt64(bitPattern: input.int64()))
    points.append(LightCurve.Point(lux: lux, percent: Int(input.byte())))
  }
  let curve = (try? LightCurve.checked(points).get()) ?? .standard
  var auto = AutoBrightness(
    settings: AutoBrightness.Settings(curve: curve, fallbackPercent: Int(input.byte())))
  let names =
    raw
    ? ["in_illuminance_raw"] + (withScale ? ["in_illuminance_scale"] : [])
      + (withOffset ? ["in_illuminance_offset"] : [])
    : ["in_illuminance_input"]
  let texts = input.rest().split(separator: 0, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  var time: Int64 = 0
  for sample in stride(from: 0, to: max(texts.count, 1), by: names.count) {
    var files = MemoryFiles(files: [:])
    for (index, name) in names.enumerated() where sample + index < texts.count {
      files.files["/iio/" + name] = texts[sample + index]
    }
    guard let sensor = IIOLightSensor.at("/iio", files: files) else { continue }
    let reading = sensor.read(files: files)
    if case .failed(let reason) = reading { Property.checkPrintable(reason, "the sensor's failure") }
    switch auto.take(reading, at: time) {
    case .lost(let reason)?: Property.checkPrintable(reason, "the reason the sensor is lost")
    default: break
    }
    if let lux = auto.lux { Property.check(lux.isFinite && lux >= 0 && lux <= 200_000, "kept \(lux) lux") }
    for step in 0..<3 {
      let level = auto.level(at: time + Int64(step) * 1_000_000_000)
      Property.check((1...100).contains(level), "brightness \(level) %")
    }
    time += 5_000_000_000
  }
  return 0
}
