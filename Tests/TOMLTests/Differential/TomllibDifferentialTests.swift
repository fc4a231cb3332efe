import TOML
import Testing

/// The parser against Python's tomllib on thousands of documents: valid ones must give the
/// same values; for broken ones, both must refuse, or both accept with the same values,
/// except for the few places listed in ``KnownDivergence`` where tomllib departs from TOML 1.0.
@Suite struct TomllibDifferentialTests {
  @Test func generatedDocumentsParseToTomllibsValues() throws {
    var generator = DocumentGenerator(seed: 0x464C_4D53_4954_4501)
    var documents = ValidCorpus.classics.map { Array($0.utf8) }
    for index in 0..<5000 { documents.append(generator.document(size: index % 6 + 1)) }
    let reference = try Tomllib.parse(documents)

    var failures: [String] = []
    for (document, python) in zip(documents, reference) {
      let swift = Self.outcome(of: document)
      guard case .accepted = python, swift == python else {
        failures.append(Self.report(document, swift: swift, python: python))
        continue
      }
    }
    if !failures.isEmpty {
      Issue.record(
        Comment(
          rawValue: "\(failures.count) of \(documents.count) valid documents differ; the first:\n"
            + failures.prefix(10).joined(separator: "\n")))
    }
  }

  @Test func brokenDocumentsAreRefusedWhenTomllibRefusesThem() throws {
    var generator = DocumentGenerator(seed: 0x4252_4F4B_454E_0002)
    var random = SplitMix64(seed: 0x4D55_5441_5445)
    var documents = InvalidCorpus.classics.map { Array($0.utf8) } + InvalidCorpus.invalidUTF8
    for _ in 0..<5000 {
      let document = generator.document(size: random.int(1...4))
      documents.append(InvalidCorpus.mutate(document, random: &random))
    }
    for _ in 0..<3000 { documents.append(InvalidCorpus.statementSequence(random: &random)) }
    let reference = try Tomllib.parse(documents)

    var failures: [String] = []
    for (document, python) in zip(documents, reference) {
      let swift = Self.outcome(of: document)
      if swift == python { continue }
      if case .refused = swift, case .refused = python { continue }
      let parsed = try? TOMLParser.parse(document)
      let isKnown = KnownDivergence.allCases.contains {
        $0.explains(document, swift: swift, python: python, parsed: parsed)
      }
      if isKnown { continue }
      failures.append(Self.report(document, swift: swift, python: python))
    }
    if !failures.isEmpty {
      Issue.record(
        Comment(
          rawValue: "\(failures.count) of \(documents.count) broken documents differ; the first:\n"
            + failures.prefix(10).joined(separator: "\n")))
    }
  }

  /// Each listed divergence still holds for tomllib: when one stops holding, drop it.
  @Test func knownDivergencesStillDiverge() throws {
    let cases = KnownDivergence.allCases
    let documents = cases.map { Array($0.example.utf8) }
    let reference = try Tomllib.parse(documents)
    for (known, (document, python)) in zip(cases, zip(documents, reference)) {
      let swift = Self.outcome(of: document)
      let parsed = try? TOMLParser.parse(document)
      #expect(
        known.explains(document, swift: swift, python: python, parsed: parsed),
        "\(known): \(Self.report(document, swift: swift, python: python))")
    }
  }

  static func outcome(of document: [UInt8]) -> Tomllib.Outcome {
    do {
      return .accepted(TaggedJSON.encode(try TOMLParser.parse(document)))
    } catch {
      return .refused(error.description)
    }
  }

  static func report(_ document: [UInt8], swift: Tomllib.Outcome, python: Tomllib.Outcome)
    -> String
  {
    let text = String(decoding: document, as: UTF8.self)
    return "document: \(text.debugDescription)\n  bytes: \(document)\n  swift: \(swift)\n"
      + "  tomllib: \(python)"
  }
}
