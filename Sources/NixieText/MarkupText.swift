/// Text made safe for XML and HTML, content and attribute values alike: the SVG pictures and
/// the web page use this one escaper. Markup characters become entities; control characters,
/// which XML 1.0 does not allow, become U+FFFD, so nothing a user typed is echoed raw.
public enum MarkupText {
  public static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case let s where s.value < 0x20 || (0x7F...0x9F).contains(s.value): result += "&#xFFFD;"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
