import NixieText
import Testing

/// The one escaper for SVG and HTML: every markup character and every control character.
struct MarkupTextTests {
  @Test(arguments: [
    ("12:34", "12:34"),
    ("<script>", "&lt;script&gt;"),
    ("a & b", "a &amp; b"),
    ("\"quoted\" 'single'", "&quot;quoted&quot; &#39;single&#39;"),
    ("\u{1B}]0;title\u{07}", "&#xFFFD;]0;title&#xFFFD;"),
    ("line\nbreak\u{85}", "line&#xFFFD;break&#xFFFD;"),
    ("Zürich ⌁", "Zürich ⌁"),
  ])
  func escapes(_ text: String, _ expected: String) {
    #expect(MarkupText.escaped(text) == expected)
  }
}
