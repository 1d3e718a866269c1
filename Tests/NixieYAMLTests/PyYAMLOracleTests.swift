import Foundation
import NixieYAML
import Testing

/// NixieYAML against an independent reader, PyYAML's pure-Python `BaseLoader` (every scalar a
/// string, as ours), on every shipped YAML file and on the hand-written corpus in `Corpus/`.
/// Trees must match node for node, marks included; refusals must point where PyYAML's do,
/// unless the file's header says why not. Where PyYAML refuses what YAML allows (a tab
/// inside a line), libyaml's `CBaseLoader` must read our tree instead. (libyaml is not asked
/// otherwise: it places an absent value after the spaces that follow its `:`, PyYAML and we
/// right after the `:`.)
@Suite(
  .enabled(
    if: PythonProcess.hasPyYAML, "needs python3 with PyYAML (Debian: python3-yaml; Scripts/setup --test)"))
struct PyYAMLOracleTests {
  /// The oracle's verdict on each file, by path: one python3 run for the whole corpus.
  static let verdicts: Result<[String: OracleVerdict], OracleFailure> = {
    let manifest = CorpusFile.all.map { ["path": $0.path, "ours": $0.ours] as [String: Any] }
    do {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "nixie-yaml-oracle-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(at: folder) }
      let manifestFile = folder.appendingPathComponent("manifest.json")
      try JSONSerialization.data(withJSONObject: manifest).write(to: manifestFile)
      let script = CorpusFile.repository.appendingPathComponent("Tests/NixieYAMLTests/pyyaml_oracle.py")
      let output = try PythonProcess.run([script.path, manifestFile.path])
      guard output.status == 0,
        let results = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]]
      else {
        return .failure(OracleFailure(message: "the oracle failed (\(output.status)): \(output.stderr)"))
      }
      var verdicts: [String: OracleVerdict] = [:]
      for result in results {
        if let path = result["path"] as? String { verdicts[path] = OracleVerdict(result) }
      }
      return .success(verdicts)
    } catch {
      return .failure(OracleFailure(message: "cannot run the oracle: \(error)"))
    }
  }()

  struct OracleFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
  }

  @Test func theCorpusHoldsTheShippedFilesAndTheHandWrittenOnes() {
    let names = CorpusFile.all.map(\.name)
    #expect(names.contains("systemd/nixie.yaml.example"))
    #expect(names.filter { $0.hasPrefix("Hardware/boards/") }.count >= 4)
    #expect(names.filter { $0.hasPrefix("Tests/Kernel/boards/") }.count >= 3)
    #expect(names.filter { $0.hasPrefix("Tests/NixieYAMLTests/Corpus/") }.count >= 40)
  }

  @Test("agrees with PyYAML", arguments: CorpusFile.all)
  func agreesWithPyYAML(_ file: CorpusFile) throws {
    let verdict = try #require(try Self.verdicts.get()[file.path], "no verdict for \(file.name)")
    let pyyaml = verdict.pyyaml
    do {
      _ = try YAMLParser().parse(file.bytes)
    } catch {
      try checkRefusal(error, of: file, verdict)
      return
    }
    #expect(file.expectedError == nil, "\(file.name): we read what should be refused")
    switch file.pyyaml {
    case .same:
      #expect(pyyaml.sameTree == true, "\(file.name): \(verdict.difference) \(pyyaml.error)")
    case .refuses:
      #expect(!pyyaml.reads, "\(file.name): PyYAML reads it now: drop the header line")
      if let libyaml = verdict.libyaml {
        #expect(libyaml.sameTree == true, "\(file.name): \(verdict.difference) \(libyaml.error)")
      }
    case .accepts, .elsewhere:
      Issue.record("\(file.name): the header says we refuse it, we read it")
    }
  }

  private func checkRefusal(_ error: YAMLError, of file: CorpusFile, _ verdict: OracleVerdict) throws {
    let pyyaml = verdict.pyyaml
    let expected = try #require(
      file.expectedError, "\(file.name): we refuse it at \(error); PyYAML: \(pyyaml.error)")
    #expect(error.mark == expected.mark, "\(file.name): \(error)")
    #expect(error.message.contains(expected.text), "\(file.name): \(error)")
    #expect(!error.message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    switch file.pyyaml {
    case .same:
      let marks = [pyyaml.problem, pyyaml.context].compactMap { $0 }
      #expect(!pyyaml.reads, "\(file.name): PyYAML reads what we refuse at \(error)")
      #expect(
        marks.contains([error.line, error.column]),
        "\(file.name): we refuse it at \(error.mark), PyYAML at \(marks): \(pyyaml.error)")
    case .accepts: #expect(pyyaml.reads, "\(file.name): PyYAML no longer reads it: \(pyyaml.error)")
    case .elsewhere: #expect(!pyyaml.reads, "\(file.name): PyYAML reads it")
    case .refuses: Issue.record("\(file.name): the header says we read it, we refuse it: \(error)")
    }
  }
}
